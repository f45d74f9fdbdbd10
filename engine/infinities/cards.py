"""Infinities data: tiles, leaders, faction decks and skirmish cards, validated at load against the
distributions the design notes (section 3) ask for, so a bad edit fails at start-up, not mid-game."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator
from pydantic.dataclasses import dataclass

from engine.core.data import cards_by_id, find_by_name, read_json
from engine.core.memo import finite_cache

DATA = Path(__file__).resolve().parents[2] / "data" / "infinities"

Face = Literal["power", "energy", "fortitude", "boost", "star", "rift"]
TileType = Face  # a tile's type names the die face locked in on it (I5)
FACES: tuple[str, ...] = ("power", "energy", "fortitude", "boost", "star", "rift")
ATTRIBUTES: tuple[str, ...] = ("power", "energy", "fortitude")
WORLD_TILES = 23
DECK_SIZE = 46
# notes section 3: per world (46 sides, 23 tiles)
SIDE_TYPES = {"power": 9, "energy": 9, "fortitude": 9, "boost": 10, "star": 9}
SIDE_INFLUENCE = {1: 10, 2: 11, 3: 11, 4: 8, 5: 6}
WALL_COUNTS = {0: 5, 1: 8, 2: 7, 3: 3}
UNIT_DEFENSE = {3: 4, 4: 4, 5: 4, 6: 4, 7: 4, 8: 2, 9: 2}

Op = Literal["destroy_unit", "destroy_timeline", "destroy_token", "control", "draw", "discard_random",
             "gain_token", "move", "push", "warp_standee", "warp_tile", "flip", "discover", "reveal",
             "play_free", "prepare", "return_hand", "discard_own", "set_die"]


# The parts of cards, leaders and tiles that the rules read on every step (steps, costs, effects,
# tile sides) are pydantic dataclasses: validated at load like the models, but read as plain
# attributes (a BaseModel's attribute access goes through its __getattr__ hook, several times
# slower). The records looked up by id stay models.
record = dataclass(kw_only=True)


@record
class Check:
    attribute: Literal["power", "energy", "fortitude"]
    threshold: int = Field(ge=2, le=24)


@record
class Step:
    """One instruction of an effect. `scope` says where targets may be: in reach (default), next to
    your tile, anywhere, next to the Rift, the tile of the previous step, or the leader who destroyed
    your asset (reactions)."""

    op: Op
    amount: int = Field(default=1, ge=1, le=3)
    scope: Literal["reach", "adjacent", "anywhere", "rift_adjacent", "last", "destroyer"] = "reach"
    type_filter: TileType | None = None
    up_to: bool = False
    max_defense: int | Literal["memory"] | None = None
    attack: bool = False  # a Power check against the target unit's defense
    check: Check | None = None  # a check that must pass for the step to do anything
    free: bool = False
    overwrite: bool = False
    source: Literal["hand", "timeline", "discard_top", "group", "destroyed"] | None = None
    kind: Literal["unit", "action", "any"] = "any"
    face: Face | Literal["any"] | None = None
    same_leader: bool = False
    take_back: bool = False
    free_controls: int = Field(default=0, ge=0, le=2)


@record
class Empower:
    attribute: Literal["power", "energy", "fortitude"] = "energy"
    threshold: int = Field(ge=2, le=24)
    bonus: list[Step]


@record
class Effect:
    """A lasting modifier: a Passive bonus, an Immune, or a Trigger that runs steps."""

    kind: Literal["check_bonus", "immune_power", "immune_timeline", "trigger"]
    attribute: Literal["power", "energy", "fortitude"] | None = None
    amount: int = 1
    max_defense: int | None = None
    on: Literal["unit_destroyed", "token_destroyed"] | None = None
    steps: list[Step] = Field(default_factory=list)


@record
class Action:
    cost: list[Face] = Field(min_length=1, max_length=2)
    steps: list[Step] = Field(min_length=1)
    empower: Empower | None = None
    text: str = ""


class Card(BaseModel):
    id: str
    name: str
    faction: Literal["lightbearers", "deva"]
    kind: Literal["unit", "action"]
    copies: int = Field(ge=1, le=3)
    text: str
    keywords: list[str] = Field(default_factory=list)
    defense: int | None = Field(default=None, ge=3, le=9)
    action: Action | None = None  # a unit's action, usable while it is in a group
    passive: list[Effect] = Field(default_factory=list)  # a unit's effects while in a group
    on_play: list[Step] = Field(default_factory=list)  # an action card's effect
    empower: Empower | None = None
    prepared: list[Effect] = Field(default_factory=list)  # while the card waits in a timeline

    @model_validator(mode="after")
    def _shape(self):
        if (self.kind == "unit") != (self.defense is not None and self.action is not None):
            raise ValueError(f"{self.id}: units, and only units, have a defense and an action")
        if self.kind == "action" and not self.on_play:
            raise ValueError(f"{self.id}: an action card needs an effect")
        if self.kind == "unit" and (self.on_play or self.prepared or self.empower):
            raise ValueError(f"{self.id}: a unit's effects live on its action")
        return self

    @property
    def type_line(self) -> str:
        return f"Unit, defense {self.defense}" if self.kind == "unit" else "Action"


@record
class Reaction:
    text: str
    steps: list[Step]
    bonus: list[Step]
    bonus_instead: bool = False
    threshold: int = 10


class Leader(BaseModel):
    id: str
    name: str
    faction: Literal["lightbearers", "deva"]
    action_single: Action
    action_boost: Action
    reaction: Reaction

    @model_validator(mode="after")
    def _costs(self):
        one, two = self.action_single.cost, self.action_boost.cost
        if len(one) != 1 or one[0] not in ATTRIBUTES:
            raise ValueError(f"{self.id}: the first action costs one attribute face")
        if len(two) != 2 or two[0] not in ATTRIBUTES or two[1] != "boost":
            raise ValueError(f"{self.id}: the second action costs an attribute face and a Boost")
        return self


@record
class TileSide:
    name: str
    type: TileType
    influence: int = Field(ge=1, le=5)


class Tile(BaseModel):
    id: str
    world: Literal["varra", "genesis", "rift"]
    walls: list[int] = Field(default_factory=list, max_length=3)
    side_a: TileSide
    side_b: TileSide

    @model_validator(mode="after")
    def _walls(self):
        if len(set(self.walls)) != len(self.walls) or any(not 0 <= w <= 5 for w in self.walls):
            raise ValueError(f"tile {self.id}: walls are distinct edges 0-5")
        if self.side_b.influence > self.side_a.influence:
            raise ValueError(f"tile {self.id}: side A is the higher-Influence side")
        return self

    def side(self, up: str) -> TileSide:
        return self.side_a if up == "a" else self.side_b


@record
class Objective:
    id: str
    row: Literal[1, 2, 3]
    reward: Literal["tokens", "points"]
    amount: int | Literal["table", "round"]
    event: str
    scoring: Literal["occurrence", "end_round"] = "occurrence"
    limit: Literal["round", "tile"] | None = None
    text: str

    @model_validator(mode="after")
    def _row(self):
        if (self.row == 1) != (self.reward == "tokens"):
            raise ValueError(f"{self.id}: row 1 rewards reaction tokens, rows 2 and 3 points")
        return self


class SkirmishCard(BaseModel):
    id: str
    name: str
    faction: Literal["lightbearers", "deva"] | None = None
    objectives: list[Objective]


@record
class World:
    name: str
    faction: Literal["lightbearers", "deva"]


@record
class Faction:
    name: str
    world: Literal["varra", "genesis"]


class Catalog(BaseModel):
    worlds: dict[str, World]
    factions: dict[str, Faction]
    rift: Tile
    tiles: dict[str, Tile]
    leaders: dict[str, Leader]
    cards: dict[str, Card]
    skirmish: dict[str, SkirmishCard]
    x_table: dict[int, int]

    @model_validator(mode="after")
    def _distributions(self):
        check_tiles(self)
        for faction in self.factions:
            check_deck(self, faction)
        if sorted(Counter(ld.faction for ld in self.leaders.values()).values()) != [3, 3]:
            raise ValueError("each faction has three leaders")
        if len(self.skirmish) != 4:
            raise ValueError("there are four skirmish cards (I10)")
        return self

    def by_name(self, name: str) -> Card | None:
        return find_by_name(self.cards, name)

    def deck(self, faction: str) -> list[str]:
        """The faction's 46 cards as instance ids "<card>#<copy>"."""
        return [f"{c.id}#{n}" for c in self.cards.values() if c.faction == faction for n in range(1, c.copies + 1)]

    def world_tiles(self, world: str) -> list[str]:
        return [t.id for t in self.tiles.values() if t.world == world]

    def tile(self, tile_id: str) -> Tile:
        return self.rift if tile_id == self.rift.id else self.tiles[tile_id]


