"""Gods & Clans game state: everything needed to continue, replay or audit a game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from engine.core import GameState, plain_setattr

from .cards import Placement

Pos = tuple[int, int]  # (column 0-8, row 0-11); shown as "C7"
Phase = Literal["setup", "play", "react", "over"]


def coord(pos: Pos) -> str:
    return f"{'ABCDEFGHI'[pos[0]]}{pos[1] + 1}"


def parse_coord(text: str) -> Pos | None:
    found = TILES.get(text)
    if found is not None:  # every move names its tile in this form: one lookup, not a parse
        return found
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in "ABCDEFGHI" or not text[1:].isdigit():
        return None
    return "ABCDEFGHI".index(text[0]), int(text[1:]) - 1


TILES = {coord((x, y)): (x, y) for x in range(9) for y in range(16)}  # "C7" -> tile, fields up to 16 rows


def dist(a: Pos, b: Pos) -> int:
    """Steps between two tiles, diagonals included (the ring distance)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


# The records inside the state are plain dataclasses, not pydantic models: the legal-move lists
# read every unit's fields on every step, and a BaseModel's attribute access goes through its
# hooks (several times slower). Pydantic still validates them wherever the state is loaded (they
# are fields of ClansState) and dumps them to the same JSON.


@dataclass
class Unit:
    """An ally on the field (the God included)."""

    iid: str
    card: str
    owner: int
    pos: Pos
    hp: int
    equipment: str | None = None  # card id
    statuses: list[Literal["break", "poison"]] = field(default_factory=list)
    status_by: dict[str, int] = field(default_factory=dict)  # status -> seat that inflicted it (gets tick EXP)
    summoned_turn: int = 0
    act: Literal["fresh", "moved", "done"] = "fresh"
    ot_used: bool = False
    shield: int = 0  # damage reduction until its owner's next turn
    mods_turn: dict[str, int] = field(default_factory=dict)  # until end of turn
    mods_act: dict[str, int] = field(default_factory=dict)  # until its activation ends


@dataclass
class Player:
    name: str
    deck_key: str
    sp: int = 0
    exp: int = 0
    exp_gained: int = 0
    unused: list[str] = field(default_factory=list)  # card ids still face down (hidden)
    used: list[str] = field(default_factory=list)  # card ids played, public
    homebase: Pos | None = None
    terrain: list[str] = field(default_factory=list)  # rules of cast Terrain Effects
    assimilated: bool = False
    out: bool = False  # 2-vs-2: this player's God has fallen; the team-mate plays on


@dataclass
class PendingAttack:
    """An attack declared and waiting for the defender's (OT) answers (A-22)."""

    attacker: str
    target: str
    ability: str | None = None
    atk_bonus: int = 0
    status: Literal["break", "poison"] | None = None
    heal_self: int = 0
    self_damage: int = 0
    splash: bool = False
    reduce: int = 0
    no_status: bool = False
    wards: list[str] = field(default_factory=list)  # names of the (OT) wards used against it


class ClansState(GameState):
    __setattr__ = plain_setattr  # every step sets several fields (current, phase, turn, active)

    game: str = "clans"
    max_rounds: int = 40
    sp_per_turn: int = 4
    handicap: bool = False  # the lobby's first player handicap (ClansConfig)
    field: list[str]  # 12 rows of 9 tile letters
    players: list[Player]
    units: dict[str, Unit] = Field(default_factory=dict)
    first: int = 0
    active: int = 0
    phase: Phase = "setup"
    current: str | None = None  # the ally whose activation is open
    attack: PendingAttack | None = None
    next_iid: int = 1
    setup_mode: Literal["choose", "auto"] = "auto"
    maps: list[Placement] = Field(default_factory=list)  # battlemaps laid so far (set-up choices)
    drafted: int | None = None  # the battlemap taken and waiting to be laid

    @property
    def round(self) -> int:
        return (self.turn - 1) // len(self.players) + 1

    def foes(self, a: int, b: int) -> bool:
        """Seats on different teams (2-vs-2: seats 0 and 2 against 1 and 3; 1-vs-1: the two seats)."""
        return a % 2 != b % 2

    def tile(self, pos: Pos) -> str:
        return self.field[pos[1]][pos[0]]

    def unit_at(self, pos: Pos) -> Unit | None:
        for u in self.units.values():
            if u.pos == pos:
                return u
        return None
