"""The search AI in Gods & Clans sees only what its seat may see, and plays whole games legally."""

from __future__ import annotations

import random

import pytest

from engine.clans.cards import catalog
from engine.core import get_game
from engine.core.search import Budget, determinize, search
from tests.engine.random_play import play_hard_against_random

GAME = get_game("clans")
QUICK = Budget(iterations=12, rollout_depth=6)
SCREENED = Budget(iterations=12, rollout_depth=6, method="lookahead", candidates=4)  # hard's own method


def midgame(seed: str, moves: int = 10, seats: int = 2):
    """A position some heuristic moves in, with a choice open for the seat to act."""
    state = GAME.setup({"setup": "auto"}, [f"p{i}" for i in range(seats)], seed)
    for _ in range(moves):
        GAME.advance(state, GAME.ai_action(state, GAME.to_act(state)[0]))
    while len(GAME.legal_actions(state, GAME.to_act(state)[0])) < 2:
        GAME.advance(state, GAME.ai_action(state, GAME.to_act(state)[0]))
    return state


@pytest.mark.parametrize("seats", [2, 4])
def test_the_groups_are_the_other_players_face_down_piles_and_nothing_public(seats):
    state = midgame("groups", seats=seats)
    for seat in range(seats):
        groups = GAME.unknown_groups(state, seat)
        others = [s for s in range(seats) if s != seat]
        assert len(groups) == len(others) and all(len(g) == 1 for g in groups)
        for (pile,), s in zip(groups, others, strict=True):
            assert pile is state.players[s].unused  # the state's own list, so it can be redealt
            # Team-mates may share a deck list, so compare each pile with its owner's public cards.
            public = set(state.players[s].used) | {u.card for u in state.units.values() if u.owner == s}
            assert not set(pile) & public


def test_a_determinization_keeps_the_own_pile_and_everything_public():
    state = midgame("det")
    before = state.model_dump()
    d = determinize(GAME, state, 0, random.Random(5))
    assert d.players[0].unused == state.players[0].unused
    assert sorted(d.players[1].unused) == sorted(state.players[1].unused)
    assert d.units == state.units and d.field == state.field
    assert [p.used for p in d.players] == [p.used for p in state.players]
    assert state.model_dump() == before  # the real game is untouched


@pytest.mark.parametrize("budget", [QUICK, SCREENED], ids=["tree", "screened"])
@pytest.mark.parametrize("seed", ["hidden", "a", "b"])
def test_the_choice_does_not_change_when_only_hidden_information_changes(seed, budget):
    state = midgame(seed)
    seat = GAME.to_act(state)[0]
    other = state.model_copy(deep=True)
    other.players[1 - seat].unused.reverse()  # the pile's order is all a Clans player cannot see
    other.rng.seed = "another secret seed"
    assert other.players[1 - seat].unused != state.players[1 - seat].unused
    assert search(GAME, state, seat, budget) == search(GAME, other, seat, budget)


def test_content_names_each_seats_clan():
    state = GAME.setup({}, ["Ann", "Bob"], "content")
    got = GAME.content(state)
    assert got == {s: [catalog().decks[p.deck_key].name] for s, p in enumerate(state.players)}
    assert all("_" not in v[0] for v in got.values())


def test_the_score_favours_the_healthier_god_and_gives_team_mates_one_chance():
    state = midgame("score", seats=4)
    even = GAME.evaluate(state)
    assert even[0] == even[2] and even[1] == even[3] and abs(even[0] + even[1] - 1) < 1e-9
    god = next(u for u in state.units.values() if catalog().cards[u.card].god and u.owner % 2 == 1)
    god.hp = 1
    assert GAME.evaluate(state)[0] > even[0]


def test_hard_against_random_finishes_with_a_legal_move_each_time():
    play_hard_against_random(GAME, Budget(iterations=3, rollout_depth=3))
