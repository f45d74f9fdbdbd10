import asyncio
import json
import zlib

import pytest
from duelgame import DUEL, Play

from engine.core import IllegalAction, commitment
from store import StaleVersion as StoreStaleVersion
from store import Store
from table import NotYourMove, StaleVersion, TableError, TableService, Update
from table.helpers import result_text
from table.replay import ReplayMismatch, replay, verify


async def first_card(svc, game_id, user) -> int:
    return (await svc.view(game_id, user))["hand"][0]


async def play_out(svc: TableService, game_id: int, users=("alice", "bob"), limit=200) -> list[Update]:
    """Both people play their first legal move until the game ends; returns every Update."""
    updates = []
    for _ in range(limit):
        info = await svc.get(game_id)
        if info.status != "active":
            return updates
        for user in users:
            version, seat, legal = await svc.legal_for(game_id, user)
            if legal:
                updates.append(await svc.act(game_id, user, 0, version=version))
                break
    raise AssertionError("the game did not end")


async def snapshot_of(store: Store, game_id: int):
    row = await store.get_game(game_id)
    return row.version, row.state, len(await store.actions(game_id)), len(await store.events(game_id))


async def test_a_move_goes_to_the_defender_as_a_pending_decision(svc, duel):
    card = await first_card(svc, duel.game_id, "alice")
    update = await svc.act(duel.game_id, "alice", {"type": "play", "card": card}, version=duel.version)
    assert update.version == duel.version + 1
    assert update.public_events == ["Alice puts a card face down."]
    assert update.private_events == {0: [f"You put your {card} face down, secretly."]}
    assert [s.user_id for s in update.to_act] == ["bob"]
    version, seat, legal = await svc.legal_for(duel.game_id, "bob")
    assert (version, seat, [a.type for a in legal]) == (update.version, 1, ["challenge", "fold"])
    assert (await svc.legal_for(duel.game_id, "alice"))[2] == []


async def test_wrong_player_is_refused(svc, duel):
    before = await snapshot_of(svc.store, duel.game_id)
    with pytest.raises(NotYourMove, match="Only Alice can move now"):
        await svc.act(duel.game_id, "bob", 0)
    with pytest.raises(NotYourMove, match="not playing"):
        await svc.act(duel.game_id, "carol", 0)
    with pytest.raises(NotYourMove, match="Only Bob can make that move"):
        await svc.act(duel.game_id, "alice", {"type": "fold", "seat": 1})
    assert await snapshot_of(svc.store, duel.game_id) == before


async def test_stale_version_is_refused(svc, duel):
    await svc.act(duel.game_id, "alice", 0, version=duel.version)
    before = await snapshot_of(svc.store, duel.game_id)
    with pytest.raises(StaleVersion, match="The board has changed since this button was posted."):
        await svc.act(duel.game_id, "bob", 0, version=duel.version)
    assert await snapshot_of(svc.store, duel.game_id) == before


async def test_illegal_move_leaves_the_game_unchanged(svc, duel):
    hand = (await svc.view(duel.game_id, "alice"))["hand"]
    missing = next(c for c in range(1, 13) if c not in hand)
    before = await snapshot_of(svc.store, duel.game_id)
    with pytest.raises(IllegalAction) as refused:
        await svc.act(duel.game_id, "alice", Play(seat=0, card=missing))
    assert (refused.value.reason, refused.value.rule) == (f"You do not hold a {missing}.", "Duel 2")
    with pytest.raises(TableError, match="no move number 7"):
        await svc.act(duel.game_id, "alice", 7)
    with pytest.raises(TableError, match="not a move"):
        await svc.act(duel.game_id, "alice", {"type": "teleport"})
    assert await snapshot_of(svc.store, duel.game_id) == before


async def test_fifty_concurrent_acts_apply_once(svc, duel):
    results = await asyncio.gather(
        *(svc.act(duel.game_id, "alice", 0, version=duel.version) for _ in range(50)), return_exceptions=True)
    assert sum(isinstance(r, Update) for r in results) == 1
    assert all(isinstance(r, StaleVersion) for r in results if not isinstance(r, Update))
    assert [a.seq for a in await svc.store.actions(duel.game_id)] == [duel.version]
    assert (await svc.get(duel.game_id)).version == duel.version + 1


async def test_fifty_concurrent_acts_from_five_processes_apply_once(svc, duel):
    # Separate services on separate connections share no lock: only the SQL check stops them.
    others = [TableService(await Store.open(svc.store.path)) for _ in range(4)]
    try:
        services = [svc, *others]
        results = await asyncio.gather(
            *(services[i % 5].act(duel.game_id, "alice", 0, version=duel.version) for i in range(50)),
            return_exceptions=True)
        assert sum(isinstance(r, Update) for r in results) == 1
        assert all(isinstance(r, StaleVersion) for r in results if not isinstance(r, Update))
        assert [a.seq for a in await svc.store.actions(duel.game_id)] == [duel.version]
    finally:
        for other in others:
            await other.close()


