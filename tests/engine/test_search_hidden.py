"""The search AI of Resonance, Futura, Moon Court and Infinities chooses from what its seat can see: changing
only what the seat cannot see (an opponent's hand against their deck, a face-down gift, a tile stack's
order, the secret seed) leaves its choice the same. (Psi Wars and Gods & Clans have their own search tests.)"""

from __future__ import annotations

import pytest

from engine.core import get_game
from engine.core.search import Budget, search

# Every way of searching: the tree, the paired lookahead over every move, and over a screened few.
QUICK = [Budget(iterations=12, rollout_depth=6), Budget(iterations=12, rollout_depth=6, method="lookahead"),
         Budget(iterations=12, rollout_depth=6, method="lookahead", candidates=3)]


def midgame(game, seed: str, moves: int, secret):
    """A position some heuristic moves in, with a real choice open and something hidden from the
    seat to choose (an opponent's empty hand would leave nothing to change)."""
    state = game.setup({}, ["Ann", "Bob"], seed)
    for n in range(moves * 4):
        seat = game.to_act(state)[0]
        if n >= moves and len(game.legal_actions(state, seat)) > 1 and secret(state, seat):
            return state, seat
        game.advance(state, game.ai_action(state, seat))
    raise AssertionError("no real choice came up")


def swap(a: list, b: list) -> None:
    """Exchange the first cards of two hidden piles (as many as the shorter holds)."""
    k = min(len(a), len(b))
    a[:k], b[:k] = b[:k], a[:k]


# Each game: (change only what `seat` cannot see, in place; the secret that changed)
def resonance_change(state, seat):
    swap(state.players[1 - seat].hand, state.main_deck)
    state.players[1 - seat].codex_deck.reverse()


def resonance_secret(state, seat):
    return sorted(state.players[1 - seat].hand)


def futura_change(state, seat):
    foe = state.players[1 - seat]
    swap(foe.hand, foe.deck)
    state.players[seat].deck.reverse()


def futura_secret(state, seat):
    return sorted(state.cards[u].cid for u in state.players[1 - seat].hand)


def mooncourt_change(state, seat):
    swap(state.hands[1 - seat], state.deck)
    for offer in state.offers:
        if offer.seat != seat:
            offer.card, state.deck[-1] = state.deck[-1], offer.card


def mooncourt_secret(state, seat):
    return sorted(state.hands[1 - seat]) + [o.card for o in state.offers]


def infinities_change(state, seat):
    foe = state.players[1 - seat]
    swap(foe.hand, state.piles[foe.faction].deck)
    for stack in state.stacks.values():
        stack.reverse()


def infinities_secret(state, seat):
    return sorted(state.players[1 - seat].hand)


CASES = [("resonance", resonance_change, resonance_secret, 30), ("futura", futura_change, futura_secret, 12),
         ("mooncourt", mooncourt_change, mooncourt_secret, 3),
         ("infinities", infinities_change, infinities_secret, 40)]


@pytest.mark.parametrize(("game_id", "change", "secret", "moves"), CASES)
@pytest.mark.parametrize("seed", ["hidden-a", "hidden-b"])
@pytest.mark.parametrize("budget", QUICK, ids=["tree", "lookahead", "screened"])
def test_the_choice_does_not_change_when_only_hidden_information_changes(game_id, change, secret, moves, seed, budget):
    game = get_game(game_id)
    state, seat = midgame(game, seed, moves, secret)
    other = state.model_copy(deep=True)
    change(other, seat)
    other.rng.seed = "another secret seed"
    assert secret(other, seat) != secret(state, seat)  # the hidden cards did change...
    assert game.view(other, seat) == game.view(state, seat)  # ...and nothing the seat can see did
    assert search(game, state, seat, budget) == search(game, other, seat, budget)
