"""Faults stay small at the table: a move and its clock are saved together, a timeout claims its
timer with its move, clocks heal themselves, and one unreadable game is set aside while every
other game keeps working."""

import asyncio
import gc
import logging

import pytest

from store import TimerSpec
from table import TableError, TableService

HOUR = 3600.0


@pytest.fixture
async def csvc(store, clock):
    return TableService(store, clock=clock)


async def start_duel(svc: TableService, channel="chan", config=None):
    await svc.create(channel, "guild", "testduel", "alice", "Alice", config)
    await svc.join(channel, "bob", "Bob")
    return await svc.start(channel, "alice", seed="fault-seed")


async def clocks(svc, game_id):
    return sorted((t.kind, t.seat) for t in await svc.deadlines(game_id))


async def corrupt_state(svc, game_id, text='{"not": "a duel"'):
    await svc.store.raw_execute("UPDATE games SET state = ? WHERE id = ?", (text, game_id))


# --- one transaction per move ---------------------------------------------------------------

async def test_a_move_whose_clock_cannot_be_written_is_not_saved(csvc, monkeypatch):
    update = await start_duel(csvc)
    g = update.game_id
    before = await clocks(csvc, g)

    async def fail(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(csvc.store, "_insert_timer", fail)
    with pytest.raises(RuntimeError):
        await csvc.act(g, "alice", 0, version=update.version)
    assert (await csvc.get(g)).version == update.version
    assert await csvc.store.actions(g) == []
    assert await clocks(csvc, g) == before  # alice still has her clock


async def test_a_timeout_that_fails_before_its_move_keeps_its_timer(csvc, clock, monkeypatch):
    update = await start_duel(csvc)
    g = update.game_id
    clock.now += 24 * HOUR + 1

    async def crash(*args, **kwargs):
        raise RuntimeError("killed between the claim and the move")

    monkeypatch.setattr(csvc, "_apply_and_save", crash)
    await csvc.fire_due()
    assert ("timeout", 0) in await clocks(csvc, g)  # not claimed: it fires again after a restart
    assert await csvc.fire_due() == []  # ...but not in a tight loop: it is tried again a minute later
    monkeypatch.undo()
    clock.now += 60
    [timeout] = await csvc.fire_due()
    assert timeout.kind == "timeout" and (await csvc.get(g)).version == update.version + 1


async def test_a_reminder_overdue_with_its_timeout_is_dropped(csvc, clock):
    update = await start_duel(csvc)
    clock.now += 30 * HOUR  # the bot was down past both the reminder and the timeout
    notices = await csvc.fire_due()
    assert [n.kind for n in notices] == ["timeout"]
    assert (await csvc.get(update.game_id)).version == update.version + 1


# --- self-healing clocks --------------------------------------------------------------------

async def test_healing_gives_the_awaited_seat_one_clock_and_drops_stale_ones(csvc):
    update = await start_duel(csvc)
    g = update.game_id
    moved = await csvc.act(g, "alice", 0, version=update.version)
    assert [s.user_id for s in moved.to_act] == ["bob"]
    # What a crash between the move and its clocks used to leave: the mover's old timers only.
    await csvc.store.reset_timers(g, new=[TimerSpec("reminder", 0, 1.0), TimerSpec("timeout", 0, 2.0),
                                          TimerSpec("timeout", 1, 3.0), TimerSpec("timeout", 1, 4.0)])
    assert await csvc.heal_clocks() == 1
    assert await clocks(csvc, g) == [("reminder", 1), ("timeout", 1)]
    assert await csvc.heal_clocks() == 0  # healthy now: left alone


async def test_the_dispatcher_heals_clocks_again_and_again(store):
    svc = TableService(store)
    svc.heal_every = 0.01
    healed = asyncio.Event()
    calls = []

    async def heal():
        calls.append(1)
        if len(calls) >= 3:
            healed.set()
        return 0

    svc.heal_clocks = heal
    svc.start_timers()
    try:
        await asyncio.wait_for(healed.wait(), 10)
    finally:
        await svc.stop_timers()
    assert len(calls) >= 3


# --- quarantine -----------------------------------------------------------------------------

async def test_an_unreadable_game_is_set_aside_and_the_others_keep_their_clocks(csvc, clock, caplog):
    bad = (await start_duel(csvc, "c1")).game_id
    good = (await start_duel(csvc, "c2")).game_id
    await csvc.store.reset_timers(bad)  # no clock, so healing has to read it
    await corrupt_state(csvc, bad)
    with caplog.at_level(logging.ERROR):
        assert await csvc.heal_clocks() == 0
        clock.now += 25 * HOUR
        notices = await csvc.fire_due()
        assert [(n.kind, n.game_id) for n in notices] == [("timeout", good)]
        for _ in range(2):
            with pytest.raises(TableError, match="set aside") as refused:
                await csvc.view(bad, None)
        assert "went wrong" not in str(refused.value)
    assert len([r for r in caplog.records if r.levelno >= logging.ERROR]) == 1  # logged once
    listed = {t.game_id: t for t in await csvc.list_tables()}
    assert listed[bad].broken and not listed[good].broken
    mine = {s.table.game_id: s for s in await csvc.my_games("alice")}
    assert set(mine) == {bad, good} and mine[bad].table.broken


async def test_a_game_set_aside_can_be_rebuilt_from_its_log(csvc):
    update = await start_duel(csvc)
    g = update.game_id
    await csvc.act(g, "alice", 0, version=update.version)
    good = (await csvc.store.get_game(g)).state
    await corrupt_state(csvc, g)
    with pytest.raises(TableError, match="set aside"):
        await csvc.view(g, None)
    with pytest.raises(TableError, match="creator"):
        await csvc.repair(g, "bob")
    said = await csvc.repair(g, "alice")
    assert "rebuilt" in said
    row = await csvc.store.get_game(g)
    assert row.broken is None and row.state == good
    assert await clocks(csvc, g) == [("reminder", 1), ("timeout", 1)]


async def test_a_game_whose_settings_cannot_be_read_can_still_be_aborted(csvc):
    g = (await start_duel(csvc)).game_id
    await csvc.store.raw_execute("UPDATE games SET config = 'nonsense' WHERE id = ?", (g,))
    [table] = await csvc.list_tables()
    assert table.broken
    with pytest.raises(TableError, match="set aside"):
        await csvc.act(g, "alice", 0)
    with pytest.raises(TableError, match="cannot be rebuilt"):
        await csvc.repair(g, "alice")
    assert (await csvc.abort("chan", "alice")).status == "aborted"


# --- numbers from outside -------------------------------------------------------------------

async def test_game_ids_beyond_sqlite_integers_are_just_unknown(csvc):
    for huge in (2 ** 63, 10 ** 20, -(2 ** 64)):
        with pytest.raises(TableError, match="no game"):
            await csvc.verify(huge)
        with pytest.raises(TableError, match="no game"):
            await csvc.get(huge)


async def test_clock_settings_must_be_finite_and_bounded(csvc):
    await start_duel(csvc)
    for hours in (float("inf"), float("nan"), 1e308):
        with pytest.raises(TableError):
            await csvc.change_clock("chan", "alice", {"turn_seconds": hours * HOUR})


async def test_a_poisoned_server_default_falls_back_to_the_normal_clock(csvc):
    await csvc.store.set_guild_setting("guild", "clock", {"turn_seconds": 1e400})
    clock = await csvc.server_clock("guild")
    assert clock.turn_seconds == 24 * HOUR
    update = await start_duel(csvc)  # new games still start
    assert (await csvc.clock_of(update.game_id)).turn_seconds == 24 * HOUR


async def test_the_lock_table_does_not_grow_with_every_game(csvc):
    for n in range(5):
        update = await start_duel(csvc, f"chan{n}")
        await csvc.act(update.game_id, "alice", 0, version=update.version)
    gc.collect()
    assert len(csvc._locks) == 0