def check_tiles(cat: Catalog) -> None:
    names = [s.name for t in cat.tiles.values() for s in (t.side_a, t.side_b)]
    if len(set(names)) != len(names) or cat.rift.side_a.name in names:
        raise ValueError("every tile side needs its own name (I34)")
    if cat.rift.walls or cat.rift.side_a.type != "rift" or cat.rift.side_a.influence != 1:
        raise ValueError("the Rift is a wall-free Rift tile of Influence 1 (I6)")
    for world in cat.worlds:
        tiles = [cat.tiles[t] for t in cat.world_tiles(world)]
        sides = [s for t in tiles for s in (t.side_a, t.side_b)]
        expect = [(len(tiles), WORLD_TILES, "tiles"),
                  (dict(Counter(s.type for s in sides)), SIDE_TYPES, "side types"),
                  (dict(Counter(s.influence for s in sides)), SIDE_INFLUENCE, "side Influence"),
                  (dict(Counter(len(t.walls) for t in tiles)), WALL_COUNTS, "walls per tile")]
        for got, want, what in expect:
            if got != want:
                raise ValueError(f"{world}: {what} are {got}, the notes ask for {want}")
        if sum(t.side_a.type != t.side_b.type for t in tiles) < 18:
            raise ValueError(f"{world}: at least 18 tiles must change type when flipped")
        if sum(t.side_a.influence != t.side_b.influence for t in tiles) < 20:
            raise ValueError(f"{world}: at least 20 tiles must change Influence when flipped")


