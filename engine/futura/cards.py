"""Grand Saga Futura data: the communal pools (acolytes, districts, station cards), the deck cards
and the four preset 60-card decks, validated at load against the design notes' ranges (notes §3).

Everything here is checked once when the catalogue is first read; an out-of-range card or an
illegal deck stops the load with a sentence naming it.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from engine.core.data import cards_by_id, find_by_name, read_json
from engine.core.memo import finite_cache

DATA = Path(__file__).resolve().parents[2] / "data" / "futura"

Deity = Literal["Paladin", "Primal", "Strategist", "Puritan", "Emperor"]
Element = Literal["Void", "Fire", "Electric", "Chroma", "Aether", "Blood"]
Cls = Literal["Base", "Recon", "Adept", "Heavy"]
House = Literal["Stellen", "Aoric", "Imperial", "Revolution", "Mori"]

DEITIES: tuple[str, ...] = ("Paladin", "Primal", "Strategist", "Puritan", "Emperor")
CLASSES: tuple[str, ...] = ("Base", "Recon", "Adept", "Heavy")
HOUSES: tuple[str, ...] = ("Stellen", "Aoric", "Imperial", "Revolution", "Mori")

# Notes §3: the keywords v1 must implement, each used by at least one card.
V1_KEYWORDS: tuple[str, ...] = (
    "Sunder", "Reversal", "Ambush", "Overcharge", "Summon", "Nullify", "Life Support", "Droid", "Inspire",
    "Sacrifice", "Living Sigil", "Warp", "Cyborg", "Commander", "Mechanic", "Politik", "Domination",
    "Crystal Production", "Sharp Shooter", "Populous", "Orbital Bombardment", "Health", "Forcefield",
    "Speed Run", "Possession", "Stasis", "Informant", "Biohazard", "Radiation", "Nano Swarm")
# Effects that are no keyword of the book's list: a plain damage roll, an AP layer, Loot & Plunder.
PLAIN_EFFECTS: tuple[str, ...] = ("Strike", "Barrier", "Loot")

# Notes §3 deck table: (class) -> (count, level range, stat range).
ARMOUR_RANGES = {"Recon": (7, (1, 5), (18, 30)), "Adept": (5, (5, 7), (36, 50)), "Heavy": (3, (8, 10), (60, 78))}
SABER_RANGES = {"Recon": (7, (1, 3), (4, 7)), "Adept": (5, (4, 7), (7, 12)), "Heavy": (3, (8, 10), (13, 20))}
ABILITY_TIMINGS = {"active": 4, "passive": 2, "conditional": 2, "declared": 2}
DISTRICT_ENERGY = {1: 4, 2: 5, 3: 3}


def creature_die(level: int) -> str:
    """Notes §3: L1-2 d8, L3-5 d10, L6-8 d12, L9-10 d12+d4."""
    return "d8" if level <= 2 else "d10" if level <= 5 else "d12" if level <= 8 else "d12+d4"


class Effect(BaseModel):
    name: str
    keyword: str
    timing: Literal["active", "passive", "conditional", "declared"]
    trigger: Literal["pre_activated", "charged", "overcharge", "sigil", "free"] = "charged"
    uses: Literal["one_shot", "per_exchange", "per_engagement", "per_turn", "per_cycle"] = "one_shot"
    text: str
    sigil: Deity | None = None
    base_value: int | None = None
    tier_mult: list[float] | None = None
    dice: str | None = None
    threshold: int | list[int] | None = None
    duration_exchanges: int | None = None
    energy_cost: int = 0
    params: dict = Field(default_factory=dict)

    @model_validator(mode="after")
    def _keyword(self):
        if self.keyword not in V1_KEYWORDS + PLAIN_EFFECTS:
            raise ValueError(f"{self.name}: unknown keyword {self.keyword!r}")
        if self.tier_mult is not None and len(self.tier_mult) != 3:
            raise ValueError(f"{self.name}: tiered effects have exactly three tiers")
        return self


class AcolyteCard(BaseModel):
    id: str
    name: str
    house: House
    sigil: Deity
    base_ap: int = Field(ge=10, le=20)
    base_dam: int = Field(ge=2, le=5)
    ability: Effect
    kind: Literal["acolyte"] = "acolyte"


class DistrictCard(BaseModel):
    id: str
    name: str
    energy: int = Field(ge=1, le=3)
    sigil: Deity
    resistance: Element
    ability: Effect
    kind: Literal["district"] = "district"


class StationCard(BaseModel):
    id: str
    name: str
    house: House
    kind: Literal["station"] = "station"


class DeckCard(BaseModel):
    """One card of a player's deck: armour, saber, sigil, ability, item (artefacts included) or creature."""

    id: str
    name: str
    kind: Literal["armour", "saber", "sigil", "ability", "item", "creature"]
    level: int = Field(default=0, ge=0, le=10)
    cls: Cls | None = None
    sigil: Deity | None = None
    element: Element | None = None
    ap: int = 0
    dam: int = 0
    ability: Effect | None = None  # armour's inherent ability
    effect: Effect | None = None  # ability, item and creature effects
    # items
    subtype: Literal["shield", "offhand_saber", "drone", "throwable", "blaster", "relic", "serum", "implant",
                     "chemical", "artefact", "trap"] | None = None
    use: Literal["persistent", "one_off"] | None = None
    penalty_ap: int = 0
    penalty_dam: int = 0
    min_class: Cls = "Base"
    station_ok: bool = False
    # creatures
    die: str | None = None

    @model_validator(mode="after")
    def _shape(self):
        k = self.kind
        if k == "armour":
            _, levels, aps = ARMOUR_RANGES[self.cls or "Recon"]
            if self.cls not in ARMOUR_RANGES or not _within(self.level, levels) or not _within(self.ap, aps):
                raise ValueError(f"{self.id}: armour level or AP outside its class range")
        elif k == "saber":
            _, levels, dams = SABER_RANGES[self.cls or "Recon"]
            if self.cls not in SABER_RANGES or not _within(self.level, levels) or not _within(self.dam, dams):
                raise ValueError(f"{self.id}: saber level or DAM outside its class range")
        elif k == "sigil":
            if self.sigil is None or self.level:
                raise ValueError(f"{self.id}: a sigil names its deity and has no level")
        elif k == "ability":
            if self.effect is None:
                raise ValueError(f"{self.id}: an ability card carries an effect")
        elif k == "item":
            if self.subtype is None or self.use is None or not 1 <= self.level <= 6:
                raise ValueError(f"{self.id}: an item has a subtype, a use and level 1-6")
            if self.use == "one_off" and self.effect is None:
                raise ValueError(f"{self.id}: a one-off item has an effect to play")
        elif k == "creature":
            if not (1 <= self.level <= 10 and 20 <= self.ap <= 90 and 4 <= self.dam <= 16):
                raise ValueError(f"{self.id}: creature level, AP or DAM outside the design ranges")
            if self.die != creature_die(self.level) or self.sigil is None or self.effect is None:
                raise ValueError(f"{self.id}: a creature has its level's die, a printed sigil and an ability")
        return self

    @property
    def artefact(self) -> bool:
        return self.subtype == "artefact"

    @property
    def effects(self) -> list[Effect]:
        return [e for e in (self.ability, self.effect) if e is not None]


