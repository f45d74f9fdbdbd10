"""Grand Saga Futura game state: every player's deck, hand, sigil bay, acolytes and districts, the
communal pools, and the engagement in progress.

Deck cards are instances (`c<n>`) of a card id and remember whose deck they came from, because a
claimed card that is later discarded goes back to its first owner's discard pile (rule 42a).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from engine.core import GameState, plain_setattr

from .cards import CLASSES, DEITIES, catalog

Loc = Literal["bench", "bay"]

CLASS_BONUS = {"Base": 0, "Recon": 2, "Adept": 3, "Heavy": 4}  # rule 26
CLASS_DIE = {"Base": "d6", "Recon": "d8", "Adept": "d10", "Heavy": "d12"}  # rule 22
MOVE_COST = {"Base": 1, "Recon": 1, "Adept": 2, "Heavy": 2}  # rule 15
RANK_VP = {"Base": 0, "Recon": 2, "Adept": 4, "Heavy": 6}  # rule 48
STATION_DIE = {1: "d8", 2: "d10", 3: "d12", 4: "d12+d4"}  # rule 22
STATION_AP_ADD = {1: 10, 2: 20, 3: 30, 4: 40}  # rule 4 and rule 11
STATION_DAM_ADD = {1: 0, 2: 10, 3: 12, 4: 16}  # A7
CREATURE_MAX = {1: 3, 2: 5, 3: 7, 4: 10}  # rule 14
STATION_NAMES = {1: "Recon Station", 2: "Stronghold", 3: "Temple", 4: "Fortress"}  # A6


def beats(a: str | None, b: str | None) -> bool:
    """Rule 23: Paladin > Primal > Strategist > Puritan > Emperor > Paladin; any sigil beats none."""
    if a is None:
        return False
    if b is None:
        return True
    return DEITIES[(DEITIES.index(a) + 1) % 5] == b


def class_index(cls: str) -> int:
    return _RANK[cls]


_RANK = {c: i for i, c in enumerate(CLASSES)}  # class -> its place, Base first


# The records inside the state are plain dataclasses, not pydantic models: the rules and the
# legal-move listings read their fields many times a step, and a BaseModel's attribute hooks keep
# Python from specialising those reads (several times slower). Pydantic still validates them when
# a state is loaded (they are fields of FuturaState) and dumps them to the same JSON. Keyword-only,
# as the models were, so the fields keep the book's order whatever has a default.


@dataclass(kw_only=True)
class Card:
    """One physical card of a deck."""

    uid: str
    cid: str
    owner: int  # whose deck it came from (its discard pile)
    ap: int = 0  # AP left on armour, AP items and abilities, creatures
    broken: bool = False
    paid: bool = False  # its equip cost was paid once: moving it costs half (rule 9)
    revealed: bool = False  # public since its acolyte or station first fought (A36)
    known: list[int] = field(default_factory=list)  # seats shown it privately (Informant, a trade offer)


@dataclass(kw_only=True)
class Acolyte:
    uid: str
    cid: str
    base_ap: int
    max_class: str = "Base"
    climbed_turn: int = -1  # the turn max_class last rose (at most one step a turn, rule 10)
    armour: str | None = None
    sabers: list[str] = field(default_factory=list)  # first = primary saber
    items: list[str] = field(default_factory=list)
    abilities: list[str] = field(default_factory=list)
    loc: Loc = "bench"
    attacked_turn: int = -1  # rule 33: a primary attacks once a turn
    support_turn: int = -1
    support_uses: int = 0
    ability_cycle: int = 0  # the cycle its inherent ability was last used (A10)

    def gear(self) -> list[str]:
        if self.armour:
            return [self.armour, *self.sabers, *self.items, *self.abilities]
        return [*self.sabers, *self.items, *self.abilities]


@dataclass(kw_only=True)
class Station:
    card: str  # station card id (cosmetic)
    level: int = 1
    ap: int
    dam: int
    slots: list[str] = field(default_factory=list)  # stored card uids (rule 13)
    creatures: list[str] = field(default_factory=list)  # equipped creature uids (rule 14)
    built_cycle: int = 0
    upgraded_turn: int = -1


@dataclass(kw_only=True)
class Holding:
    """A district a player controls; face down until its new owner's next turn (rule 41)."""

    did: str
    face_down: bool = False
    station: Station | None = None
    used_cycle: int = 0  # district ability, once per cycle (rule 31)


