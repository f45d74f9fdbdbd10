"""Trips to the database per click, and what the table remembers between clicks: the store's
kept rows (store/db.py _Memory) and the parsed state of each version (TableService._known)."""

import pytest
from duelgame import DUEL, Play

from engine.core import IllegalAction
from store import Store
from table import StaleVersion, TableService


@pytest.fixture
async def sqlite_svc(tmp_path):
    service = TableService(await Store.open(tmp_path / "table.db"))
    yield service
    await service.store.close()


async def click(svc: TableService, game_id: int, user: str) -> str:
    """What cogs/play.py asks of the table for one click on a move button: the seat, the
    offers and warnings at the clicked version, the move, the player's panel, the game, then
    the turn message for whoever moves next (their offers and warnings, the routine prompts)."""
    version, _, offers = await svc.offers_for(game_id, user)
    await svc.seat_of(game_id, user)
    await svc.dangers(game_id, offers[:1])
    update = await svc.act(game_id, user, 0, version=version)
    await svc.panel_facts(game_id, user)
    await svc.get(game_id)
    await svc.turn_message(game_id)
    nxt = next(s.user_id for s in update.to_act)
    _, _, offers = await svc.offers_for(game_id, nxt)
    await svc.dangers(game_id, offers)
    await svc.autopilot_options(game_id)
    await svc.remember_turn_message(game_id, "chan", f"m{update.version}", update.version)
    return nxt  # who clicks next


async def test_a_click_costs_two_trips_to_the_database(sqlite_svc, runs):
    """The move (with its events and clocks) and the new turn message's id: every read of the
    click is answered from what the table already holds."""
    svc = sqlite_svc
    await svc.create("chan", "guild", "testduel", "alice", "Alice")
    await svc.join("chan", "bob", "Bob")
    game = await svc.start("chan", "alice", seed="test-seed")
    user = await click(svc, game.game_id, "alice")  # the first click reads what nobody asked for yet
    for _ in range(4):
        runs.clear()
        user = await click(svc, game.game_id, user)
        assert runs == [True, True]
        # The state the click's moves left, kept as its version's parsed copy, is what was stored.
        row = await svc.store.get_game(game.game_id)
        assert svc._reading(row).model_dump() == DUEL.load_state(row.state).model_dump()


async def test_a_refused_move_leaves_the_table_as_stored(svc, duel, db):
    g = duel.game_id
    await svc.panel_facts(g, "alice")  # the parsed state of this version is kept
    hand = (await svc.view(g, "alice"))["hand"]
    missing = next(c for c in range(1, 13) if c not in hand)
    with pytest.raises(IllegalAction):
        await svc.act(g, "alice", Play(seat=0, card=missing))
    with pytest.raises(IllegalAction):  # a pair whose second move is refused keeps nothing either
        await svc.act(g, "alice", Play(seat=0, card=hand[0]).model_dump() | {"card": missing})
    fresh = await Store.open(db("table.db"))
    try:
        stored = await fresh.get_game(g)
        assert await svc.store.get_game(g) == stored
        kept = svc._reading(await svc.store.get_game(g))
        assert kept.model_dump() == DUEL.load_state(stored.state).model_dump()
    finally:
        await fresh.close()


async def test_a_move_that_cannot_be_saved_leaves_no_changed_state_behind(svc, duel, db, monkeypatch):
    """The move is applied to the kept parsed state in place; when its save fails (another
    process moved first), that state must not be served as the stored game afterwards."""
    g = duel.game_id
    await svc.panel_facts(g, "alice")
    other = TableService(await Store.open(db("table.db")))
    real = svc.store.save_move

    async def beaten(*args, **kw):
        # The other process's move lands first (straight in its store: this process holds the
        # game's lock, on PostgreSQL across processes too).
        state = DUEL.load_state((await other.store.get_game(g)).state)
        DUEL.apply_owned(state, DUEL.legal_actions(state, 0)[0])
        await other.store.save_move(g, duel.version, state.version, 0, "alice", "{}", [], state.model_dump_json())
        return await real(*args, **kw)

    monkeypatch.setattr(svc.store, "save_move", beaten)
    try:
        with pytest.raises(StaleVersion):
            await svc.act(g, "alice", 0, version=duel.version)
        monkeypatch.undo()
        row = await svc.store.get_game(g)
        assert row == await other.store.get_game(g) and row.version == duel.version + 1
        assert svc._reading(row).model_dump() == DUEL.load_state(row.state).model_dump()
        assert (await svc.panel_facts(g, "bob")).offers == (await other.panel_facts(g, "bob")).offers
    finally:
        await other.store.close()


async def test_a_move_whose_save_fails_leaves_the_kept_state_as_stored(svc, duel, monkeypatch):
    """The store refuses the write (a disk error, say) and the game stays at its version: the
    state the move changed in place is not the one read next."""
    g = duel.game_id
    await svc.panel_facts(g, "alice")

    async def broken_disk(*args, **kw):
        raise OSError("disk I/O error")

    monkeypatch.setattr(svc.store, "save_move", broken_disk)
    with pytest.raises(OSError):
        await svc.act(g, "alice", 0, version=duel.version)
    monkeypatch.undo()
    row = await svc.store.get_game(g)
    assert row.version == duel.version
    assert svc._reading(row).model_dump() == DUEL.load_state(row.state).model_dump()
    assert (await svc.act(g, "alice", 0, version=duel.version)).version == duel.version + 1
