"""Coverage of the Psi Wars rules-lookup content (data/psiwars/rules/*.json).

The section headings are read from the rulebook itself (shared/rules/psiwars.txt), independently of the
JSON: every numbered heading must have its own entry, in book order. The design notes' section 2 items
must each have an "A-n" entry.
"""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "psiwars.txt"
NOTES = Path(__file__).resolve().parents[3] / "shared" / "design" / "psiwars.md"
RULES = ROOT / "data" / "psiwars" / "rules"

# "6.5.4.3.1 Determining Attacker Strength", "2.11 Digital Splicing – ...", "- 6.5.5.1 The game is ..."
HEADING = re.compile(r"^\s*(?:-\s*)?(\d+(?:\.\d+)+)\s+(\S.*?)\s*$")


def _load(name):
    return json.loads((RULES / name).read_text(encoding="utf-8"))


def _norm(text):
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


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


def test_sections_well_formed():
    data = _load("sections.json")
    assert data["game"] == "psiwars" and data["title"]
    secs = data["sections"]
    ids = [e["id"] for e in secs]
    assert len(ids) == len(set(ids)), "duplicate ids"
    known = set(ids)
    for e in secs:
        assert e["title"].strip(), e["id"]
        assert e["summary"].strip(), e["id"]
        assert len(e["summary"].split()) <= 130, e["id"]
        assert 1 <= len(e["see_also"]) <= 4, e["id"]
        assert e["id"] not in e["see_also"], e["id"]
        assert set(e["see_also"]) <= known, (e["id"], set(e["see_also"]) - known)
        assert e["terms"] and all(t.strip() for t in e["terms"]), e["id"]


def test_glossary_and_questions_point_to_real_sections():
    known = {e["id"] for e in _load("sections.json")["sections"]}
    terms = _load("glossary.json")
    assert terms["game"] == "psiwars"
    assert 20 <= len(terms["terms"]) <= 60
    names = [t["term"].lower() for t in terms["terms"]]
    assert len(names) == len(set(names))
    for t in terms["terms"]:
        assert t["definition"].strip() and t["sections"], t["term"]
        assert set(t["sections"]) <= known, t["term"]
    qs = _load("questions.json")
    assert qs["game"] == "psiwars"
    assert len(qs["questions"]) >= 35
    for q in qs["questions"]:
        assert q["q"].strip()
        assert 1 <= len(q["answers"]) <= 3, q["q"]
        assert set(q["answers"]) <= known, q["q"]


def test_no_long_runs_copied_from_the_rulebook():
    if not BOOK.exists():
        pytest.skip("rulebook not available")
    n = 12

    def words(t):
        return re.findall(r"[a-z0-9']+", t.lower())

    book = words(BOOK.read_text(encoding="utf-8", errors="ignore"))
    grams = {" ".join(book[i : i + n]) for i in range(len(book) - n + 1)}
    for name in ("sections.json", "glossary.json", "questions.json"):
        ours = words((RULES / name).read_text(encoding="utf-8"))
        hits = [
            " ".join(ours[i : i + n]) for i in range(len(ours) - n + 1) if " ".join(ours[i : i + n]) in grams
        ]
        assert not hits, (name, hits[:3])
