"""Coverage of the Resonance rules-lookup content (data/resonance/rules/*.json).

Headings are read straight from the rulebook (shared/rules/resonance.txt), independently of the JSON. The book
mixes layouts, so each part has its own pattern: numbered rules (some inline, e.g. 4.3.2), the six Golden Rules
inside 2.17, worked examples, appendix headings, card-anatomy headings, module templates, colour Nexus headings,
the 50 numbered modules, the 100 keywords, the 20 tags, Appendix E's roman-numbered outline and Appendix F's own
1.0-8.0 numbering (which repeats main-rule numbers and is stored as "<n>-quickstart").

Id conventions checked here: rule numbers as printed; Golden Rule n of 2.17 -> "2.17.n"; keyword "C.D" keeps its
number unless a main rule already uses it, then "C.D-<name>"; modules "module-<n>"; tags "tag-<name>"; unnumbered
headings are matched by their printed title.
"""

import re
from functools import partial

import pytest

from .common import game_files, load_json
from .common import norm as _norm

BOOK, NOTES, RULES = game_files("resonance")
_load = partial(load_json, RULES)


def _slug(text):
    return "-".join(re.findall(r"[a-z0-9]+", text.lower()))


def _book():
    if not BOOK.exists():
        pytest.skip("rulebook shared/rules/resonance.txt not available")
    return BOOK.read_text(encoding="utf-8", errors="ignore")


def _parts(text):
    cuts = [m.start() for m in re.finditer(r"^APPENDIX [A-F]:", text, re.M)]
    assert len(cuts) == 6, "expected appendices A-F"
    future = text.index("— Future ideas —")
    bounds = [0, *cuts, future, len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]


def keyword_names(text=None):
    text = text or _book()
    app_c = _parts(text)[3]
    return dict(re.findall(r"^\s+•\s+(\d\.\d) ([A-Za-z-]+):", app_c, re.M))


def book_headings():
    """Ordered list of (key, title) where key is an expected id, or None when only the title can be matched."""
    text = _book()
    main, app_a, app_b, app_c, app_d, app_e, app_f, future = _parts(text)
    out = []

    # main rules: numbered headings at line start, further "4.3.x Title:" headings inline, golden rules, examples
    in_golden = False
    for line in main.splitlines():
        m = re.match(r"^(\d+\.\d+(?:\.\d+)?) ([^:]+?)(?::|$)", line)
        if m:
            in_golden = m.group(1) == "2.17"
            out.append((m.group(1), m.group(2)))
            for extra in re.finditer(r"\s(\d+\.\d+\.\d+) ([A-Z][^:]+):", line):
                out.append((extra.group(1), extra.group(2)))
            continue
        g = re.match(r"^\s+([1-6])\. \S", line)
        if in_golden and g:
            out.append((f"2.17.{g.group(1)}", None))
        e = re.match(r"^EXAMPLE ([AB]): (.+)$", line)
        if e:
            out.append((None, f"Example {e.group(1)}: {e.group(2)}"))
    main_numbers = {k for k, _ in out if k}

    def appendix(part):
        m = re.match(r"APPENDIX ([A-F]): ([A-Z &]+?)(?= [A-Z][a-z]|\s*$)", part.splitlines()[0])
        return (None, f"Appendix {m.group(1)}: {m.group(2)}")

    out.append(appendix(app_a))
    for m in re.finditer(r"\b(Animation Card|Item Card|Codex Card|Player card):", app_a):
        out.append((None, m.group(1)))

    out.append(appendix(app_b))
    for line in app_b.splitlines():
        s = line.strip()
        if s in ("Faction Module Templates", "Populated Faction Modules"):
            out.append((None, s))
        elif m := re.match(r"^1\. ((?:Single|Two)-Color Faction: \w+ Template)$", s):
            out.append((None, m.group(1)))
        elif re.match(r"^\w+ Nexus \(Color \d\)$", s) or s.startswith("Two-Color Factions:"):
            out.append((None, s))
        elif m := re.match(r"^(\d+)\. (?:Module|Faction): (.+?) \* ", s):
            out.append((f"module-{m.group(1)}", m.group(2).replace(" (C1-P/C2-S)", "")))

    out.append(appendix(app_c))
    names = keyword_names(text)
    for num, name in names.items():
        out.append((num if num not in main_numbers else f"{num}-{_slug(name)}", name))

    out.append(appendix(app_d))
    out.append((None, "Individual Tag Definitions"))
    for _n, name in re.findall(r"^\s+(\d+)\. (\w+) Tag:", app_d, re.M):
        out.append((f"tag-{_slug(name)}", f"{name} Tag"))

    out.append(appendix(app_e))
    for m in re.finditer(
        r"\b(III|II|I)\. ([A-Z][A-Z &]+?)(?= [A-Z][a-z]| \(|$)|\b([ABC])\. ([A-Z]+ PHASE)\b", app_e
    ):
        if m.group(1):
            out.append((None, f"{m.group(1)}. {m.group(2)}"))
        else:
            out.append((None, f"{m.group(3)}. {m.group(4)}"))

    out.append(appendix(app_f))
    name_set = set(names.values())
    for m in re.finditer(r"(?<![\w.(])([1-8]\.[0-3]) ([A-Z][A-Za-z'&?-]*)", app_f):
        if m.group(2) not in name_set:  # "(e.g., 3.1 Sturdy & 3.2 Brawler)" cites keywords, not headings
            out.append((f"{m.group(1)}-quickstart", None))
    if m := re.search(r"Resonance Core Principle: [^)]+\)", app_f):
        out.append((None, m.group(0)))
    out.append((None, future.splitlines()[0].strip("— ").strip()))
    return out


