from store import Store, TimerSpec


async def game(s: Store) -> int:
    return (await s.create_game("testduel", "chan", "guild", "alice", {})).id


async def test_schedule_due_next_and_cancel(db):
    s = await Store.open(db("t.db"))
    try:
        g = await game(s)
        assert await s.next_due() is None
        a = await s.schedule_timer(g, "reminder", 50.0, seat=0, payload={"x": 1})
        await s.schedule_timer(g, "timeout", 100.0, seat=0)
        await s.schedule_timer(g, "timeout", 80.0, seat=1)
        assert await s.next_due() == 50.0
        assert [t.id for t in await s.due_timers(49.9)] == []
        due = await s.due_timers(80.0)
        assert [(t.kind, t.seat, t.due_at) for t in due] == [("reminder", 0, 50.0), ("timeout", 1, 80.0)]
        assert due[0].payload == {"x": 1}
        assert await s.cancel_timers(g, kind="timeout", seat=1) == 1
        assert await s.take_timer(a) is True
        assert await s.take_timer(a) is False  # already gone
        assert [(t.kind, t.seat) for t in await s.timers(g)] == [("timeout", 0)]
        assert await s.cancel_timers(g) == 1
        assert await s.next_due() is None
    finally:
        await s.close()


async def test_reset_keeps_only_the_named_seats_and_replaces_new_ones(db):
    s = await Store.open(db("t.db"))
    try:
        g = await game(s)
        for seat in (0, 1, 2):
            await s.schedule_timer(g, "timeout", 10.0 + seat, seat=seat)
        await s.reset_timers(g, keep_seats=[1, 2], new=[TimerSpec("timeout", 2, 99.0), TimerSpec("reminder", 3, 5.0)])
        assert [(t.kind, t.seat, t.due_at) for t in await s.timers(g)] == [
            ("reminder", 3, 5.0), ("timeout", 1, 11.0), ("timeout", 2, 99.0)]
        await s.reset_timers(g)
        assert await s.timers(g) == []
    finally:
        await s.close()


async def test_timers_survive_reopening(db):
    s = await Store.open(db("t.db"))
    g = await game(s)
    await s.schedule_timer(g, "timeout", 42.0, seat=1)
    await s.close()
    s = await Store.open(db("t.db"))
    try:
        assert [(t.game_id, t.seat, t.due_at) for t in await s.timers(g)] == [(g, 1, 42.0)]
    finally:
        await s.close()
