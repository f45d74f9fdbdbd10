"""A "choose N" answer may name two copies of one card where the rules allow it: Psi Wars'
hand limit (A-5) takes both copies of a card in one submit."""

from cogs.components import picked_move, plan_picks
from engine.core import get_game
from engine.psiwars.board import HAND_LIMIT
from engine.psiwars.state import Card
from table import TableService


async def _over_the_limit_with_a_pair(svc: TableService):
    """A started Psi Wars game whose active player must discard two, holding two copies of one card."""
    engine = get_game("psiwars")
    await svc.create("chan", "guild", "psiwars", "alice", "Alice")
    await svc.join("chan", "bob", "Bob")
    update = await svc.start("chan", "alice", seed="copies")
    row = await svc.store.get_game(update.game_id)
    state = engine.load_state(row.state)
    seat = state.active
    hand = state.players[seat].hand
    twin = state.cards[hand[0]].card
    while len(hand) < HAND_LIMIT + 2:  # the extra cards: copies of the first one
        iid = f"X{len(state.cards)}"
        state.cards[iid] = Card(iid=iid, card=twin, owner=seat)
        hand.append(iid)
    state.phase = "discard"
    engine.publish(state)
    await svc.store.restore_state(update.game_id, row.version, state.model_dump_json())
    user = ["alice", "bob"][seat]
    return engine, update.game_id, user, seat, twin


async def test_two_copies_of_one_card_go_in_one_submit(svc: TableService):
    engine, game_id, user, seat, twin = await _over_the_limit_with_a_pair(svc)
    version, _, legal = await svc.legal_for(game_id, user)
    [pair] = [i for i, a in enumerate(legal) if a.card == twin]
    copies = (await svc.panel_facts(game_id, user)).copies
    before = engine.load_state((await svc.store.get_game(game_id)).state)
    held = sum(before.cards[i].card == twin for i in before.players[seat].hand)
    assert copies[pair] == held >= 3 and before.pending[0].picks == 2
    [select] = plan_picks(legal, game_id, version, seat, 2, copies=copies)
    values = [o.value for o in select.options]
    assert str(pair) in values and f"{pair}.2" in values  # the second copy is an option of its own
    assert [picked_move(v) for v in (str(pair), f"{pair}.2")] == [pair, pair]
    await svc.act_many(game_id, user, [pair, pair], version=version)
    after = engine.load_state((await svc.store.get_game(game_id)).state)
    assert sum(after.cards[i].card == twin for i in after.players[seat].hand) == held - 2
    assert len(after.players[seat].hand) == HAND_LIMIT and after.phase != "discard"


def test_copy_values_are_checked():
    assert picked_move("7") == 7 and picked_move("7.3") == 7
    assert picked_move("7.x") is None and picked_move("-1") is None and picked_move("") is None


async def test_up_to_n_attackers_and_done_in_one_submit_done_played_last(svc: TableService):
    """Psi Wars' attack declaration is an "up to N" choice: two attackers and "Done" in one
    submit; the move that closes the choice is played last, whatever order the submit gives."""
    from engine.psiwars.actions import Attack, Done
    from tests.engine.psiwars_helpers import empty_table, put

    engine = get_game("psiwars")
    await svc.create("chan", "guild", "psiwars", "alice", "Alice")
    await svc.join("chan", "bob", "Bob")
    update = await svc.start("chan", "alice", seed="upto")
    row = await svc.store.get_game(update.game_id)
    state = empty_table(turn=5, active=0)
    state.seats, state.version = engine.load_state(row.state).seats, row.version
    put(state, 0, "R04")
    put(state, 0, "R02")
    engine.publish(state)
    await svc.store.restore_state(update.game_id, row.version, state.model_dump_json())
    [mine] = [p for p in await svc.prompts(update.game_id, "alice") if p.seat == 0]
    assert mine.upto and mine.picks == 3  # either attacker, both, and "Done"
    version, _, legal = await svc.legal_for(update.game_id, "alice")
    singles = [i for i, a in enumerate(legal) if isinstance(a, Attack) and len(a.units) == 1]
    done = next(i for i, a in enumerate(legal) if isinstance(a, Done))
    await svc.act_many(update.game_id, "alice", [done, *singles], version=version)  # "Done" first in the submit
    played = [engine.parse_action(a.action) for a in await svc.store.actions(update.game_id)]
    # Both attack; declaring the last attacker closed the declaration, so "Done" (kept for last) was dropped.
    assert played[-2:] == [legal[i] for i in singles] and not any(isinstance(a, Done) for a in played)
