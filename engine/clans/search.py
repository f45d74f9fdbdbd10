"""What the search AI (engine.core.search) needs from Gods & Clans: the hidden piles, a quick score
of a position, and the clan each seat brought."""

from __future__ import annotations

import math

from .cards import catalog
from .state import ClansState

# Points of position that make a 3:1 favourite (a God's HP counts triple: losing it ends the game).
SCALE = 12.0 / math.log(3)
GOD_WEIGHT = 3.0

# One hard move: the tree, 20 iterations with heuristic rollouts of 10 moves (15 of 15 against normal
# last session). Cut to 8x6 it won only 21 of 30 tuning games (seed 100); the screened lookahead at
# 24x8 won 18 of 20 but costs more a move than this (reports/strength.md). A count: see ThinkPool.
BUDGET = {"iterations": 20, "rollout_depth": 10}


def unknown_groups(state: ClansState, seat: int) -> list[list[list[str]]]:
    """Each other player's face-down pile, alone: cards never move between piles, and what a pile
    holds follows from its public deck list less what was played, so a redeal only reorders it.
    It still goes through the search, so the pile's true order cannot leak into a choice.
    Played cards and allies on the field are public and never appear here."""
    return [[p.unused] for s, p in enumerate(state.players) if s != seat]


def strength(state: ClansState, team: int) -> float:
    cards = catalog().cards
    total = 0.0
    for u in state.units.values():
        if u.owner % 2 != team:
            continue
        card = cards[u.card]
        total += GOD_WEIGHT * u.hp if card.god else card.exp_value + u.hp / 2
    # EXP earned decides the game at the round cap; SP is what the next turn can buy.
    return total + sum(p.exp_gained + p.sp / 2 for s, p in enumerate(state.players) if s % 2 == team)


def evaluate(state: ClansState) -> list[float]:
    """Each seat's chance that its team wins: a logistic curve over the teams' difference in
    strength. Team-mates share their team's chance, as they share a win."""
    lead = strength(state, 0) - strength(state, 1)
    first = 1 / (1 + math.exp(-lead / SCALE))
    return [first if s % 2 == 0 else 1 - first for s in range(len(state.players))]


def content(state: ClansState) -> dict[int, list[str]]:
    """The clan each seat plays (a deck is one clan, named after it)."""
    return {s: [catalog().decks[p.deck_key].name] for s, p in enumerate(state.players)}
