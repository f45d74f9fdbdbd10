"""Grand Saga Futura moves. Each carries `text`, a label in player words filled in when the move is
offered (card and acolyte names); it is excluded from the move's identity."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from engine.core import Action, EndTurn, Pass


class FAction(Action):
    text: str = Field(default="", exclude=True, repr=False)
    menu: ClassVar[str] = "Turn"

    def label(self) -> str:
        return self.text or super().label()

    def group(self) -> str:
        return self.menu


class Equip(FAction):
    """Rule 9: pay the card's level (half if it was paid before) to put it on a benched acolyte."""

    type: Literal["equip"] = "equip"
    card: str
    acolyte: str
    secret: ClassVar[bool] = True
    menu: ClassVar[str] = "Equip"


class Unequip(FAction):
    """A30: take a card off a benched acolyte into the hand, free."""

    type: Literal["unequip"] = "unequip"
    card: str
    menu: ClassVar[str] = "Equip"


class Sell(FAction):
    type: Literal["sell"] = "sell"
    card: str
    secret: ClassVar[bool] = True
    menu: ClassVar[str] = "Sell"


class Store(FAction):
    """Rule 13: put a card from the hand in a free slot of one of your stations, or move it there."""

    type: Literal["store"] = "store"
    card: str
    district: str
    secret: ClassVar[bool] = True
    menu: ClassVar[str] = "Stations"


class Retrieve(FAction):
    type: Literal["retrieve"] = "retrieve"
    card: str
    secret: ClassVar[bool] = True
    menu: ClassVar[str] = "Stations"


class EquipCreature(FAction):
    type: Literal["equip_creature"] = "equip_creature"
    card: str
    district: str
    secret: ClassVar[bool] = True
    menu: ClassVar[str] = "Stations"


class Build(FAction):
    type: Literal["build"] = "build"
    district: str
    menu: ClassVar[str] = "Stations"


class Upgrade(FAction):
    type: Literal["upgrade"] = "upgrade"
    district: str
    voucher: bool = False
    menu: ClassVar[str] = "Stations"


class Repair(FAction):
    type: Literal["repair"] = "repair"
    acolyte: str
    menu: ClassVar[str] = "Equip"


class ToBay(FAction):
    type: Literal["to_bay"] = "to_bay"
    acolyte: str
    menu: ClassVar[str] = "Assault"


class Recall(FAction):
    type: Literal["recall"] = "recall"
    acolytes: list[str]
    menu: ClassVar[str] = "Assault"


class DropSigil(FAction):
    """A38: discard the oldest sigil of your bay on your own turn."""

    type: Literal["drop_sigil"] = "drop_sigil"
    menu: ClassVar[str] = "Sigils"


class Assault(FAction):
    type: Literal["assault"] = "assault"
    primary: str
    support: str | None = None
    district: str
    ensigil: bool = False
    menu: ClassVar[str] = "Assault"


class Ambush(FAction):
    """Rule 44: play an Ambush card to attack an enemy acolyte left in its owner's bay."""

    type: Literal["ambush"] = "ambush"
    card: str
    primary: str
    support: str | None = None
    target: str
    ensigil: bool = False
    secret: ClassVar[bool] = True
    menu: ClassVar[str] = "Assault"


class Fight(FAction):
    """Between exchanges: roll the next one (rule 40)."""

    type: Literal["fight"] = "fight"
    menu: ClassVar[str] = "Engagement"


class Yield(FAction):
    type: Literal["yield"] = "yield"
    menu: ClassVar[str] = "Engagement"


class Play(FAction):
    """Use an effect in an engagement: a card, an acolyte's or a creature's ability.

    `source` is a card uid or an acolyte uid; `pay` is how it is triggered (rule 29)."""

    type: Literal["play"] = "play"
    source: str
    tier: int = 1
    pay: Literal["free", "energy", "sigil", "overcharge"] = "free"
    menu: ClassVar[str] = "Engagement"


class Ensigil(FAction):
    """Rule 25: spend the oldest sigil on the creature that fights first (defender)."""

    type: Literal["ensigil"] = "ensigil"
    menu: ClassVar[str] = "Engagement"


class ClaimCard(FAction):
    """Rule 42a: place one claimed card (equip on an acolyte, store, sell, hand, or let it go)."""

    type: Literal["claim"] = "claim"
    card: str
    how: Literal["equip", "store", "sell", "hand", "discard"]
    where: str | None = None  # acolyte uid (equip) or district id (store)
    menu: ClassVar[str] = "Claim"


class Scout(FAction):
    """Informant: see what one enemy station holds in its slots (`source`: a card or a district)."""

    type: Literal["scout"] = "scout"
    source: str
    district: str
    menu: ClassVar[str] = "Scout"


class Warp(FAction):
    """Warp: swap an acolyte of the Assault bay (`out`) with a benched one (`into`), at no cost."""

    type: Literal["warp"] = "warp"
    source: str
    out: str
    into: str
    menu: ClassVar[str] = "Assault"


class Summon(FAction):
    """Summon: call a benched acolyte into the engagement (the attacker's support, or the station's defence)."""

    type: Literal["summon"] = "summon"
    source: str
    acolyte: str
    menu: ClassVar[str] = "Engagement"


class Crystal(FAction):
    """Crystal Production's check failed: the defender drives the attacker off or possesses the primary."""

    type: Literal["crystal"] = "crystal"
    choice: Literal["drive", "possess"]
    menu: ClassVar[str] = "Engagement"


class Offer(FAction):
    """Rule 12: offer a card from your hand to another player for `price` energy; they must agree."""

    type: Literal["offer"] = "offer"
    card: str
    to: int
    price: int
    secret: ClassVar[bool] = True
    menu: ClassVar[str] = "Trade"


class Accept(FAction):
    type: Literal["accept"] = "accept"
    menu: ClassVar[str] = "Trade"


class Discard(FAction):
    """Rule 7: over five cards at the start of the turn, the player picks what goes."""

    type: Literal["discard"] = "discard"
    card: str
    secret: ClassVar[bool] = True
    menu: ClassVar[str] = "Hand"


FuturaAction = Annotated[
    Equip | Unequip | Sell | Store | Retrieve | EquipCreature | Build | Upgrade | Repair | ToBay | Recall
    | DropSigil | Assault | Ambush | Fight | Yield | Play | Ensigil | ClaimCard | Scout | Warp | Summon | Crystal
    | Offer | Accept | Discard | EndTurn | Pass,
    Field(discriminator="type"),
]
