"""Joined moves: a step end that decides nothing, and a move after it, in one act."""

import pytest

from engine.core import get_game
from table import TableError, TableService
from table.helpers import VersionMemo
from table.joined import Joined, warning
from table.replay import replay


async def _play_until(svc: TableService, seed: str, found):
    """A started two-player Psi Wars game played at random until `await found(update, user)` gives
    something: (update, user, what it gave)."""
    await svc.create("chan", "guild", "psiwars", "alice", "Alice")
    await svc.join("chan", "bob", "Bob")
    update = await svc.start("chan", "alice", seed=seed)
    for _ in range(600):
        user = update.to_act[0].user_id
        hit = await found(update, user)
        if hit is not None:
            return update, user, hit
        version, move = await svc.suggest(update.game_id, user, policy="random")
        update = await svc.act(update.game_id, user, move, version=version)
    raise AssertionError("the game never came to what the test looks for")


async def test_a_step_end_and_a_move_after_it_are_one_act(svc: TableService):
    engine = get_game("psiwars")

    async def offered(update, user):
        version, seat, offers = await svc.offers_for(update.game_id, user)
        pairs = [i for i, o in enumerate(offers) if isinstance(o, Joined)]
        return (version, seat, offers, pairs) if pairs else None

    update, user, (version, seat, offers, pairs) = await _play_until(svc, "joined-moves", offered)
    _, _, legal = await svc.legal_for(update.game_id, user)
    assert offers[:len(legal)] == legal  # the legal moves keep their numbers
    pair = offers[pairs[0]]
    assert pair.first in legal and pair.label() == f"{pair.first.label()}, then {pair.then.label()}"
    state = engine.load_state((await svc.store.get_game(update.game_id)).state)
    after, events = engine.apply(state, pair.first)
    assert engine.to_act(after) == [seat] and engine.undoable(state, after, events)  # it decided nothing
    assert pair.then in engine.legal_actions(after, seat)
    update = await svc.act(update.game_id, user, pairs[0], version=version)
    assert update.version == version + 2  # both moves, one after the other
    second, _ = engine.apply(after, pair.then)
    stored = engine.load_state((await svc.store.get_game(update.game_id)).state)
    assert stored.version == second.version and engine.view(stored, None) == engine.view(second, None)


class _OneMoveGame:
    """Warns about every move; `moves` says how many the player has."""

    def __init__(self, moves: int):
        self.moves = moves

    def legal_actions(self, state, seat):
        return list(range(self.moves))

    def danger(self, state, action):
        return "You will regret it."


class _Move:
    seat = 0


def test_a_players_only_move_asks_no_confirmation():
    assert warning(_OneMoveGame(1), None, _Move()) is None  # nothing else to choose: no "are you sure"
    assert warning(_OneMoveGame(2), None, _Move()) == "You will regret it."



def _played(engine, state, moves):
    """The state after the moves, each still legal and each one that could be taken back; else None."""
    for move in moves:
        if move not in engine.legal_actions(state, move.seat):
            return None
        after, events = engine.apply(state, move)
        if not engine.undoable(state, after, events):
            return None
        state = after
    return state


def _takes_back(engine, state, moves) -> bool:
    """Whether every move of a click could be taken back, and the mover still acts after it."""
    after = _played(engine, state, moves)
    return after is not None and engine.to_act(after) == [moves[0].seat]


def _board(engine, state) -> dict:
    """The public view without the version (an undo is a move of its own)."""
    return {k: v for k, v in engine.view(state, None).items() if k != "version"}


def _then_single(engine, state, moves) -> bool:
    """A click that can be taken back, after which a single move can be taken back too."""
    if not _takes_back(engine, state, moves):
        return False
    state = _played(engine, state, moves)
    return any(_takes_back(engine, state, [m]) for m in engine.legal_actions(state, moves[0].seat))


async def _a_joined_pair(svc: TableService, seed: str, undoable: bool, fits=_takes_back):
    """A started two-player Psi Wars game played at random until a joined pair is offered whose
    click could (or could not) be taken back: (update, user, version, index of the pair, state)."""
    engine = get_game("psiwars")

    async def offered(update, user):
        version, _, found = await svc.offers_for(update.game_id, user)
        state = engine.load_state((await svc.store.get_game(update.game_id)).state)
        return next(((version, i, state) for i, offer in enumerate(found)
                     if isinstance(offer, Joined) and fits(engine, state, offer.moves()) == undoable), None)

    update, user, (version, index, state) = await _play_until(svc, seed, offered)
    return update, user, version, index, state


