"""The search AI: it sees only what its seat may see, and it plays better than chance.

The test game, "Pairs": two players hold three cards each from a 1-9 deck; in turn each plays a
card face up; after both have played, the higher card takes the trick, and its player leads the
next. Three tricks; most tricks wins. Hands are hidden.
"""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import Field

from engine.core import Action, Decision, Game, GameState, finish, register
from engine.core.levels import choose
from engine.core.search import Budget, determinize, search


class Play(Action):
    type: Literal["play"] = "play"
    card: str


class PairsState(GameState):
    game: str = "testpairs"
    deck: list[str] = Field(default_factory=list)
    hands: list[list[str]] = Field(default_factory=lambda: [[], []])
    trick: list[str] = Field(default_factory=list)
    points: list[int] = Field(default_factory=lambda: [0, 0])


def _turn(game, state: PairsState) -> list[Decision]:
    return [Decision(seat=state.active, kind="turn", prompt="Play a card.")]


def _play(game, state: PairsState, action: Play, events) -> None:
    state.hands[action.seat].remove(action.card)
    state.trick.append(action.card)
    if len(state.trick) == 1:
        state.active = 1 - action.seat
        return
    lead, follow = (int(c[1:]) for c in state.trick)
    winner = 1 - action.seat if lead > follow else action.seat
    state.points[winner] += 1
    state.trick = []
    state.active = winner
    if not state.hands[0] and not state.hands[1]:
        a, b = state.points
        finish(state, events, [0] if a > b else [1] if b > a else [], "Hands are empty.", draw=a == b)


class Pairs(Game):
    id = "testpairs"
    title = "Pairs (test game)"
    state_model = PairsState
    action_model = Play
    moves = {Play: _play}
    decisions = _turn

    def setup(self, config, seats, seed):
        rng, sealed = GameState.new_rng(seed)
        state = PairsState(seats=seats, rng=rng, seed_commitment=sealed, deck=[f"c{n}" for n in range(1, 10)])
        rng.shuffle(state.deck)
        state.hands = [state.deck[:3], state.deck[3:6]]
        del state.deck[:6]
        self.publish(state)
        return state

    def legal_actions(self, state, seat):
        if state.finished or seat != state.active:
            return []
        return [Play(seat=seat, card=c) for c in sorted(state.hands[seat])]

    def view(self, state, seat):
        return {"trick": state.trick, "points": state.points}

    def unknown_groups(self, state, seat):
        return [[state.hands[1 - seat], state.deck]]

    def ai_action(self, state, seat):
        return self.legal_actions(state, seat)[0]  # a plain player: lowest card first


GAME = register(Pairs())


def test_a_determinization_keeps_what_the_seat_knows_and_redeals_the_rest():
    state = GAME.setup({}, ["a", "b"], "det")
    import random

    world = GAME.setup({}, ["a", "b"], "det")
    d = determinize(GAME, world, 0, random.Random(1))
    assert d.hands[0] == state.hands[0]  # my own hand is mine
    assert sorted(d.hands[1] + d.deck) == sorted(state.hands[1] + state.deck)  # the unseen cards, redealt
    assert len(d.hands[1]) == 3 and d.rng.seed != state.rng.seed  # and the dice re-seeded
    assert world.model_dump() == state.model_dump()  # the real state is untouched


def test_the_choice_does_not_change_when_only_hidden_information_changes():
    state = GAME.setup({}, ["a", "b"], "hidden")
    other = state.model_copy(deep=True)
    # Swap the opponent's hand with cards from the deck: seat 0 cannot tell the two apart...
    other.hands[1], other.deck[:3] = other.deck[:3], other.hands[1]
    other.rng.seed = "another secret seed"
    assert other.hands[1] != state.hands[1]
    budget = Budget(iterations=150)
    # ...so its search plays the same card in both.
    assert search(GAME, state, 0, budget) == search(GAME, other, 0, budget)


@pytest.mark.parametrize("method", ["tree", "lookahead"])
def test_following_a_lead_the_search_wins_the_trick_with_its_cheapest_winning_card(method):
    state = GAME.setup({}, ["a", "b"], "follow")
    state.hands, state.deck = [["c1", "c2", "c5"], ["c3", "c6", "c9"]], ["c4", "c7", "c8"]
    GAME.advance(state, Play(seat=0, card="c5"))
    # The plain player would throw its lowest card (c3) and lose the trick.
    assert search(GAME, state, 1, Budget(iterations=200, method=method)).card == "c6"


def test_every_level_plays_a_legal_move():
    state = GAME.setup({}, ["a", "b"], "levels")
    for level in ("random", "easy", "normal", "ai", "hard"):
        assert choose(GAME, state, 0, level, Budget(iterations=20)) in GAME.legal_actions(state, 0)


def test_the_heuristic_move_stands_unless_another_is_clearly_better_and_more_visited():
    from engine.core.search import Node, _final_choice

    usual, other = Play(seat=0, card="c1"), Play(seat=0, card="c2")

    def root(usual_stats, other_stats):
        node = Node(mover=0)
        node.children = {usual: Node(0, *usual_stats), other: Node(0, *other_stats)}
        return node

    legal = [usual, other]
    # (visits, available, reward): the other move is visited more but only a little better: keep ours
    assert _final_choice(root((10, 20, 5.0), (12, 20, 6.1)), legal, usual, 0.03) == usual
    # clearly better and more visited: take it
    assert _final_choice(root((10, 20, 5.0), (12, 20, 8.4)), legal, usual, 0.03) == other
    # better on average but visited less often: not proven, keep ours
    assert _final_choice(root((12, 20, 6.0), (10, 20, 9.0)), legal, usual, 0.03) == usual


class ScoredPairs(Pairs):
    """Pairs whose `evaluate` reads the tricks taken, so a move's immediate score means something."""

    def evaluate(self, state):
        a, b = (p + 1 for p in state.points)
        return [a / (a + b), b / (a + b)]


@pytest.mark.parametrize("keep", [2, 3])
def test_a_long_move_list_is_cut_to_the_heuristic_move_and_the_best_scoring_others(keep):
    import random

    from engine.core.search import _screen

    game = ScoredPairs()
    state = GAME.setup({}, ["a", "b"], "screen")
    state.hands, state.deck = [["c1", "c2", "c5"], ["c3", "c4", "c6"]], ["c7", "c8", "c9"]
    GAME.advance(state, Play(seat=0, card="c5"))
    moves = [Play(seat=1, card=c) for c in ("c3", "c4", "c6")]  # the plain player's c3 first
    kept = _screen(game, determinize(game, state, 1, random.Random(3)), 1, moves, keep)
    # c4 loses the trick like c3; c6 takes it, so it is the one other move worth a playout
    assert [m.card for m in kept] == ["c3", "c6", "c4"][:keep]
    assert search(game, state, 1, Budget(iterations=60, method="lookahead", candidates=2)).card == "c6"
