import asyncio
import json
import sqlite3

import pytest

from store import (
    MIGRATIONS,
    PG_MIGRATIONS,
    SNAPSHOT_EVERY,
    AlreadySeated,
    ChannelBusy,
    LobbyClosed,
    LoggedEvent,
    SeatRow,
    StaleVersion,
    Store,
)

TABLES = {"games", "seats", "actions", "events", "snapshots", "timers", "guild_settings"}


@pytest.fixture
async def store(db):
    s = await Store.open(db())
    yield s
    await s.close()


async def active_game(store: Store, channel="chan", state='{"v": 0}') -> int:
    row = await store.create_game("testgame", channel, "guild", "alice", {}, SeatRow(0, "alice", "Alice"))
    await store.add_seat(row.id, "bob", "Bob")
    await store.start_game(row.id, state, 0, "seed", "commit", [LoggedEvent("It begins.")])
    return row.id


def tables_in(path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


async def test_migrations_from_empty_file(tmp_path):
    path = tmp_path / "fresh.db"
    s = await Store.open(path)
    assert await s.schema_version() == len(MIGRATIONS)
    await s.close()
    assert TABLES <= tables_in(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # Opening again applies nothing twice (a second CREATE TABLE would fail).
    s = await Store.open(path)
    assert await s.schema_version() == len(MIGRATIONS)
    await s.close()


def migrations_of(backend: str) -> list[str]:
    return PG_MIGRATIONS if backend == "postgresql" else MIGRATIONS


async def table_names(store: Store) -> set[str]:
    if store.kind == "sqlite":
        rows = await store._all("SELECT name FROM sqlite_master WHERE type = 'table'")
    else:
        rows = await store._all("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
    return {r[0] for r in rows}


async def columns_of(store: Store) -> dict[str, set[str]]:
    if store.kind == "sqlite":
        return {t: {r[1] for r in await store._all(f"PRAGMA table_info({t})")}
                for t in await table_names(store) if not t.startswith("sqlite_")}
    rows = await store._all("SELECT table_name, column_name FROM information_schema.columns"
                            " WHERE table_schema = current_schema()")
    found: dict[str, set[str]] = {}
    for table, column in rows:
        found.setdefault(table, set()).add(column)
    return found


async def test_both_dialects_build_the_same_tables_and_columns(tmp_path, pg_server):
    lite = await Store.open(tmp_path / "lite.db")
    pg = await Store.open(pg_server.url("dialects"))
    try:
        assert len(MIGRATIONS) == len(PG_MIGRATIONS)
        expected = await columns_of(lite)
        expected["arbiter_schema"] = {"version"}  # PostgreSQL's stand-in for PRAGMA user_version
        expected.pop("sqlite_sequence", None)
        assert await columns_of(pg) == expected
        assert await pg.schema_version() == await lite.schema_version() == len(MIGRATIONS)
    finally:
        await lite.close()
        await pg.close()


async def test_only_missing_migrations_run_and_a_failed_one_leaves_nothing(db, backend):
    path, base = db("m.db"), migrations_of(backend)
    extra = "CREATE TABLE extra (x INTEGER);"
    await (await Store.open(path)).close()
    s = await Store.open(path, migrations=base + [extra])
    assert await s.schema_version() == len(base) + 1
    assert "extra" in await table_names(s)
    await s.close()

    broken = "CREATE TABLE half (x INTEGER); THIS IS NOT SQL;"
    with pytest.raises(Exception, match="syntax error"):
        await Store.open(path, migrations=base + [extra, broken])
    s = await Store.open(path, migrations=base + [extra])
    assert await s.schema_version() == len(base) + 1
    assert "half" not in await table_names(s)
    await s.close()


async def test_newer_schema_than_code_is_refused(db, backend):
    path = db("new.db")
    await (await Store.open(path, migrations=migrations_of(backend) + ["CREATE TABLE later (x INTEGER);"])).close()
    with pytest.raises(RuntimeError, match="newer"):
        await Store.open(path)


async def test_one_open_game_per_channel(store):
    first = await store.create_game("g", "chan", None, "alice", {})
    with pytest.raises(ChannelBusy) as busy:
        await store.create_game("g", "chan", None, "bob", {})
    assert busy.value.game_id == first.id
    other = await store.create_game("g", "other-chan", None, "bob", {})
    assert other.id != first.id
    # Once the first game is over the channel is free again.
    assert await store.set_status(first.id, "aborted")
    again = await store.create_game("g", "chan", None, "bob", {})
    assert (await store.open_game_in("chan")).id == again.id


async def test_seats_stay_numbered_from_zero_after_a_leave(store):
    row = await store.create_game("g", "chan", None, "a", {}, SeatRow(0, "a", "A"))
    for user in "bcd":
        await store.add_seat(row.id, user, user.upper())
    with pytest.raises(AlreadySeated):
        await store.add_seat(row.id, "b", "B again")
    assert await store.remove_seat(row.id, "b")
    assert not await store.remove_seat(row.id, "b")
    seats = (await store.get_game(row.id)).seats
    assert [(s.seat, s.user_id) for s in seats] == [(0, "a"), (1, "c"), (2, "d")]


async def test_seats_are_frozen_once_started(store):
    game_id = await active_game(store)
    with pytest.raises(LobbyClosed):
        await store.add_seat(game_id, "carol", "Carol")
    assert not await store.remove_seat(game_id, "bob")


async def test_a_game_and_its_standing_answers_come_in_one_read(store):
    game_id = await active_game(store)
    await store.set_standing_answer(game_id, 1, "block", "no")
    await store.set_standing_answer(game_id, 1, "draw", "yes")
    row, answers = await store.game_and_answers(game_id)
    assert row == await store.get_game(game_id)
    assert answers == await store.standing_answers(game_id) == {1: {"block": "no", "draw": "yes"}}
    assert await store.game_and_answers(game_id + 100) == (None, {})


async def test_save_move_logs_action_events_and_state(store):
    game_id = await active_game(store)
    await store.save_move(game_id, 0, 1, 0, "alice", '{"type": "x"}',
                          [LoggedEvent("public"), LoggedEvent("secret", [1])], '{"v": 1}')
    row = await store.get_game(game_id)
    assert (row.version, row.state, row.status) == (1, '{"v": 1}', "active")
    [logged] = await store.actions(game_id)
    assert (logged.seq, logged.seat, logged.user_id, logged.action) == (0, 0, "alice", '{"type": "x"}')
    events = await store.events(game_id, since_version=0)
    assert [(e.version, e.text, e.visible_to) for e in events] == [(1, "public", None), (1, "secret", [1])]


async def test_stale_version_is_refused_and_changes_nothing(store):
    game_id = await active_game(store)
    await store.save_move(game_id, 0, 1, 0, "alice", "{}", [], '{"v": 1}')
    with pytest.raises(StaleVersion):
        await store.save_move(game_id, 0, 1, 1, "bob", '{"late": true}', [LoggedEvent("late")], '{"v": "late"}')
    row = await store.get_game(game_id)
    assert (row.version, row.state) == (1, '{"v": 1}')
    assert len(await store.actions(game_id)) == 1
    assert "late" not in [e.text for e in await store.events(game_id)]


async def test_moves_on_a_closed_game_are_refused(store):
    game_id = await active_game(store)
    assert await store.set_status(game_id, "aborted")
    with pytest.raises(StaleVersion):
        await store.save_move(game_id, 0, 1, 0, "alice", "{}", [], "{}")


async def save_same_move(store: Store, game_id: int, n: int) -> list:
    return await asyncio.gather(
        *(store.save_move(game_id, 0, 1, i % 2, f"user{i}", json.dumps({"try": i}), [LoggedEvent(f"try {i}")],
                          json.dumps({"v": 1, "by": i}))
          for i in range(n)),
        return_exceptions=True,
    )


async def assert_applied_once(store: Store, game_id: int, results: list) -> None:
    winners = [i for i, r in enumerate(results) if r is None]
    assert len(winners) == 1, results
    assert all(isinstance(r, StaleVersion) for r in results if r is not None)
    row = await store.get_game(game_id)
    [logged] = await store.actions(game_id)
    assert row.version == 1
    assert json.loads(row.state)["by"] == json.loads(logged.action)["try"]
    assert len([e for e in await store.events(game_id, since_version=0)]) == 1


async def test_fifty_concurrent_saves_on_one_connection_apply_once(store):
    game_id = await active_game(store)
    results = await save_same_move(store, game_id, 50)
    await assert_applied_once(store, game_id, results)


async def test_fifty_concurrent_saves_across_connections_apply_once(db):
    path = db("shared.db")
    stores = [await Store.open(path) for _ in range(5)]
    try:
        game_id = await active_game(stores[0])
        results = await asyncio.gather(*(save_same_move(s, game_id, 10) for s in stores))
        await assert_applied_once(stores[0], game_id, [r for batch in results for r in batch])
    finally:
        for s in stores:
            await s.close()


async def test_log_is_append_only(store):
    game_id = await active_game(store)
    await store.save_move(game_id, 0, 1, 0, "alice", "{}", [LoggedEvent("e")], "{}")
    for sql in ("UPDATE actions SET action = 'forged'", "DELETE FROM actions",
                "UPDATE events SET text = 'forged'", "DELETE FROM events"):
        with pytest.raises(store._db.integrity, match="append-only"):
            await store.raw_execute(sql)
    assert [a.action for a in await store.actions(game_id)] == ["{}"]


async def test_snapshots_every_n_versions_while_running_and_none_after_the_end(store):
    game_id = await active_game(store)
    last = SNAPSHOT_EVERY * 2 + 3
    for v in range(last - 1):
        await store.save_move(game_id, v, v + 1, v % 2, "x", "{}", [], json.dumps({"v": v + 1}))
    snaps = await store.snapshots(game_id)
    assert sorted(snaps) == [0, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY]
    assert json.loads(snaps[SNAPSHOT_EVERY]) == {"v": SNAPSHOT_EVERY}
    await store.save_move(game_id, last - 1, last, 0, "x", "{}", [], json.dumps({"v": last}), status="finished")
    assert (await store.get_game(game_id)).status == "finished"
    assert await store.snapshots(game_id) == {}  # the log and the seed replay an ended game
    assert json.loads((await store.get_game(game_id)).state) == {"v": last}


async def test_restart_keeps_everything(db):
    path = db("restart.db")
    s = await Store.open(path)
    game_id = await active_game(s)
    await s.save_move(game_id, 0, 1, 0, "alice", "{}", [], '{"v": 1}')
    await s.close()
    s = await Store.open(path)
    try:
        await s.save_move(game_id, 1, 2, 1, "bob", "{}", [], '{"v": 2}')
        row = await s.get_game(game_id)
        assert (row.version, row.status, [x.user_id for x in row.seats]) == (2, "active", ["alice", "bob"])
        assert [a.seq for a in await s.actions(game_id)] == [0, 1]
    finally:
        await s.close()


async def test_list_games_filters_by_guild_and_player(store):
    a = await store.create_game("g", "c1", "guild1", "alice", {}, SeatRow(0, "alice", "Alice"))
    b = await store.create_game("g", "c2", "guild2", "bob", {}, SeatRow(0, "bob", "Bob"))
    await store.add_seat(b.id, "alice", "Alice")
    c = await store.create_game("g", "c3", "guild1", "carol", {}, SeatRow(0, "carol", "Carol"))
    assert [g.id for g in await store.list_games(guild_id="guild1")] == [a.id, c.id]
    assert [g.id for g in await store.list_games(user_id="alice")] == [a.id, b.id]
    await store.set_status(a.id, "aborted")
    assert [g.id for g in await store.list_games(user_id="alice")] == [b.id]
    assert [g.id for g in await store.list_games(user_id="alice", statuses=("aborted",))] == [a.id]
