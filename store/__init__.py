"""Persistence (aiosqlite): games, seats, the append-only move log, snapshots, timers, settings."""

from .db import (
    OPEN_STATUSES,
    SNAPSHOT_EVERY,
    UNREADABLE_SETTINGS,
    ActionRow,
    EventRow,
    GameRow,
    LoggedEvent,
    SeatRow,
    Store,
    TimerReset,
    TimerRow,
    TimerSpec,
)
from .errors import AlreadySeated, ChannelBusy, EmptyDatabase, LobbyClosed, StaleVersion, StoreError
from .migrations import MIGRATIONS, PG_MIGRATIONS, migrate, schema_version
from .people import DEFAULT_RATING, RatingRow, RequestRow

__all__ = [
    "OPEN_STATUSES", "SNAPSHOT_EVERY", "UNREADABLE_SETTINGS", "ActionRow", "EventRow", "GameRow", "LoggedEvent", "SeatRow",
    "Store", "TimerReset", "TimerRow", "TimerSpec", "AlreadySeated", "ChannelBusy", "EmptyDatabase", "LobbyClosed", "StaleVersion", "StoreError",
    "MIGRATIONS", "PG_MIGRATIONS", "migrate", "schema_version", "DEFAULT_RATING", "RatingRow", "RequestRow",
]
