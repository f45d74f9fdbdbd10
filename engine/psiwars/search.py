"""What the search AI (engine.core.search) needs from Psi Wars: the hidden zones, a quick score
of a position, and the decks each seat brought."""

from __future__ import annotations

import math

from .ai import unit_value
from .board import lab_cards
from .cards import catalog
from .state import PsiState

# How many points of position (lab HP, units, cards) make a 3:1 favourite: tuned by eye on
# self-play, where a 10-point lead in the middle game usually wins.
SCALE = 10.0 / math.log(3)
HP_WEIGHT = 1.5  # a lab HP point against a point of unit strength (ai.card_value)
CARD_WEIGHT = 2.0  # an unplayed card: an option the opponent has to respect


def unknown_groups(state: PsiState, seat: int) -> list[list[list[str]]]:
    """The opponent's hand and deck can swap cards unseen (plus the Oracle's cards while the
    opponent looks at them); the seat's own deck is one pile whose order it does not know.
    Discards and labs are public, so they never appear here."""
    foe = state.other(seat)
    theirs = [state.players[foe].hand, state.players[foe].deck]
    if state.peek and state.active == foe:
        theirs.append(state.peek)
    return [theirs, [state.players[seat].deck]]


def strength(state: PsiState, seat: int) -> float:
    p = state.players[seat]
    units = sum(unit_value(state, i) for i in lab_cards(state, seat, "battle_unit"))
    return HP_WEIGHT * p.lab_hp + units + CARD_WEIGHT * len(p.hand) + len(lab_cards(state, seat, "cu"))


def evaluate(state: PsiState) -> list[float]:
    """Each seat's win chance: a logistic curve over the difference in strength; a lab near
    zero is nearly lost whatever else is on the table."""
    if any(p.lab_hp <= 0 for p in state.players):
        return [0.0 if p.lab_hp <= 0 else 1.0 for p in state.players]
    lead = strength(state, 0) - strength(state, 1)
    first = 1 / (1 + math.exp(-lead / SCALE))
    return [first, 1 - first]


def content(state: PsiState) -> dict[int, list[str]]:
    return {s: [catalog().decks[p.deck_key].name] for s, p in enumerate(state.players)}


# One hard move: the paired lookahead, 30 playouts of 12 heuristic moves shared among the legal moves
# (most turns offer three or four). Half last session's 60x20 at the same strength: 21 of 30 tuning
# games against normal (reports/strength.md). A count, not a clock, so simulate's figures repeat; the
# bot also caps the wall time (ThinkPool).
BUDGET = {"method": "lookahead", "iterations": 30, "rollout_depth": 12}
