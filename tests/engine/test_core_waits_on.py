"""Game.waits_on answers what `seat in to_act(state)` answers, for every game, at every step."""

import pytest

from engine.core import playable_games


@pytest.mark.parametrize("game", playable_games(), ids=lambda g: g.id)
def test_waits_on_is_to_act_without_the_list(game):
    state = game.setup({}, [f"p{i}" for i in range(game.min_players)], f"waits-{game.id}")
    for _ in range(150):
        waiting = game.to_act(state)
        assert [s for s in range(len(state.seats)) if game.waits_on(state, s)] == waiting
        if not waiting:
            break
        state, _ = game.apply(state, game.random_action(state, waiting[0]))
    assert not any(game.waits_on(state, s) for s in range(len(state.seats))) or not state.finished