def check_deck(cat: Catalog, faction: str) -> None:
    cards = [c for c in cat.cards.values() if c.faction == faction]
    units = [c for c in cards if c.kind == "unit"]
    size = sum(c.copies for c in cards)
    if size != DECK_SIZE or sum(c.copies for c in units) != 24:
        raise ValueError(f"{faction}: a deck is 46 cards with 24 units (it has {size})")
    spread = Counter()
    for c in units:
        spread[c.defense] += c.copies
    if dict(spread) != UNIT_DEFENSE:
        raise ValueError(f"{faction}: unit defenses are {dict(spread)}, the notes ask for {UNIT_DEFENSE}")
    if sum(c.copies for c in cards if c.prepared) != 6:
        raise ValueError(f"{faction}: six cards have a Prepared ability")
    costs = Counter("two" if len(c.action.cost) > 1 else c.action.cost[0] for c in units)
    if not 0.35 <= costs["boost"] / len(units) <= 0.5 or costs["star"] + costs["two"] > 2:
        raise ValueError(f"{faction}: unit action costs {dict(costs)} stray from the notes' mix")
    if any(costs[a] == 0 for a in ATTRIBUTES):
        raise ValueError(f"{faction}: some unit action must cost each attribute face")


@finite_cache
def catalog() -> Catalog:
    tiles = read_json(DATA / "tiles.json")
    cards = read_json(DATA / "cards.json")
    skirmish = read_json(DATA / "skirmish.json")
    return Catalog(
        worlds=tiles["worlds"], factions=cards["factions"], rift=tiles["rift"],
        tiles=cards_by_id(tiles["tiles"], Tile, "data/infinities/tiles.json"),
        leaders=cards_by_id(read_json(DATA / "leaders.json")["leaders"], Leader, "data/infinities/leaders.json"),
        cards=cards_by_id(cards["cards"], Card, "data/infinities/cards.json"),
        skirmish=cards_by_id(skirmish["cards"], SkirmishCard, "data/infinities/skirmish.json"),
        x_table={int(k): v for k, v in skirmish["x_table"].items()})


