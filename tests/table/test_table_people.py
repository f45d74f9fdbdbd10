"""People around a game: undo with approval, conceding, replacing, standing answers, settings,
permissions, rematches, ratings and the user's game list (on the test Duel game)."""

import pytest

from table import NotYourMove, TableError
from table.ratings import expected, new_ratings


async def _play_first_card(svc, g):
    _, _, legal = await svc.legal_for(g, "alice")
    return await svc.act(g, "alice", 0), legal[0].card


async def _state(svc, g):
    from engine.core import get_game
    row = await svc.store.get_game(g)
    return get_game(row.game).load_state(row.state)


async def _finish(svc, g):
    """Play the duel out with the AI's choices for both people."""
    while (await svc.get(g)).status == "active":
        state = await _state(svc, g)
        waiting = get_waiting(state)
        user = ["alice", "bob"][waiting]
        version, move = await svc.suggest(g, user)
        await svc.act(g, user, move, version=version)


def get_waiting(state):
    return state.pending[0].seat


# --- undo ----------------------------------------------------------------------------

async def test_undo_before_any_roll_is_approved_by_the_opponent_and_restores_the_game(svc, duel):
    g = duel.game_id
    before = await _state(svc, g)
    _, card = await _play_first_card(svc, g)
    ask, update = await svc.request_undo(g, "alice")
    assert update is None and ask.needs == ("bob",) and ask.missing == ("bob",)
    with pytest.raises(NotYourMove):
        await svc.answer_request(ask.id, "alice", True)  # not hers to approve
    done, update = await svc.answer_request(ask.id, "bob", True)
    assert done.status == "done"
    assert any("took back their last move" in line for line in update.public_events)
    after = await _state(svc, g)
    assert card in after.hands[0] and after.face_down is None
    assert after.hands == before.hands and after.pending == before.pending
    assert after.version == before.version + 2  # the move and its undo, both in the log
    log = await svc.log_text(g)
    assert "asks to take back" in log and "Approved by Bob" in log


async def test_undo_is_refused_once_a_die_was_rolled_since(svc, duel):
    g = duel.game_id
    await _play_first_card(svc, g)
    await svc.act(g, "bob", {"type": "challenge"})  # rolls a die
    with pytest.raises(TableError, match="dice were rolled"):
        await svc.request_undo(g, "alice")


async def test_undo_refused_by_the_opponent_changes_nothing(svc, duel):
    g = duel.game_id
    await _play_first_card(svc, g)
    version = (await svc.get(g)).version
    ask, _ = await svc.request_undo(g, "alice")
    refused, update = await svc.answer_request(ask.id, "bob", False)
    assert refused.status == "refused" and update is None
    assert (await svc.get(g)).version == version
    with pytest.raises(TableError, match="already been settled"):
        await svc.answer_request(ask.id, "bob", True)


async def test_an_undo_request_lapses_when_the_game_moves_on(svc, duel):
    g = duel.game_id
    await _play_first_card(svc, g)
    ask, _ = await svc.request_undo(g, "alice")
    await svc.act(g, "bob", {"type": "fold"})
    with pytest.raises(TableError, match="moved on"):
        await svc.answer_request(ask.id, "bob", True)


async def test_undo_against_the_ai_needs_no_approval(svc):
    await svc.create("solo", "guild", "testduel", "alice", "Alice")
    await svc.add_ai("solo", "alice")
    g = (await svc.start("solo", "alice", seed="undo-ai")).game_id
    _, card = await _play_first_card(svc, g)  # the AI challenges at once and rolls
    with pytest.raises(TableError, match="dice"):
        await svc.request_undo(g, "alice")


async def test_nothing_to_undo_before_your_first_move_and_undo_does_not_chain(svc, duel):
    g = duel.game_id
    with pytest.raises(TableError, match="no move of yours"):
        await svc.request_undo(g, "alice")
    await _play_first_card(svc, g)
    ask, _ = await svc.request_undo(g, "alice")
    await svc.answer_request(ask.id, "bob", True)
    with pytest.raises(TableError, match="no move of yours"):
        await svc.request_undo(g, "alice")


async def test_a_game_with_an_undo_still_verifies_from_its_seed(svc, duel):
    g = duel.game_id
    await _play_first_card(svc, g)
    ask, _ = await svc.request_undo(g, "alice")
    await svc.answer_request(ask.id, "bob", True)
    await _finish(svc, g)
    assert (await svc.verify(g)).startswith("✅")


# --- concede, ratings ----------------------------------------------------------------

async def test_conceding_a_duel_ends_it_and_updates_both_ratings(svc, duel):
    g = duel.game_id
    update = await svc.concede(g, "bob")
    assert update.finished and update.result_text.startswith("Alice wins")
    alice = await svc.rating_of("guild", "testduel", "alice")
    bob = await svc.rating_of("guild", "testduel", "bob")
    assert (alice.wins, alice.losses, bob.wins, bob.losses) == (1, 0, 0, 1)
    assert alice.rating == pytest.approx(1216) and bob.rating == pytest.approx(1184)
    assert [r.user_id for r in await svc.leaderboard("guild", "testduel")] == ["alice", "bob"]
    assert (await svc.verify(g)).startswith("✅")


