"""Everything a player can look up, loaded from data/<id>/: rule sections, glossary terms,
our rulings, keywords and tags, and cards."""

from __future__ import annotations

import importlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from engine.core.registry import all_games, game_ids

DATA = Path(__file__).resolve().parents[1] / "data"
TITLES = {g.id: g.title for g in all_games()}  # from the registry: one title per game


@dataclass(eq=False)  # identity equality: entries are unique objects, usable in sets
class Entry:
    game: str
    kind: str  # rule | term | ruling | keyword | tag | card
    key: str  # section id, term, slug, keyword number or card id
    title: str
    text: str
    see_also: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)

    @property
    def heading(self) -> str:
        """How the entry is named in answers: "6.5.4.3 Battle Outcome Probability Matrix"."""
        if self.kind in ("rule", "keyword") and self.key != self.title:
            return f"{self.key} {self.title}"
        return self.title


def _read(path: Path) -> dict | None:
    return json.loads(path.read_text()) if path.exists() else None


def rule_entries(game: str) -> list[Entry]:
    data = _read(DATA / game / "rules" / "sections.json")
    if not data:
        return []
    return [Entry(game, "rule", s["id"], s["title"], s["summary"], s.get("see_also", []), s.get("terms", []))
            for s in data["sections"]]


def glossary_entries(game: str) -> list[Entry]:
    data = _read(DATA / game / "rules" / "glossary.json")
    if not data:
        return []
    return [Entry(game, "term", t["term"], t["term"], t["definition"], t.get("sections", []))
            for t in data["terms"]]


def ruling_key(heading: str) -> str:
    """The key of a RULINGS.md heading: "## The P4/F5 Animation" -> "ruling-the-p4-f5-animation"."""
    return "ruling-" + re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def ruling_entries(game: str) -> list[Entry]:
    """One entry per '## ' heading of data/<id>/RULINGS.md."""
    path = DATA / game / "RULINGS.md"
    if not path.exists():
        return []
    entries: list[Entry] = []
    seen: dict[str, int] = {}
    for block in re.split(r"^## ", path.read_text(), flags=re.M)[1:]:
        title, _, body = block.partition("\n")
        key = ruling_key(title)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:  # a repeated heading still gets an entry of its own
            key += f"-{seen[key]}"
        entries.append(Entry(game, "ruling", key, f"Arbiter ruling: {title.strip()}", body.strip()))
    return entries


def keyword_entries(game: str) -> list[Entry]:
    data = _read(DATA / game / "rules" / "keywords.json")
    if not data:
        return []
    out = []
    for k in data.get("keywords", []):
        extra = [str(k.get(f)) for f in ("colour", "color", "category", "timing") if k.get(f)]
        out.append(Entry(game, "keyword", str(k["number"]), k["name"], k["summary"], [], [k["name"], *extra]))
    for t in data.get("tags", []):
        out.append(Entry(game, "tag", str(t.get("number") or t["name"]), t["name"], t["summary"], [], [t["name"]]))
    return out


def card_entries(game: str) -> list[Entry]:
    """Cards from the game's validated catalog, if the game has one (engine.<id>.cards.lookup_entries)."""
    try:
        cards = importlib.import_module(f"engine.{game}.cards")
    except ModuleNotFoundError:
        return []
    make = getattr(cards, "lookup_entries", None)
    if make is None:
        return []
    return [Entry(game, "card", c["id"], c["name"], c["text"], [], c.get("terms", [])) for c in make()]


def all_entries() -> list[Entry]:
    out: list[Entry] = []
    for game in game_ids():
        for load in (rule_entries, glossary_entries, ruling_entries, keyword_entries, card_entries):
            out += load(game)
    return out
