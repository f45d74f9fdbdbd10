"""Planned deep copies (engine/core/copying.py): equal, independent, and true to each value's class.
Every game's own states are checked along random games by the contract test."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, PrivateAttr

from engine.core.copying import deep_copy


class Colour(enum.Enum):
    RED = "red"


@dataclass
class Piece:
    name: str
    tags: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Frozen:
    marks: list[int]


@dataclass(slots=True)
class Slotted:
    seen: list[int]
    note: str = ""


class Legacy:
    """Neither a model nor a dataclass: copied by copy.deepcopy."""

    def __init__(self) -> None:
        self.items = [1, 2]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Legacy) and other.items == self.items


class Prompt(BaseModel):
    seat: int
    lines: list[str] = []


class RichPrompt(Prompt):
    options: list[list[str]] = []


class Board(BaseModel):
    model_config = ConfigDict(extra="allow")
    _scratch: dict = PrivateAttr(default_factory=dict)

    size: tuple[int, int] = (3, 3)
    mode: Literal["a", "b"] = "a"
    colour: Colour = Colour.RED
    pieces: dict[str, Piece] = {}
    prompts: list[Prompt] = []
    held: Piece | None = None
    labels: list[str] | None = None
    data: dict[str, Any] = {}
    frozen: Frozen | None = None
    slotted: Slotted | None = None
    legacy: Any = None


def board() -> Board:
    made = Board(pieces={"p": Piece("p", ["x"])}, prompts=[RichPrompt(seat=1, lines=["l"], options=[["o"]])],
                 held=Piece("h"), labels=["a"], data={"nested": [{"k": [1]}]}, frozen=Frozen([1]),
                 slotted=Slotted([2], "s"), legacy=Legacy(), loose=[5])
    made._scratch["k"] = [1]
    return made


def test_a_copy_is_equal_and_every_mutable_part_is_its_own():
    original = board()
    copy = deep_copy(original)
    assert copy == original and copy.model_dump() == original.model_dump()
    copy.pieces["p"].tags.append("y")
    copy.prompts[0].options[0].append("z")
    copy.data["nested"][0]["k"].append(2)
    copy.frozen.marks.append(2)
    copy.slotted.seen.append(3)
    copy.legacy.items.append(3)
    copy.labels.append("b")
    copy.model_extra["loose"].append(6)
    copy._scratch["k"].append(2)
    copy.model_fields_set.add("mode")
    assert original == board() and original.model_fields_set == board().model_fields_set


def test_records_keep_their_runtime_class_and_immutable_values_are_shared():
    original = board()
    copy = deep_copy(original)
    assert type(copy.prompts[0]) is RichPrompt and copy.prompts[0].options == [["o"]]
    assert type(copy.frozen) is Frozen and type(copy.slotted) is Slotted and copy.slotted.note == "s"
    assert copy.size is original.size and copy.colour is Colour.RED
    assert copy.held is not original.held and copy.held == original.held


def test_absent_optional_parts_stay_absent():
    copy = deep_copy(Board())
    assert copy.held is None and copy.labels is None and copy.frozen is None and copy == Board()