async def test_a_finished_game_is_rated_once_and_ai_games_are_not_rated(svc, duel):
    g = duel.game_id
    await _finish(svc, g)
    board = await svc.leaderboard("guild", "testduel")
    assert sorted(r.games for r in board) == [1, 1]
    assert not await svc.store.rate_game(g, "guild", "testduel", {"alice": ("Alice", 1), "bob": ("Bob", 0)},
                                         new_ratings)
    await svc.create("solo", "guild", "testduel", "carol", "Carol")
    await svc.add_ai("solo", "carol")
    solo = (await svc.start("solo", "carol", seed="solo")).game_id
    await svc.concede(solo, "carol")
    assert await svc.rating_of("guild", "testduel", "carol") is None


def test_elo_is_zero_sum_in_a_duel_and_favours_the_underdog():
    assert expected(1200, 1200) == pytest.approx(0.5)
    new = new_ratings({"a": 1400, "b": 1200}, {"a": 0, "b": 1})
    assert sum(new.values()) == pytest.approx(2600)
    assert new["b"] - 1200 > 16  # beating a stronger player earns more than half of K
    team = new_ratings({k: 1200 for k in "abcd"}, {"a": 1, "b": 1, "c": 0, "d": 0})
    assert team["a"] == team["b"] > 1200 > team["c"] == team["d"]
    drawn = new_ratings({"a": 1300, "b": 1100}, {"a": 0.5, "b": 0.5})
    assert drawn["a"] < 1300 < drawn["b"] + 200


# --- replacing a player --------------------------------------------------------------

async def test_the_creator_hands_an_absent_players_seat_to_the_ai(svc, duel):
    g = duel.game_id
    await _play_first_card(svc, g)  # now Bob must answer
    ask, update = await svc.replace_player(g, "alice", "bob", None)
    assert ask is None
    assert any("now played by the AI" in line for line in update.public_events)
    info = await svc.get(g)
    assert info.seats[1].is_ai and info.seats[1].name == "Bob"
    assert (await _state(svc, g)).version > duel.version + 1  # the AI answered for Bob at once


async def test_a_member_takes_over_only_when_the_player_agrees(svc, duel):
    g = duel.game_id
    with pytest.raises(TableError, match="together"):
        await svc.replace_player(g, "carol", "alice", "dave", "Dave")  # a stranger cannot
    ask, update = await svc.replace_player(g, "carol", "bob", "carol", "Carol")
    assert update is None and ask.needs == ("bob",)
    _, update = await svc.answer_request(ask.id, "bob", True)
    info = await svc.get(g)
    assert info.seats[1].user_id == "carol" and info.seats[1].name == "Bob"
    assert await svc.seat_of(g, "bob") is None
    await _play_first_card(svc, g)
    await svc.act(g, "carol", {"type": "fold"})  # Carol now plays Bob's seat


async def test_an_admin_may_replace_anyone_and_a_player_may_hand_their_own_seat_to_the_ai(svc, duel):
    g = duel.game_id
    _, update = await svc.replace_player(g, "mod", "alice", "erin", "Erin", is_admin=True)
    assert (await svc.get(g)).seats[0].user_id == "erin"
    _, update = await svc.replace_player(g, "bob", "bob", None)
    assert (await svc.get(g)).seats[1].is_ai


# --- standing answers ----------------------------------------------------------------

async def test_a_standing_answer_answers_for_the_player_and_can_be_cleared(svc, duel):
    g = duel.game_id
    options = await svc.autopilot_options(g)
    assert options == {"answer": {"fold": "Always fold", "ai": "Let the AI choose for me"}}
    assert await svc.set_autopilot(g, "bob", "answer", "fold") is None  # nothing owed yet
    update, _ = await _play_first_card(svc, g)
    assert any("Bob folds" in line for line in update.public_events)
    assert [s.user_id for s in update.to_act] == ["bob"]  # Bob's own turn is still his
    assert await svc.autopilot_of(g, "bob") == {"answer": "fold"}
    await svc.set_autopilot(g, "bob", "answer", None)
    assert await svc.autopilot_of(g, "bob") == {}
    with pytest.raises(TableError, match="no routine prompt"):
        await svc.set_autopilot(g, "bob", "turn", "ai")
    with pytest.raises(TableError, match="not an answer"):
        await svc.set_autopilot(g, "bob", "answer", "challenge")


async def test_setting_a_standing_answer_while_owing_that_decision_answers_at_once(svc, duel):
    g = duel.game_id
    await _play_first_card(svc, g)
    update = await svc.set_autopilot(g, "bob", "answer", "ai")
    assert update is not None and any("challenges" in line for line in update.public_events)


# --- settings and permissions --------------------------------------------------------

