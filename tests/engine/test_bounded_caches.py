"""No cache in the rules or the renderers grows without end: the bot runs for weeks, and a
cache keyed by positions or hands would hold every one it ever saw (and the garbage collector
would walk them all, again and again). See engine/core/memo.py."""

from __future__ import annotations

import functools
import importlib
import pkgutil

import pytest

import engine
import images
from engine.core.memo import finite_cache, unbounded


def modules(package) -> list:
    return [importlib.import_module(m.name) for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]


def caches(module) -> list:
    """The lru_cache wrappers a module defines, at its top level or on its classes."""
    found = []
    for value in vars(module).values():
        holders = [value, *vars(value).values()] if isinstance(value, type) else [value]
        for held in holders:
            held = held.__func__ if isinstance(held, staticmethod | classmethod) else held
            if isinstance(held, functools._lru_cache_wrapper) and held.__module__ == module.__name__:
                found.append(held)
    return found


@pytest.mark.parametrize("package", [engine, images], ids=["engine", "images"])
def test_every_cache_is_bounded_or_finite(package):
    loose = sorted({f"{c.__module__}.{c.__qualname__}" for m in modules(package) for c in caches(m) if unbounded(c)})
    assert not loose, f"caches that may grow without end (give them a maxsize, or finite_cache): {loose}"


def test_the_check_sees_an_unbounded_cache():
    @functools.cache
    def by_position(x: int, y: int) -> int:
        return x * y

    @finite_cache
    def by_card(card: str) -> str:
        return card.upper()

    assert unbounded(by_position)
    assert not unbounded(by_card)
    assert not unbounded(functools.lru_cache(maxsize=64)(by_position.__wrapped__))
    assert not unbounded(functools.cache(lambda: 1))  # one value, nothing to grow
