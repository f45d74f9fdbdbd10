"""Crash tests: a child process playing every game in every set-up mode is killed with SIGKILL at
random points; after each kill the database must be intact, hold every move the child was told
was saved, give every awaited person exactly one clock (before any healing: moves and clocks are
saved together), and every finished game must verify. Finally the child plays every game to its
end and all of them verify. Bounded: a few kills, then at most CHILD_LIMIT seconds to finish."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import sys
from pathlib import Path

from engine.core import get_game
from store import Store
from table import TableService
from table.service import _one_clock
from tests.table.crash_child import setups

ROOT = Path(__file__).resolve().parents[2]
KILLS = 4
CHILD_LIMIT = 180.0  # seconds a run may take to reach its kill point, or the last run to finish every game


async def run_child(db: Path, acks: dict[int, int], kill_at: tuple[int, float] | None) -> int | None:
    """Run the child; with `kill_at` = (n, pause) SIGKILL it `pause` seconds after its n-th
    acknowledged move of this run (a point chosen by progress, not by the clock), else let it
    finish. Every ACK line it printed (also those still in the pipe when it died) goes into `acks`."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.table.crash_child", str(db), cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
    reached = asyncio.Event()
    seen = 0

    async def read() -> None:
        nonlocal seen
        async for line in child.stdout:
            _, game, version = line.decode().split()
            acks[int(game)] = max(acks.get(int(game), 0), int(version))
            seen += 1
            if kill_at and seen >= kill_at[0]:
                reached.set()

    reader = asyncio.create_task(read())
    try:
        if kill_at is None:
            await asyncio.wait_for(child.wait(), CHILD_LIMIT)
        else:
            await asyncio.wait_for(reached.wait(), CHILD_LIMIT)
            await asyncio.sleep(kill_at[1])  # lands anywhere in a move: between reads, writes, commits
            os.kill(child.pid, signal.SIGKILL)
            await child.wait()
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()
        await reader
    return child.returncode


async def check(db: Path, acks: dict[int, int], *, all_finished: bool = False) -> None:
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    svc = TableService(await Store.open(db))  # no dispatcher: the clocks as the kill left them
    try:
        for game_id, version in acks.items():
            assert (await svc.get(game_id)).version >= version, f"game {game_id} lost acknowledged moves"
            seqs = [a.seq for a in await svc.store.actions(game_id)]
            assert seqs == list(range(len(seqs))) and len(seqs) >= version
        tables = await svc.list_tables(include_closed=True)
        for table in tables:
            if table.status == "active":
                await check_clocks(svc, table.game_id)
            elif table.status == "finished":
                verdict = await svc.verify(table.game_id)
                assert verdict.startswith("✅"), verdict
        if all_finished:
            assert len(tables) == len(setups()) and all(t.status == "finished" for t in tables)
    finally:
        await svc.close()


async def check_clocks(svc: TableService, game_id: int) -> None:
    row = await svc.store.get_game(game_id)
    engine = get_game(row.game)
    awaited = svc._awaited_people(row, engine, engine.load_state(row.state))
    timers = await svc.store.timers(game_id)
    assert all(t.seat in awaited for t in timers), f"game {game_id} keeps a stale clock"
    for seat in awaited:
        assert _one_clock([t for t in timers if t.seat == seat]), f"game {game_id}: seat {seat} has no single clock"


async def test_killed_at_random_points_nothing_acknowledged_is_lost(tmp_path):
    db = tmp_path / "crash.db"
    rng = random.Random(18)
    acks: dict[int, int] = {}
    for _ in range(KILLS):
        await run_child(db, acks, kill_at=(rng.randint(3, 40), rng.uniform(0, 0.05)))
        await check(db, acks)
    assert acks, "the child never got to acknowledge a move"
    assert await run_child(db, acks, kill_at=None) == 0
    await check(db, acks, all_finished=True)
