"""Checks every game's lookup content shares: well-formed entries, references that resolve,
and our own words (no run of 12 words copied from any rulebook anywhere in the project)."""

import json
import re
from pathlib import Path

import pytest

from engine.core.registry import game_ids

ROOT = Path(__file__).resolve().parents[2]
BOOKS = ROOT.parent / "shared" / "rules"
RUN = 12
SKIP_DIRS = {".venv", ".git", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis", "golden"}


def load(game: str, name: str) -> dict:
    return json.loads((ROOT / "data" / game / "rules" / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", game_ids())
def test_sections_are_well_formed(game):
    data = load(game, "sections.json")
    assert data["game"] == game and data["title"]
    ids = [e["id"] for e in data["sections"]]
    assert len(ids) == len(set(ids)), "duplicate ids"
    known = set(ids)
    for e in data["sections"]:
        assert e["title"].strip() and e["summary"].strip(), e["id"]
        assert len(e["summary"].split()) <= 130, e["id"]
        assert 1 <= len(e["see_also"]) <= 4 and e["id"] not in e["see_also"], e["id"]
        assert set(e["see_also"]) <= known, (e["id"], set(e["see_also"]) - known)
        assert e["terms"] and all(t.strip() for t in e["terms"]), e["id"]


@pytest.mark.parametrize("game", game_ids())
def test_glossary_and_questions_point_to_real_sections(game):
    known = {e["id"] for e in load(game, "sections.json")["sections"]}
    terms = load(game, "glossary.json")
    assert terms["game"] == game and 20 <= len(terms["terms"]) <= 60
    names = [t["term"].lower() for t in terms["terms"]]
    assert len(names) == len(set(names))
    for t in terms["terms"]:
        assert t["definition"].strip() and t["sections"] and set(t["sections"]) <= known, t["term"]
    questions = load(game, "questions.json")
    assert questions["game"] == game and len(questions["questions"]) >= 35
    for q in questions["questions"]:
        assert q["q"].strip() and 1 <= len(q["answers"]) <= 3 and set(q["answers"]) <= known, q["q"]


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def project_texts():
    for path in ROOT.rglob("*"):
        if path.suffix in (".py", ".md", ".txt", ".json", ".toml") and not SKIP_DIRS & set(path.parts):
            yield path


@pytest.mark.skipif(not BOOKS.exists(), reason="rulebooks not beside the project")
def test_no_rulebook_sentences_anywhere_in_the_project():
    book = set()
    for path in BOOKS.glob("*.txt"):
        w = words(path.read_text(encoding="utf-8", errors="ignore"))
        book.update(" ".join(w[i : i + RUN]) for i in range(len(w) - RUN + 1))
    copied = {}
    for path in project_texts():
        w = words(path.read_text(encoding="utf-8", errors="ignore"))
        hits = [" ".join(w[i : i + RUN]) for i in range(len(w) - RUN + 1) if " ".join(w[i : i + RUN]) in book]
        if hits:
            copied[str(path.relative_to(ROOT))] = hits[:2]
    assert not copied