@finite_cache  # asked for thousands of times a game; the catalog never changes
def card(instance: str) -> Card:
    """The card of an instance id like "LB04#2"."""
    return catalog().cards[instance.split("#")[0]]


def summary() -> dict:
    cat = catalog()
    decks = {}
    for faction, f in cat.factions.items():
        cards = [c for c in cat.cards.values() if c.faction == faction]
        decks[faction] = {"name": f.name, "size": sum(c.copies for c in cards),
                          "units": sum(c.copies for c in cards if c.kind == "unit"),
                          "actions": sum(c.copies for c in cards if c.kind == "action"),
                          "prepared": sum(c.copies for c in cards if c.prepared), "designs": len(cards)}
    worlds = {w: {"name": cat.worlds[w].name, "tiles": len(cat.world_tiles(w))} for w in cat.worlds}
    return {"game": "infinities", "world_tiles": len(cat.tiles), "rift": 1, "worlds": worlds,
            "leaders": len(cat.leaders), "decks": decks, "skirmish_cards": len(cat.skirmish)}


def action_text(a: Action) -> str:
    cost = " + ".join(f.capitalize() for f in a.cost)
    return f"[{cost}] {a.text}"


def card_text(c: Card) -> str:
    parts = [f"{cat_faction(c.faction)} {c.type_line}"]
    if c.action is not None:
        parts.append(action_text(replace(c.action, text=c.text)))
    else:
        parts.append(c.text)
    return ". ".join(p.rstrip(".") for p in parts) + "."


def cat_faction(faction: str) -> str:
    return catalog().factions[faction].name


def leader_text(ld: Leader) -> str:
    return (f"{cat_faction(ld.faction)} leader. {action_text(ld.action_single)} {action_text(ld.action_boost)} "
            f"Reaction (1 token): {ld.reaction.text}")


def tile_text(t: Tile) -> str:
    walls = f"{len(t.walls)} wall{'s' if len(t.walls) != 1 else ''}"
    a, b = t.side_a, t.side_b
    return (f"{catalog().worlds[t.world].name} tile, {walls}. Side A: {a.name}, {a.type.capitalize()}, Influence "
            f"{a.influence}. Side B: {b.name}, {b.type.capitalize()}, Influence {b.influence}.")


def lookup_entries() -> list[dict]:
    cat = catalog()
    out = [{"id": c.id, "name": c.name, "text": card_text(c), "terms": [c.kind, c.faction, c.id, *c.keywords]}
           for c in cat.cards.values()]
    out += [{"id": ld.id, "name": ld.name, "text": leader_text(ld), "terms": ["leader", ld.faction]}
            for ld in cat.leaders.values()]
    out += [{"id": sk.id, "name": f"{sk.name} (skirmish card)", "text": " ".join(o.text for o in sk.objectives),
             "terms": ["skirmish", "objective"]} for sk in cat.skirmish.values()]
    for t in cat.tiles.values():
        for side in (t.side_a, t.side_b):
            out.append({"id": f"{t.id}{'a' if side is t.side_a else 'b'}", "name": side.name, "text": tile_text(t),
                        "terms": ["tile", side.type, t.world]})
    return out
