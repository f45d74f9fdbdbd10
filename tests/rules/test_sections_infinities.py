"""Coverage of the Infinities rules-lookup content (data/infinities/rules/*.json).

Headings are parsed from the rulebook (shared/rules/infinities.txt), independently of the JSON, from the
line after the title page ("BACKGROUND") on:
  * "5. ROUND PHASES"            top-level section          -> id "5"
  * "5.3 - MAIN PHASE"           numbered subsection        -> id "5.3"
  * "2. OPEN THE RIFT — ..."     numbered item of a section -> id "<section>.2" (e.g. "4.2", "6.1.2")
  * "REACH — ..."                inline capitalised label   -> matched by title
  * "POWER *Destroy ...*"        basic dice action label    -> matched by title
  * "Star : *Sacred ...*"        tile-type description      -> matched by title
  * "LEADER BOARD", "GAMEPLAY TIP: ..."  all-caps heading lines -> matched by title; a caps line repeating an
    earlier inline label (the "GROUP"/"TIMELINE" labels of the play-space picture) is a figure label, not a
    heading.
Every heading must have its own entry, in book order, and every entry must come from a heading.
"""

import re
from functools import partial

import pytest

from .common import game_files, load_json
from .common import norm as _norm

BOOK, NOTES, RULES = game_files("infinities")
_load = partial(load_json, RULES)

TOP = re.compile(r"^(\d+)\. ([A-Z][A-Z &']+)$")
ITEM = re.compile(r"^(\d+)\. ([A-Z][A-Z &']+?)\s+—")
NUM = re.compile(r"^(\d+(?:\.\d+)+) - (.+)$")
INLINE = re.compile(r"^([A-Z][A-Z' ]+?)\s+—\s")
DICE_ACTION = re.compile(r"^([A-Z]{4,}) \*")
TILE_TYPE = re.compile(r"^([A-Z][a-z]+) : \*")


def book_headings():
    """[(line_no, id_or_None, printed_title)] in book order."""
    if not BOOK.exists():
        pytest.skip("rulebook shared/rules/infinities.txt not available")
    lines = BOOK.read_text(encoding="utf-8", errors="ignore").splitlines()
    out, inline_labels, parent, started = [], set(), None, False
    for no, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        if not started:
            if line != "BACKGROUND":
                continue  # title page: name, player count, publisher
            started = True
        if m := TOP.match(line):
            parent = m.group(1)
            out.append((no, m.group(1), m.group(2)))
        elif m := NUM.match(line):
            parent = m.group(1)
            out.append((no, m.group(1), m.group(2)))
        elif m := ITEM.match(line):
            out.append((no, f"{parent}.{m.group(1)}", m.group(2)))
        elif m := INLINE.match(line):
            inline_labels.add(_norm(m.group(1)))
            out.append((no, None, m.group(1)))
        elif m := DICE_ACTION.match(line):
            out.append((no, None, m.group(1)))
        elif m := TILE_TYPE.match(line):
            out.append((no, None, m.group(1)))
        elif not re.search(r"[a-z]", line) and re.search(r"[A-Z]{2}", line):
            if _norm(line) in inline_labels:
                continue  # figure label repeating a heading already given
            out.append((no, None, line))
    return out


def test_extraction_is_sane():
    heads = book_headings()
    ids = [i for _, i, _ in heads if i]
    titles = [_norm(t) for _, _, t in heads]
    for expected in ("1", "3.1.1", "3.2.3", "4.2", "4.6", "5.5", "6.1.3", "7.5", "8.4", "9"):
        assert expected in ids
    for expected in ("background", "reach", "gameplay tip your first game", "star", "warping", "boost"):
        assert expected in titles
    assert titles.count("reach") == 2  # the core-concept and the movement-rules headings
    assert len(heads) >= 90


def test_every_heading_has_its_own_entry_in_book_order():
    heads = book_headings()
    secs = _load("sections.json")["sections"]
    assert len(secs) == len(heads), "one entry per rulebook heading, no more, no less"
    for (no, hid, title), entry in zip(heads, secs, strict=True):
        if hid is not None:
            assert entry["id"] == hid, f"line {no}: heading {hid} {title!r} -> entry {entry['id']}"
        assert _norm(entry["title"]).startswith(_norm(title)), f"line {no}: {title!r} vs {entry['title']!r}"
