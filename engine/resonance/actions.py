"""Resonance moves. Turn moves name the acting unit; every prompt is answered with Choose or Pick."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from engine.core import Action, EndTurn

ACT_NAMES = {"attack": "Attack", "cs": "Critical Strike", "support": "Support", "purge": "Purge", "charge": "Charge"}
KARMA_NAMES = {"overclock": "Overclock (1 Karma): draw 1", "reengage": "Re-engage (1 Karma)",
               "acquire": "Acquire Codex (3 Karma)", "refine": "Refine Focus"}


def _short(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "..."


class Act(Action):
    """A universal action (§4.2): Attack, Critical Strike, Support, Purge or Charge."""

    type: Literal["act"] = "act"
    actor: str
    what: Literal["attack", "cs", "support", "purge", "charge"]
    target: str | None = None
    text: str = Field(default="", exclude=True, repr=False)

    def label(self) -> str:
        return _short(self.text or f"{self.actor}: {ACT_NAMES[self.what]}" + (f" {self.target}" if self.target else ""))

    def group(self) -> str:
        return "Attack" if self.what in ("attack", "cs") else "Actions"


class Deploy(Action):
    type: Literal["deploy"] = "deploy"
    card: str
    text: str = Field(default="", exclude=True, repr=False)
    secret: ClassVar[bool] = True

    def label(self) -> str:
        return _short(self.text or f"Deploy {self.card}")

    def group(self) -> str:
        return "Deploy / Equip"


class Equip(Action):
    """Play an Item from hand onto a friendly unit, or move an equipped Item (§4.2.7, A-29)."""

    type: Literal["equip"] = "equip"
    item: str
    target: str
    text: str = Field(default="", exclude=True, repr=False)
    secret: ClassVar[bool] = True

    def label(self) -> str:
        return _short(self.text or f"Equip {self.item} to {self.target}")

    def group(self) -> str:
        return "Deploy / Equip"


class Karma(Action):
    type: Literal["karma"] = "karma"
    spend: Literal["overclock", "reengage", "acquire", "refine"]
    unit: str | None = None
    text: str = Field(default="", exclude=True, repr=False)

    def label(self) -> str:
        return _short(self.text or KARMA_NAMES[self.spend])

    def group(self) -> str:
        return "Karma"


class UseTag(Action):
    """Remove a Haste or Liberate Tag to ready a unit (not an action)."""

    type: Literal["use_tag"] = "use_tag"
    unit: str
    tag: Literal["Haste", "Liberate"]
    text: str = Field(default="", exclude=True, repr=False)

    def label(self) -> str:
        return _short(self.text or f"Use the {self.tag} Tag on {self.unit}")

    def group(self) -> str:
        return "Karma"


class Choose(Action):
    """Answer the pending prompt of `kind` with one of its options."""

    type: Literal["choose"] = "choose"
    kind: str
    option: str
    text: str = Field(default="", exclude=True, repr=False)

    def label(self) -> str:
        return _short(self.text or self.option)

    def group(self) -> str:
        return self.kind.replace("_", " ").capitalize()


class Pick(Choose):
    """Choose for a prompt whose options name hidden cards (hand, codex deck)."""

    type: Literal["pick"] = "pick"  # type: ignore[assignment]
    secret: ClassVar[bool] = True


ResAction = Annotated[
    Act | Deploy | Equip | Karma | UseTag | EndTurn | Choose | Pick,
    Field(discriminator="type"),
]
