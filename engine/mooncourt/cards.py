"""Moon Court's gifts and numbers, from data/mooncourt/cards.json, validated when they load.

The deck is one gift of each worth 1-9 in each of four houses (36 cards); the file also holds
the hand size, the highest claim and the fashion bonus, so the rules read them from one place.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.data import cards_by_id, find_by_name, read_json
from engine.core.memo import finite_cache

DATA = Path(__file__).resolve().parents[2] / "data" / "mooncourt"
HOUSES = ("Silver", "Pearl", "Amber", "Jade")
WORTHS = range(1, 10)


class Gift(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    name: str
    house: Literal["Silver", "Pearl", "Amber", "Jade"]
    worth: int = Field(ge=1, le=9)
    text: str

    @property
    def label(self) -> str:
        """How players see the card: "Amber Bell (3)"."""
        return f"{self.name} ({self.worth})"


class Catalog(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["mooncourt"]
    title: str
    fashion_bonus: int = Field(ge=1, le=5)
    hand_size: int = Field(ge=3, le=7)
    max_claim: int = Field(ge=9, le=14)
    gifts: dict[str, Gift]

    @model_validator(mode="after")
    def one_gift_of_each_worth_per_house(self) -> Catalog:
        pairs = Counter((g.house, g.worth) for g in self.gifts.values())
        expected = {(h, w) for h in HOUSES for w in WORTHS}
        if set(pairs) != expected or any(n != 1 for n in pairs.values()):
            raise ValueError("the deck must hold exactly one gift of each worth 1-9 in each house")
        if len({g.name.lower() for g in self.gifts.values()}) != len(self.gifts):
            raise ValueError("two gifts share a name")
        return self


@finite_cache
def catalog() -> Catalog:
    raw = read_json(DATA / "cards.json")
    raw["gifts"] = cards_by_id(raw["gifts"], Gift, "data/mooncourt/cards.json")
    return Catalog.model_validate(raw)


def gift(card_id: str) -> Gift:
    return catalog().gifts[card_id]


def find_gift(name: str) -> Gift | None:
    return find_by_name(catalog().gifts, name)


def lookup_entries() -> list[dict]:
    """Every gift for /card (lookup/entries.py finds this function by name)."""
    return [{"id": g.id, "name": g.name, "text": g.text, "terms": [g.house, f"worth {g.worth}", "gift"]}
            for g in catalog().gifts.values()]


def summary() -> dict:
    """python -m engine.cards mooncourt"""
    cat = catalog()
    gifts = list(cat.gifts.values())
    return {"game": "mooncourt", "gifts": len(gifts),
            "by_house": dict(Counter(g.house for g in gifts)),
            "by_worth": {str(w): n for w, n in sorted(Counter(g.worth for g in gifts).items())},
            "hand_size": cat.hand_size, "max_claim": cat.max_claim, "fashion_bonus": cat.fashion_bonus}
