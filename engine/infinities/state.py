"""Infinities game state and the hex map's geometry (axial coordinates, walls on edges)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from engine.core import GameState, plain_setattr
from engine.core.memo import finite_cache

from .cards import Step, catalog

# Axial neighbours, edge 0 = east, counting anticlockwise (RULINGS "Content").
DIRS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
RIFT_AT = "0,0"
TOKENS = 14  # per player: 5 on the track, the rest in reserve (the 15th marks turn order)
TRACK_MAX = 5

Phase = Literal["world", "leader", "explore", "deploy", "roll", "main", "end", "over"]


def key(q: int, r: int) -> str:
    return f"{q},{r}"


def coords(k: str) -> tuple[int, int]:
    q, r = k.split(",")
    return int(q), int(r)


@finite_cache  # the map is small and its keys recur: geometry is the engine's hottest path
def neighbour(k: str, d: int) -> str:
    q, r = coords(k)
    return key(q + DIRS[d][0], r + DIRS[d][1])


@finite_cache
def ring(k: str) -> tuple[str, ...]:
    """The six spaces around `k`, by edge (reach and movement walk these)."""
    return tuple(neighbour(k, d) for d in range(6))


@finite_cache
def direction(a: str, b: str) -> int | None:
    """The edge of `a` that faces the adjacent space `b` (None when not adjacent)."""
    for d in range(6):
        if neighbour(a, d) == b:
            return d
    return None


# The records inside the state are plain dataclasses, not pydantic models: the rules read and set
# their fields on every step, and a BaseModel's attribute access goes through its __getattr__ hook
# (several times slower). Pydantic still validates them wherever the state is loaded (they are
# fields of InfState), and dumps them to the same JSON.


@dataclass
class Placed:
    tile: str
    rot: int = 0
    up: Literal["a", "b"] = "a"
    control: int | None = None  # seat whose control token is on it

    def side(self):
        return side_of(self.tile, self.up)

    def wall(self, d: int) -> bool:
        """Whether this tile shows a wall on its world edge d (walls turn with the tile)."""
        return (d - self.rot) % 6 in _walls(self.tile)


@finite_cache
def side_of(tile: str, up: str):
    return catalog().tile(tile).side(up)


@finite_cache  # a tile side's type, read on most steps (levels, reach, targets): one cached call
def kind_of(tile: str, up: str) -> str:
    return side_of(tile, up).type


@finite_cache
def _walls(tile: str) -> frozenset[int]:
    return frozenset(catalog().tile(tile).walls)


def open_between(a: Placed, b: Placed, d: int) -> bool:
    """No wall on the edge `a` shares with `b`, which lies across a's edge d (rule 25, I33)."""
    return (d - a.rot) % 6 not in _walls(a.tile) and (d + 3 - b.rot) % 6 not in _walls(b.tile)


@dataclass
class Player:
    name: str
    world: str | None = None
    faction: str | None = None
    start_tile: str | None = None  # the tile taken at Open the Rift, until Exploration places it
    leader: str | None = None
    pos: str | None = None
    track: int = TRACK_MAX
    reserve: int = TOKENS - TRACK_MAX
    dice: list[str] = field(default_factory=list)  # locked faces
    rolled: list[str] = field(default_factory=list)  # an action roll waiting for keep/reroll
    hand: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # End phase: cards chosen to stay in hand
    group: list[str] = field(default_factory=list)
    timeline: list[str] = field(default_factory=list)
    score: int = 0
    passed: bool = False
    out: bool = False  # defeated (the tie procedure, or a concession at a Start phase)
    conceded: bool = False  # passes and never reacts from now on; leaves the map at the next Start


@dataclass
class Pile:
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)


@dataclass
class Run:
    """An effect being resolved step by step (its owner picks each target)."""

    seat: int
    label: str
    steps: list[Step]
    i: int = 0
    done: int = 0  # targets taken by the current "up to" step
    memory: dict = field(default_factory=dict)
    card: str | None = None  # the action card being resolved (discarded, or taken back, at the end)
    take_back: bool = False
    reaction: bool = False


@dataclass
class Motion:
    """Movement under way: `mover`'s standee, steered by `by`, `left` steps to go."""

    mover: int
    by: int
    left: int
    forced: bool = False
    free_controls: int = 0


@dataclass
class Discovery:
    """A tile drawn for an empty space, waiting for its side and rotation."""

    seat: int
    tile: str
    at: str
    toward: str  # the tile its open edge must face
    moving: bool = True


def put(s: InfState, **fields) -> None:
    """Set several fields of the state at once, as its `__setattr__` (plain_setattr) would one by
    one: the rules that run on every action set two or three together."""
    s.__dict__.update(fields)
    s.__pydantic_fields_set__.update(fields)


class InfState(GameState):
    """The whole game. It stays a pydantic model (the contract loads and saves it), so each attribute
    read goes through the model's __getattr__ hook: the few rules that run after every move and read
    several fields (whose decision it is, settling) read them from `s.__dict__` instead."""

    __setattr__ = plain_setattr

    phase: Phase = "world"
    round: int = 0
    order: list[int] = Field(default_factory=list)
    idx: int = 0
    players: list[Player]
    piles: dict[str, Pile] = Field(default_factory=dict)
    stacks: dict[str, list[str]] = Field(default_factory=dict)
    board: dict[str, Placed] = Field(default_factory=dict)
    runs: list[Run] = Field(default_factory=list)  # a stack: the last is resolving
    motion: Motion | None = None
    discovery: Discovery | None = None
    acting: bool = False  # a Main-phase action is resolving (reactions follow it)
    hurt: list[int] = Field(default_factory=list)  # seats whose assets this action destroyed, in order
    destroyed: dict[str, list[str]] = Field(default_factory=dict)  # seat -> cards destroyed this action
    react_queue: list[int] = Field(default_factory=list)
    closing: bool = False  # the action resolved; its reactions are being offered
    end_step: Literal["prepare", "keep"] = "prepare"
    target: int = 50
    max_rounds: int | None = 5
    objectives: list[str] = Field(default_factory=lambda: ["all", "lightbearers", "deva"])
    once: list[str] = Field(default_factory=list)  # objective keys already paid (per round / per tile)
    tiebreak: bool = False
    teams: list[int] | None = None  # team of each seat (None: everyone for themselves)
    last_roll: list[int] = Field(default_factory=list)  # the latest check's dice, for the log and tests

    def at(self, k: str) -> Placed | None:
        return self.board.get(k)

    def standee(self, k: str) -> int | None:
        return next((s for s, p in enumerate(self.players) if p.pos == k), None)

    def allies(self, a: int, b: int) -> bool:
        return a == b or (self.teams is not None and self.teams[a] == self.teams[b])


