"""The store's memory of each game's latest row, standing answers and turn message (store/db.py
_Memory): on SQLite reads are served from it while nothing was committed since, on PostgreSQL
never; either way every read answers what the database holds, whoever wrote it."""

import sqlite3

import pytest

from store import LoggedEvent, SeatRow, StaleVersion, Store


@pytest.fixture
async def store(db):
    s = await Store.open(db())
    yield s
    await s.close()


async def active_game(store: Store, channel: str = "chan") -> int:
    row = await store.create_game("testgame", channel, "guild", "alice", {}, SeatRow(0, "alice", "Alice"))
    await store.add_seat(row.id, "bob", "Bob")
    await store.start_game(row.id, '{"v": 0}', 0, "seed", "commit", [LoggedEvent("It begins.")])
    return row.id


async def move(store: Store, game_id: int, version: int, **kw) -> None:
    await store.save_move(game_id, version, version + 1, 0, "alice", "{}", [], f'{{"v": {version + 1}}}', **kw)


async def test_reads_after_a_move_need_no_trip_to_the_database(tmp_path, runs):
    store = await Store.open(tmp_path / "a.db")
    other = await Store.open(tmp_path / "a.db")
    try:
        g = await active_game(store)
        await store.get_game(g)
        await store.set_turn_message(g, "chan", "m1", 0)
        runs.clear()
        await move(store, g, 0)
        assert runs == [True]  # the move, its events and timers: one transaction
        row, last = await store.get_game(g), await store.turn_message(g)
        assert runs == [True]  # both answered from memory...
        assert (row, last) == (await other.get_game(g), await other.turn_message(g))  # ...exactly as stored
        assert row.version == 1 and row.state == '{"v": 1}'
    finally:
        await store.close()
        await other.close()


async def test_every_write_of_the_store_is_seen_by_its_next_read(store):
    g = await active_game(store)

    async def read(what):
        await store.events(g)  # another read first: the memory is in step with the database again
        return await what

    assert (await read(store.get_game(g))).version == 0
    await move(store, g, 0)
    assert (await read(store.get_game(g))).version == 1
    await store.replace_seat(g, 1, "carol", is_ai=False)  # no version change: only the seat
    assert [s.user_id for s in (await read(store.get_game(g))).seats] == ["alice", "carol"]
    await store.set_config(g, {"clock": "fast"})
    assert (await read(store.get_game(g))).config == {"clock": "fast"}
    assert await read(store.standing_answers(g)) == {}
    await store.set_standing_answer(g, 0, "parry", "ai")
    assert (await read(store.game_and_answers(g)))[1] == {0: {"parry": "ai"}}
    await store.clear_standing_answers(g, 0)
    assert await read(store.standing_answers(g)) == {}
    assert await read(store.turn_message(g)) is None
    await store.set_turn_message(g, "chan", "m9", 1)
    assert await read(store.turn_message(g)) == ("chan", "m9", 1)
    await store.forget_turn_message(g)
    assert await read(store.turn_message(g)) is None
    await store.raw_execute("UPDATE games SET state = ? WHERE id = ?", ('{"v": "damaged"}', g))
    assert (await read(store.get_game(g))).state == '{"v": "damaged"}'
    await store.set_status(g, "finished")
    assert (await read(store.get_game(g))).status == "finished"


async def test_a_refused_move_leaves_the_memory_equal_to_the_database(store, db):
    g = await active_game(store)
    await move(store, g, 0)
    kept = await store.get_game(g)
    with pytest.raises(StaleVersion):
        await move(store, g, 0)  # version 0 is gone
    with pytest.raises(StaleVersion):
        await move(store, g, 1, claim=12345)  # no such timer: the whole move is rolled back
    other = await Store.open(db())
    try:
        assert await store.get_game(g) == await other.get_game(g) == kept
    finally:
        await other.close()


async def test_two_stores_on_one_database_never_serve_a_stale_row(store, db):
    """Two processes (or two stores in one) share the database: what one writes, the other's
    next read says, though the other remembered the game a moment before."""
    other = await Store.open(db())
    try:
        g = await active_game(store)
        for version in range(3):
            assert (await other.get_game(g)).version == version
            await store.set_turn_message(g, "chan", f"m{version}", version)
            assert await other.turn_message(g) == ("chan", f"m{version}", version)
            await move(store, g, version)
            assert (await other.get_game(g)).version == version + 1
            await other.get_game(g)
        await store.replace_seat(g, 1, "dave", is_ai=True)
        assert (await other.get_game(g)).seats[1] == SeatRow(1, "dave", "Bob", is_ai=True)
        await other.set_standing_answer(g, 0, "parry", "ai")
        assert await store.standing_answers(g) == {0: {"parry": "ai"}}
        # The other side moves the game on while this store still holds version 3.
        await move(other, g, 3)
        with pytest.raises(StaleVersion):
            await move(store, g, 3)
        assert await store.get_game(g) == await other.get_game(g)
    finally:
        await other.close()


async def test_a_write_from_outside_any_store_is_seen(tmp_path):
    """A tool writing the SQLite file directly (sqlite3 shell, a repair script) is seen too."""
    path = tmp_path / "a.db"
    store = await Store.open(path)
    try:
        g = await active_game(store)
        assert (await store.get_game(g)).status == "active"
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE games SET status = 'aborted' WHERE id = ?", (g,))
        assert (await store.get_game(g)).status == "aborted"
    finally:
        await store.close()


async def test_postgresql_keeps_nothing_in_memory(store, backend):
    """Several processes write a PostgreSQL database and asking whether one did costs a round
    trip: there every read goes to the database."""
    g = await active_game(store)
    await store.get_game(g)
    await store.get_game(g)
    assert (store.memory.hits == 0) == (backend == "postgresql")
