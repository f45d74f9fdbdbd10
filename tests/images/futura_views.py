"""Futura views for the picture tests and the render bench: real engine views from seeded random games,
caught at a busy moment (an engagement in its second exchange, with a support, after turn 4)."""

from __future__ import annotations

import random
from functools import cache

from engine.core import get_game

NAMES = ["Ann", "Bob", "Cat", "Dan"]


@cache
def busy_state(players: int):
    game = get_game("futura")
    for seed in "abcdefghijk":
        s = game.setup({}, NAMES[:players], seed)
        chooser = random.Random(seed)
        while not s.finished:
            game.advance(s, chooser.choice(game.legal_actions(s, game.to_act(s)[0])))
            if s.fight and s.fight.exchange >= 2 and s.fight.support and s.turn > 4:
                return s
    raise AssertionError("no busy moment found")


def board_view(players: int, seat: int | None = None) -> dict:
    return get_game("futura").view(busy_state(players), seat)


def hand_view(players: int = 4, seat: int = 0) -> dict:
    return board_view(players, seat)
