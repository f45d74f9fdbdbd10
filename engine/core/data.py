"""Loading card data: every game keeps its cards as a JSON list with unique ids."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


def read_json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def cards_by_id(raw: list[dict], model: type[M], source: str) -> dict[str, M]:
    """Validate each card with `model`, keyed by id; a repeated id is an error, not an overwrite."""
    cards = {c["id"]: model.model_validate(c) for c in raw}
    if len(cards) != len(raw):
        raise ValueError(f"duplicate card ids in {source}")
    return cards


def find_by_name(cards: dict[str, M], name: str) -> M | None:
    """A card by its exact name, ignoring case and surrounding spaces."""
    name = name.strip().lower()
    return next((c for c in cards.values() if c.name.lower() == name), None)