def _within(value: int, bounds: tuple[int, int]) -> bool:
    return bounds[0] <= value <= bounds[1]


class DeckDef(BaseModel):
    name: str
    style: str
    text: str
    cards: list[str]


def check_deck(cards: dict[str, DeckCard], key: str, deck: DeckDef) -> None:
    """Rule 1 and notes §3: 60 cards = 15 armour (7/5/3), 15 sabers (7/5/3), 10 sigils (two of each
    deity), 10 abilities (4 active, 2 passive, 2 conditional, 2 declared; an Ambush and a Life
    Support among them) and 10 item slots (5 items, 2 artefacts, 3 creatures)."""
    missing = [c for c in deck.cards if c not in cards]
    if missing:
        raise ValueError(f"deck {key}: unknown cards {missing}")
    if len(deck.cards) != 60:
        raise ValueError(f"deck {key}: {len(deck.cards)} cards, a deck has exactly 60")
    defs = [cards[c] for c in deck.cards]
    for kind, ranges in (("armour", ARMOUR_RANGES), ("saber", SABER_RANGES)):
        got = Counter(d.cls for d in defs if d.kind == kind)
        want = {cls: n for cls, (n, _, _) in ranges.items()}
        if got != want:
            raise ValueError(f"deck {key}: {kind} by class is {dict(got)}, needs {want}")
    sigils = Counter(d.sigil for d in defs if d.kind == "sigil")
    if sigils != dict.fromkeys(DEITIES, 2):
        raise ValueError(f"deck {key}: needs two sigils of each deity, has {dict(sigils)}")
    abilities = [d.effect for d in defs if d.kind == "ability"]
    if Counter(e.timing for e in abilities) != ABILITY_TIMINGS:
        raise ValueError(f"deck {key}: abilities must be 4 active, 2 passive, 2 conditional, 2 declared")
    words = {e.keyword for e in abilities}
    if not {"Ambush", "Life Support"} <= words:
        raise ValueError(f"deck {key}: needs at least one Ambush and one Life Support ability")
    slots = Counter("artefact" if d.artefact else d.kind for d in defs if d.kind in ("item", "creature"))
    if slots != {"item": 5, "artefact": 2, "creature": 3}:
        raise ValueError(f"deck {key}: item slots must be 5 items, 2 artefacts, 3 creatures; has {dict(slots)}")


