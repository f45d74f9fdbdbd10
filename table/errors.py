"""Refusals, each carrying a sentence a player can read.

engine.core.IllegalAction is not wrapped: act() lets it through unchanged (reason, rule).
"""

from __future__ import annotations

from store import StaleVersion as StoreStaleVersion


class TableError(Exception):
    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return self.message


class StaleVersion(TableError, StoreStaleVersion):
    """The move was made against a board that has since changed.

    Also a store.StaleVersion, so code that guards a store call catches both.
    """

    def __init__(self, message: str = "The board has changed since this button was posted.",
                 rule: str | None = None):
        super().__init__(message, rule)


class GameBroken(TableError):
    """The game's stored data cannot be read: it is set aside until repaired or aborted."""

    def __init__(self, game_id: int):
        super().__init__(
            f"Game #{game_id} is set aside: its saved data cannot be read, so nobody can move in it for now. "
            "Your other games are not affected. Its creator or a moderator can rebuild it from its move log "
            "with `/game repair`, or end it with `/game abort`.")
        self.game_id = game_id


class NotYourMove(TableError):
    """The user is not seated, or the game is waiting on someone else."""
