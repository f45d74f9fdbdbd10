"""Log lines the rules write themselves, put together without validation."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.core.contract import built


def note(**fields: Any) -> Event:
    """`Event(**fields)` for a line the rules wrote (text, kind, visible_to, data): the values come
    from the rules, not from outside, and a step logs about two of them, so pydantic's validation
    is skipped. The same fields, and the same fields reported as given."""
    return built(Event, {"text": fields["text"], "kind": fields.get("kind", "info"),
                         "visible_to": fields.get("visible_to"), "data": fields.get("data", {})}, set(fields))
