"""Gods & Clans data: card and battlemap schemas, validation at load, the two pre-built decks."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from engine.core.data import cards_by_id, find_by_name, read_json

DATA = Path(__file__).resolve().parents[2] / "data" / "clans"

COLS, ROWS = 9, 12  # 9 columns (A-I) x 12 rows; seat 0 owns rows 1-6, seat 1 rows 7-12
CLASSES = ("assault", "defense", "ranged", "stealth", "mystic")
TILE_NAMES = {"G": "Ground", "F": "Forest", "W": "Water", "M": "Mountain"}
DECK_MAX = 30
# Bound of the caches keyed by a card (or a card and a flag): the catalogue holds some sixty cards,
# so every entry fits many times over and nothing is ever evicted, but no cache can grow without end.
PER_CARD = 1 << 10

Tile = Literal["G", "F", "W", "M"]


class Ability(BaseModel):
    name: str
    timing: Literal["PT", "OT", "PERM"]
    sp: int = Field(ge=0, le=3)
    kind: Literal["attack", "heal", "rally", "blast", "eclipse", "shield", "ward",
                  "initiative", "counter_any", "aura_atk", "thirst", "phase", "armor"]
    text: str
    params: dict = Field(default_factory=dict)

    @model_validator(mode="after")
    def _timing(self):
        perm = self.kind in ("initiative", "counter_any", "aura_atk", "thirst", "phase", "armor")
        if perm != (self.timing == "PERM"):
            raise ValueError(f"{self.name}: permanent kinds, and only they, are PERM")
        if self.timing == "PERM" and self.sp:
            raise ValueError(f"{self.name}: permanent abilities cost 0 SP")
        if (self.kind == "ward") != (self.timing == "OT"):
            raise ValueError(f"{self.name}: the (OT) abilities are the wards")
        return self


class CardDef(BaseModel):
    id: str
    name: str
    clan: str
    kind: Literal["ally", "homebase", "equipment", "item", "art", "terrain"]
    text: str = ""
    # allies
    rank: int = Field(default=0, ge=0, le=3)
    cls: Literal["assault", "defense", "ranged", "stealth", "mystic"] | None = None
    hp: int = 0
    atk: int = 0
    spd: int = 0
    rng: int = 0
    exp_value: int = 0
    god: bool = False
    divine: bool = False
    abilities: list[Ability] = Field(default_factory=list)
    # costs (allies: summon SP; other cards: SP and EXP)
    sp: int = 0
    exp: int = 0
    # equipment
    assimilate_sp: int = 0
    heal: int = 0
    mods: dict[Literal["atk", "spd", "rng"], int] = Field(default_factory=dict)
    reduce: int = 0
    target: Literal["ally", "enemy"] = "ally"
    # items
    effect: Literal["heal", "buff", "damage", "status"] | None = None
    params: dict = Field(default_factory=dict)
    # runic arts
    classes: dict[str, int] = Field(default_factory=dict)
    pattern: Literal["ADJ", "INRANGE", "FLANK"] | None = None
    damage: int = 0
    status: Literal["break", "poison"] | None = None
    # terrain effects
    rule: Literal["mountain", "water", "forest_free", "forest_atk"] | None = None

    @model_validator(mode="after")
    def _shape(self):
        k = self.kind
        if k == "ally":
            if len(self.abilities) != 2 or self.cls is None:
                raise ValueError(f"{self.id}: an ally has a class and exactly 2 abilities")
            if self.god:
                if not (26 <= self.hp <= 30 and 4 <= self.atk <= 5 and self.spd == 2 and self.sp == 0):
                    raise ValueError(f"{self.id}: a God has HP 26-30, ATK 4-5, SPD 2 and is never summoned")
            elif not (1 <= self.hp <= 12 and 1 <= self.atk <= 5 and 1 <= self.spd <= 3 and 1 <= self.rng <= 4
                      and 2 <= self.sp <= 6 and 1 <= self.exp_value <= 5):
                raise ValueError(f"{self.id}: ally stats outside the design ranges")
        elif self.abilities or self.hp:
            raise ValueError(f"{self.id}: only allies have stats and abilities")
        if k == "equipment" and not 1 <= self.assimilate_sp <= 3:
            raise ValueError(f"{self.id}: Equipment assimilates for 1-3 SP")
        if (k == "item") != (self.effect is not None):
            raise ValueError(f"{self.id}: items, and only items, have an effect")
        if (k == "art") != (self.pattern is not None):
            raise ValueError(f"{self.id}: Runic Arts, and only they, have a pattern")
        if k == "art" and (not self.classes or set(self.classes) - set(CLASSES)):
            raise ValueError(f"{self.id}: a Runic Art names its classes")
        if (k == "terrain") != (self.rule is not None):
            raise ValueError(f"{self.id}: Terrain Effects, and only they, have a rule")
        return self

    @property
    def type_line(self) -> str:
        if self.kind == "ally":
            who = "God" if self.god else "Divine Spirit" if self.divine else f"{self.rank}-star ally"
            return f"{who}, {self.cls.capitalize()}"
        return {"homebase": "Homebase", "equipment": "Equipment", "item": "Inventory item",
                "art": "Runic Art", "terrain": "Terrain Effect"}[self.kind]


class DeckDef(BaseModel):
    name: str
    status: Literal["break", "poison"]
    cards: list[str]


def check_deck(cards: dict[str, CardDef], key: str, deck: DeckDef) -> None:
    """Deck rules (notes 1.1 item 2, A-6, A-32): at most 30, no two alike, one God, one Divine Spirit."""
    unknown = [c for c in deck.cards if c not in cards]
    if unknown:
        raise ValueError(f"deck {key} names unknown cards {unknown}")
    if len(deck.cards) > DECK_MAX:
        raise ValueError(f"deck {key} has {len(deck.cards)} cards; the limit is {DECK_MAX}")
    names = [cards[c].name.lower() for c in deck.cards]
    if len(set(names)) != len(names):
        raise ValueError(f"deck {key} holds copies of a card; every card must differ")
    defs = [cards[c] for c in deck.cards]
    if sum(d.god for d in defs) != 1:
        raise ValueError(f"deck {key} needs exactly one God")
    if sum(d.divine for d in defs) > 1:
        raise ValueError(f"deck {key} may hold only one Divine Spirit")
    if sum(d.kind == "homebase" for d in defs) != 1:
        raise ValueError(f"deck {key} needs exactly one Homebase")


class Piece(BaseModel):
    id: int
    face_a: list[str]
    face_b: list[str]

    @model_validator(mode="after")
    def _faces(self):
        for face in (self.face_a, self.face_b):
            if len(face) != 3 or any(len(r) != 3 or set(r) - set(TILE_NAMES) for r in face):
                raise ValueError(f"battlemap {self.id}: each face is 3 rows of 3 tiles from G, F, W, M")
        return self


class Placement(BaseModel):
    piece: int
    face: Literal["A", "B"]
    side: Literal[0, 1]
    slot: int = Field(ge=0, le=5)
    rotation: Literal[0, 90, 180, 270] = 0


class Layout(BaseModel):
    name: str
    placements: list[Placement]


def rotate(face: list[str], rotation: int) -> list[str]:
    grid = [list(r) for r in face]
    for _ in range(rotation // 90):  # clockwise
        grid = [[grid[2 - c][r] for c in range(3)] for r in range(3)]
    return ["".join(r) for r in grid]


def passable(tile: str) -> bool:
    return tile in ("G", "F")


def neighbours(col: int, row: int):
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (dc or dr) and 0 <= col + dc < COLS and 0 <= row + dr < ROWS:
                yield col + dc, row + dr


def connected(field: list[str], blocked: set[tuple[int, int]] = frozenset()) -> bool:
    """A-3: every passable tile reaches every other with 8-neighbour steps (diagonal gaps count).

    Asked for every set-up option (each way to lay a battlemap, each Homebase tile), so the field
    is read into a bit mask once (tile (c, r) is bit c + 10 * r; the tenth bit of each row stays
    empty, so a sideways shift never wraps into the next row) and the blocked tiles are cleared
    from it."""
    ok = _passable(tuple(field))
    for c, r in blocked:
        ok &= ~(1 << (c + 10 * r))
    return _spans(ok)


@lru_cache(maxsize=1024)
def _passable(field: tuple[str, ...]) -> int:
    """The field's Ground and Forest tiles as a bit mask."""
    ok = 0
    for r, row in enumerate(field):
        for c, t in enumerate(row):
            if t in "GF":
                ok |= 1 << (c + 10 * r)
    return ok