class Catalog(BaseModel):
    acolytes: dict[str, AcolyteCard]
    districts: dict[str, DistrictCard]
    stations: dict[str, StationCard]
    cards: dict[str, DeckCard]
    decks: dict[str, DeckDef]

    @model_validator(mode="after")
    def _pools(self):
        houses = Counter(a.house for a in self.acolytes.values())
        if len(self.acolytes) != 15 or houses != dict.fromkeys(HOUSES, 3):
            raise ValueError("the acolyte pool is 15 acolytes, 3 per house")
        if len(self.districts) != 12 or Counter(d.energy for d in self.districts.values()) != DISTRICT_ENERGY:
            raise ValueError("the district pool is 12 districts with energy 1 x4, 2 x5, 3 x3")
        if len(self.stations) != 5 or {s.house for s in self.stations.values()} != set(HOUSES):
            raise ValueError("there are 5 station cards, one per house")
        if len(self.decks) < 4:
            raise ValueError("at least four preset decks")
        for key, deck in self.decks.items():
            check_deck(self.cards, key, deck)
        unused = set(V1_KEYWORDS) - self.keywords_used()
        if unused:
            raise ValueError(f"v1 keywords on no card: {sorted(unused)}")
        return self

    def keywords_used(self) -> set[str]:
        effects = [a.ability for a in self.acolytes.values()] + [d.ability for d in self.districts.values()]
        effects += [e for c in self.cards.values() for e in c.effects]
        return {e.keyword for e in effects}

    def any_card(self, cid: str) -> AcolyteCard | DistrictCard | StationCard | DeckCard:
        for pool in (self.cards, self.acolytes, self.districts, self.stations):
            if cid in pool:
                return pool[cid]
        raise KeyError(cid)

    def by_name(self, name: str):
        for pool in (self.cards, self.acolytes, self.districts, self.stations):
            found = find_by_name(pool, name)
            if found is not None:
                return found
        return None


