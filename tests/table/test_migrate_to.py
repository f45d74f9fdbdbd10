"""python -m store.migrate_to: a SQLite file with finished, running and waiting games moves to
PostgreSQL whole: every finished game still verifies, every running game plays on to its end
(and then verifies), clocks, settings and ratings come along, and new games get new ids."""

from __future__ import annotations

import asyncio

import pytest
from test_table_play import play_out

from store import Store
from store.migrate_to import main
from table import TableService


async def sqlite_with_games(path) -> dict[str, int]:
    svc = TableService(await Store.open(path))
    try:
        games = {}
        for name in ("done", "running"):
            await svc.create(name, "guild", "testduel", "alice", "Alice")
            await svc.join(name, "bob", "Bob")
            games[name] = (await svc.start(name, "alice", seed=f"seed-{name}")).game_id
        await play_out(svc, games["done"])
        await svc.act(games["running"], "alice", 0)
        games["lobby"] = (await svc.create("lobby", "guild", "testduel", "carol", "Carol")).game_id
        await svc.store.set_guild_setting("guild", "channels", ["done", "running"])
        return games
    finally:
        await svc.close()


async def test_a_sqlite_file_moves_to_postgresql_and_every_game_goes_on(tmp_path, pg_server):
    source, target = tmp_path / "old.db", pg_server.url("migrated")
    games = await sqlite_with_games(source)
    lite = await Store.open(source)
    before = {g: await lite.get_game(g) for g in games.values()}
    clocks = await lite.timers(games["running"])
    await lite.close()

    assert await asyncio.to_thread(main, [target, "--from", str(source)]) == 0

    svc = TableService(await Store.open(target))
    try:
        for game_id, row in before.items():
            assert await svc.store.get_game(game_id) == row  # every column, state and seat alike
        assert await svc.store.timers(games["running"]) == clocks
        assert await svc.store.guild_setting("guild", "channels") == ["done", "running"]
        assert [r.wins + r.losses + r.draws for r in await svc.store.leaderboard("guild", "testduel")] == [1, 1]
        assert (await svc.verify(games["done"])).startswith("✅")
        await play_out(svc, games["running"])
        assert (await svc.verify(games["running"])).startswith("✅")
        await svc.join("lobby", "dave", "Dave")
        await svc.start("lobby", "carol")
        fresh = await svc.create("new", "other-guild", "testduel", "erin", "Erin")
        assert fresh.game_id > max(games.values())
    finally:
        await svc.close()


async def test_migrating_into_a_database_that_has_games_is_refused(tmp_path, pg_server):
    source, target = tmp_path / "old.db", pg_server.url("busy")
    await sqlite_with_games(source)
    assert await asyncio.to_thread(main, [target, "--from", str(source)]) == 0
    with pytest.raises(SystemExit, match="already holds games"):
        await asyncio.to_thread(main, [target, "--from", str(source)])