@dataclass(kw_only=True)
class Player:
    seat: int
    name: str
    deck_key: str
    energy: int = 0
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    sigils: list[str] = field(default_factory=list)  # the sigil bay, oldest first (rule 24)
    acolytes: list[Acolyte] = field(default_factory=list)
    holdings: list[Holding] = field(default_factory=list)
    out: bool = False
    recalled_turn: int = -1
    vouchers: int = 0  # Loot & Plunder: free upgrades (A19)
    voucher_cycle: int = 0  # vouchers won in this cycle wait for the next one


@dataclass(kw_only=True)
class Claim:
    """Cards won in an engagement, waiting for their claimant's choice (rule 42a)."""

    seat: int
    cards: list[str]
    winner: str | None = None  # the winning acolyte, who may equip them


@dataclass(kw_only=True)
class Strike:
    """What one side will deal in the exchange being resolved."""

    hits: bool = False
    dam: int = 0  # the plain DAM of the striking units (before sigil bonuses)
    override: int | None = None  # ability damage replaces DAM (rule 37)
    sunder: bool = False  # armour only
    evaded: bool = False
    bonus_ok: bool = True  # the saber-sigil bonus still applies


@dataclass(kw_only=True)
class Engagement:
    kind: Literal["assault", "ambush"]
    attacker: int
    defender: int
    primary: str
    support: str | None = None
    district: str | None = None  # assault target
    target: str | None = None  # ambush target acolyte
    ensigil: str | None = None  # the attacker's spent sigil deity (rule 25)
    def_ensigil: str | None = None  # the defender's: creature ensigil or the ambushed acolyte's
    def_ensigil_creature: str | None = None
    exchange: int = 0
    stage: Literal["open", "strikes", "between"] = "open"
    rolls: dict[str, int] = field(default_factory=dict)
    att: Strike = field(default_factory=Strike)
    dfn: Strike = field(default_factory=Strike)
    layers: dict[str, int] = field(default_factory=dict)  # temporary AP layers (Shield Wall) by acolyte uid
    dots: list[dict] = field(default_factory=list)  # damage over time: {"on": side, "amount", "left", "armour"}
    stasis: list[str] = field(default_factory=list)  # sides that lose the next exchange
    used: list[str] = field(default_factory=list)  # once-per-engagement sources already used
    droid_roll: int = 0
    guard: str | None = None  # a benched acolyte summoned to the defence: fights before the creatures
    possessed: dict[str, int] = field(default_factory=dict)  # unit uid -> exchanges it fights for the other side
    backfire: dict[str, int] = field(default_factory=dict)  # side -> damage its own possessed unit deals it
    inspire: int = 0  # DAM the support's Inspire adds to the primary's strikes


@dataclass(kw_only=True)
class Trade:
    """A card offered from one hand to another player for energy, waiting for their answer (rule 12)."""

    seat: int
    to: int
    card: str
    price: int


class FuturaState(GameState):
    __setattr__ = plain_setattr  # moves set several of its fields a step

    game: str = "futura"
    players: list[Player]
    first: int = 0
    cycle: int = 1
    cycles: int = 5
    handicap: bool = False  # the lobby's first player handicap (FuturaConfig)
    acolyte_pool: list[str] = Field(default_factory=list)
    district_pool: list[str] = Field(default_factory=list)
    in_game: list[str] = Field(default_factory=list)  # districts dealt and not yet gone (A2)
    cards: dict[str, Card] = Field(default_factory=dict)
    next_uid: int = 1
    assaulted: bool = False  # the turn's first assault was declared (A37)
    fight: Engagement | None = None
    claims: list[Claim] = Field(default_factory=list)
    populous: list[int] = Field(default_factory=list)  # seats whose Populous runs this cycle
    trade: Trade | None = None
    offered: list[int] = Field(default_factory=list)  # seats the active player offered a trade this turn

    def card(self, uid: str):
        return catalog().cards[self.cards[uid].cid]

    def acolyte(self, uid: str) -> tuple[Player, Acolyte]:
        for p in self.players:
            for a in p.acolytes:
                if a.uid == uid:
                    return p, a
        raise KeyError(uid)

    def holding(self, did: str) -> tuple[Player, Holding]:
        for p in self.players:
            for h in p.holdings:
                if h.did == did:
                    return p, h
        raise KeyError(did)

    def new_uid(self, prefix: str) -> str:
        n = self.next_uid
        self.next_uid = n + 1
        return f"{prefix}{n}"

    def living(self) -> list[int]:
        return [p.seat for p in self.players if not p.out]
