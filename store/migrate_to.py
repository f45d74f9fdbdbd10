"""Copy a SQLite database into a new PostgreSQL one: every game (lobbies, running and finished),
its seats, log, snapshots, clocks and turn message, and every setting, answer, request and rating.

    python -m store.migrate_to postgresql://arbiter:secret@127.0.0.1/arbiter [--from arbiter.db]

Stop the bot first (nothing may write to the file meanwhile). The SQLite file is brought to the
newest schema, then read; the target is migrated and must hold no games yet. Ids are kept (links,
/game commands and timers name games by id) and the id counters continue after them. It all goes
in one transaction: a failure leaves the target as it was. Afterwards point ARBITER_DB at the URL.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from .backend import is_postgres
from .db import Store

# Parents before children (foreign keys); the tables with an identity id come with it.
TABLES = ["games", "seats", "actions", "events", "snapshots", "timers", "guild_settings", "turn_messages",
          "user_settings", "standing_answers", "requests", "ratings", "rated_games", "claims"]
IDENTITY = ["games", "events", "timers", "requests"]


async def migrate(source: str | Path, target: str) -> dict[str, int]:
    """Copy `source` (a SQLite file) into `target` (a postgresql:// URL); rows copied per table."""
    if not is_postgres(target):
        raise SystemExit(f"The target must be a postgresql:// URL, not {target!r}")
    if not Path(source).is_file():
        raise SystemExit(f"There is no SQLite file at {source}")
    lite, pg = await Store.open(source), await Store.open(target)
    try:
        if await pg._all("SELECT 1 FROM games LIMIT 1"):
            raise SystemExit("The PostgreSQL database already holds games: migrate into an empty one")
        copied: dict[str, int] = {}
        async with pg._transaction() as conn:
            for table in TABLES:
                rows = await lite._all(f"SELECT * FROM {table}")
                if rows:
                    columns = list(rows[0].keys())
                    marks = ", ".join("?" for _ in columns)
                    await conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                                           [tuple(r) for r in rows])
                copied[table] = len(rows)
            for table in IDENTITY:  # new rows get ids after the copied ones
                await conn.fetch(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                                 f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")
        for table in TABLES:
            (count,) = (await pg._all(f"SELECT COUNT(*) FROM {table}"))[0]
            if count != copied[table]:
                raise RuntimeError(f"{table}: {copied[table]} rows read but {count} stored")
        return copied
    finally:
        await lite.close()
        await pg.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m store.migrate_to", description=__doc__.split("\n\n")[0])
    parser.add_argument("target", help="postgresql://user:password@host:port/database (an empty database)")
    parser.add_argument("--from", dest="source", default="arbiter.db", help="the SQLite file (default arbiter.db)")
    args = parser.parse_args(argv)
    copied = asyncio.run(migrate(args.source, args.target))
    print(f"Copied {copied['games']} games ({copied['actions']} moves, {copied['timers']} clocks) and "
          f"{sum(copied.values())} rows in all from {args.source}. Now set ARBITER_DB to the PostgreSQL URL.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
