"""Store throughput: moves per second through Store.save_move, on SQLite and on PostgreSQL.

Baselines in the same run, one per database: the raw driver writing the same rows (state UPDATE
with the version check, one action row, the event rows, a snapshot every SNAPSHOT_EVERY versions),
one transaction per move, same schema: plain synchronous sqlite3 (same pragmas), and asyncpg on
one connection. The ratios are what the store costs over its driver (aiosqlite's thread hop per
statement and the lock; the pool, the dialect layer and the deflated snapshots on PostgreSQL).

PostgreSQL is a throwaway server on 127.0.0.1 (store/pgserver.py) with fsync on and
synchronous_commit off, the pairing closest to SQLite's WAL with synchronous=NORMAL (a process
crash loses nothing, a power cut may lose the last commits). Without PostgreSQL's binaries the
PostgreSQL figures are left out and a note says so.

python -m bench.store [--moves 2000] [--state-kb 14]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import tempfile
import time
from pathlib import Path

from store import MIGRATIONS, PG_MIGRATIONS, SNAPSHOT_EVERY, LoggedEvent, SeatRow, Store
from store.pgserver import PgServer, find_binaries

EVENTS = [LoggedEvent("Alice builds a Neural Acolyte."), LoggedEvent("You draw Psi Adept.", [0])]
ACTION = json.dumps({"type": "build", "seat": 0, "card": "A19"})


def fake_state(kb: int) -> str:
    """A state JSON of about `kb` kilobytes (a fresh Psi Wars state is about 14 KB)."""
    cards = {f"c{i}": {"card": f"A{i % 40:02d}", "owner": i % 2, "depleted": False} for i in range(kb * 20)}
    return json.dumps({"version": 0, "cards": cards})


async def store_moves_per_s(path: Path | str, moves: int, state: str) -> float:
    store = await Store.open(path)
    try:
        row = await store.create_game("bench", "chan", None, "alice", {}, SeatRow(0, "alice", "Alice"))
        await store.add_seat(row.id, "bob", "Bob")
        await store.start_game(row.id, state, 0, "seed", "commitment")
        began = time.perf_counter()
        for v in range(moves):
            await store.save_move(row.id, v, v + 1, v % 2, "alice", ACTION, EVENTS, state)
        return moves / (time.perf_counter() - began)
    finally:
        await store.close()


def raw_moves_per_s(path: Path, moves: int, state: str) -> float:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        for script in MIGRATIONS:
            conn.executescript(script)
        now = time.time()
        game_id = conn.execute(
            "INSERT INTO games (game, channel_id, creator_id, status, state, created_at, updated_at)"
            " VALUES ('bench', 'chan', 'alice', 'active', ?, ?, ?)", (state, now, now)).lastrowid
        conn.executemany("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                         [(game_id, 0, "alice", "Alice"), (game_id, 1, "bob", "Bob")])
        began = time.perf_counter()
        for v in range(moves):
            now = time.time()
            conn.execute("BEGIN IMMEDIATE")
            cur = conn.execute("UPDATE games SET version = ?, state = ?, updated_at = ?"
                               " WHERE id = ? AND version = ? AND status = 'active'",
                               (v + 1, state, now, game_id, v))
            assert cur.rowcount == 1
            conn.execute("INSERT INTO actions (game_id, seq, seat, user_id, action, at) VALUES (?, ?, ?, ?, ?, ?)",
                         (game_id, v, v % 2, "alice", ACTION, now))
            conn.executemany("INSERT INTO events (game_id, version, text, visible_to, at) VALUES (?, ?, ?, ?, ?)",
                             [(game_id, v + 1, e.text, None if e.visible_to is None else json.dumps(e.visible_to),
                               now) for e in EVENTS])
            if (v + 1) % SNAPSHOT_EVERY == 0:
                conn.execute("INSERT INTO snapshots (game_id, version, state) VALUES (?, ?, ?)",
                             (game_id, v + 1, state))
            conn.execute("COMMIT")
        return moves / (time.perf_counter() - began)
    finally:
        conn.close()


async def raw_pg_moves_per_s(url: str, moves: int, state: str) -> float:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        for script in PG_MIGRATIONS:
            await conn.execute(script)
        now = time.time()
        game_id = await conn.fetchval(
            "INSERT INTO games (game, channel_id, creator_id, status, state, created_at, updated_at)"
            " VALUES ('bench', 'chan', 'alice', 'active', $1, $2, $3) RETURNING id", state.encode(), now, now)
        await conn.executemany("INSERT INTO seats (game_id, seat, user_id, name) VALUES ($1, $2, $3, $4)",
                               [(game_id, 0, "alice", "Alice"), (game_id, 1, "bob", "Bob")])
        raw = state.encode()
        began = time.perf_counter()
        for v in range(moves):
            now = time.time()
            async with conn.transaction():
                done = await conn.execute("UPDATE games SET version = $1, state = $2, updated_at = $3"
                                          " WHERE id = $4 AND version = $5 AND status = 'active'",
                                          v + 1, raw, now, game_id, v)
                assert done == "UPDATE 1"
                await conn.execute("INSERT INTO actions (game_id, seq, seat, user_id, action, at)"
                                   " VALUES ($1, $2, $3, $4, $5, $6)", game_id, v, v % 2, "alice", ACTION, now)
                await conn.executemany(
                    "INSERT INTO events (game_id, version, text, visible_to, at) VALUES ($1, $2, $3, $4, $5)",
                    [(game_id, v + 1, e.text, None if e.visible_to is None else json.dumps(e.visible_to), now)
                     for e in EVENTS])
                if (v + 1) % SNAPSHOT_EVERY == 0:
                    await conn.execute("INSERT INTO snapshots (game_id, version, state) VALUES ($1, $2, $3)",
                                       game_id, v + 1, raw)
        return moves / (time.perf_counter() - began)
    finally:
        await conn.close()


def postgres_figures(moves: int, state: str) -> dict:
    if find_binaries() is None:
        return {"postgresql": "skipped: PostgreSQL's server binaries are not installed"}
    server = PgServer.start(fsync=True)
    try:
        raw = asyncio.run(raw_pg_moves_per_s(server.url("raw"), moves, state))
        via_store = asyncio.run(store_moves_per_s(server.url("store"), moves, state))
    finally:
        server.stop()
    return {"pg_store_save_move_per_s": round(via_store), "raw_asyncpg_per_s": round(raw),
            "raw_over_pg_store": round(raw / via_store, 2)}


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(prog="python -m bench.store")
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--state-kb", type=int, default=14)
    args = parser.parse_args(argv)
    state = fake_state(args.state_kb)
    with tempfile.TemporaryDirectory() as tmp:
        raw = raw_moves_per_s(Path(tmp) / "raw.db", args.moves, state)
        via_store = asyncio.run(store_moves_per_s(Path(tmp) / "store.db", args.moves, state))
    figures = {
        "bench": "store", "moves": args.moves, "state_bytes": len(state), "events_per_move": len(EVENTS),
        "store_save_move_per_s": round(via_store), "raw_sqlite3_per_s": round(raw),
        "raw_over_store": round(raw / via_store, 2),
        **postgres_figures(args.moves, state),
    }
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
