"""What the table service hands to the cogs and the console."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.core import PromptView

from .joined import Offer

Status = Literal["lobby", "active", "finished", "aborted"]


class SeatInfo(BaseModel):
    seat: int
    user_id: str
    name: str
    is_ai: bool = False


class TableInfo(BaseModel):
    """A game row as the UI needs it."""

    game_id: int
    game: str  # engine id
    title: str  # human title
    channel_id: str
    guild_id: str | None
    creator_id: str
    status: Status
    seats: list[SeatInfo]
    config: dict
    version: int
    min_players: int
    max_players: int
    seed_commitment: str | None
    seed: str | None  # only once finished or aborted
    broken: str | None = None  # set aside: its stored data cannot be read (see TableService.repair)


class Update(BaseModel):
    """What one applied move, and the AI moves it triggered, produced."""

    game_id: int
    version: int
    public_events: list[str]  # safe for the channel
    private_events: dict[int, list[str]]  # seat -> sentences only that seat may see
    to_act: list[SeatInfo]  # who the game now waits on
    finished: bool
    result_text: str | None
    public_view: dict  # engine view(state, None)
    prompts: list[PromptView] = Field(default_factory=list)  # what the game waits on, as the channel sees it
    # The version the update started from, and whether the game waited on exactly the same
    # players before and after every move in it: then the turn message is edited, not re-posted.
    from_version: int | None = None
    same_awaited: bool = False
    undoable: bool = False  # the person who moved may take it back (no die rolled, nothing hidden shown)
    turn_key: tuple[int, int] | None = None  # the game turn it ends in: (turn, active seat)
    moments: list[str] = Field(default_factory=list)  # a finished game's key moments, from its public log


@dataclass(frozen=True)
class PanelFacts:
    """What a player's private panel shows, all read from one stored version of the game."""

    table: TableInfo
    prompts: list[PromptView]  # as this player may see them
    version: int
    seat: int | None  # None: not playing
    offers: list[Offer]  # their moves, then the joined pairs (empty: not theirs to move)
    briefing: list[str]  # what their open prompt is about, and what a timeout does
    dangers: dict[int, str]  # offer index -> the warning its red confirmation gives
    copies: list[int]  # for a "choose N": how often each legal move may be picked (else empty)


class GameSummary(BaseModel):
    """One of a user's games for /games: whether it waits on them, and where its turn message is."""

    table: TableInfo
    your_move: bool
    waiting_on: list[SeatInfo]
    turn_message: tuple[str, str] | None = None  # (channel id, message id)


HOUR = 3600.0
MAX_TURN_SECONDS = 720 * HOUR  # what /game settings offers: 30 days
MAX_QUICK_SECONDS = 2 * HOUR


class ClockSettings(BaseModel):
    """How long a game waits on a player, and what happens when it has waited too long.

    Kept in the game's config under "clock". `turn_seconds` is the clock for each turn or pending
    decision; a reminder goes out after `reminder_fraction` of it (0: no reminder). On timeout a
    decision owed by a player who is not on turn gets the game's AI move (the safest choice we have
    for now); a turn gets the AI move ("ai") or a pass when the game offers one ("skip").
    Quick play swaps the day-long clock for `quick_seconds`. Every number is finite and bounded
    (a month a move at most), so no stored setting can break the clock or its wording.
    """

    model_config = ConfigDict(allow_inf_nan=False)

    turn_seconds: float = Field(24 * HOUR, gt=0, le=MAX_TURN_SECONDS)
    reminder_fraction: float = Field(0.5, ge=0, lt=1)
    on_timeout: Literal["ai", "skip"] = "ai"
    quick: bool = False
    quick_seconds: float = Field(120.0, gt=0, le=MAX_QUICK_SECONDS)
    forfeit_after: int = Field(0, ge=0, le=100)

    @property
    def seconds(self) -> float:
        return self.quick_seconds if self.quick else self.turn_seconds

    @property
    def reminder_after(self) -> float | None:
        return self.seconds * self.reminder_fraction if self.reminder_fraction > 0 else None


class Notice(BaseModel):
    """A clock event for the UI: a reminder to a player, or a timeout that moved for them."""

    kind: Literal["reminder", "timeout", "forfeit"]
    game_id: int
    seat: SeatInfo  # who the game waited on
    deadline: float | None = None  # reminder: when the clock runs out
    move: str | None = None  # timeout: the move made for them (None if the move is secret)
    update: Update | None = None  # timeout / forfeit: what the move produced
    strikes: int = 0  # timeouts in a row for this seat, this one included


CLOCK_KEY = "clock"
AI_KEY = "ai"  # how strong the game's AI seats and stand-ins play: easy, normal or hard
AI_LEVELS = ("easy", "normal", "hard")


class TableSettings(BaseModel):
    """The lobby settings every game has, beside its own (for the settings autocomplete)."""

    ai: Literal["easy", "normal", "hard"] = Field(
        "normal", description="How strong the AI seats and stand-ins play (hard thinks ahead)")

TABLE_KEYS = (CLOCK_KEY, AI_KEY)


def engine_config(config: dict) -> dict:
    """A game's config as its engine sees it (without the table's clock and AI settings)."""
    return {k: v for k, v in config.items() if k not in TABLE_KEYS}


def ai_level(config: dict) -> str:
    """The AI level a game was opened with; "normal" when none (or an unknown one) was stored."""
    level = config.get(AI_KEY)
    return level if level in AI_LEVELS else "normal"


def clock_settings(config: dict) -> ClockSettings:
    """A game's clock; settings stored before they were checked this strictly fall back to the
    default clock rather than stopping the game."""
    try:
        return ClockSettings.model_validate(config.get(CLOCK_KEY) or {})
    except ValidationError:
        return ClockSettings()
