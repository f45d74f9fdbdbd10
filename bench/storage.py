"""Bytes a finished game leaves in the database, per game: python -m bench.storage [--games 3].

For each playable game, AI seats play `--games` whole games through the table service into a
fresh database file; after a VACUUM the file's growth over an empty database, divided by the
games played, is the figure. The per-table split (bytes of stored text) shows where it goes.
The baseline in the same run is the size of the log alone (actions + events), which any store
must keep to replay and audit a game.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import tempfile
from pathlib import Path

from engine.core.registry import playable_games
from store import Store
from table import TableService

TABLES = {"games": "length(state) + length(config)", "snapshots": "length(state)", "actions": "length(action)",
          "events": "length(text) + coalesce(length(visible_to), 0)", "timers": "length(payload)"}


async def play(path: Path, game: str, games: int) -> None:
    svc = TableService(await Store.open(path))
    try:
        for n in range(games):
            channel = f"chan-{n}"
            await svc.create(channel, "guild", game, "host", "Host", {}, seat_creator=False)
            for _ in range(2):
                await svc.add_ai(channel, "host")
            await svc.start(channel, "host", seed=f"storage-{game}-{n}")
    finally:
        await svc.close()


def vacuumed_size(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("VACUUM")
    return path.stat().st_size


def split(path: Path) -> dict[str, int]:
    with sqlite3.connect(path) as conn:
        return {table: conn.execute(f"SELECT coalesce(sum({expr}), 0) FROM {table}").fetchone()[0]  # noqa: S608
                for table, expr in TABLES.items()}


def measure(game: str, games: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        empty, path = Path(tmp) / "empty.db", Path(tmp) / "games.db"
        asyncio.run(_close_fresh(empty))
        asyncio.run(play(path, game, games))
        base = vacuumed_size(empty)
        size = vacuumed_size(path)
        parts = split(path)
    log = parts["actions"] + parts["events"]
    return {"bench": "storage", "game": game, "games": games,
            "bytes_per_game": (size - base) // games, "log_bytes_per_game": log // games,
            "ratio_to_log": round((size - base) / max(log, 1), 2),
            "text_bytes_per_game": {k: v // games for k, v in parts.items()}}


async def _close_fresh(path: Path) -> None:
    await (await Store.open(path)).close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--only", default=None, help="one game id")
    args = parser.parse_args(argv)
    for game in playable_games():
        if args.only in (None, game.id):
            print(json.dumps(measure(game.id, args.games)))


if __name__ == "__main__":
    main()
