"""Records the rules make themselves (moves offered, the action in progress), put together without
pydantic's validation: their values come from the rules, never from outside, and self-play makes
some every step. Each holds what validation would have given it, and reports the same fields as
given. Log lines use the core's `note`, the same idea for Event."""

from __future__ import annotations

import functools
from typing import Any

from pydantic import BaseModel

from engine.core.contract import built


def made(cls: type[BaseModel], **fields: Any) -> Any:
    """`cls(**fields)` with every other field at its default (a fresh one from a default factory),
    for models whose fields are plain values, lists and dicts of them (Combat)."""
    values = {}
    for name, default, factory in _defaults(cls):
        values[name] = fields[name] if name in fields else factory() if factory else default
    return built(cls, values, set(fields))


@functools.cache
def _defaults(cls: type[BaseModel]) -> tuple[tuple[str, Any, Any], ...]:
    return tuple((name, f.default, f.default_factory) for name, f in cls.model_fields.items())
