"""Moon Court's state, table settings and moves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Action, GameState, Pass, plain_setattr

from .cards import gift


class MoonConfig(BaseModel):
    """What a table may choose when it opens a game."""

    model_config = ConfigDict(extra="forbid")
    favour: int = Field(12, ge=6, le=30, description="Favour a courtier needs to win (6-30, default 12)")


@dataclass
class Offer:
    """A gift lying face down on the table: who laid it, which card, and the worth they claimed.

    A plain dataclass, not a pydantic model: the rules read offers on every step, and a model's
    attribute reads go through its __getattr__ hook (several times slower). Pydantic still validates
    and dumps it with the state."""

    seat: int
    card: str
    claim: int


class MoonState(GameState):
    __setattr__ = plain_setattr  # moves set several fields a step

    game: str = "mooncourt"
    hands: list[list[str]]
    deck: list[str]
    discard: list[str] = Field(default_factory=list)
    face_up: list[str] = Field(default_factory=list)  # discard cards everyone has seen (since the last shuffle)
    favour: list[int]
    offers: list[Offer] = Field(default_factory=list)  # this audience's gifts, oldest first
    fashion: str | None = None  # the card turned up for this audience: its house is in fashion
    audience: int = 1
    target: int = 12


class Present(Action):
    """Lay a gift from hand face down and claim its worth."""

    type: Literal["present"] = "present"
    card: str
    claim: int
    secret: ClassVar[bool] = True  # the label names a card in hand

    def label(self) -> str:
        return f"Present {gift(self.card).label} claiming {self.claim}"

    def group(self) -> str:
        return f"Present {gift(self.card).label}"


class Accuse(Action):
    """Say the last claim is a lie: the gift is turned over and judged."""

    type: Literal["accuse"] = "accuse"

    def label(self) -> str:
        return "Accuse (turn the gift over)"

    def group(self) -> str:
        return "Answer the claim"


MoonAction = Annotated[Present | Accuse | Pass, Field(discriminator="type")]
