"""Quiet self-play (`steady(state, quiet=True)`) skips the prompts' player-words context and
nothing else: the same seeds make the same moves, prompts and final states."""

from __future__ import annotations

import pytest

from engine.core import get_game, quiet


def play(game, seed: str, hush: bool) -> tuple[list, str, int]:
    """(every step's move and whom it waited on, the final state, context lines seen)."""
    state = game.setup({}, ["random0", "random1"], seed)
    steps, lines = [], 0
    with game.steady(state, quiet=hush):
        assert quiet(state) is hush
        while not state.finished:
            seat = game.to_act(state)[0]
            action = game.random_action(state, seat)
            steps.append((action.model_dump(), [(d.seat, d.kind, d.prompt) for d in state.pending]))
            lines += sum(len(d.context) for d in state.pending if d.kind not in ("oracle", "hunter"))
            game.check(state, action)
            game.advance(state, action)
    assert not quiet(state)  # the block is closed
    return steps, state.model_dump_json(), lines


@pytest.mark.parametrize("game_id", ["psiwars", "resonance"])
def test_quiet_self_play_is_the_same_game_without_the_context(game_id):
    game = get_game(game_id)
    for seed in ("quiet-1", "quiet-2", "quiet-3"):
        loud_steps, loud_end, loud_lines = play(game, seed, hush=False)
        quiet_steps, quiet_end, quiet_lines = play(game, seed, hush=True)
        assert quiet_steps == loud_steps
        assert quiet_end == loud_end
        assert quiet_lines < loud_lines  # some prompt's context was left out
