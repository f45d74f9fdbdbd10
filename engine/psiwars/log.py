"""Log lines the rules write themselves, put together without validation."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.core.contract import built


def note(**fields: Any) -> Event:
    """`Event(**fields)` for a line the rules wrote (text, kind, data, visible_to): the same
    fields and the same fields given, without pydantic checking values the rules made. A move
    logs two or three lines; `visible_to` and `data` are fresh objects at every call site."""
    return built(Event, {"text": fields["text"], "kind": fields.get("kind", "info"),
                         "visible_to": fields.get("visible_to"), "data": fields.get("data", {})}, set(fields))
