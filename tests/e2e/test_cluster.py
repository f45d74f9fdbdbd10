"""Cluster mode end to end: two bot processes run shards 0 and 1 of one bot against the fake
Discord and share one PostgreSQL store. Games in guilds of both shards are played by their turn
clocks (every move is a timeout, with a reminder before it); the process of shard 1 is killed
with SIGKILL mid-game and started again. Afterwards every game's log is gapless and replays to
its stored state (no move lost or doubled), every game moved on after the restart (no clock was
lost with the dead process), no reminder was said twice, and no turn was posted twice outside
the one crash window of the killed process.

Bounded: each wait below has a limit, and the clocks are seconds long."""

from __future__ import annotations

import asyncio
import collections
import os
import signal
import sys
import time
from pathlib import Path

from cogs.components import parse_cid
from store import Store
from table.replay import verify
from tests.e2e.helpers import turn_messages

ROOT = Path(__file__).resolve().parents[2]
CLOCK = {"turn_seconds": 2.0, "reminder_fraction": 0.5}  # a move every 2 s, a reminder at 1 s
MOVES = 3  # versions every game must gain before the kill, and again after the restart
LIMIT = 90.0  # seconds any one wait may take


async def start_shard(fake, url: str, shard: int, log: Path) -> asyncio.subprocess.Process:
    with log.open("ab") as err:
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.e2e.shard_child", fake.api_url, fake.gateway_url, url, str(shard), "2",
            cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=err,
            env={**os.environ, "ARBITER_RENDER_WORKERS": "0"})  # a SIGKILL leaves no worker behind
    line = await asyncio.wait_for(child.stdout.readline(), LIMIT)
    assert line.strip() == b"READY", f"shard {shard} did not start: {log.read_text()[-2000:]}"
    return child


async def open_game(fake, store: Store, channel, alice, bob) -> int:
    """A two-player Moon Court on a seconds-long clock: nobody clicks, the clocks move for them."""
    new = await fake.slash(alice, "game", "new", game="mooncourt", channel=channel)
    assert "opened a game" in new.content, new.content
    assert "joined" in (await fake.slash(bob, "game", "join", channel=channel)).content
    row = await store.open_game_in(str(channel.id))
    await store.set_config(row.id, {**row.config, "clock": CLOCK})
    start = await fake.slash(alice, "game", "start", channel=channel)
    assert "has begun" in start.content, start.content
    return row.id


async def versions(store: Store, games: list[int]) -> dict[int, int]:
    return {g: (await store.get_game(g)).version for g in games}


async def until_all_moved(store: Store, games: list[int], since: dict[int, int]) -> dict[int, int]:
    """Wait until every game (still running) is MOVES versions past `since`."""
    deadline = time.monotonic() + LIMIT
    while True:
        rows = {g: await store.get_game(g) for g in games}
        if all(r.status != "active" or r.version >= since[g] + MOVES for g, r in rows.items()):
            return {g: r.version for g, r in rows.items()}
        assert time.monotonic() < deadline, f"games stalled at {({g: r.version for g, r in rows.items()})}"
        await asyncio.sleep(0.2)


def posted_versions(fake, channel) -> list[int]:
    found = []
    for msg in turn_messages(fake, channel):
        cids = [parse_cid(b["custom_id"]) for b in msg.buttons]
        found += [c.version for c in cids[:1] if c is not None and getattr(c, "version", None) is not None]
    return found


def reminders(fake, channel) -> list[str]:
    return [m.content for m in fake.history(channel) if m.content.startswith("⏰")]


async def test_two_shard_processes_share_postgresql_and_survive_a_kill(fake, pg_server, tmp_path):
    url = pg_server.url("cluster")
    guilds = [fake.add_guild(f"guild {i}", shard=i, count=2) for i in (0, 1)]
    channels = {i: [fake.add_channel(f"table-{i}-{k}", guild_id=g) for k in range(2)] for i, g in enumerate(guilds)}
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    logs = {i: tmp_path / f"shard{i}.log" for i in (0, 1)}
    store = await Store.open(url)
    shards = {}
    try:
        for i in (0, 1):
            shards[i] = await start_shard(fake, url, i, logs[i])
        games = {i: [await open_game(fake, store, c, alice, bob) for c in channels[i]] for i in (0, 1)}
        every = games[0] + games[1]
        before = await until_all_moved(store, every, await versions(store, every))

        shards[1].send_signal(signal.SIGKILL)  # mid-game, mid-whatever it was doing
        await shards[1].wait()
        shards[1] = await start_shard(fake, url, 1, logs[1])
        await until_all_moved(store, every, before)
    finally:
        for child in shards.values():
            if child.returncode is None:
                child.send_signal(signal.SIGKILL)
                await child.wait()

    try:
        for game_id in every:
            row = await store.get_game(game_id)
            assert [a.seq for a in await store.actions(game_id)] == list(range(row.version)), game_id
            await verify(store, game_id)  # the log replays to exactly the stored state
        for i, chans in channels.items():
            for channel in chans:
                said = reminders(fake, channel)
                assert said and len(said) == len(set(said)), f"a reminder was said twice in {channel.name}"
                repeats = [v for v, n in collections.Counter(posted_versions(fake, channel)).items() if n > 1]
                # Only the killed process can have posted a turn and died before recording it.
                assert len(repeats) <= (1 if i == 1 else 0), (channel.name, repeats)
    finally:
        await store.close()
    assert not fake.internal_errors