@finite_cache
def catalog() -> Catalog:
    raw = read_json(DATA / "cards.json")
    src = "data/futura/cards.json"
    return Catalog(acolytes=cards_by_id(raw["acolytes"], AcolyteCard, src),
                   districts=cards_by_id(raw["districts"], DistrictCard, src),
                   stations=cards_by_id(raw["stations"], StationCard, src),
                   cards=cards_by_id(raw["cards"], DeckCard, src), decks=raw["decks"])


def summary() -> dict:
    cat = catalog()
    decks = {}
    for key, deck in cat.decks.items():
        kinds = Counter("artefact" if cat.cards[c].artefact else cat.cards[c].kind for c in deck.cards)
        decks[key] = {"name": deck.name, "style": deck.style, "size": len(deck.cards), "legal": True,
                      "by_kind": dict(sorted(kinds.items()))}
    used = cat.keywords_used()
    return {"game": "futura", "acolytes": len(cat.acolytes), "districts": len(cat.districts),
            "station_cards": len(cat.stations), "deck_cards": len(cat.cards), "decks": decks,
            "legal_decks": len(decks), "v1_keywords": len(V1_KEYWORDS),
            "v1_keywords_used": sum(k in used for k in V1_KEYWORDS),
            "v1_keywords_missing": sorted(set(V1_KEYWORDS) - used)}


# --- words for players ---------------------------------------------------------------------

def effect_text(e: Effect) -> str:
    how = {"pre_activated": "ready to play", "charged": "charged 1-3 energy or a sigil",
           "overcharge": "may be overcharged", "sigil": "needs a sigil", "free": "free"}[e.trigger]
    sigil = f", {e.sigil}" if e.sigil else ""
    return f"{e.name} ({e.keyword}, {e.timing}, {how}{sigil}): {e.text}"


def card_text(card) -> str:
    """One paragraph describing any card, for lookup answers and text fallbacks."""
    if isinstance(card, AcolyteCard):
        return (f"Acolyte of the {card.house} house, {card.sigil} sigil. Base {card.base_ap} AP, "
                f"{card.base_dam} DAM. {effect_text(card.ability)}")
    if isinstance(card, DistrictCard):
        return (f"District producing {card.energy} energy, {card.sigil} sigil, resists {card.resistance}. "
                f"{effect_text(card.ability)}")
    if isinstance(card, StationCard):
        return f"Station card of the {card.house} house (cosmetic: every station plays the same)."
    parts = [type_line(card)]
    if card.ap or card.dam:
        parts.append(", ".join(s for s in (f"{card.ap} AP" if card.ap else "", f"{card.dam} DAM" if card.dam else "") if s))
    if card.penalty_ap or card.penalty_dam:
        parts.append(f"penalty -{card.penalty_ap} AP -{card.penalty_dam} DAM")
    if card.die:
        parts.append(f"rolls {card.die}")
    parts += [effect_text(e) for e in card.effects]
    return ". ".join(parts)


def type_line(card: DeckCard) -> str:
    sig = f", {card.sigil}" if card.sigil else ""
    if card.kind in ("armour", "saber"):
        return f"{card.cls} {card.kind}, level {card.level}{sig}"
    if card.kind == "sigil":
        return f"{card.sigil} sigil"
    if card.kind == "item":
        name = "Artefact" if card.artefact else f"Item ({card.subtype.replace('_', ' ')})"
        use = "one-off" if card.use == "one_off" else "kept"
        return f"{name}, level {card.level}, {use}{sig}" + (", stations may use it" if card.station_ok else "")
    if card.kind == "creature":
        return f"Creature, level {card.level}{sig}"
    return f"Ability, level {card.level}{sig}"


def lookup_entries() -> list[dict]:
    cat = catalog()
    out = []
    for pool in (cat.acolytes, cat.districts, cat.stations, cat.cards):
        for c in pool.values():
            words = [e.keyword for e in getattr(c, "effects", [getattr(c, "ability", None)]) if e is not None]
            out.append({"id": c.id, "name": c.name, "text": card_text(c), "terms": [c.kind, *words, c.id]})
    return out
