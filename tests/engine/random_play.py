"""Playing a game out with uniformly random legal moves, for the property tests of every game."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.core import Action, Game, GameState
from engine.core.levels import choose


def play_randomly(game: Game, state: GameState, seed: str, *, before: Callable | None = None,
                  after: Callable | None = None, limit: int = 20_000) -> list[Action]:
    """Advance `state` in place until it ends; before(state, move) and after(state) check each step.
    Returns the moves made. Fails if a seat must act with no legal move or the game never ends."""
    chooser = random.Random(seed)
    moves = []
    for _ in range(limit):
        if state.finished:
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal move"
        move = chooser.choice(legal)
        if before is not None:
            before(state, move)
        game.advance(state, move)
        moves.append(move)
        if after is not None:
            after(state)
    assert state.finished, "the game did not end"
    return moves


def play_hard_against_random(game: Game, budget) -> None:
    """Two games, the search on either seat against random moves: each move must be legal and
    each game must end with a reason."""
    for n, kinds in enumerate((["hard", "random"], ["random", "hard"])):
        state = game.setup({}, ["a", "b"], f"hard-{n}")
        while not state.finished:
            seat = game.to_act(state)[0]
            move = choose(game, state, seat, kinds[seat], budget)
            assert move in game.legal_actions(state, seat)
            game.advance(state, move)
        assert state.finished.reason
