"""What the search AI (engine.core.search) needs from Infinities: the hidden piles, a quick score
of a position, and how hard to think."""

from __future__ import annotations

import math

from .state import InfState

# Points of position that make a leader a 3:1 favourite over another: about one good round's
# objectives (games end near 50 points after five rounds).
SCALE = 10.0 / math.log(3)
UNIT_WEIGHT = 2.0  # a unit in the group: it scores objectives and answers attacks in later rounds
TILE_WEIGHT = 2.0  # a controlled tile: attribute levels and objective points for the rest of the game
CARD_WEIGHT = 0.5  # a card in the timeline or hand: an option for later
# One hard move: the paired lookahead over the heuristic's move and the five others that score best
# right after they are made (a main step can offer dozens), 16 playouts of 10 heuristic moves: 17 of
# 20 tuning games against normal (seed 100), about 3 s a game in simulate (reports/strength.md).
# A count, not a clock (see ThinkPool for the clock).
BUDGET = {"method": "lookahead", "iterations": 16, "rollout_depth": 10, "candidates": 6}


def unknown_groups(s: InfState, seat: int) -> list[list[list[str]]]:
    """Per faction, its deck and the hands of the other leaders drawing from it: a card not seen
    could be in any of them. Each world's tile stack is one pile of unknown order. Groups,
    timelines and discards are public, so they never appear here."""
    groups = []
    for faction, pile in sorted(s.piles.items()):
        hands = [p.hand for t, p in enumerate(s.players) if t != seat and p.faction == faction]
        groups.append([*hands, pile.deck])
    return groups + [[stack] for _, stack in sorted(s.stacks.items())]


def strength(s: InfState, seat: int) -> float:
    p = s.players[seat]
    tiles = sum(1 for t in s.board.values() if t.control == seat)
    cards = len(p.timeline) + len(p.hand)
    return p.score + UNIT_WEIGHT * len(p.group) + TILE_WEIGHT * tiles + CARD_WEIGHT * cards


def evaluate(s: InfState) -> list[float]:
    """Each leader's win chance: shares by the weight exp(strength / SCALE); a defeated leader has
    none. Team-mates pool their weights, as they share a win."""
    weights = [0.0 if p.out else math.exp(strength(s, t) / SCALE) for t, p in enumerate(s.players)]
    if s.teams is not None:
        pooled = {team: sum(w for w, t in zip(weights, s.teams, strict=True) if t == team) for team in set(s.teams)}
        total = sum(pooled.values()) or 1.0
        return [pooled[t] / total for t in s.teams]
    total = sum(weights) or 1.0
    return [w / total for w in weights]
