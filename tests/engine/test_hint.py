"""A hint is the search's move for the asker with a reason in player words."""

from __future__ import annotations

from engine.core.hint import hint, reason
from engine.core.search import Budget, Thought, search
from tests.engine.test_search import GAME, Play


def test_a_hint_is_the_search_move_with_a_reason_from_imagined_games():
    state = GAME.setup({}, ["a", "b"], "hint")
    budget = Budget(iterations=60)
    move, why = hint(GAME, state, 0, budget)
    assert move == search(GAME, state, 0, budget)
    assert why.startswith("In ") and "imagined games played out from what you can see" in why
    assert "_" not in why and "{" not in why


def test_with_one_move_left_the_hint_says_so():
    state = GAME.setup({}, ["a", "b"], "last")
    state.hands = [["c1"], ["c2"]]
    move, why = hint(GAME, state, 0, Budget(iterations=10))
    assert move == Play(seat=0, card="c1") and why == "It is the only move you have right now."


def test_the_reason_says_when_the_search_beat_the_obvious_move():
    assert reason(Thought(tried=30, share=0.62, moves=4, usual=False)).endswith(
        "about 62% of the time, more often than the obvious move.")
    assert reason(Thought(tried=30, share=0.5, moves=4, usual=True)).endswith("about 50% of the time.")
