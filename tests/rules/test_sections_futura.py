"""Coverage of the Grand Saga Futura rules-lookup content (data/futura/rules/*.json).

The Futura rulebook (shared/rules/futura.txt) has no section numbers: its headings are lines printed in
capitals ("ARMOUR CARDS", "AT THE START OF YOUR TURN...", each second-order keyword such as "SUNDER"),
plus the four "Level N - Name:" station-level labels and a few Title Case sub-headings inside the FAQ
("Combat Resolution"). The headings are read from the book itself, independently of the JSON, and every
one must have an entry with the same title, in book order. Skipped: front matter before the body's first
heading, table cells (tab-separated lines) and the advert pages between the conclusion and the FAQ.
The design notes' ambiguity rulings (A1..A45) must each have an "A<n>" entry.
"""

import re
from functools import partial

import pytest

from .common import game_files, load_json
from .common import norm as _norm

BOOK, NOTES, RULES = game_files("futura")
_load = partial(load_json, RULES)

BODY_START = "FUTURA TCG RULESET"  # first heading after the credits and contents pages
ADVERT_START, ADVERT_END = "PRE-ORDER STARTER DECK", "FAQ"
LEVEL = re.compile(r"^(Level \d+ - [A-Za-z ]+):$")  # "Level 3 - Temple:"
FAQ_SUB = re.compile(r"^[A-Z][a-z]+(?: (?:&|[A-Z][a-z]+))*$")  # "Support Units & Combat"
# contents-page titles that name a page rather than a printed heading -> the entry that covers them
CONTENTS_ALIAS = {
    "the cards": "futura-tcg-cards",
    "armour sabers": "armour-cards",
    "items sigils": "item-off-hand-cards",
    "abilities acolytes": "ability-cards",
    "districts creatures": "district-cards",
    "stations upgrades energy": "station-upgrade-cards",
    "six elemental forces": "six-elemental-forces",
    "support creatures": "using-support-units-creatures",
}
CONTENTS_SKIP = {"credits", "appendices"}  # front matter / no such part in the text


def _is_caps_heading(s):
    letters = re.findall(r"[A-Za-z]", s)
    return len(letters) >= 2 and s == s.upper() and len(s) <= 50 and not s.startswith(("-", "Q:", "A:"))


def _book_lines():
    if not BOOK.exists():
        pytest.skip("rulebook shared/rules/futura.txt not available")
    return BOOK.read_text(encoding="utf-8", errors="ignore").splitlines()


def book_headings():
    lines = _book_lines()
    start = next(i for i, line in enumerate(lines) if line.strip() == BODY_START)
    out, in_faq, in_advert = [], False, False
    for raw in lines[start:]:
        s = raw.strip()
        if not s or "\t" in raw:  # blank line or table row
            continue
        if s == ADVERT_START:
            in_advert = True
        if in_advert:
            if s != ADVERT_END:
                continue
            in_advert = False
        if s == "FAQ":
            in_faq = True
        elif s == "GLOSSARY":
            in_faq = False
        m = LEVEL.match(s)
        if m:
            out.append(m.group(1))
        elif _is_caps_heading(s):
            out.append(s)
        elif in_faq and FAQ_SUB.match(s) and len(s.split()) <= 5:
            out.append(s)
    return out


def contents_titles():
    lines = _book_lines()
    i = next(i for i, line in enumerate(lines) if line.strip() == "CONTENTS")
    titles = []
    for line in lines[i + 1 :]:
        if not line.strip():
            if titles:
                break
            continue
        titles += [t for t in re.split(r"\tP\. \d+\t?", line) if t.strip()]
    return [t.strip() for t in titles]


def note_items():
    if not NOTES.exists():
        pytest.skip("design notes shared/design/futura.md not available")
    text = NOTES.read_text(encoding="utf-8")
    return [(int(n), t) for n, t in re.findall(r"^A(\d+)\. \*\*(.+?)\*\*", text, re.M)]


def _book_entries():
    return [e for e in _load("sections.json")["sections"] if not re.fullmatch(r"A\d+", e["id"])]


def test_extraction_is_sane():
    heads = [_norm(h) for h in book_headings()]
    for h in (
        "futura tcg ruleset",
        "item off hand cards",
        "sunder",
        "stimulant",
        "level 4 fortress",
        "at the start of your turn",
        "ambush",
        "faciion leaders",
        "combat resolution",
        "tournament specific rules",
        "glossary",
    ):
        assert h in heads, h
    assert heads.count("core mechanics edge cases") == 4
    assert heads.count("ability cards") == 2
    assert heads.count("timing priority rules") == 2
    assert "stations" not in heads and "garrison" not in heads  # table cells
    assert "expansion deck" not in heads and "credits" not in heads  # advert, front matter
    assert len(heads) >= 150
    assert len(contents_titles()) >= 40


def test_every_heading_has_an_entry_in_book_order():
    entries = _book_entries()
    pos = 0
    for heading in book_headings():
        want = _norm(heading)
        for j in range(pos, len(entries)):
            if _norm(entries[j]["title"]) == want:
                pos = j + 1
                break
        else:
            pytest.fail(f"no entry (in book order, after #{pos}) for heading {heading!r}")


def test_contents_entries_are_covered():
    entries = _load("sections.json")["sections"]
    titles = {_norm(e["title"]) for e in entries}
    ids = {e["id"] for e in entries}
    for t in contents_titles():
        n = _norm(t)
        if n in CONTENTS_SKIP:
            continue
        assert n in titles or CONTENTS_ALIAS.get(n) in ids, t


def test_design_note_rulings_have_entries():
    items = note_items()
    assert len(items) >= 45
    by_id = {e["id"]: e for e in _load("sections.json")["sections"]}
    for n, _topic in items:
        entry = by_id.get(f"A{n}")
        assert entry is not None, f"missing ruling entry A{n}"
        assert entry["title"].startswith(f"A{n} ")