async def test_a_finished_game_refuses_moves_and_reveals_its_seed(svc, duel):
    updates = await play_out(svc, duel.game_id)
    last = updates[-1]
    assert last.finished and last.to_act == []
    assert any("The seed was test-seed" in line for line in last.public_events)
    assert not any("The seed was" in line for u in updates[:-1] for line in u.public_events)
    info = await svc.get(duel.game_id)
    assert info.status == "finished" and info.seed == "test-seed"
    with pytest.raises(TableError, match="is over"):
        await svc.act(duel.game_id, "alice", 0)
    await svc.create("chan", None, "testduel", "bob", "Bob")  # the channel is free again


async def test_result_names_the_winner_by_seat_name(svc, duel):
    last = (await play_out(svc, duel.game_id))[-1]
    outcome = DUEL.outcome(DUEL.load_state((await svc.store.get_game(duel.game_id)).state))
    names = ["Alice", "Bob"]
    if outcome.draw:
        assert last.result_text.startswith("The game is a draw")
    else:
        assert last.result_text.startswith(f"{names[outcome.winners[0]]} wins: ")


def test_result_text_wording():
    from engine.core import Outcome
    assert result_text(Outcome(winners=[1], reason="Bob's lab fell to 0 HP"), ["Alice", "Bob"]) == \
        "Bob wins: Bob's lab fell to 0 HP."
    assert result_text(Outcome(winners=[0, 2]), ["A", "B", "C"]) == "A and C win."
    assert result_text(Outcome(draw=True, reason="time ran out."), ["A", "B"]) == "The game is a draw: time ran out."
    assert result_text(Outcome(winners=[0], reason="A wins: B gave up."), ["A", "B"]) == "A wins: B gave up."


async def test_public_update_never_holds_private_lines(svc):
    await svc.create("chan", None, "testduel", "alice", "Alice", {"target": 99, "hand": 6})
    await svc.join("chan", "bob", "Bob")
    start = await svc.start("chan", "alice", seed="privacy")
    updates = [start, *await play_out(svc, start.game_id)]
    private = {line for u in updates for lines in u.private_events.values() for line in lines}
    assert any("secret" in line for line in private)
    for u in updates:
        assert private.isdisjoint(u.public_events)
        assert "hand" not in u.public_view
        assert private.isdisjoint(u.public_view["recent"])
        assert not any("Rolls so far" in line for line in u.public_events)  # trace events stay in the log
    # Each private line goes only to the seat it belongs to.
    assert all(line.startswith("Your secret hand") for line in start.private_events[0][:1])
    assert start.private_events[0] != start.private_events[1]
    assert "hand" in await svc.view(start.game_id, "alice")
    assert "hand" not in await svc.view(start.game_id, None)
    assert "hand" not in await svc.view(start.game_id, "carol")


async def test_replay_from_seed_and_actions_equals_stored_state(svc):
    await svc.create("chan", None, "testduel", "alice", "Alice", {"target": 99, "hand": 6})
    await svc.join("chan", "bob", "Bob")
    start = await svc.start("chan", "alice", seed="replay")
    await play_out(svc, start.game_id)
    snapshots = await svc.store.snapshots(start.game_id)
    row = await svc.store.get_game(start.game_id)
    assert row.version == 24 and snapshots == {}  # an ended game keeps none: the log and seed replay it
    state = await verify(svc.store, start.game_id)
    assert json.loads(state.model_dump_json()) == json.loads(row.state)


async def test_replay_detects_a_tampered_snapshot(svc, duel):
    await svc.act(duel.game_id, "alice", 0)
    [stored] = (await svc.store.snapshots(duel.game_id)).values()
    forged = json.dumps({**json.loads(stored), "scores": [9, 9]})
    await svc.store.raw_execute("UPDATE snapshots SET state = ?", (zlib.compress(forged.encode()),))
    with pytest.raises(ReplayMismatch, match="snapshot at version 0"):
        await replay(svc.store, duel.game_id)


async def test_restart_and_continue(db):
    path = db("restart.db")
    svc = TableService(await Store.open(path))
    await svc.create("chan", None, "testduel", "alice", "Alice")
    await svc.join("chan", "bob", "Bob")
    game_id = (await svc.start("chan", "alice", seed="restart")).game_id
    await svc.act(game_id, "alice", 0)
    await svc.act(game_id, "bob", 0)
    before = await svc.view(game_id, "bob")
    await svc.close()

    svc = TableService(await Store.open(path))
    try:
        assert (await svc.table_in("chan")).game_id == game_id
        assert await svc.view(game_id, "bob") == before
        updates = await play_out(svc, game_id)
        assert updates[-1].finished
        await verify(svc.store, game_id)
    finally:
        await svc.close()


