"""Random 2-, 3- and 4-player Futura games: no exception, every game ends, every card stays in exactly
one place, and energy, sigil bays, carrying capacity and station slots stay within their limits."""

import pytest

from engine.futura import GAME
from tests.engine.futura_helpers import check_limits
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
