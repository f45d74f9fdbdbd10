"""The table service's hints: the search AI's move for the asking player, from their view only.

A hint is off in rated games (two or more people, see PeopleOps._rate) unless the server allows
it; the game's log says publicly that a hint was given, so opponents know.
"""

from __future__ import annotations

from dataclasses import dataclass

from store import LoggedEvent

from .errors import TableError
from .helpers import _seat_name

HINTS_KEY = "hints_in_rated"  # guild setting: hints allowed in rated games too


@dataclass(frozen=True)
class Hint:
    game_id: int
    move: str  # the move as the player's own panel would name it
    reason: str


class HintOps:
    async def hint(self, channel_id: str, user_id: str) -> Hint:
        """A suggested move for the user's seat in the game in this channel, with a reason."""
        table = await self.table_in(channel_id)
        if table is None:
            raise TableError("There is no game in this channel to give a hint for.")
        row = await self._row(table.game_id)
        engine, state, seat = self._waiting_seat(row, user_id)
        if _rated(row) and not await self.store.guild_setting(row.guild_id, HINTS_KEY, False):
            raise TableError("Hints are off in rated games on this server (games between two or more people); "
                             "someone with Manage Channels can allow them with `/hint allow_in_rated:True`.")
        move, why = await self.thinking.advise(engine, state, seat)
        await self.store.log_events(row.id, [LoggedEvent(f"{_seat_name(row, seat)} asked for a hint.")])
        return Hint(row.id, move.label(), why)

    async def allow_hints_in_rated(self, guild_id: str | None, allowed: bool, *, is_admin: bool) -> None:
        if not is_admin:
            raise TableError("Only someone with Manage Channels can change whether hints are allowed.")
        await self.store.set_guild_setting(guild_id, HINTS_KEY, allowed)


def _rated(row) -> bool:
    """The game will count in the server's ratings: two or more people play it."""
    return sum(1 for s in row.seats if not s.is_ai and not s.user_id.startswith("ai:")) >= 2
