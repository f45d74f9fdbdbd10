"""Gods & Clans moves. Labels name tiles by column letter and row number ("C7")."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from engine.core import Action, EndTurn, Pass  # the shared end of a turn, and the shared "no ward"

from .cards import catalog


def card_name(card_id: str) -> str:
    return catalog().cards[card_id].name


class DraftMap(Action):
    """Take a battlemap for your side; the next choice lays it (face and rotation)."""

    type: Literal["draft_map"] = "draft_map"
    piece: int
    faces: str = Field(default="", exclude=True, repr=False)

    def label(self) -> str:
        return f"Battlemap {self.piece}" + (f": {self.faces}" if self.faces else "")

    def group(self) -> str:
        return "Set-up"


class PlaceMap(Action):
    type: Literal["place_map"] = "place_map"
    piece: int
    face: Literal["A", "B"]
    rotation: Literal[0, 90, 180, 270] = 0
    rows: str = Field(default="", exclude=True, repr=False)

    def label(self) -> str:
        turn = f" turned {self.rotation}°" if self.rotation else ""
        return f"Battlemap {self.piece} face {self.face}{turn}" + (f": {self.rows}" if self.rows else "")

    def group(self) -> str:
        return "Set-up"


class PlaceHomebase(Action):
    type: Literal["place_homebase"] = "place_homebase"
    tile: str

    def label(self) -> str:
        return f"Homebase on {self.tile}"

    def group(self) -> str:
        # A half of the field is up to 54 squares: pick the row, then the square (no pages).
        return f"Homebase in row {self.tile[1:]}"


class PlaceGod(Action):
    type: Literal["place_god"] = "place_god"
    tile: str

    def label(self) -> str:
        return f"God on {self.tile}"

    def group(self) -> str:
        return "Set-up"


class Summon(Action):
    type: Literal["summon"] = "summon"
    card: str
    tile: str
    secret: ClassVar[bool] = True

    def label(self) -> str:
        c = catalog().cards[self.card]
        return f"Summon {c.name} ({c.sp} SP) on {self.tile}"

    def group(self) -> str:
        # One menu per unit, holding only its squares: pick the unit, then the square.
        c = catalog().cards[self.card]
        return f"Summon {c.name} ({c.sp} SP)"


class Move(Action):
    type: Literal["move"] = "move"
    unit: str
    to: str
    names: str = Field(default="", exclude=True, repr=False)
    unit_label: str = Field(default="", exclude=True, repr=False)  # the menu: one per unit

    def label(self) -> str:
        return f"Move {self.names or self.unit} to {self.to}"

    def group(self) -> str:
        return self.unit_label or "Move"


class Attack(Action):
    type: Literal["attack"] = "attack"
    unit: str
    target: str
    names: str = Field(default="", exclude=True, repr=False)
    unit_label: str = Field(default="", exclude=True, repr=False)  # the menu: one per unit

    def label(self) -> str:
        return self.names or f"{self.unit} attacks {self.target}"

    def group(self) -> str:
        return self.unit_label or "Attack"


class UseAbility(Action):
    type: Literal["ability"] = "ability"
    unit: str
    ability: int  # index into the ally's two abilities
    target: str | None = None  # a unit iid
    names: str = Field(default="", exclude=True, repr=False)
    unit_label: str = Field(default="", exclude=True, repr=False)  # the menu: one per unit

    def label(self) -> str:
        return self.names or f"{self.unit} uses ability {self.ability + 1}"

    def group(self) -> str:
        return self.unit_label or "Abilities"


class Equip(Action):
    type: Literal["equip"] = "equip"
    card: str
    unit: str
    names: str = Field(default="", exclude=True, repr=False)
    secret: ClassVar[bool] = True

    def label(self) -> str:
        return f"Equip {card_name(self.card)} to {self.names or self.unit}"

    def group(self) -> str:
        return "Equipment"


class Assimilate(Action):
    type: Literal["assimilate"] = "assimilate"
    card: str
    secret: ClassVar[bool] = True

    def label(self) -> str:
        c = catalog().cards[self.card]
        return f"Assimilate {c.name} (+{c.assimilate_sp} SP)"

    def group(self) -> str:
        return "Equipment"


class UseItem(Action):
    type: Literal["item"] = "item"
    card: str
    target: str
    names: str = Field(default="", exclude=True, repr=False)
    secret: ClassVar[bool] = True

    def label(self) -> str:
        return f"Use {card_name(self.card)} on {self.names or self.target}"

    def group(self) -> str:
        return "Items"


class CastArt(Action):
    type: Literal["art"] = "art"
    card: str
    target: str
    allies: tuple[str, ...]
    names: str = Field(default="", exclude=True, repr=False)
    secret: ClassVar[bool] = True

    def label(self) -> str:
        return f"Cast {card_name(self.card)} on {self.names or self.target}"

    def group(self) -> str:
        return "Runic Arts"


class CastTerrain(Action):
    type: Literal["terrain"] = "terrain"
    card: str
    secret: ClassVar[bool] = True

    def label(self) -> str:
        return f"Cast {card_name(self.card)}"

    def group(self) -> str:
        return "Terrain"


class React(Action):
    type: Literal["react"] = "react"
    unit: str
    ability: int
    names: str = Field(default="", exclude=True, repr=False)

    def label(self) -> str:
        return self.names or f"{self.unit} reacts"

    def group(self) -> str:
        return "Reaction"


ClansAction = Annotated[
    DraftMap | PlaceMap | PlaceHomebase | PlaceGod | Summon | Move | Attack | UseAbility | Equip | Assimilate | UseItem | CastArt
    | CastTerrain | React | Pass | EndTurn,
    Field(discriminator="type"),
]
