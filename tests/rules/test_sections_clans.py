"""Coverage of the Gods & Clans rules-lookup content (data/clans/rules/*.json).

The rulebook (shared/rules/clans.txt) has no section numbers. Its headings are found here in four ways,
independently of the JSON:
  * standalone short title lines ("Cards and Terrain", "Download Battle Record Sheet");
  * capitalised labels before " : " ("HEALTH :", "WATER and MOUNTAINS :", "RULES : Getting Started");
  * FAQ questions (lines ending in "?");
  * paragraphs whose printed heading was an image in the original (the card-type pictures and the rules
    sub-topics). They are recognised by their opening words and given the slug listed in IMAGE_HEADINGS.
Every heading must map to its own entry, in book order, and there must be no entry without a heading.
"""

import re
from functools import partial

import pytest

from .common import game_files, load_json
from .common import norm as _norm

BOOK, NOTES, RULES = game_files("clans")
_load = partial(load_json, RULES)

LABEL = re.compile(r"^([A-Z][A-Z]+(?: (?:and|[A-Z]+))*) : (.*)$")

# opening words of a paragraph whose heading was a picture -> slug of that heading
IMAGE_HEADINGS = {
    "Ally cards are your clan members": "ally-cards",
    "This is your homebase": "homebase",
    "These gates cannot be used": "gates",
    "This is your clans equipment": "equipment",
    "These are special items": "inventory-items",
    "These are special tactic cards": "runic-arts",
    "These are special abilities that normally have a global effect": "terrain-effects",
    "The double-sided battlemaps": "battlemaps",
    "Moving from tile to tile": "steps",
    "Allies can move in a diagonal direction": "diagonal-movement",
    "There are 6 card types.": "deck-rules",
    "A standard game is 2 players": "players-and-teams",
    "The God Card (your leader)": "god-card",
    "To set up the game": "setup",
    "Now that your battlefield": "sp-and-exp",
    "On a players turn you are allowed": "your-turn",
    "Allies can only be summoned": "summoning",
    "All allies have two special abilities each": "special-abilities",
    "Certain allies will have the ability to always have initiative": "initiative",
    "There are also special abilities that allow an ally to counterattack": "counterattack",
    "Initiative abilities and special counterattack abilities": "permanent-abilities",
    "Both decks have certain allies": "status-effects",
    "As stated, your Range": "ranged-and-melee",
    "Inventory Items can be used during your player turn": "using-items",
    "Any Clan Equipment can be used": "assimilation",
    "These abilities are special and it uses the allies": "runic-art-requirements",
    "These are permanent effects that enhance all allies": "terrain-effects-in-play",
    "A player loses when their God": "winning",
}

STOP = set(
    "the a an and or of to in on at is it its i my me we our can do does that this with if they them their "
    "when be as for how what you your are there just has have faq any only".split()
)


def _slug(text):
    return "-".join(re.findall(r"[a-z0-9]+", text.lower()))


def _stems(text):
    return {w[:5] for w in re.findall(r"[a-z]+", text.lower()) if w not in STOP}


def book_headings():
    """[(line_no, kind, text)] in book order; kind is 'title', 'image' or 'faq'."""
    if not BOOK.exists():
        pytest.skip("rulebook shared/rules/clans.txt not available")
    lines = BOOK.read_text(encoding="utf-8", errors="ignore").splitlines()
    out = []
    for no, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        m = LABEL.match(line)
        if m:
            out.append((no, "title", line if m.group(1) == "RULES" else m.group(1)))
        elif line.endswith("?"):
            out.append((no, "faq", line))
        elif len(line.split()) <= 5 and line[-1] not in ".!:" and line[0].isupper():
            out.append((no, "title", line))
        else:
            for opening, slug in IMAGE_HEADINGS.items():
                if line.startswith(opening):
                    out.append((no, "image", slug))
    return out


def test_extraction_is_sane():
    heads = book_headings()
    kinds = [k for _, k, _ in heads]
    texts = [t for _, _, t in heads]
    assert "Cards and Terrain" in texts and "WATER and MOUNTAINS" in texts
    assert "RULES : Combat and Gameplay" in texts
    assert kinds.count("faq") == 7
    # every picture heading in the table is really found in the book, once
    assert sorted(t for _, k, t in heads if k == "image") == sorted(IMAGE_HEADINGS.values())


def test_every_heading_has_its_own_entry_in_book_order():
    heads = book_headings()
    secs = _load("sections.json")["sections"]
    index = {e["id"]: i for i, e in enumerate(secs)}
    by_title = {_norm(e["title"]): i for i, e in enumerate(secs)}
    faq_entries = [i for i, e in enumerate(secs) if e["id"].startswith("faq-")]
    used, last = set(), -1
    for no, kind, text in heads:
        if kind == "title":
            i = index.get(_slug(text), by_title.get(_norm(text)))
        elif kind == "image":
            i = index.get(text)
        else:  # FAQ: the best unused faq entry by shared word stems in its title
            scored = [(len(_stems(text) & _stems(secs[j]["title"])), j) for j in faq_entries if j not in used]
            best = max(scored, default=(0, None))
            i = best[1] if best[0] >= 2 else None
        assert i is not None, f"line {no}: no entry for heading {text!r}"
        assert i not in used, f"line {no}: entry {secs[i]['id']} reused"
        assert i > last, f"line {no}: entry {secs[i]['id']} out of book order"
        used.add(i)
        last = i
    assert len(used) == len(secs), "entries without a rulebook heading: " + ", ".join(
        e["id"] for k, e in enumerate(secs) if k not in used
    )
