"""A read-only full-text index (SQLite FTS5, bm25) over lookup entries, held in memory.

It is rebuilt from the data files at start-up, so it needs no migrations and no file.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

# bm25 column weights: a word in a title or a search term counts far more than one in a summary.
WEIGHTS = {"title": 10.0, "terms": 6.0, "body": 1.0}


@dataclass(frozen=True)
class IndexedEntry:
    game: str
    kind: str
    key: str
    title: str
    terms: str
    body: str


class TextIndex:
    def __init__(self) -> None:
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(
            "CREATE VIRTUAL TABLE entries USING fts5("
            "game UNINDEXED, kind UNINDEXED, key UNINDEXED, title, terms, body, "
            "tokenize = 'porter unicode61 remove_diacritics 2')"
        )

    def add(self, entries: list[IndexedEntry]) -> None:
        self._db.executemany(
            "INSERT INTO entries (game, kind, key, title, terms, body) VALUES (?, ?, ?, ?, ?, ?)",
            [(e.game, e.kind, e.key, e.title, e.terms, e.body) for e in entries],
        )
        self._db.commit()

    def search(self, game: str, words: list[str], kinds: tuple[str, ...], limit: int = 10) -> list[tuple[str, str, float]]:
        """(kind, key, score) best first; any of the words may match (OR), bm25 ranks them."""
        if not words:
            return []
        match = " OR ".join('"' + w.replace('"', "") + '"' for w in words)
        marks = ",".join("?" for _ in kinds)
        rows = self._db.execute(
            f"SELECT kind, key, bm25(entries, 0, 0, 0, ?, ?, ?) AS rank FROM entries "
            f"WHERE entries MATCH ? AND game = ? AND kind IN ({marks}) ORDER BY rank LIMIT ?",
            (WEIGHTS["title"], WEIGHTS["terms"], WEIGHTS["body"], match, game, *kinds, limit),
        ).fetchall()
        return [(kind, key, -rank) for kind, key, rank in rows]

    def close(self) -> None:
        self._db.close()
