"""Joined moves: a step end that decides nothing, and a move after it, in one act."""

from engine.core import get_game
from table import TableService
from table.joined import Joined, warning


async def test_a_step_end_and_a_move_after_it_are_one_act(svc: TableService):
    engine = get_game("psiwars")
    await svc.create("chan", "guild", "psiwars", "alice", "Alice")
    await svc.join("chan", "bob", "Bob")
    update = await svc.start("chan", "alice", seed="joined-moves")
    for _ in range(300):
        user = update.to_act[0].user_id
        version, seat, offers = await svc.offers_for(update.game_id, user)
        _, _, legal = await svc.legal_for(update.game_id, user)
        pairs = [i for i, o in enumerate(offers) if isinstance(o, Joined)]
        if pairs:
            break
        version, move = await svc.suggest(update.game_id, user, policy="random")
        update = await svc.act(update.game_id, user, move, version=version)
    else:
        raise AssertionError("no step end was ever joined with the next move")
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