async def test_undo_takes_back_the_whole_click_of_a_joined_pair(svc: TableService):
    engine = get_game("psiwars")
    update, user, version, index, before = await _a_joined_pair(svc, "joined-undo", undoable=True)
    clicked = await svc.act(update.game_id, user, index, version=version)
    assert clicked.version == version + 2 and clicked.undoable  # the Undo button shows
    ask, undone = await svc.request_undo(update.game_id, user)
    assert ask is None and undone is not None  # still the mover's own business: no approval
    assert "took back the last 2 moves" in " ".join(undone.public_events)
    stored = engine.load_state((await svc.store.get_game(update.game_id)).state)
    assert stored.version == version + 3  # the undo is a move of its own
    assert _board(engine, stored) == _board(engine, before)  # the step end is taken back too
    assert engine.to_act(stored) == engine.to_act(before) and stored.pending == before.pending
    replayed = await replay(svc.store, update.game_id)  # the log with the undo still replays
    assert replayed.model_dump() == stored.model_dump()


async def test_a_click_that_showed_something_hidden_offers_no_undo_at_all(svc: TableService):
    update, user, version, index, _ = await _a_joined_pair(svc, "joined-undo", undoable=False)
    clicked = await svc.act(update.game_id, user, index, version=version)
    assert not clicked.undoable  # no button, though the step end alone could be taken back
    if str(user) in [s.user_id for s in clicked.to_act]:
        with pytest.raises(TableError):
            await svc.request_undo(update.game_id, user)


async def test_undo_after_a_joined_pair_and_a_single_move_takes_back_only_the_single_move(svc: TableService):
    engine = get_game("psiwars")
    update, user, version, index, _ = await _a_joined_pair(svc, "joined-undo", True, _then_single)
    await svc.act(update.game_id, user, index, version=version)
    middle = engine.load_state((await svc.store.get_game(update.game_id)).state)
    _, _, legal = await svc.legal_for(update.game_id, user)
    move = next(m for m in legal if _takes_back(engine, middle, [m]))
    single = await svc.act(update.game_id, user, move, version=middle.version)
    assert single.undoable
    _, undone = await svc.request_undo(update.game_id, user)
    assert "took back their last move" in " ".join(undone.public_events)
    stored = engine.load_state((await svc.store.get_game(update.game_id)).state)
    assert _board(engine, stored) == _board(engine, middle)


async def test_undo_of_a_multi_select_submit_takes_back_all_its_moves(svc: TableService):
    """Psi Wars' attackers are one "up to N" submit: after it the defender is awaited, so the undo
    asks them, and their approval takes back every attacker the submit declared."""
    engine = get_game("psiwars")

    async def two_picks(update, user):  # a "choose N" open whose first two moves could be taken back
        version, seat, legal = await svc.legal_for(update.game_id, user)
        before = engine.load_state((await svc.store.get_game(update.game_id)).state)
        if any(d.seat == seat and d.picks > 1 for d in before.pending) and _played(engine, before, legal[:2]):
            return version, before
        return None

    update, user, (version, before) = await _play_until(svc, "joined-undo", two_picks)
    submitted = await svc.act_many(update.game_id, user, [0, 1], version=version)
    assert submitted.version == version + 2 and submitted.undoable
    other = "bob" if user == "alice" else "alice"
    ask, now = await svc.request_undo(update.game_id, user)
    if ask is not None:  # the other player is awaited now: they approve
        _, now = await svc.answer_request(ask.id, other, True)
    assert "took back the last 2 moves" in " ".join(now.public_events)
    stored = engine.load_state((await svc.store.get_game(update.game_id)).state)
    assert _board(engine, stored) == _board(engine, before) and stored.pending == before.pending


async def test_a_panel_plays_each_step_end_once_for_its_pairs_and_their_warnings(svc: TableService, monkeypatch):
    engine = get_game("psiwars")

    async def offered(update, user):
        _, _, offers = await svc.offers_for(update.game_id, user)
        return True if any(isinstance(o, Joined) for o in offers) else None

    update, user, _ = await _play_until(svc, "joined-once", offered)
    played = []
    real = type(engine)._played_copy

    def counted(self, state, action):
        played.append(action)
        return real(self, state, action)

    monkeypatch.setattr(type(engine), "_played_copy", counted)
    svc._known = VersionMemo()  # as for a new version: nothing worked out yet
    facts = await svc.panel_facts(update.game_id, user)
    firsts = {o.first for o in facts.offers if isinstance(o, Joined)}
    assert firsts and set(played) == firsts
    assert len(played) == len(firsts)  # once each, though the pairs and their warnings all ask
