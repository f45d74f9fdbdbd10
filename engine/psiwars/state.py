"""Psi Wars game state: everything needed to continue, replay or audit a game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from engine.core import GameState, plain_setattr

Phase = Literal["cu", "build", "equip", "attack", "window", "defend", "cyborg", "matchups", "discard", "over"]
WindowName = Literal["after_attack", "after_defend", "before_roll"]


@dataclass
class Card:
    """One physical card in the game and its marks while in play.

    A plain dataclass (pydantic validates and dumps it inside the state like a model): the rules
    read and set these marks more than anything else, and a dataclass does both about twice as
    fast as a pydantic model, whose attribute hooks Python cannot specialise. (Not slotted:
    pydantic then fills each instance field by field, which makes a state copy 7% dearer.)"""

    iid: str
    card: str  # CardDef id
    owner: int
    depleted: bool = False
    created_turn: int = 0
    disoriented: bool = False
    trapped: bool = False
    used: bool = False  # attacked, defended or used its ability: depleted at end of turn
    equipment: str | None = None  # iid of the Equipment under this Battle Unit
    carrier: str | None = None  # for Equipment: the Battle Unit it is under


@dataclass
class Player:
    name: str
    deck_key: str
    lab_hp: int
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    lab: list[str] = field(default_factory=list)  # CUs, Battle Units and Equipment in play
    placed_cu: bool = False  # Phase 1 placement used this turn


@dataclass
class Matchup:
    attack: list[str]  # attacking Battle Unit iids (1-2)
    defend: list[str] | None = None  # None: not blocked (yet)
    blocked: bool = False
    resolved: bool = False
    skip: list[str] = field(default_factory=list)  # screens a Power removed from this matchup


@dataclass
class Battle:
    matchups: list[Matchup] = field(default_factory=list)
    declared: bool = False  # the attacker finished declaring formations
    to_assign: int = 0  # index of the next attacking formation the defender answers
    cyborg_seat: int | None = None  # whose Cyborgs may act now
    current: int | None = None  # matchup chosen for the next resolution
    first_mental: Literal["cyber", "psionic"] | None = None
    attack_boost: dict[str, int] = field(default_factory=dict)  # formation key -> +Phys attack
    defense_malus: dict[str, int] = field(default_factory=dict)  # unit iid -> -Defense each screen
    withdrawn: list[str] = field(default_factory=list)  # Cyborgs that used their ability


@dataclass
class Window:
    """A Power window (A-18): the active player plays any number, then the other player."""

    name: WindowName
    seat: int
    passes: int = 0


class PsiState(GameState):
    """The rules set `phase` (twice a step), `active`, `window` and `battle` straight in the
    model's `__dict__`: all are among the fields set from setup on (and after any load), so that
    is all the model's setattr would do, at a third of its cost (three reads through pydantic's
    hooks fewer)."""

    __setattr__ = plain_setattr  # every step sets several fields (pending, recent, window)

    game: str = "psiwars"
    lab_hp_start: int = 30
    max_rounds: int = 40
    players: list[Player]
    cards: dict[str, Card]
    first: int = 0
    phase: Phase = "cu"
    window: Window | None = None
    battle: Battle | None = None
    peek: list[str] = Field(default_factory=list)  # Creation Oracle: cards the active player looks at
    hunting: bool = False  # Equipment Hunter search open

    @property
    def round(self) -> int:
        return (self.turn + 1) // 2

    def other(self, seat: int) -> int:
        return 1 - seat
