"""The process the crash test kills: it plays several games through the table service and prints
`ACK <game> <version>` after each move the service acknowledged (returned from act).

    python -m tests.table.crash_child DB_PATH

Every playable game in every set-up mode gets one game, two people against each other (this
process moves for them with the game's AI). On a restart it carries on with the games in the
database. One game has a quick clock and a player who never moves, so timeouts fire (and are
claimed) all the time. Exits 0 once every game has ended.
"""

from __future__ import annotations

import asyncio
import sys

from engine.core.registry import playable_games
from store import Store
from table import TableError, TableService

IDLE = "idle"  # the player of the quick-clock game whom the clock always moves
QUICK = {"quick": True, "quick_seconds": 0.2, "reminder_fraction": 0.5}


def setups() -> list[tuple[str, dict]]:
    out = []
    for game in playable_games():
        model = game.config_model()
        modes = [{}, {"setup": "auto"}, {"setup": "choose"}] if model and "setup" in model.model_fields else [{}]
        out += [(game.id, mode) for mode in modes]
    return out


async def ensure_games(svc: TableService) -> None:
    """Open and start the planned games that are not running yet (also after a kill mid-way)."""
    for n, (game, config) in enumerate(setups()):
        channel = f"crash-{n}"
        table = next((t for t in await svc.list_tables(include_closed=True) if t.channel_id == channel), None)
        if table is None:
            clock = {"clock": QUICK} if n == 0 else {}
            table = await svc.create(channel, "guild", game, "h0", "Ann", {**config, **clock})
            await svc.join(channel, IDLE if n == 0 else "h1", "Bob")
            table = await svc.get(table.game_id)
        if table.status == "lobby":
            if len(table.seats) < 2:
                await svc.join(channel, IDLE if n == 0 else "h1", "Bob")
            await svc.start(channel, "h0", seed=f"crash-{n}")


async def play(svc: TableService) -> None:
    while True:
        running = [t for t in await svc.list_tables() if t.status == "active"]
        if not running:
            return
        for table in running:
            for seat in table.seats:
                if seat.user_id == IDLE:
                    continue
                try:
                    version, move = await svc.suggest(table.game_id, seat.user_id)
                    update = await svc.act(table.game_id, seat.user_id, move, version=version)
                except TableError:
                    continue  # not their move (or the clock moved first)
                print(f"ACK {table.game_id} {update.version}", flush=True)
        await asyncio.sleep(0)


async def main(path: str) -> int:
    svc = TableService(await Store.open(path))
    svc.start_timers()  # a restart heals the clocks and fires what is due
    try:
        await ensure_games(svc)
        await play(svc)
    finally:
        await svc.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1])))