async def test_only_the_creator_or_an_admin_changes_a_games_clock(svc, duel):
    with pytest.raises(TableError, match="Manage Channels"):
        await svc.change_clock("chan", "bob", {"turn_seconds": 3600})
    info = await svc.change_clock("chan", "alice", {"turn_seconds": 3600, "on_timeout": "skip"})
    assert info.config["clock"]["turn_seconds"] == 3600
    info = await svc.change_clock("chan", "mod", {"quick": True}, is_admin=True)
    assert (await svc.clock_of(duel.game_id)).quick
    with pytest.raises(TableError, match="do not work"):
        await svc.change_clock("chan", "alice", {"turn_seconds": -5})
    deadlines = await svc.deadlines(duel.game_id)
    assert {t.kind for t in deadlines} == {"reminder", "timeout"}


async def test_server_defaults_apply_to_new_games_and_need_manage_channels(svc):
    with pytest.raises(TableError, match="Manage Channels"):
        await svc.change_server_clock("guild", {"turn_seconds": 7200}, is_admin=False)
    await svc.change_server_clock("guild", {"turn_seconds": 7200, "forfeit_after": 3}, is_admin=True)
    info = await svc.create("c2", "guild", "testduel", "alice", "Alice")
    assert info.config["clock"]["turn_seconds"] == 7200 and info.config["clock"]["forfeit_after"] == 3
    other = await svc.create("c3", "other-guild", "testduel", "alice", "Alice")
    assert "clock" not in other.config


async def test_servers_can_restrict_which_channels_host_games(svc):
    with pytest.raises(TableError):
        await svc.set_game_channels("guild", ["games"], is_admin=False)
    assert await svc.set_game_channels("guild", ["games", "games"], is_admin=True) == ["games"]
    with pytest.raises(TableError, match="only in <#games>"):
        await svc.create("general", "guild", "testduel", "alice", "Alice")
    await svc.create("games", "guild", "testduel", "alice", "Alice")
    await svc.set_game_channels("guild", [], is_admin=True)
    await svc.create("general", "guild", "testduel", "bob", "Bob")


async def test_abort_needs_the_creator_or_an_admin(svc, duel):
    with pytest.raises(TableError, match="creator"):
        await svc.abort("chan", "bob")
    await svc.abort("chan", "mod", is_admin=True)


# --- after the game, and the user's list ---------------------------------------------

async def test_rematch_starts_the_same_seats_with_a_new_seed(svc, duel):
    g = duel.game_id
    with pytest.raises(TableError, match="still running"):
        await svc.rematch(g, "alice")
    await svc.concede(g, "alice")
    with pytest.raises(NotYourMove):
        await svc.rematch(g, "carol")
    update = await svc.rematch(g, "bob")
    new = await svc.get(update.game_id)
    old = await svc.get(g)
    assert new.game_id != g and new.status == "active"
    assert [(s.user_id, s.name) for s in new.seats] == [(s.user_id, s.name) for s in old.seats]
    assert new.seed_commitment != old.seed_commitment
    with pytest.raises(TableError, match="already has"):
        await svc.rematch(g, "alice")


async def test_my_games_lists_the_games_waiting_on_me_first(svc, duel):
    await svc.create("chan2", "guild", "testduel", "bob", "Bob")
    await svc.join("chan2", "alice", "Alice")
    second = (await svc.start("chan2", "bob", seed="s2")).game_id
    await svc.remember_turn_message(second, "chan2", "m-42", 0)
    mine = await svc.my_games("bob")
    assert [(m.table.game_id, m.your_move) for m in mine] == [(second, True), (duel.game_id, False)]
    assert mine[0].turn_message == ("chan2", "m-42")
    assert [s.name for s in mine[1].waiting_on] == ["Alice"]


async def test_notification_settings_default_and_change(svc):
    assert await svc.notify_settings("u") == {"dm": False, "reminders": True}
    assert await svc.set_notify("u", dm=True) == {"dm": True, "reminders": True}
    with pytest.raises(TableError):
        await svc.set_notify("u", shout=True)


async def test_a_conceded_seat_in_a_bigger_game_is_played_out_by_the_ai_and_counts_as_a_loss(svc):
    await svc.create("race", "guild", "testrace", "alice", "Alice")
    await svc.join("race", "bob", "Bob")
    await svc.join("race", "carol", "Carol")
    g = (await svc.start("race", "alice", seed="race")).game_id
    await svc.act(g, "alice", 0)  # count 1; Bob to move
    update = await svc.concede(g, "bob")
    assert not update.finished and "Bob concedes; the AI plays their seat to the end." in update.public_events
    assert any(line.startswith("Bob adds 1") for line in update.public_events)  # the AI moved at once
    info = await svc.get(g)
    assert info.seats[1].is_ai and info.seats[1].user_id == "bob"
    with pytest.raises(NotYourMove, match="played by the AI"):
        await svc.act(g, "bob", 0)
    while (await svc.get(g)).status == "active":  # Carol, then Alice, add 3 each round
        for user in ("carol", "alice"):
            if (await svc.get(g)).status == "active":
                await svc.act(g, user, 2)
    ratings = {r.user_id: r for r in await svc.leaderboard("guild", "testrace")}
    assert set(ratings) == {"alice", "bob", "carol"}
    assert ratings["bob"].losses == 1 and ratings["bob"].rating < 1200
    assert sum(r.wins for r in ratings.values()) == 1
    assert (await svc.verify(g)).startswith("✅")
