"""Caches for the rules' pure helpers, none of which may grow without end in a bot that runs
for weeks.

A cache keyed by anything a game can vary (positions, units on the board, cards in a hand)
is a `functools.lru_cache(maxsize=N)`. A cache whose arguments can only take the values the
game's data fixes (card ids, tiles of the map, seats, dice faces) is a `finite_cache`: it
stops growing once it has seen them all, so it needs neither a bound nor an LRU's bookkeeping
on every hit. `tests/engine/test_bounded_caches.py` holds every cache in `engine/` and
`images/` to one of the two.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable)


def finite_cache(fn: F) -> F:
    """`functools.cache` for a function of a finite domain fixed by the game's data."""
    cached = functools.cache(fn)
    cached.finite = True  # read by the bounded-caches test
    return cached


def unbounded(cached: Callable) -> bool:
    """Whether `cached` (an lru_cache wrapper) may grow without end: no maxsize, not declared
    finite, and taking arguments (a cache of no arguments holds one value)."""
    if cached.cache_parameters()["maxsize"] is not None or getattr(cached, "finite", False):
        return False
    return bool(inspect.signature(cached.__wrapped__).parameters)
