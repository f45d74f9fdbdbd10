"""Store throughput: moves per second through Store.save_move on a temp file database.

Baseline in the same run: plain synchronous sqlite3 writing the same rows (state UPDATE with
the version check, one action row, the event rows, a snapshot every SNAPSHOT_EVERY versions),
one transaction per move, same schema and pragmas. The ratio is what the async wrapper costs
(a thread hop per statement and the store's lock).

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

from store import MIGRATIONS, SNAPSHOT_EVERY, LoggedEvent, SeatRow, Store

EVENTS = [LoggedEvent("Alice builds a Neural Acolyte."), LoggedEvent("You draw Psi Adept.", [0])]
ACTION = json.dumps({"type": "build", "seat": 0, "card": "A19"})


def fake_state(kb: int) -> str:
    """A state JSON of about `kb` kilobytes (a fresh Psi Wars state is about 14 KB)."""
    cards = {f"c{i}": {"card": f"A{i % 40:02d}", "owner": i % 2, "depleted": False} for i in range(kb * 20)}
    return json.dumps({"version": 0, "cards": cards})


async def store_moves_per_s(path: Path, moves: int, state: str) -> float:
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
    }
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
