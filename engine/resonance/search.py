"""What the search AI (engine.core.search) needs from Resonance: the hidden piles, a quick score of
a position, and the modules each seat drafted."""

from __future__ import annotations

import math

from . import keywords as K
from .cards import catalog
from .state import ResState

# Points of position (HP left counts double) that make a player a 3:1 favourite over another.
SCALE = 6.0 / math.log(3)
HP_WEIGHT = 2.0
CARD_WEIGHT = 0.5
# One hard move: the paired lookahead over the heuristic's move and the five others that score best
# right after they are made (a turn offers ten moves or more), 24 playouts of 8 heuristic moves: 14 of
# 20 tuning games against normal (seed 100), cheaper than 40x12 over every move (reports/strength.md).
# A count: see ThinkPool for the clock.
BUDGET = {"method": "lookahead", "iterations": 24, "rollout_depth": 8, "candidates": 6}


def unknown_groups(s: ResState, seat: int) -> list[list[list[str]]]:
    """The other players' hands and the shared deck hold the cards a seat has not seen (hands are
    drawn from that deck); each Codex deck is redealt alone, in an order nobody knows."""
    hands = [p.hand for p in s.players if p.seat != seat]
    return [[*hands, s.main_deck], *([p.codex_deck] for p in s.players)]


def strength(s: ResState, seat: int) -> float:
    me = s.units.get(f"P{seat}")
    hp = K.max_hp(s, me) - me.damage if me else 10  # before play begins nobody is hurt
    board = sum(K.power(s, u) for u in s.units.values() if u.owner == seat and u.kind != "player")
    return HP_WEIGHT * hp + board + CARD_WEIGHT * len(s.players[seat].hand)


def evaluate(s: ResState) -> list[float]:
    """Each player's win chance: shares by the weight exp(strength / SCALE); a dead player has none."""
    weights = [math.exp(strength(s, p.seat) / SCALE) if p.alive else 0.0 for p in s.players]
    total = sum(weights) or 1.0
    return [w / total for w in weights]


def content(s: ResState) -> dict[int, list[str]]:
    """The modules each player drafted."""
    return {p.seat: [catalog().modules[m].name for m in p.modules] for p in s.players}