def note_items():
    if not NOTES.exists():
        pytest.skip("design notes shared/design/resonance.md not available")
    text = NOTES.read_text(encoding="utf-8")
    part = text.split("## 2.", 1)[1].split("\n## ", 1)[0]
    return [int(n) for n in re.findall(r"^(\d+)\. \*\*", part, re.M)]


def test_extraction_is_sane():
    heads = book_headings()
    keys = [k for k, _ in heads if k]
    for k in (
        "1.0",
        "2.10",
        "2.17",
        "2.17.6",
        "4.3.1",
        "4.3.2",
        "4.3.7",
        "5.2",
        "module-1",
        "module-50",
        "4.6",
        "2.6-snap",
        "0.0",
        "9.9",
        "tag-liberate",
        "tag-nullify",
        "1.0-quickstart",
        "6.3-quickstart",
    ):
        assert k in keys, k
    assert len(keyword_names()) == 100
    assert sum(1 for k in keys if k.startswith("tag-")) == 20
    assert sum(1 for k in keys if k.startswith("module-")) == 50
    assert sum(1 for k in keys if k.endswith("-quickstart")) == 11
    assert len(keys) == len(set(keys))
    assert len(heads) >= 260


def test_every_heading_has_an_entry_in_book_order():
    heads = book_headings()
    entries = [e for e in _load("sections.json")["sections"] if not re.fullmatch(r"A-\d+", e["id"])]
    by_id = {e["id"]: i for i, e in enumerate(entries)}
    by_title = {}
    for i, e in enumerate(entries):
        by_title.setdefault(_norm(e["title"]), i)
    assert len(entries) == len(heads), "one entry per rulebook heading, no more, no less"
    last = -1
    for key, title in heads:
        if key:
            assert key in by_id, f"no entry for heading {key} {title!r}"
            pos = by_id[key]
            if title:
                assert _norm(entries[pos]["title"]).startswith(_norm(title)), (
                    key,
                    title,
                    entries[pos]["title"],
                )
        else:
            assert _norm(title) in by_title, f"no entry titled {title!r}"
            pos = by_title[_norm(title)]
        assert pos > last, f"{key or title} is out of book order"
        last = pos


def test_design_note_rulings_have_entries():
    items = note_items()
    assert len(items) >= 46
    by_id = {e["id"]: e for e in _load("sections.json")["sections"]}
    for n in items:
        entry = by_id.get(f"A-{n}")
        assert entry is not None, f"missing ruling entry A-{n}"
        assert entry["title"].startswith(f"A-{n} ") and "Arbiter ruling" in entry["summary"]


def test_keyword_entries_carry_name_colour_and_category():
    text = _book()
    colours = {int(c): n for n, c in re.findall(r"^(\w+) Nexus \(Color (\d)\)", text, re.M)}
    cats = dict(re.findall(r"\* \.(\d): (\w+)", text))
    assert len(colours) == 10 and len(cats) == 10
    by_id = {e["id"]: e for e in _load("sections.json")["sections"]}
    names = keyword_names(text)
    kw_ids = {
        title: key
        for key, title in book_headings()
        if key and re.fullmatch(r"\d\.\d(?:-[a-z-]+)?", key) and title in names.values()
    }
    assert len(kw_ids) == 100
    for num, name in names.items():
        entry = by_id[kw_ids[name]]
        assert entry["title"] == name, num
        terms = {t.lower() for t in entry["terms"]}
        c, d = num.split(".")
        assert {name.lower(), num, colours[int(c)].lower(), cats[d].lower()} <= terms, num


def test_keywords_json_matches_the_book():
    text = _book()
    data = _load("keywords.json")
    known = {e["id"] for e in _load("sections.json")["sections"]}
    kws = data["keywords"]
    assert [(k["number"], k["name"]) for k in kws] == sorted(keyword_names(text).items())
    colours = {int(c): n for n, c in re.findall(r"^(\w+) Nexus \(Color (\d)\)", text, re.M)}
    cats = dict(re.findall(r"\* \.(\d): (\w+)", text))
    timing = {}
    if NOTES.exists():
        notes = NOTES.read_text(encoding="utf-8")
        timing = {
            n: w.strip() for n, w in re.findall(r"^\| (\d\.\d) \| [A-Za-z-]+ \| ([^|]+?) \|", notes, re.M)
        }
    for k in kws:
        c, d = k["number"].split(".")
        assert k["colour"] == colours[int(c)] and k["category"] == cats[d], k["number"]
        assert k["summary"].strip() and k["section_id"] in known, k["number"]
        if timing:
            assert k["timing"] == timing[k["number"]], k["number"]
    tags = re.findall(r"^\s+\d+\. (\w+) Tag:", _parts(text)[4], re.M)
    assert [t["name"] for t in data["tags"]] == [f"{t} Tag" for t in tags]
    assert len(data["tags"]) == 20
    for t in data["tags"]:
        assert t["summary"].strip() and t["section_id"] in known and t["kind"] in ("Boost", "Status")
