"""Infinities moves. Every label is in player words; card names come from the data."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from engine.core import Action, Pass

from .cards import card, catalog

FACE_NAMES = {"power": "Power", "energy": "Energy", "fortitude": "Fortitude", "boost": "Boost", "star": "Star",
              "rift": "Rift"}
Face = Literal["power", "energy", "fortitude", "boost", "star", "rift"]  # the die faces FACE_NAMES names
World = Literal["varra", "genesis"]
DIR_NAMES = ("east", "north-east", "north-west", "west", "south-west", "south-east")



class ChooseWorld(Action):
    type: Literal["choose_world"] = "choose_world"
    world: World

    def label(self) -> str:
        return f"Take a tile of {catalog().worlds[self.world].name}"


class PickLeader(Action):
    type: Literal["pick_leader"] = "pick_leader"
    leader: str

    def label(self) -> str:
        return f"Lead as {catalog().leaders[self.leader].name}"


class PlaceStart(Action):
    type: Literal["place_start"] = "place_start"
    dir: int = Field(ge=0, le=5)
    rot: int = Field(ge=0, le=5)
    control: bool = False

    def label(self) -> str:
        tail = ", control it (1 token)" if self.control else ""
        return f"Place your tile {DIR_NAMES[self.dir]} of the Rift, turned {self.rot}{tail}"

    def group(self) -> str:
        # Six spaces around the Rift, each with its turns: pick the space, then how to turn it.
        return f"Your tile {DIR_NAMES[self.dir]} of the Rift"


class Deploy(Action):
    """Set-up deployment: play a unit (to the group) or prepare any card (to the timeline)."""

    type: Literal["deploy"] = "deploy"
    card: str
    to: Literal["group", "timeline"]
    secret: ClassVar[bool] = True

    def label(self) -> str:
        return f"{'Play' if self.to == 'group' else 'Prepare'} {card(self.card).name}"


class Done(Action):
    type: Literal["done"] = "done"

    def label(self) -> str:
        return "Done"


class Reroll(Action):
    type: Literal["reroll"] = "reroll"
    again: bool

    def label(self) -> str:
        return "Reroll all three" if self.again else "Keep these dice"


class Convert(Action):
    """Boost: set another locked die to any face."""

    type: Literal["convert"] = "convert"
    face: Face
    to: Face

    def label(self) -> str:
        return f"Boost: turn a {FACE_NAMES[self.face]} die to {FACE_NAMES[self.to]}"


class PlayCard(Action):
    """Energy: play a card from hand or timeline."""

    type: Literal["play"] = "play"
    card: str
    empower: bool = False
    secret: ClassVar[bool] = True

    def label(self) -> str:
        return f"Play {card(self.card).name}" + (" (empowered)" if self.empower else "")


class Attack(Action):
    """Power: a Power check against a unit in reach."""

    type: Literal["attack"] = "attack"
    unit: str

    def label(self) -> str:
        c = card(self.unit)
        return f"Attack {c.name} (defense {c.defense})"


class Move(Action):
    """Fortitude: move up to 2 spaces."""

    type: Literal["move"] = "move"

    def label(self) -> str:
        return "Move (up to 2 spaces)"


class LeaderAct(Action):
    type: Literal["leader_act"] = "leader_act"
    which: Literal[1, 2]

    def label(self) -> str:
        return f"Leader action {self.which}"


class UnitAct(Action):
    type: Literal["unit_act"] = "unit_act"
    unit: str
    empower: bool = False

    def label(self) -> str:
        return f"Use {card(self.unit).name}" + (" (empowered)" if self.empower else "")


class Step(Action):
    """One step of movement in a direction (into a tile, or an empty space to discover)."""

    type: Literal["step"] = "step"
    dir: int = Field(ge=0, le=5)
    control: bool = False
    world: World | None = None  # leaving the Rift into an empty space: which stack to draw from

    def label(self) -> str:
        tail = " and control it" if self.control else ""
        stack = f" (draw from {catalog().worlds[self.world].name})" if self.world else ""
        return f"Step {DIR_NAMES[self.dir]}{tail}{stack}"


class Warp(Action):
    """A Fortitude tile's event (or Fortitude level 4): warp to a Boost or Star tile instead of a step."""

    type: Literal["warp"] = "warp"
    to: str
    control: bool = False

    def label(self) -> str:
        return f"Warp to {self.to}" + (" and control it" if self.control else "")


class Place(Action):
    """Discovery: the side and rotation of the drawn tile."""

    type: Literal["place"] = "place"
    side: Literal["a", "b"]
    rot: int = Field(ge=0, le=5)
    control: bool = False

    def label(self) -> str:
        return f"Side {self.side.upper()}, turned {self.rot}" + (", control it (1 token)" if self.control else "")


class Choose(Action):
    """A target for the effect being resolved ("unit:<id>", "tile:q,r", "seat:n", "card:<id>", ...)."""

    type: Literal["choose"] = "choose"
    target: str
    text: str = Field(default="", exclude=True, repr=False)

    @property
    def secret(self) -> bool:  # type: ignore[override]
        """A card target may be in the chooser's hand: offer it only in their private panel."""
        return self.target.startswith("card:")

    def label(self) -> str:
        return self.text or self.target


class React(Action):
    type: Literal["react"] = "react"
    check: bool = False

    def label(self) -> str:
        return "React and roll Fortitude for the bonus" if self.check else "React (1 token)"


class Concede(Action):
    """Give up (rule 37): accepted at any time; the leader then passes and never reacts, and leaves the
    map at the next Start phase."""

    type: Literal["concede"] = "concede"

    def label(self) -> str:
        return "Concede the game"

    def group(self) -> str:
        return "Concede"


InfAction = Annotated[ChooseWorld | PickLeader | PlaceStart | Deploy | Done | Reroll | Convert | PlayCard | Attack
                      | Move | LeaderAct | UnitAct | Step | Warp | Place | Choose | React | Pass | Concede,
                      Field(discriminator="type")]