async def test_ai_answers_a_person_until_the_end(svc):
    await svc.create("chan", None, "testduel", "alice", "Alice")
    await svc.add_ai("chan", "alice")
    update = await svc.start("chan", "alice", seed="vs-ai")
    while not update.finished:
        assert [s.user_id for s in update.to_act] == ["alice"]  # never left waiting on the AI
        update = await svc.act(update.game_id, "alice", 0, version=update.version)
    assert update.result_text
    await verify(svc.store, update.game_id)
    assert svc.bugs == []


async def test_ai_moves_are_capped_and_the_cap_is_a_bug(svc):
    await svc.create("chan", None, "testduel", "host", "Host", seat_creator=False)
    await svc.add_ai("chan", "host")
    await svc.add_ai("chan", "host")
    svc.ai_step_limit = 3
    update = await svc.start("chan", "host", seed="cap")
    assert update.version == 3 and not update.finished
    assert any("moves in a row" in bug for bug in svc.bugs)
    svc.ai_step_limit = 10_000
    update = await svc.run_ai(update.game_id)
    assert update.finished
    assert await svc.run_ai(update.game_id) is None


async def test_an_ai_only_game_plays_out_at_start_and_reveals_its_seed(svc):
    await svc.create("chan", None, "testduel", "host", "Host", seat_creator=False)
    await svc.add_ai("chan", "host")
    await svc.add_ai("chan", "host")
    update = await svc.start("chan", "host", seed="all-ai")
    assert update.finished and update.to_act == []
    assert f"The seed was all-ai; its SHA-256 is the commitment {commitment('all-ai')} announced at the start." \
        in update.public_events
    await verify(svc.store, update.game_id)


async def test_a_failing_ai_falls_back_to_a_random_move(svc, monkeypatch):
    def broken(state, seat):
        raise RuntimeError("AI crashed")

    monkeypatch.setattr(DUEL, "ai_action", broken)
    await svc.create("chan", None, "testduel", "alice", "Alice")
    await svc.add_ai("chan", "alice")
    update = await svc.start("chan", "alice", seed="broken-ai")
    update = await svc.act(update.game_id, "alice", 0)
    assert [s.user_id for s in update.to_act] in (["alice"], [])
    assert any("AI crashed" in bug for bug in svc.bugs)


async def test_run_ai_after_a_restart_finishes_the_ai_turns(db, monkeypatch):
    path = db("ai-restart.db")
    svc = TableService(await Store.open(path))

    async def crash_before_ai(row, engine, state, update):  # the process died after saving
        return state

    monkeypatch.setattr(svc, "_let_ai_play", crash_before_ai)
    await svc.create("chan", None, "testduel", "alice", "Alice")
    await svc.add_ai("chan", "alice")
    update = await svc.start("chan", "alice", seed="ai-restart")
    update = await svc.act(update.game_id, "alice", 0)
    assert [s.user_id for s in update.to_act] == ["ai:1"]
    await svc.close()

    svc = TableService(await Store.open(path))
    try:
        resumed = await svc.run_ai(update.game_id)
        assert resumed.version > update.version and "ai:1" not in [s.user_id for s in resumed.to_act]
        assert await svc.run_ai(update.game_id) is None
    finally:
        await svc.close()


async def test_suggest_offers_a_legal_move(svc, duel):
    for policy in ("ai", "random"):
        version, move = await svc.suggest(duel.game_id, "alice", policy=policy)
        assert version == duel.version and move in (await svc.legal_for(duel.game_id, "alice"))[2]
    with pytest.raises(NotYourMove):
        await svc.suggest(duel.game_id, "bob")


async def test_an_ai_reply_beaten_by_another_process_leaves_the_update_showing_the_stored_game(store):
    svc = TableService(store)
    await svc.create("chan", None, "testduel", "alice", "Alice")
    await svc.add_ai("chan", "alice")
    update = await svc.start("chan", "alice", seed="race")
    real, saves = store.save_move, []

    async def save_move(*args, **kwargs):
        saves.append(args)
        if len(saves) == 2:  # the AI's reply: another process saved a move first
            raise StoreStaleVersion()
        return await real(*args, **kwargs)

    store.save_move = save_move
    update = await svc.act(update.game_id, "alice", 0, version=update.version)
    row = await store.get_game(update.game_id)
    assert len(saves) == 2 and update.version == row.version
    assert update.public_view == DUEL.view(DUEL.load_state(row.state), None)
