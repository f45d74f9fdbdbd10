"""The Futura AI beats uniformly random play on seeded games and never makes an illegal move."""

from engine.simulate import simulate


def test_ai_beats_random_and_plays_legally():
    report = simulate("futura", 20, 7, ["ai", "random"])
    assert report["errors"] == 0
    assert report["wins"][0] >= 16


def test_ai_against_ai_gears_up_and_assaults_instead_of_turtling():
    """Two AIs must fight: each game sees armour equipped and stations assaulted, and no game runs
    into the step cap."""
    from engine.core.levels import choose
    from engine.futura import GAME
    from engine.futura.actions import Assault, Equip

    for n in range(4):
        state = GAME.setup({}, ["a", "b"], f"ai-duel-{n}")
        made = {Assault: 0, Equip: 0}
        while not state.finished:
            seat = GAME.to_act(state)[0]
            move = choose(GAME, state, seat, "ai")
            if type(move) in made:
                made[type(move)] += 1
            GAME.advance(state, move)
        assert made[Equip] > 0 and made[Assault] > 0
        assert "length limit" not in state.finished.reason


def _open_offer(players: int):
    """A random game stopped at the first card offered for trade (rule 12), or None."""
    from engine.futura import GAME

    for n in range(40):
        state = GAME.setup({}, [f"p{i}" for i in range(players)], f"offer-{players}-{n}")
        with GAME.steady(state):
            while not state.finished and state.trade is None:
                GAME.advance(state, GAME.random_action(state, GAME.to_act(state)[0]))
        if state.trade is not None:
            return state
    return None


def test_search_worlds_keep_the_offered_card_in_the_sellers_hand():
    """The hard AI asked about an offer must not imagine the card gone from the seller's hand:
    accepting it in a world would fail. The buyer saw the card, so it stays the one on offer;
    a third player's worlds offer some card of the redealt hand."""
    import random

    from engine.core.levels import choose
    from engine.core.search import determinize
    from engine.futura import GAME

    state = _open_offer(3)
    assert state is not None
    trade = state.trade
    third = next(seat for seat in range(3) if seat not in (trade.seat, trade.to))
    for n in range(30):
        bought = determinize(GAME, state, trade.to, random.Random(n))
        assert bought.trade.card == trade.card and trade.card in bought.players[trade.seat].hand
        seen = determinize(GAME, state, third, random.Random(n))
        assert seen.trade.card in seen.players[trade.seat].hand
    assert choose(GAME, state, trade.to, "hard") in GAME.legal_actions(state, trade.to)
