"""Random 2-, 3- and 4-player Futura games: no exception, every game ends, every card stays in exactly
one place, and energy, sigil bays, carrying capacity and station slots stay within their limits."""

import random

import pytest

from engine.futura import GAME
from tests.engine.futura_helpers import cheap_limits, check_limits
from tests.engine.random_play import play_randomly


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("n", range(20))
def test_random_games_keep_every_rule(players, n):
    state = GAME.setup({}, [f"p{i}" for i in range(players)], f"prop-{players}-{n}")
    check_limits(state)
    play_randomly(GAME, state, f"moves-{n}", after=check_limits)
    assert state.finished.reason


def test_hidden_cards_stay_out_of_public_views():
    state = GAME.setup({}, ["a", "b", "c"], "privacy")
    secret = {state.card(u).name for p in state.players for u in p.hand}

    def public_has_no_hand(s):
        text = str(GAME.view(s, None))
        for p in s.players:
            for u in p.hand + [c for h in p.holdings if h.station for c in h.station.slots]:
                if s.card(u).name in secret and not s.cards[u].revealed:
                    assert f"'uid': '{u}'" not in text

    play_randomly(GAME, state, "privacy-moves", after=public_has_no_hand)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_thousand_short_random_games_keep_the_invariants(players):
    """334 games per player count (1,002 in all), of one battle cycle each so the run stays short
    (the 60 games above play all five). The cheap limits (energy, sigil bays, station slots) are
    checked after every move; the costly ones (every card in one place, capacity and class) after
    every move of every tenth game and at the end of every game. Each game must end with a reason."""
    for n in range(334):
        state = GAME.setup({"cycles": 1}, [f"p{i}" for i in range(players)], f"big-{players}-{n}")
        check = check_limits if n % 10 == 0 else cheap_limits
        chooser = random.Random(n)
        while not state.finished:
            legal = GAME.legal_actions(state, GAME.to_act(state)[0])
            assert legal, "a seat must act with no legal move"
            GAME.advance(state, legal[chooser.randrange(len(legal))])
            check(state)
        check_limits(state)
        assert state.finished.reason
