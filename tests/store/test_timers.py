import asyncio

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


async def test_a_due_timer_is_claimed_by_one_store_until_its_lease_runs_out(db):
    path = db("t.db")
    first, second = await Store.open(path), await Store.open(path)
    try:
        g = await game(first)
        soon = await first.schedule_timer(g, "timeout", 10.0, seat=0)
        later = await first.schedule_timer(g, "reminder", 50.0, seat=1)
        assert [t.id for t in await first.claim_due_timers(20.0, lease=100.0)] == [soon]
        assert await second.claim_due_timers(20.0, lease=100.0) == []  # held by the first
        assert [t.id for t in await first.claim_due_timers(20.0, lease=100.0)] == [soon]  # its own: it may retry
        # The second store waits for the lease (not the due time) of what the first holds.
        assert await second.next_due(20.0) == 50.0 and await first.next_due(20.0) == 10.0
        # The first "dies" holding it: once the lease is over anyone may take it, and one does.
        claims = [await s.claim_due_timers(121.0, lease=100.0) for s in (second, first)]
        assert [[t.id for t in c] for c in claims] == [[soon, later], []]
        await second.postpone_timer(soon, 150.0)  # firing failed: back to everyone, later
        assert [t.id for t in await first.claim_due_timers(200.0)] == [soon]  # "later" is still held
    finally:
        await first.close()
        await second.close()


async def test_many_stores_claiming_at_once_never_share_a_timer(db):
    path = db("t.db")
    stores = [await Store.open(path) for _ in range(4)]
    try:
        g = await game(stores[0])
        ids = {await stores[0].schedule_timer(g, "timeout", float(i), seat=i) for i in range(40)}
        batches = await asyncio.gather(*(s.claim_due_timers(100.0, limit=5) for s in stores))
        taken = [t.id for batch in batches for t in batch]
        assert len(taken) == len(set(taken)) == 20 and set(taken) <= ids
    finally:
        for s in stores:
            await s.close()


async def test_a_named_claim_is_taken_once_until_it_ends(db):
    path = db("t.db")
    first, second = await Store.open(path), await Store.open(path)
    try:
        assert await first.claim("resume:1:5", now=0.0, until=60.0)
        assert not await second.claim("resume:1:5", now=30.0, until=90.0)
        assert not await first.claim("resume:1:5", now=30.0, until=90.0)  # once, even for its holder
        assert await second.claim("resume:1:6", now=30.0, until=90.0)  # another version is another claim
        assert await second.claim("resume:1:5", now=61.0, until=120.0)  # the first one's ran out
    finally:
        await first.close()
        await second.close()


async def test_a_game_lock_has_one_holder_across_stores(db, backend):
    path = db("t.db")
    first, second = await Store.open(path), await Store.open(path)
    order: list[str] = []

    async def hold(store: Store, name: str, pause: asyncio.Event | None) -> None:
        async with store.game_lock(7):
            order.append(f"{name} in")
            if pause is not None:
                await pause.wait()
            order.append(f"{name} out")

    try:
        release = asyncio.Event()
        holder = asyncio.create_task(hold(first, "first", release))
        while not order:
            await asyncio.sleep(0.01)
        waiter = asyncio.create_task(hold(second, "second", None))
        for _ in range(20):  # give the second every chance to barge in
            await asyncio.sleep(0.01)
        if backend == "postgresql":
            assert order == ["first in"]  # the second waits across connections
        release.set()
        await asyncio.gather(holder, waiter)
        assert order[:2] == ["first in", "first out"] or backend == "sqlite"
    finally:
        await first.close()
        await second.close()
