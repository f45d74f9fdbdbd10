"""Psi Wars card data: schemas, validation at load, and the two starter decks."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from engine.core.data import cards_by_id, find_by_name, read_json

DATA = Path(__file__).resolve().parents[2] / "data" / "psiwars"

LIGHTS = ("ds", "ng", "ba", "ma")  # the four Creation Unit kinds, in the book's light order
LIGHT_NAMES = {"ds": "Digital Splicing", "ng": "Neurogenesis", "ba": "Bio-Acceleration",
               "ma": "Material Animation", "any": "Any"}
SCREENS = ("cyber", "psionic", "physical")


class Screen(BaseModel):
    attack: int = Field(ge=0, le=5)
    defense: int = Field(ge=0, le=5)


class Cost(BaseModel):
    ds: int = 0
    ng: int = 0
    ba: int = 0
    ma: int = 0
    any: int = 0

    @model_validator(mode="after")
    def _total(self):
        if not 1 <= self.total <= 5:
            raise ValueError("a cost has 1 to 5 lights")
        return self

    @property
    def total(self) -> int:
        return self.ds + self.ng + self.ba + self.ma + self.any

    def short(self) -> str:
        parts = [f"{k.upper()}{getattr(self, k)}" for k in (*LIGHTS, "any") if getattr(self, k)]
        return " ".join(parts).replace("ANY", "Any")


class Ability(BaseModel):
    id: Literal["uplink_ping", "neural_dart", "overload", "long_range_strike"]
    name: str
    text: str
    params: dict = Field(default_factory=dict)


class PowerDef(BaseModel):
    timing: Literal["build", "battle", "any"]
    effect: Literal["creation_oracle", "equipment_hunter", "stasis_trap", "mental_disrupter",
                    "em_disrupter", "adrenal_surge", "lab_reinforcement"]
    text: str
    params: dict = Field(default_factory=dict)


class CardDef(BaseModel):
    id: str
    name: str
    kind: Literal["cu", "battle_unit", "equipment", "power"]
    cu_kind: Literal["ds", "ng", "ba", "ma"] | None = None
    unit_type: Literal["being", "robot", "cyborg"] | None = None
    cost: Cost | None = None
    cyber: Screen | None = None
    psionic: Screen | None = None
    physical: Screen | None = None
    ability: Ability | None = None
    equip_bonus: dict[Literal["cyber", "psionic", "physical"], tuple[int, int]] | None = None
    power: PowerDef | None = None

    @model_validator(mode="after")
    def _shape(self):
        kind = self.kind
        if (kind == "cu") != (self.cu_kind is not None) or (kind == "cu") == (self.cost is not None):
            raise ValueError(f"{self.id}: Creation Units have a kind and no cost; other cards have a cost")
        if kind == "battle_unit":
            self._check_unit()
        elif self.unit_type or self.ability or any(getattr(self, s) for s in SCREENS):
            raise ValueError(f"{self.id}: only Battle Units have screens and abilities")
        if (kind == "equipment") != (self.equip_bonus is not None):
            raise ValueError(f"{self.id}: Equipment, and only Equipment, has a bonus")
        if self.equip_bonus and any(not (0 <= v <= 2) for pair in self.equip_bonus.values() for v in pair):
            raise ValueError(f"{self.id}: Equipment bonuses are +0 to +2")
        if (kind == "power") != (self.power is not None):
            raise ValueError(f"{self.id}: Powers, and only Powers, have a power effect")
        # §3.1.4: Digital Splicing for Robots, Cyborgs and Equipment needs Material Animation too.
        needs_ma = kind == "equipment" or self.unit_type in ("robot", "cyborg")
        if needs_ma and self.cost and self.cost.ds and not self.cost.ma:
            raise ValueError(f"{self.id}: a Robot, Cyborg or Equipment with DS in its cost needs MA too (§3.1.4)")
        return self

    def _check_unit(self) -> None:
        if self.unit_type is None or self.physical is None:
            raise ValueError(f"{self.id}: a Battle Unit has a type and a Physical screen")
        if self.unit_type == "being" and self.cyber:
            raise ValueError(f"{self.id}: Beings have no Cyber screen (§3.2)")
        if self.unit_type == "robot" and self.psionic:
            raise ValueError(f"{self.id}: Robots have no Psionic screen (§3.2)")
        if self.unit_type == "cyborg":
            if not (self.cyber and self.psionic and self.ability):
                raise ValueError(f"{self.id}: Cyborgs have all three screens and an ability")
            if any(v > 3 for s in SCREENS for v in (getattr(self, s).attack, getattr(self, s).defense)):
                raise ValueError(f"{self.id}: Cyborg screen values are 0-3")
        elif self.ability:
            raise ValueError(f"{self.id}: only Cyborgs have abilities")

    def screen(self, name: str) -> Screen | None:
        return getattr(self, name)

    @property
    def type_line(self) -> str:
        if self.kind == "cu":
            return "Creation Unit"
        if self.kind == "battle_unit":
            return f"Battle Unit - {self.unit_type.capitalize()}"
        return self.kind.capitalize()


class DeckDef(BaseModel):
    name: str
    cards: dict[str, int]


class Catalog(BaseModel):
    cards: dict[str, CardDef]
    decks: dict[str, DeckDef]

    @model_validator(mode="after")
    def _decks(self):
        for key, deck in self.decks.items():
            unknown = set(deck.cards) - set(self.cards)
            if unknown:
                raise ValueError(f"deck {key} names unknown cards {sorted(unknown)}")
            if sum(deck.cards.values()) != 40:
                raise ValueError(f"deck {key} has {sum(deck.cards.values())} cards, not 40")
        return self

    def by_name(self, name: str) -> CardDef | None:
        return find_by_name(self.cards, name)

    def deck_list(self, key: str) -> list[str]:
        """Card ids of a deck, one entry per copy, in a stable order."""
        return [cid for cid, n in self.decks[key].cards.items() for _ in range(n)]


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    cards = cards_by_id(read_json(DATA / "cards.json")["cards"], CardDef, "data/psiwars/cards.json")
    return Catalog(cards=cards, decks=read_json(DATA / "decks.json"))


def summary() -> dict:
    cat = catalog()
    by_kind: dict[str, int] = {}
    for c in cat.cards.values():
        key = c.unit_type if c.kind == "battle_unit" else c.kind
        by_kind[key] = by_kind.get(key, 0) + 1
    decks = {}
    for key, deck in cat.decks.items():
        counts: dict[str, int] = {}
        for cid, n in deck.cards.items():
            kind = cat.cards[cid].kind
            counts[kind] = counts.get(kind, 0) + n
        decks[key] = {"name": deck.name, "size": sum(deck.cards.values()), "by_kind": counts}
    return {"game": "psiwars", "cards": len(cat.cards), "by_kind": by_kind, "decks": decks}


def card_text(card: CardDef) -> str:
    """One paragraph describing a card, for lookup answers and text fallbacks."""
    parts = [card.type_line]
    if card.cost:
        parts.append(f"Cost {card.cost.short()}")
    screens = [f"{s.capitalize()} {sc.attack}/{sc.defense}" for s in SCREENS if (sc := card.screen(s))]
    if screens:
        parts.append(", ".join(screens))
    if card.equip_bonus:
        parts.append("Bonus " + ", ".join(f"{s.capitalize()} +{a}/+{d}" for s, (a, d) in card.equip_bonus.items()))
    if card.ability:
        parts.append(f"{card.ability.name}: {card.ability.text}")
    if card.power:
        parts.append(f"{card.power.timing.capitalize()} Power: {card.power.text}")
    if card.cu_kind:
        parts.append(f"Pays {LIGHT_NAMES[card.cu_kind]} lights")
    return ". ".join(p.rstrip(".") for p in parts) + "."


def lookup_entries() -> list[dict]:
    return [{"id": c.id, "name": c.name, "text": card_text(c),
             "terms": [c.kind.replace("_", " "), c.unit_type or "", c.id]}
            for c in catalog().cards.values()]
