"""Durable timers and the clock, driven by a fake clock: reminders, timeouts, restarts."""

import asyncio

import pytest

from store import Store
from table import ClockSettings, Notice, TableError, TableService

HOUR = 3600.0


@pytest.fixture
async def csvc(store, clock):
    svc = TableService(store, clock=clock)
    svc.heard = []

    async def hear(table, notice: Notice):
        svc.heard.append((table.game_id, notice))

    svc.on_notice = hear
    return svc


async def start_duel(svc: TableService, clock=None, channel="chan"):
    await svc.create(channel, "guild", "testduel", "alice", "Alice", clock)
    await svc.join(channel, "bob", "Bob")
    return await svc.start(channel, "alice", seed="clock-seed")


async def kinds(svc, game_id):
    return [(t.kind, t.seat, t.due_at) for t in await svc.deadlines(game_id)]


async def test_start_schedules_a_reminder_at_half_and_a_timeout_at_the_clock(csvc, clock):
    update = await start_duel(csvc)
    t0 = clock.now
    assert await kinds(csvc, update.game_id) == [("reminder", 0, t0 + 12 * HOUR), ("timeout", 0, t0 + 24 * HOUR)]
    assert await csvc.clock_of(update.game_id) == ClockSettings()


async def test_reminder_then_timeout_plays_the_ai_move_for_an_idle_player(csvc, clock):
    update = await start_duel(csvc)
    g, t0 = update.game_id, clock.now
    clock.now = t0 + 12 * HOUR - 1
    assert await csvc.fire_due() == []
    clock.now = t0 + 12 * HOUR
    [reminder] = await csvc.fire_due()
    assert (reminder.kind, reminder.seat.user_id, reminder.deadline) == ("reminder", "alice", t0 + 24 * HOUR)
    assert await csvc.fire_due() == []  # a reminder fires once
    clock.now = t0 + 24 * HOUR
    [timeout] = await csvc.fire_due()
    assert timeout.kind == "timeout" and timeout.seat.user_id == "alice"
    assert timeout.move is None  # Duel plays are secret: only Alice learns which card
    assert timeout.update.private_events[0][0].startswith("You put your")
    assert timeout.update.version == update.version + 1
    assert "Alice's clock ran out; the table chose for them." in timeout.update.public_events
    assert [s.user_id for s in timeout.update.to_act] == ["bob"]
    assert [n.kind for _, n in csvc.heard] == ["reminder", "timeout"]
    # Bob now owes the off-turn decision, on a fresh clock; Alice has none.
    assert await kinds(csvc, g) == [("reminder", 1, clock.now + 12 * HOUR), ("timeout", 1, clock.now + 24 * HOUR)]
    clock.now += 24 * HOUR
    [answer] = await csvc.fire_due()  # Bob's reminder is overdue with his timeout: only the timeout speaks
    assert answer.seat.user_id == "bob" and answer.move == "Challenge"  # Duel's AI answer
    assert [s.user_id for s in answer.update.to_act] == ["bob"]  # Bob's own turn now


async def test_a_move_before_the_deadline_cancels_the_timers(csvc, clock):
    update = await start_duel(csvc)
    g, t0 = update.game_id, clock.now
    clock.now = t0 + HOUR
    moved = await csvc.act(g, "alice", 0, version=update.version)
    assert await kinds(csvc, g) == [("reminder", 1, clock.now + 12 * HOUR), ("timeout", 1, clock.now + 24 * HOUR)]
    clock.now = t0 + 12 * HOUR + 1  # past Alice's old reminder, before Bob's
    assert await csvc.fire_due() == []
    assert (await csvc.get(g)).version == moved.version


async def test_a_timer_taken_after_a_move_is_a_no_op(csvc, clock):
    """The dispatcher read the due timer, then the player moved first: the move wins."""
    update = await start_duel(csvc, {"clock": {"quick": True}})
    g = update.game_id
    clock.now += 120
    due = await csvc.store.due_timers(clock.now)
    assert [t.kind for t in due] == ["reminder", "timeout"]
    moved = await csvc.act(g, "alice", 0, version=update.version)
    for timer in due:
        assert await csvc._fire(timer) is None
    assert (await csvc.get(g)).version == moved.version


async def test_quick_play_and_skip_settings(csvc, clock):
    update = await start_duel(csvc, {"target": 3, "clock": {"quick": True, "quick_seconds": 90,
                                                            "on_timeout": "skip"}})
    info = await csvc.get(update.game_id)
    assert info.config["target"] == 3 and info.config["clock"]["quick_seconds"] == 90
    assert await kinds(csvc, update.game_id) == [("reminder", 0, clock.now + 45), ("timeout", 0, clock.now + 90)]
    clock.now += 90
    [timeout] = await csvc.fire_due()  # Duel has no pass: the AI moves instead (the overdue reminder is dropped)
    assert timeout.kind == "timeout" and timeout.update.private_events[0][0].startswith("You put your")


