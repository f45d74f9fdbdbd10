"""Resonance game state: units on the table, players' mats, the shared decks and any attack in progress.

Card instance ids are card ids (`M07-4`): the Main Deck holds ten different modules, so each card is
unique. Player units are `P<seat>`, Echo tokens `E<n>`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field, model_validator

from engine.core import Decision, GameState, plain_setattr

from .kinds import prompt_fields

Phase = Literal["draft", "codex", "play", "over"]

# The records inside the state are plain dataclasses, not pydantic models: the rules read and set
# their fields many times a move, and a dataclass does both several times faster than a model,
# whose attribute hooks Python cannot specialise. pydantic still validates and dumps them inside
# the state, so saved JSON and loading are unchanged. (Not slotted, as in Psi Wars: pydantic then
# fills each instance's fields at once when it loads or copies a state.)


@dataclass
class Unit:
    uid: str
    owner: int
    kind: Literal["player", "animation", "echo"]
    card: str | None = None  # card id for an Animation
    damage: int = 0
    spent: bool = False  # Animations only; a Player is spent at 2 tokens
    suppressed: bool = False
    tags: list[str] = field(default_factory=list)  # tag names without " Tag", at most one each
    locked: dict[str, int] = field(default_factory=dict)  # Lingering: tag -> turn number it unlocks after
    items: list[str] = field(default_factory=list)  # equipped Item card ids
    no_ready: bool = False  # Impact lock: skips its controller's next Ready Phase
    readied_turn: int = -1  # the turn it was last readied outside the Ready Phase
    survivor_used: bool = False
    suppressed_turn: int = -1  # the turn a Player became Suppressed (A-27 auto-recovery)
    bane: int | None = None  # chosen colour for Bane
    eidetic: list[str] = field(default_factory=list)  # targets already attacked with Eidetic
    leader: int = 0  # Leader: +Power until its controller's next turn
    acrobatic: bool = False  # untargetable by attacks until its controller's next turn


@dataclass
class Player:
    seat: int
    name: str
    en: int = 10
    base_focus: int = 1
    karma: int = 0
    karma_turn: int = -1  # last turn Karma was gained (Font)
    tokens: int = 0  # Player Spent Tokens
    hand: list[str] = field(default_factory=list)
    codex_deck: list[str] = field(default_factory=list)
    active_codex: list[str] = field(default_factory=list)
    primary: int | None = None
    secondaries: list[int] = field(default_factory=list)
    codex_dropped: list[str] = field(default_factory=list)
    immunized: list[str] = field(default_factory=list)  # tag names chosen for Immunized
    modules: list[int] = field(default_factory=list)  # drafted modules
    alive: bool = True


class Ask(Decision):
    """A prompt in the core queue (`asks`) with the answers it offers, fixed when it is asked."""

    options: list[tuple[str, str]] = Field(default_factory=list)  # (option id, label)


@dataclass
class Combat:
    """An Attack, Critical Strike or Support in progress (design notes §1.4 pipeline)."""

    seat: int
    action: Literal["attack", "cs", "support"]
    actor: str
    source: str  # Channel: the unit whose Focus and keywords resolve the action
    targets: list[str]
    stage: str = "augment"
    ti: int = 0
    innate: list[str] = field(default_factory=list)
    aug: list[str] = field(default_factory=list)  # augmented keywords counted against Focus
    free: list[str] = field(default_factory=list)  # Imbue, Improvisor, Augment Tag and innate choices
    params: dict[str, str] = field(default_factory=dict)
    fuel: list[str] = field(default_factory=list)
    ev: int = 0
    ev_parts: list[str] = field(default_factory=list)
    reactive: dict[str, int] = field(default_factory=dict)
    cancelled: bool = False
    # per target, reset between targets (Multiply) and repeats (Rapid)
    rv: int = 0
    rv_parts: list[str] = field(default_factory=list)
    rv_discarded: bool = False
    no_def_cards: bool = False
    hit: bool = False
    dealt: int = 0
    raw: int = 0
    redirected: bool = False
    destroyed_target: bool = False
    any_damage: bool = False
    repeats: int = 0

    def __post_init__(self) -> None:
        # `kws`: every keyword in use, innate then augmented then free, kept as one tuple (not a
        # field: it is made of the three lists). The pipeline reads it several times a step, and it
        # changes only through `add`; pydantic calls this again when it loads or copies a state.
        self.kws: tuple[str, ...] = (*self.innate, *self.aug, *self.free)

    def add(self, part: Literal["innate", "aug", "free"], codes: Sequence[str]) -> None:
        """Put keywords in use, in `innate`, `aug` or `free`: the one way they are added, so `kws` follows."""
        getattr(self, part).extend(codes)
        self.kws = (*self.innate, *self.aug, *self.free)

    @property
    def target(self) -> str | None:
        return self.targets[self.ti] if self.ti < len(self.targets) else None


class ResState(GameState):
    __setattr__ = plain_setattr  # the rules set several of its fields every move

    game: str = "resonance"
    phase: Phase = "draft"
    max_rounds: int = 60
    handicap: bool = False  # the lobby's first player handicap (ResConfig)
    players: list[Player]
    units: dict[str, Unit] = Field(default_factory=dict)
    main_deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)  # Echo tokens that left the game
    pool: list[int] = Field(default_factory=list)  # modules still in the draft pool
    draft_order: list[int] = Field(default_factory=list)  # seats still to pick, in order
    first: int = 0
    round: int = 1
    first_turn: bool = True
    asks: list[Ask] = Field(default_factory=list)  # the core prompt queue, with each prompt's answers
    combat: Combat | None = None
    echo_count: int = 0
    seen: dict[str, list[str]] = Field(default_factory=dict)  # seat -> cards shown to it (Sentry, Brawler)
    held: str | None = None  # a unit whose Blight marker waits for its Survivor answer
    slow_kept: list[str] = Field(default_factory=list)  # Ready Phase: Slow Tags the player chose to keep

    @model_validator(mode="before")
    @classmethod
    def _one_queue(cls, data):
        """Snapshots saved before contract v2 kept the open prompt in `ask` and the rest in `queue`."""
        if isinstance(data, dict) and ("ask" in data or "queue" in data):
            data = dict(data)
            old = [a for a in [data.pop("ask", None), *(data.pop("queue", None) or [])] if a]
            active = data.get("active", 0)
            old = [{**prompt_fields(a["kind"], a["seat"], active, a.get("private", False), a["options"]), **a}
                   for a in old]
            data["asks"] = old + list(data.get("asks") or [])
        return data

    @property
    def ask(self) -> Ask | None:
        """The open prompt: the first in the queue."""
        return self.asks[0] if self.asks else None

    def unit(self, uid: str) -> Unit:
        return self.units[uid]

    def player_uid(self, seat: int) -> str:
        return f"P{seat}"

    def order_from(self, seat: int) -> list[int]:
        n = len(self.players)
        return [(seat + i) % n for i in range(n)]
