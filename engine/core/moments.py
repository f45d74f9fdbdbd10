"""Key moments of a finished game: the largest swings, picked from its public log lines.

A game names what counts as a swing in its own words as (pattern, weight) pairs; a pattern with
a group of digits adds that number to its weight, so the biggest hit of its kind ranks first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# What most games call a swing: something destroyed or fallen, and damage by its size.
DEFAULT_PATTERNS: tuple[tuple[str, int], ...] = (
    (r"\b(?:is|are|was) (?:destroyed|defeated|eliminated)\b|\bhas fallen\b", 50),
    (r"\b(\d+) damage\b", 0),
)


def score(line: str, patterns: Sequence[tuple[re.Pattern, int]]) -> int:
    """The line's weight: its best matching pattern (plus the number it caught), 0 for none."""
    best = 0
    for pattern, weight in patterns:
        m = pattern.search(line)
        if m:
            number = next((int(g) for g in m.groups() if g and g.isdigit()), 0)
            best = max(best, weight + number)
    return best


def key_moments(lines: Sequence[str], patterns: Sequence[tuple[str, int]], limit: int = 3) -> list[str]:
    """The `limit` highest-scoring lines, in the order they happened; the same sentence is told once."""
    compiled = [(re.compile(p, re.IGNORECASE), w) for p, w in patterns]
    scored = [(score(line, compiled), i, line) for i, line in enumerate(lines)]
    picked: dict[str, int] = {}
    for points, i, line in sorted(scored, key=lambda t: (-t[0], t[1])):
        if points <= 0 or len(picked) >= limit:
            break
        picked.setdefault(line, i)
    return [line for line, _ in sorted(picked.items(), key=lambda kv: kv[1])]
