"""Futura views for the picture tests: real engine views from the render bench's busy moment (an
engagement with a support in its second exchange, after turn 4)."""

from __future__ import annotations

from functools import cache

from bench.render import busy_futura_state
from engine.core import get_game


@cache
def busy_state(players: int):
    return busy_futura_state(players)


def board_view(players: int, seat: int | None = None) -> dict:
    return get_game("futura").view(busy_state(players), seat)


def hand_view(players: int = 4, seat: int = 0) -> dict:
    return board_view(players, seat)
