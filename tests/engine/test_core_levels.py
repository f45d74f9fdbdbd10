"""A kind of player resolved once (`levels.player`) moves as `levels.choose` would."""

import pytest

from engine.core import get_game
from engine.core.levels import choose, player


@pytest.mark.parametrize("level", ["random", "easy", "normal", "ai"])
def test_a_resolved_player_moves_as_choose(level):
    game = get_game("mooncourt")
    state = game.setup({}, ["a", "b"], "levels-1")
    seat = game.to_act(state)[0]
    assert player(game, level)(state, seat) == choose(game, state, seat, level)


def test_an_unknown_kind_is_refused_when_resolved():
    with pytest.raises(ValueError, match="unknown player kind"):
        player(get_game("mooncourt"), "grandmaster")
