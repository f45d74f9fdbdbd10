"""Coverage of the Psi Wars rules-lookup content (data/psiwars/rules/*.json).

The section headings are read from the rulebook itself (shared/rules/psiwars.txt), independently of the
JSON: every numbered heading must have its own entry, in book order. The design notes' section 2 items
must each have an "A-n" entry.
"""

import re
from functools import partial

import pytest

from .common import game_files, load_json
from .common import norm as _norm

BOOK, NOTES, RULES = game_files("psiwars")
_load = partial(load_json, RULES)

# "6.5.4.3.1 Determining Attacker Strength", "2.11 Digital Splicing – ...", "- 6.5.5.1 The game is ..."
HEADING = re.compile(r"^\s*(?:-\s*)?(\d+(?:\.\d+)+)\s+(\S.*?)\s*$")


def book_headings():
    if not BOOK.exists():
        pytest.skip("rulebook shared/rules/psiwars.txt not available")
    out = []
    for line in BOOK.read_text(encoding="utf-8", errors="ignore").splitlines():
        m = HEADING.match(line)
        if m:
            out.append((m.group(1), m.group(2).replace("**", "")))
    return out


def note_items():
    if not NOTES.exists():
        pytest.skip("design notes shared/design/psiwars.md not available")
    text = NOTES.read_text(encoding="utf-8")
    part = text.split("## 2.", 1)[1].split("\n## ", 1)[0]
    return [(int(n), t) for n, t in re.findall(r"^(\d+)\. \*\*(.+?)\*\*", part, re.M)]


def test_extraction_is_sane():
    heads = book_headings()
    nums = [n for n, _ in heads]
    # a few printed headings, typos included, that the parser must see
    for n in ("1.0", "2.11", "2.14", "3.4", "4.2", "6.5.4.3.4", "6.5.5.1"):
        assert n in nums
    assert nums.count("3.4") == 2
    assert len(heads) >= 40


def test_every_heading_has_an_entry_in_book_order():
    heads = book_headings()
    entries = [e for e in _load("sections.json")["sections"] if not e["id"].startswith("A-")]
    counts = {}
    for n, _ in heads:
        counts[n] = counts.get(n, 0) + 1
    assert len(entries) == len(heads), "one entry per rulebook heading, no more, no less"
    for (num, title), entry in zip(heads, entries, strict=True):
        eid = entry["id"]
        assert eid == num or eid.startswith(num + "-"), f"heading {num} {title!r} -> entry {eid}"
        if counts[num] > 1:  # a duplicated printed number is told apart by its title
            assert _norm(entry["title"]) == _norm(title), (num, title, entry["title"])


def test_design_note_rulings_have_entries():
    items = note_items()
    assert len(items) >= 28
    by_id = {e["id"]: e for e in _load("sections.json")["sections"]}
    for n, _topic in items:
        entry = by_id.get(f"A-{n}")
        assert entry is not None, f"missing ruling entry A-{n}"
        assert entry["title"].startswith(f"A-{n} ")