async def test_bad_clock_settings_are_refused(csvc):
    with pytest.raises(TableError, match="clock settings"):
        await csvc.create("chan", "guild", "testduel", "alice", "Alice", {"clock": {"turn_seconds": -1}})


async def test_a_restart_keeps_every_deadline_and_fires_it(db, clock):
    path = db("restart.db")
    svc = TableService(await Store.open(path), clock=clock)
    first = await start_duel(svc)
    second = await start_duel(svc, channel="other")
    await svc.act(second.game_id, "alice", 0, version=second.version)
    before = {g: await kinds(svc, g) for g in (first.game_id, second.game_id)}
    await svc.close()

    svc = TableService(await Store.open(path), clock=clock)
    try:
        assert {g: await kinds(svc, g) for g in before} == before
        clock.now += 12 * HOUR
        notices = await svc.fire_due()
        clock.now += 12 * HOUR
        notices += await svc.fire_due()
        assert sorted((n.game_id, n.kind, n.seat.user_id) for n in notices) == sorted([
            (first.game_id, "reminder", "alice"), (first.game_id, "timeout", "alice"),
            (second.game_id, "reminder", "bob"), (second.game_id, "timeout", "bob")])
        assert (await svc.get(first.game_id)).version == first.version + 1
    finally:
        await svc.close()


async def test_no_timer_fires_for_finished_or_aborted_games(csvc, clock):
    aborted = await start_duel(csvc)
    await csvc.abort("chan", "alice")
    assert await csvc.deadlines(aborted.game_id) == []
    finished = await start_duel(csvc, {"target": 1}, channel="other")
    g = finished.game_id
    await csvc.act(g, "alice", 0)
    last = await csvc.act(g, "bob", {"type": "fold"})
    assert last.finished
    assert await csvc.deadlines(g) == []
    # Even a stray timer left in the store for a closed game is dropped, not fired.
    await csvc.store.schedule_timer(aborted.game_id, "timeout", clock.now, seat=0)
    clock.now += 48 * HOUR
    assert await csvc.fire_due() == []
    assert await csvc.store.next_due() is None


async def test_the_dispatcher_wakes_for_a_sooner_timer_and_fires_it(store):
    svc = TableService(store)  # the real clock
    fired = asyncio.Event()
    heard = []

    async def hear(table, notice):
        heard.append(notice)
        fired.set()

    svc.on_notice = hear
    svc.start_timers()
    try:
        await asyncio.sleep(0.05)  # the dispatcher is asleep on an empty store
        update = await start_duel(svc, {"clock": {"quick": True, "quick_seconds": 0.4, "reminder_fraction": 0}})
        await asyncio.wait_for(fired.wait(), 5)
        assert [(n.kind, n.seat.user_id) for n in heard] == [("timeout", "alice")]
        assert (await svc.get(update.game_id)).version == update.version + 1
    finally:
        await svc.stop_timers()


async def test_healing_gives_older_games_a_clock(csvc, clock):
    update = await start_duel(csvc)
    await csvc.store.reset_timers(update.game_id)
    assert await csvc.heal_clocks() == 1
    assert [k for k, _, _ in await kinds(csvc, update.game_id)] == ["reminder", "timeout"]
    assert await csvc.heal_clocks() == 0


async def test_psiwars_timeouts_move_an_idle_player_and_replay_holds(csvc, clock):
    pytest.importorskip("engine.psiwars")
    from engine.core import get_game
    from table.replay import verify
    try:
        get_game("psiwars")
    except KeyError as exc:
        pytest.skip(f"psiwars is not playable yet: {exc}")
    await csvc.create("chan", "guild", "psiwars", "alice", "Alice", {"clock": {"quick": True}})
    await csvc.add_ai("chan", "alice")
    update = await csvc.start("chan", "alice", seed="clock-psiwars")
    g = update.game_id
    for _ in range(3):
        assert [s.user_id for s in update.to_act] == ["alice"]
        assert [(k, s) for k, s, _ in await kinds(csvc, g)] == [("reminder", 0), ("timeout", 0)]
        clock.now += 120
        notices = await csvc.fire_due()
        assert [n.kind for n in notices] == ["timeout"]  # the reminder was overdue with it: dropped
        update = notices[-1].update
        assert update.version == (await csvc.get(g)).version
        if update.finished:
            break
    assert csvc.bugs == []
    await verify(csvc.store, g)