@lru_cache(maxsize=8192)
def _spans(ok: int) -> bool:
    """Whether the tiles of mask `ok` form one 8-connected area (none at all: no)."""
    if not ok:
        return False
    reached = ok & -ok  # the first passable tile
    while True:
        wide = reached | reached << 1 | reached >> 1
        grown = (wide | wide << 10 | wide >> 10) & ok
        if grown == reached:
            return reached == ok
        reached = grown


class Battlemaps(BaseModel):
    pieces: dict[int, Piece]
    layouts: dict[str, Layout]

    @model_validator(mode="after")
    def _check(self):
        if len(self.pieces) != 12:
            raise ValueError("the standard battlefield uses 12 double-sided battlemaps")
        for key in self.layouts:
            self.field(key)
        return self

    def field(self, key: str) -> list[str]:
        """Rows of tile letters, row 0 = row 1 on the board (seat 0's back row)."""
        layout = self.layouts[key]
        if len(layout.placements) != 12 or len({p.piece for p in layout.placements}) != 12:
            raise ValueError(f"layout {key}: the 12 battlemaps are each used once")
        if len({(p.side, p.slot) for p in layout.placements}) != 12:
            raise ValueError(f"layout {key}: each side fills its 6 slots once")
        if sum(p.side for p in layout.placements) != 6:
            raise ValueError(f"layout {key}: 6 battlemaps per player")
        if any(p.piece not in self.pieces for p in layout.placements):
            raise ValueError(f"layout {key}: unknown battlemap")
        field = self.lay(layout.placements)
        if not connected(field):
            raise ValueError(f"layout {key}: some passable area is cut off")
        return field

    def face(self, piece: int, face: str, rotation: int) -> list[str]:
        p = self.pieces[piece]
        return rotate(p.face_a if face == "A" else p.face_b, rotation)

    def lay(self, placements: list[Placement], field: list[str] | None = None) -> list[str]:
        """The field with these battlemaps laid (on `field`, else on one where every slot reads Ground)."""
        grid = [list(r) for r in field] if field else [["G"] * COLS for _ in range(ROWS)]
        for p in placements:
            face = self.face(p.piece, p.face, p.rotation)
            c0, r0 = 3 * (p.slot % 3), 6 * p.side + 3 * (p.slot // 3)
            for r in range(3):
                grid[r0 + r][c0:c0 + 3] = face[r]
        return ["".join(r) for r in grid]


class Catalog(BaseModel):
    cards: dict[str, CardDef]
    decks: dict[str, DeckDef]

    @model_validator(mode="after")
    def _decks(self):
        for key, deck in self.decks.items():
            check_deck(self.cards, key, deck)
        return self

    def by_name(self, name: str) -> CardDef | None:
        return find_by_name(self.cards, name)


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    cards = cards_by_id(read_json(DATA / "cards.json")["cards"], CardDef, "data/clans/cards.json")
    return Catalog(cards=cards, decks=read_json(DATA / "decks.json"))


@lru_cache(maxsize=1)
def battlemaps() -> Battlemaps:
    raw = read_json(DATA / "battlemaps.json")
    return Battlemaps(pieces={p["id"]: p for p in raw["pieces"]}, layouts=raw["layouts"])


def summary() -> dict:
    cat, maps = catalog(), battlemaps()
    decks = {}
    for key, deck in cat.decks.items():
        counts: dict[str, int] = {}
        for cid in deck.cards:
            c = cat.cards[cid]
            kind = "god" if c.god else "divine_spirit" if c.divine else c.kind
            counts[kind] = counts.get(kind, 0) + 1
        classes: dict[str, int] = {}
        for cid in deck.cards:
            c = cat.cards[cid]
            if c.kind == "ally" and not (c.god or c.divine):
                classes[c.cls] = classes.get(c.cls, 0) + 1
        decks[key] = {"name": deck.name, "size": len(deck.cards), "legal": True, "by_kind": counts,
                      "classes": classes}
    tiles: dict[str, int] = {}
    for row in maps.field("quick_start"):
        for t in row:
            tiles[TILE_NAMES[t]] = tiles.get(TILE_NAMES[t], 0) + 1
    return {"game": "clans", "cards": len(cat.cards), "decks": decks, "battlemaps": len(maps.pieces),
            "layouts": {k: {"name": v.name, "tiles": tiles if k == "quick_start" else None}
                        for k, v in maps.layouts.items()}}


def ability_text(a: Ability) -> str:
    mark = "" if a.timing == "PERM" else f"({a.timing}, {a.sp} SP) "
    return f"{mark}{a.name}: {a.text}"


def card_text(card: CardDef) -> str:
    """One paragraph describing a card, for lookup answers and text fallbacks."""
    parts = [card.type_line]
    if card.kind == "ally":
        parts.append(f"HP {card.hp}, ATK {card.atk}, SPD {card.spd}, RNG {card.rng}")
        if not card.god:
            parts.append(f"Summon {card.sp} SP, worth {card.exp_value} EXP")
        parts += [ability_text(a) for a in card.abilities]
    elif card.kind != "homebase":
        parts.append(f"Costs {card.sp} SP and {card.exp} EXP")
        if card.kind == "equipment":
            parts.append(f"Assimilates for {card.assimilate_sp} SP")
        if card.kind == "art":
            need = " + ".join(f"{n} {c.capitalize()}" for c, n in card.classes.items())
            parts.append(f"Needs {need}, pattern {card.pattern}")
        parts.append(card.text)
    else:
        parts.append(card.text)
    return ". ".join(p.rstrip(".") for p in parts) + "."


def lookup_entries() -> list[dict]:
    return [{"id": c.id, "name": c.name, "text": card_text(c), "terms": [c.kind, c.cls or "", c.id]}
            for c in catalog().cards.values()]
