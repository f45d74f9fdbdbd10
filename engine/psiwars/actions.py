"""Psi Wars moves. Labels name units with their tag (e.g. "Gene-Hound [A07]") so copies differ."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from engine.core import Action, Pass  # the shared pass (type "pass"), used in windows and the Cyborg Phase

from .cards import LIGHT_NAMES, catalog

PHASE_NAMES = {"cu": "Creation Units", "build": "Build Phase", "equip": "Equip Phase", "attack": "attack declaration"}


def card_name(card_id: str) -> str:
    return _card_names()[card_id]


@lru_cache(maxsize=1)
def _card_names() -> dict[str, str]:
    """Card id -> name: asked for the card drawn every turn and for labels, without reading two
    pydantic models each time."""
    return {card_id: card.name for card_id, card in catalog().cards.items()}


def pay_text(pay_any: tuple[str, ...]) -> str:
    return " + ".join(k.upper() for k in pay_any)


class PlaceCU(Action):
    type: Literal["place_cu"] = "place_cu"
    kind: Literal["ds", "ng", "ba", "ma"]
    secret: ClassVar[bool] = True

    def label(self) -> str:
        return f"Place a {LIGHT_NAMES[self.kind]} Creation Unit"

    def group(self) -> str:
        return "Creation Units"


class Done(Action):
    """Finish the current step of your turn (a phase, or declaring attackers)."""

    type: Literal["done"] = "done"
    phase: Literal["cu", "build", "equip", "attack"]

    def label(self) -> str:
        if self.phase == "attack":
            return "Done declaring attackers"
        return f"End {PHASE_NAMES[self.phase]}"

    def group(self) -> str:
        return "Turn"


class Build(Action):
    type: Literal["build"] = "build"
    card: str  # card id in hand
    pay_any: tuple[str, ...] = ()  # kinds of Creation Unit spent on the white "any" lights
    secret: ClassVar[bool] = True

    def label(self) -> str:
        cost = catalog().cards[self.card].cost.short()
        extra = f", Any paid with {pay_text(self.pay_any)}" if self.pay_any else ""
        return f"Build {card_name(self.card)} ({cost}{extra})"

    def group(self) -> str:
        return "Build"


class PlayPower(Action):
    type: Literal["play_power"] = "play_power"
    card: str
    pay_any: tuple[str, ...] = ()
    target: str | None = None  # a Battle Unit iid
    matchup: int | None = None  # a matchup index
    side: Literal["attack", "defend"] | None = None  # which formation of the matchup
    target_name: str = Field(default="", exclude=True, repr=False)  # label only
    secret: ClassVar[bool] = True

    def label(self) -> str:
        text = f"Play {card_name(self.card)}"
        if self.target_name:
            text += f" on {self.target_name}"
        elif self.matchup is not None:
            text += f" on matchup {self.matchup + 1}"
        if self.pay_any:
            text += f" (Any paid with {pay_text(self.pay_any)})"
        return text

    def group(self) -> str:
        return "Powers"


class Equip(Action):
    type: Literal["equip"] = "equip"
    equipment: str
    unit: str
    names: str = Field(default="", exclude=True, repr=False)

    def label(self) -> str:
        return f"Equip {self.names}" if self.names else f"Equip {self.equipment} to {self.unit}"

    def group(self) -> str:
        return "Equip"


class Attack(Action):
    type: Literal["attack"] = "attack"
    units: tuple[str, ...]
    names: str = Field(default="", exclude=True, repr=False)

    def label(self) -> str:
        return f"Attack with {self.names or ' + '.join(self.units)}"

    def group(self) -> str:
        return "Attack"


class Block(Action):
    type: Literal["block"] = "block"
    matchup: int
    units: tuple[str, ...] = ()  # empty: let this formation through to the lab
    names: str = Field(default="", exclude=True, repr=False)

    def label(self) -> str:
        if not self.units:
            return f"Let formation {self.matchup + 1} through (your lab takes its Physical Attack)"
        return f"Block with {self.names or ' + '.join(self.units)}"  # its group names the formation

    def group(self) -> str:
        return f"Defend formation {self.matchup + 1}"


class UseAbility(Action):
    type: Literal["use_ability"] = "use_ability"
    unit: str
    target: str | None = None
    names: str = Field(default="", exclude=True, repr=False)

    def label(self) -> str:
        return self.names or f"Use the ability of {self.unit}"

    def group(self) -> str:
        return "Cyborg abilities"


class Resolve(Action):
    type: Literal["resolve"] = "resolve"
    matchup: int
    first: Literal["cyber", "psionic"] | None = None

    def label(self) -> str:
        order = f", {self.first.capitalize()} first" if self.first else ""
        return f"Fight matchup {self.matchup + 1}{order}"

    def group(self) -> str:
        return "Battle"


class OracleTake(Action):
    type: Literal["oracle_take"] = "oracle_take"
    card: str | None = None  # an iid among the revealed cards, or None to take nothing
    name: str = Field(default="", exclude=True, repr=False)
    secret: ClassVar[bool] = True

    def label(self) -> str:
        if self.card is None:
            return "Take no Creation Unit"
        return f"Put {self.name or self.card} into your lab"

    def group(self) -> str:
        return "Creation Oracle"


class HunterTake(Action):
    type: Literal["hunter_take"] = "hunter_take"
    card: str | None = None  # card id of an Equipment in the deck
    secret: ClassVar[bool] = True

    def label(self) -> str:
        return f"Take {card_name(self.card)}" if self.card else "No Equipment to take"

    def group(self) -> str:
        return "Equipment Hunter"


class Discard(Action):
    type: Literal["discard"] = "discard"
    card: str  # card id in hand
    secret: ClassVar[bool] = True

    def label(self) -> str:
        return f"Discard {card_name(self.card)}"

    def group(self) -> str:
        return "Hand limit"


PsiAction = Annotated[
    PlaceCU | Done | Build | PlayPower | Equip | Attack | Block | UseAbility | Resolve | Pass
    | OracleTake | HunterTake | Discard,
    Field(discriminator="type"),
]
