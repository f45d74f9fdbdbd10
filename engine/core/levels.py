"""Opponent strengths, one place for the simulator, the lobby and stand-ins.

easy: the heuristic with noise (a quarter of its moves random); normal: the game's heuristic;
hard: information-set search (engine.core.search) on what the seat can see; random: any legal move.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

from .contract import Action, Game, GameState
from .search import Budget, search

LEVELS = ("easy", "normal", "hard")
ALIASES = {"ai": "normal"}
EASY_NOISE = 0.25


def choose(game: Game, state: GameState, seat: int, level: str, budget: Budget | None = None) -> Action:
    level = ALIASES.get(level, level)
    if level == "random":
        return game.random_action(state, seat)
    if level == "normal":
        return game.ai_action(state, seat)
    if level == "easy":
        noise = random.Random(f"easy:{state.rng.seed}:{state.version}:{seat}")
        return game.random_action(state, seat) if noise.random() < EASY_NOISE else game.ai_action(state, seat)
    if level == "hard":
        return search(game, state, seat, budget or Budget(**game.search_budget()))
    raise _unknown(level)


def _unknown(level: str) -> ValueError:
    return ValueError(f"unknown player kind {level!r} (use {', '.join(LEVELS)}, ai or random)")


def player(game: Game, level: str, budget: Budget | None = None) -> Callable[[GameState, int], Action]:
    """`choose` for one kind of player, resolved once: `player(state, seat)` is its move. A random
    player is the game's own random pick, with no dispatch on every move of a self-play game."""
    if ALIASES.get(level, level) == "random":
        return game.random_action
    if level not in (*LEVELS, *ALIASES):
        raise _unknown(level)
    return functools.partial(_chosen, game, level, budget)


def _chosen(game: Game, level: str, budget: Budget | None, state: GameState, seat: int) -> Action:
    return choose(game, state, seat, level, budget)
