import pytest

from engine.core import commitment
from table import TableError


async def test_create_seats_the_creator_and_reports_the_game(svc):
    info = await svc.create("chan", "guild", "testduel", "alice", "Alice", {"target": 3})
    assert info.status == "lobby" and info.title == "Duel (test game)"
    assert [(s.seat, s.user_id, s.name) for s in info.seats] == [(0, "alice", "Alice")]
    assert (info.min_players, info.max_players, info.config) == (2, 2, {"target": 3, "hand": 3})
    assert (await svc.table_in("chan")).game_id == info.game_id
    assert await svc.table_in("elsewhere") is None


async def test_channel_busy_is_refused_with_the_running_game(svc):
    first = await svc.create("chan", "guild", "testduel", "alice", "Alice")
    with pytest.raises(TableError, match=rf"A game of Duel \(test game\) is already running here \(game #{first.game_id}\)"):
        await svc.create("chan", "guild", "testduel", "bob", "Bob")
    await svc.create("other", "guild", "testduel", "bob", "Bob")  # another channel is free


async def test_unknown_game_and_bad_settings_are_refused(svc):
    with pytest.raises(TableError, match="Playable games"):
        await svc.create("chan", None, "chess", "alice", "Alice")
    with pytest.raises(TableError, match="target"):
        await svc.create("chan", None, "testduel", "alice", "Alice", {"target": 0})
    assert await svc.table_in("chan") is None


async def test_join_rules(svc):
    with pytest.raises(TableError, match="no game in this channel"):
        await svc.join("chan", "bob", "Bob")
    await svc.create("chan", None, "testduel", "alice", "Alice")
    with pytest.raises(TableError, match="already seated"):
        await svc.join("chan", "alice", "Alice")
    info = await svc.join("chan", "bob", "Bob")
    assert [s.user_id for s in info.seats] == ["alice", "bob"]
    with pytest.raises(TableError, match="full"):
        await svc.join("chan", "carol", "Carol")
    await svc.start("chan", "alice")
    with pytest.raises(TableError, match="already started"):
        await svc.join("chan", "carol", "Carol")


async def test_same_names_are_told_apart(svc):
    await svc.create("chan", None, "testduel", "alice", "Sam")
    info = await svc.join("chan", "bob", "Sam")
    assert [s.name for s in info.seats] == ["Sam", "Sam (2)"]


async def test_leave_rules(svc):
    await svc.create("chan", None, "testduel", "alice", "Alice")
    with pytest.raises(TableError, match="not seated"):
        await svc.leave("chan", "bob")
    await svc.join("chan", "bob", "Bob")
    info = await svc.leave("chan", "bob")
    assert [s.user_id for s in info.seats] == ["alice"] and info.status == "lobby"
    closed = await svc.leave("chan", "alice")  # the creator leaving closes the lobby
    assert closed.status == "aborted"
    assert await svc.table_in("chan") is None


async def test_no_leaving_a_running_game(svc, duel):
    with pytest.raises(TableError, match="started"):
        await svc.leave("chan", "bob")


async def test_start_rules(svc):
    await svc.create("chan", None, "testduel", "alice", "Alice")
    with pytest.raises(TableError, match="at least 2 players"):
        await svc.start("chan", "alice")
    await svc.join("chan", "bob", "Bob")
    with pytest.raises(TableError, match=r"Only the game's creator \(Alice\) can start"):
        await svc.start("chan", "bob")
    update = await svc.start("chan", "alice", seed="abc")
    assert [s.user_id for s in update.to_act] == ["alice"] and not update.finished
    with pytest.raises(TableError, match="already started"):
        await svc.start("chan", "alice")


async def test_start_announces_the_commitment_and_hides_the_seed(svc, duel):
    sealed = commitment("test-seed")
    assert f"Seed commitment: {sealed}. The seed is revealed when the game ends." in duel.public_events
    info = await svc.get(duel.game_id)
    assert info.status == "active" and info.seed_commitment == sealed and info.seed is None
    assert not any("test-seed" in line for line in duel.public_events)


async def test_ai_seats_fill_and_empty(svc):
    await svc.create("chan", None, "testduel", "alice", "Alice")
    with pytest.raises(TableError, match="creator"):
        await svc.add_ai("chan", "bob")
    info = await svc.add_ai("chan", "alice")
    assert [(s.user_id, s.is_ai) for s in info.seats] == [("alice", False), ("ai:1", True)]
    with pytest.raises(TableError, match="full"):
        await svc.add_ai("chan", "alice")
    info = await svc.remove_ai("chan", "alice")
    assert [s.user_id for s in info.seats] == ["alice"]


async def test_abort_rules_and_the_seed_is_revealed(svc, duel):
    with pytest.raises(TableError, match="creator"):
        await svc.abort("chan", "bob")
    info = await svc.abort("chan", "bob", is_admin=True)
    assert info.status == "aborted" and info.seed == "test-seed"
    assert await svc.table_in("chan") is None
    await svc.create("chan", None, "testduel", "bob", "Bob")  # the channel is free again


async def test_list_tables_by_guild_and_user(svc):
    a = await svc.create("c1", "g1", "testduel", "alice", "Alice")
    b = await svc.create("c2", "g2", "testduel", "bob", "Bob")
    await svc.join("c2", "alice", "Alice")
    assert [t.game_id for t in await svc.list_tables(guild_id="g1")] == [a.game_id]
    assert [t.game_id for t in await svc.list_tables(user_id="alice")] == [a.game_id, b.game_id]
    await svc.abort("c1", "alice")
    assert [t.game_id for t in await svc.list_tables(user_id="alice")] == [b.game_id]
    assert len(await svc.list_tables(user_id="alice", include_closed=True)) == 2
