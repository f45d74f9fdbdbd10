"""What the search AI (engine.core.search) needs from Grand Saga Futura: the hidden piles, a quick
score of a position, and the deck each seat brought."""

from __future__ import annotations

import math

from .cards import catalog
from .score import vp
from .state import FuturaState

# Victory points that make a player a 3:1 favourite over another: about one station.
SCALE = 4.0 / math.log(3)
# One hard move: the paired lookahead over the heuristic's move and the three others that score best
# right after they are made, 16 playouts of 8 heuristic moves (about 0.25 s a move on this machine,
# against 0.9 s for last session's tree at 30x12). Not tuned on its own for lack of time: in Psi Wars,
# Resonance, Moon Court and Gods & Clans the lookahead beat the tree in tuning (reports/strength.md).
# A count: see ThinkPool for the clock.
BUDGET = {"method": "lookahead", "iterations": 16, "rollout_depth": 8, "candidates": 4}


def unknown_groups(s: FuturaState, seat: int) -> list[list[list[str]]]:
    """Each other player's hand and deck can swap cards unseen (a deck is a public list, its order
    and the split with the hand are not); the seat's own deck is one pile of unknown order.
    Gear laid face down stays where it is: it sits in typed slots, not in a pile that can be
    redealt, and the search reads it as it lies (a known limit)."""
    groups = [[p.hand, p.deck] for p in s.players if p.seat != seat]
    return groups + [[s.players[seat].deck]]


def evaluate(s: FuturaState) -> list[float]:
    """Each player's win chance: shares by the weight exp(VP / SCALE); a player who is out has none."""
    weights = [0.0 if p.out else math.exp(vp(s, p.seat) / SCALE) for p in s.players]
    total = sum(weights) or 1.0
    return [w / total for w in weights]


def content(s: FuturaState) -> dict[int, list[str]]:
    return {p.seat: [catalog().decks[p.deck_key].name] for p in s.players}