async def test_an_idle_player_forfeits_after_the_set_number_of_timeouts_in_a_row(csvc, clock):
    update = await start_duel(csvc, {"clock": {"quick": True, "quick_seconds": 60, "forfeit_after": 2}})
    g = update.game_id
    clock.now += 60
    [first] = await csvc.fire_due()  # Alice's first timeout (its overdue reminder dropped): the AI plays for her
    assert (first.kind, first.strikes) == ("timeout", 1)
    await csvc.act(g, "bob", {"type": "fold"})  # Bob answers himself, then it is his turn
    await csvc.act(g, "bob", 0)  # Bob plays; Alice owes the answer
    clock.now += 60
    [second] = await csvc.fire_due()
    assert (second.kind, second.strikes) == ("forfeit", 2)
    assert second.update.finished and second.update.result_text.startswith("Bob wins: Alice conceded")
    assert "Alice's clock ran out 2 times in a row." in second.update.public_events
    assert (await csvc.get(g)).status == "finished" and await csvc.deadlines(g) == []
    assert (await csvc.rating_of("guild", "testduel", "bob")).wins == 1
    assert (await csvc.verify(g)).startswith("✅")


async def test_a_move_of_your_own_resets_the_run_of_timeouts(csvc, clock):
    update = await start_duel(csvc, {"clock": {"quick": True, "quick_seconds": 60, "forfeit_after": 2}})
    g = update.game_id
    clock.now += 60
    await csvc.fire_due()  # strike 1 for Alice
    await csvc.act(g, "bob", {"type": "fold"})
    await csvc.act(g, "bob", 0)
    await csvc.act(g, "alice", {"type": "fold"})  # Alice moves herself: the run is broken
    clock.now += 60
    [timeout] = await csvc.fire_due()
    assert (timeout.kind, timeout.strikes) == ("timeout", 1)


async def test_a_player_who_turned_reminders_off_gets_none(csvc, clock):
    await csvc.set_notify("alice", reminders=False)
    update = await start_duel(csvc)
    clock.now += 12 * HOUR
    assert await csvc.fire_due() == []
    clock.now += 12 * HOUR
    [timeout] = await csvc.fire_due()
    assert timeout.kind == "timeout" and (await csvc.get(update.game_id)).version == update.version + 1


def test_a_psiwars_power_window_left_to_run_out_is_passed_not_played():
    """The safe default for an off-turn reaction: pass, spend nothing (ARCHITECTURE, waiting on people)."""
    from engine.core import get_game

    game = get_game("psiwars")
    state = game.setup({}, ["A", "B"], "window-seed")
    for _ in range(3000):
        seat = game.to_act(state)[0]
        kinds = {d.kind for d in state.pending if d.seat == seat}
        if "window" in kinds and game.is_reaction(state, seat):
            break
        game.advance(state, game.ai_action(state, seat))
    else:
        pytest.fail("no off-turn Power window came up")
    safe = game.timeout_action(state, seat)
    assert safe is not None and safe.type == "pass" and safe in game.legal_actions(state, seat)
    other = next(s for s in range(2) if s != seat)
    assert game.timeout_action(state, other) is None


async def test_skip_on_timeout_takes_the_pass_the_game_offers(csvc, clock):
    """"skip" finds a game's pass by its core class (Pass or EndTurn), whatever the game calls it."""
    from typing import Annotated

    from pydantic import Field
    from racegame import Add, Race

    from engine.core import Decision, Event, Pass, register

    class PassingRace(Race):
        id = "testpassrace"
        action_model = Annotated[Add | Pass, Field(discriminator="type")]

        def legal_actions(self, state, seat):
            legal = super().legal_actions(state, seat)
            return legal + [Pass(seat=seat)] if legal else []

        def step(self, state, action):
            if not isinstance(action, Pass):
                return super().step(state, action)
            state.active = (state.active + 1) % len(state.seats)
            state.pending = [Decision(seat=state.active, kind="turn", prompt="Add 1, 2 or 3.")]
            return [Event(text=f"{state.seats[action.seat]} passes.")]

    register(PassingRace())
    await csvc.create("chan", "guild", "testpassrace", "alice", "Alice", {"clock": {"on_timeout": "skip"}})
    await csvc.add_ai("chan", "alice")
    await csvc.add_ai("chan", "alice")
    update = await csvc.start("chan", "alice", seed="skip")
    clock.now += 24 * HOUR
    timeout = (await csvc.fire_due())[-1]
    assert timeout.kind == "timeout" and timeout.move == "Pass"
    assert "Alice passes." in timeout.update.public_events
    assert (await csvc.get(update.game_id)).version > update.version
