"""What the table service hands to the cogs and the console."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

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
