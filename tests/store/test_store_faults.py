"""Faults stay small in the store: one move is one transaction (with its timers and the claim of
the timer that caused it), unreadable rows never break listings, an empty file is refused,
ended games keep no snapshots, and out-of-range ids find nothing instead of raising."""

import sqlite3

import pytest

from store import EmptyDatabase, LoggedEvent, SeatRow, StaleVersion, Store, TimerReset, TimerSpec


@pytest.fixture
async def store(db):
    s = await Store.open(db())
    yield s
    await s.close()


async def active_game(store: Store, channel="chan") -> int:
    row = await store.create_game("testgame", channel, "guild", "alice", {}, SeatRow(0, "alice", "Alice"))
    await store.add_seat(row.id, "bob", "Bob")
    await store.start_game(row.id, '{"v": 0}', 0, "seed", "commitment",
                           timers=TimerReset(new=(TimerSpec("timeout", 0, 100.0),)))
    return row.id


async def move(store, game_id, version, **kw):
    await store.save_move(game_id, version, version + 1, 0, "alice", '{"type": "x"}',
                          [LoggedEvent("moved")], f'{{"v": {version + 1}}}', **kw)


async def test_start_schedules_its_clock_in_the_same_transaction(store):
    g = await active_game(store)
    assert [(t.kind, t.seat) for t in await store.timers(g)] == [("timeout", 0)]


async def test_a_move_and_its_timers_commit_together(store):
    g = await active_game(store)
    await move(store, g, 0, timers=TimerReset(new=(TimerSpec("reminder", 1, 50.0), TimerSpec("timeout", 1, 90.0))))
    assert [(t.kind, t.seat) for t in await store.timers(g)] == [("reminder", 1), ("timeout", 1)]


async def test_a_failing_timer_write_undoes_the_move(store):
    g = await active_game(store)
    bad = TimerReset(new=(TimerSpec("timeout", 1, 90.0, {"not json": {1, 2}}),))  # a set cannot be stored
    with pytest.raises(TypeError):
        await move(store, g, 0, timers=bad)
    row = await store.get_game(g)
    assert row.version == 0 and await store.actions(g) == []
    assert [(t.kind, t.seat) for t in await store.timers(g)] == [("timeout", 0)]


async def test_a_timeout_move_claims_its_timer_or_does_not_happen(store):
    g = await active_game(store)
    (timer,) = await store.timers(g)
    await move(store, g, 0, claim=timer.id)
    assert await store.timers(g) == []
    with pytest.raises(StaleVersion):  # the same timer cannot cause a second move
        await move(store, g, 1, claim=timer.id)
    assert (await store.get_game(g)).version == 1


async def test_an_unreadable_config_marks_the_game_instead_of_breaking_the_list(store):
    g = await active_game(store)
    other = await active_game(store, channel="other")
    await store.raw_execute("UPDATE games SET config = '{oops' WHERE id = ?", (g,))
    listed = {r.id: r for r in await store.list_games()}
    assert set(listed) == {g, other}
    assert listed[g].broken and not listed[other].broken
    assert listed[g].config == {}


async def test_marking_broken_is_once_and_hides_the_games_timers(store):
    g = await active_game(store)
    other = await active_game(store, channel="other")
    assert await store.mark_broken(g, "state unreadable") is True
    assert await store.mark_broken(g, "again") is False  # logged once: only the first mark counts
    assert (await store.get_game(g)).broken == "state unreadable"
    assert {t.game_id for t in await store.due_timers(1e9)} == {other}
    await store.restore_state(g, 0, '{"v": 0}')
    assert (await store.get_game(g)).broken is None


async def test_a_finished_game_keeps_no_snapshots(store):
    g = await active_game(store)
    await move(store, g, 0)
    await move(store, g, 1, status="finished")
    assert await store.snapshots(g) == {}


async def test_snapshots_are_stored_compactly_and_read_back_as_text(store):
    g = await active_game(store)
    (raw,) = (await store._all("SELECT state FROM snapshots WHERE game_id = ?", (g,)))[0]
    assert isinstance(raw, bytes)
    assert await store.snapshots(g) == {0: '{"v": 0}'}
    assert (await store.get_game(g)).state == '{"v": 0}'


async def test_ids_beyond_64_bit_integers_find_nothing(store):
    assert await store.get_game(10 ** 20) is None
    assert await store.get_game(-(2 ** 63) - 1) is None
    assert await store.request(2 ** 64) is None


async def test_an_empty_database_file_is_refused(tmp_path):
    path = tmp_path / "zero.db"
    path.write_bytes(b"")
    with pytest.raises(EmptyDatabase, match="empty"):
        await Store.open(path)
    assert path.stat().st_size == 0  # left as found


async def test_the_sync_level_can_be_made_stricter(tmp_path):
    s = await Store.open(tmp_path / "full.db", synchronous="FULL")
    try:
        (level,) = (await s._all("PRAGMA synchronous"))[0]
        assert level == 2  # FULL
    finally:
        await s.close()
    with pytest.raises(ValueError):
        await Store.open(tmp_path / "x.db", synchronous="SOMETIMES")


def test_sqlite_is_new_enough_for_the_schema():
    assert sqlite3.sqlite_version_info >= (3, 35)


async def test_a_new_database_appears_whole_or_not_at_all(tmp_path):
    path = tmp_path / "new.db"
    s = await Store.open(path)
    await s.close()
    assert path.stat().st_size > 0 and not (tmp_path / "new.db.creating").exists()


async def test_a_store_body_that_suspends_is_refused_and_undone(store):
    """Backend.run hands a whole transaction to the database in one go (on SQLite, to its thread);
    a body that awaits anything but its connection would interleave with other work, so it is
    refused and nothing it wrote stays."""
    import asyncio

    g = await active_game(store)

    async def body(conn):
        await conn.execute("UPDATE games SET updated_at = 0 WHERE id = ?", (g,))
        await asyncio.sleep(0)

    if store.kind == "sqlite":
        with pytest.raises(RuntimeError, match="awaited something other than its connection"):
            await store._db.run(body, write=True)
    else:  # PostgreSQL runs bodies on the event loop: a suspension is allowed there
        await store._db.run(body, write=True)
        return
    assert (await store.get_game(g)).updated_at != 0
