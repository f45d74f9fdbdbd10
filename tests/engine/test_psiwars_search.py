"""The search AI in Psi Wars sees only what its seat may see, and plays whole games legally."""

from __future__ import annotations

import random

import pytest

from engine.core import get_game
from engine.core.search import Budget, determinize, search
from engine.psiwars.cards import catalog
from tests.engine.random_play import play_hard_against_random

GAME = get_game("psiwars")


def midgame(seed: str, moves: int = 12):
    """A position some heuristic moves in, with a choice open for the seat to act."""
    state = GAME.setup({}, ["Ann", "Bob"], seed)
    for _ in range(moves):
        GAME.advance(state, GAME.ai_action(state, GAME.to_act(state)[0]))
    while len(GAME.legal_actions(state, GAME.to_act(state)[0])) < 2:
        GAME.advance(state, GAME.ai_action(state, GAME.to_act(state)[0]))
    return state


def grouped(state, seat) -> set[str]:
    return {i for group in GAME.unknown_groups(state, seat) for zone in group for i in zone}


def test_the_groups_are_exactly_what_the_seat_cannot_see():
    state = midgame("groups")
    for seat in (0, 1):
        foe = 1 - seat
        hidden = {t.strip("[]") for t in GAME.hidden_tokens(state, seat)}
        # The opponent's hidden cards, plus the seat's own deck (its order is unknown to it too).
        assert grouped(state, seat) == hidden | set(state.players[seat].deck)
        public = state.players[foe].discard + state.players[foe].lab + state.players[seat].hand
        assert not grouped(state, seat) & set(public)


def test_the_oracle_cards_are_hidden_only_from_the_player_not_looking():
    state = midgame("oracle")
    looker = state.active
    state.peek = [state.players[looker].deck.pop(0)]
    assert state.peek[0] in grouped(state, 1 - looker)
    assert state.peek[0] not in grouped(state, looker)


def test_a_determinization_keeps_the_own_hand_and_everything_public():
    state = midgame("det")
    before = state.model_dump()
    seat, foe = 0, 1
    d = determinize(GAME, state, seat, random.Random(3))
    me, them = d.players[seat], d.players[foe]
    assert me.hand == state.players[seat].hand
    assert sorted(me.deck) == sorted(state.players[seat].deck)
    for p, q in zip(d.players, state.players, strict=True):
        assert (p.lab, p.discard, p.lab_hp) == (q.lab, q.discard, q.lab_hp)
    assert sorted(them.hand + them.deck) == sorted(state.players[foe].hand + state.players[foe].deck)
    assert len(them.hand) == len(state.players[foe].hand)
    assert them.hand != state.players[foe].hand or them.deck != state.players[foe].deck  # it was redealt
    assert state.model_dump() == before  # the real game is untouched


@pytest.mark.parametrize("seed", ["hidden", "a", "b", "c", "d"])
@pytest.mark.parametrize("method", ["tree", "lookahead"])
def test_the_choice_does_not_change_when_only_hidden_information_changes(seed, method):
    # Over these seeds a search that read the true hands would choose differently at least twice.
    state = midgame(seed)
    seat = GAME.to_act(state)[0]
    foe = 1 - seat
    other = state.model_copy(deep=True)
    theirs = other.players[foe]
    k = min(len(theirs.hand), len(theirs.deck))
    assert k > 0
    theirs.hand[:k], theirs.deck[:k] = theirs.deck[:k], theirs.hand[:k]
    other.players[seat].deck.reverse()
    other.rng.seed = "another secret seed"
    assert {state.cards[i].card for i in theirs.hand} != {state.cards[i].card for i in state.players[foe].hand}
    budget = Budget(iterations=30, rollout_depth=8, method=method)
    assert search(GAME, state, seat, budget) == search(GAME, other, seat, budget)


def test_content_names_each_seats_deck():
    state = GAME.setup({}, ["Ann", "Bob"], "content")
    names = {d.name for d in catalog().decks.values()}
    got = GAME.content(state)
    assert sorted(got) == [0, 1]
    assert all(len(v) == 1 and v[0] in names and "_" not in v[0] for v in got.values())


def test_the_score_favours_the_healthier_lab_and_sums_to_one():
    state = midgame("score")
    even = GAME.evaluate(state)
    assert abs(sum(even) - 1) < 1e-9 and all(0 <= p <= 1 for p in even)
    state.players[1].lab_hp = 3
    assert GAME.evaluate(state)[0] > max(even[0], 0.5)


@pytest.mark.parametrize("method", ["tree", "lookahead"])
def test_hard_against_random_finishes_with_a_legal_move_each_time(method):
    play_hard_against_random(GAME, Budget(iterations=6, rollout_depth=4, method=method))
