"""The search AI of Resonance, Futura, Moon Court and Infinities chooses from what its seat can see: changing
only what the seat cannot see (an opponent's hand against their deck, face-down gear or a stored card
against one in their deck or hand, a face-down gift, a tile stack's order, the secret seed) leaves its
choice the same. (Psi Wars and Gods & Clans have their own search tests.)"""

from __future__ import annotations

import copy

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


def futura_gear_swaps(state, seat):
    """(hidden place, foe's hand/deck card) pairs whose exchange leaves `seat`'s view as it was: a
    face-down card of another kind, or one changing the totals on show (AP, VP), would be seen."""
    from engine.futura.search import card_kind, hidden_slots

    foe = state.players[1 - seat]
    for slot in hidden_slots(state, seat):
        for n, pile in enumerate((foe.hand, foe.deck)):
            for i, card in enumerate(pile):
                fits = slot.kind is None or card_kind(state, card) == slot.kind
                if fits and state.cards[card].cid != state.cards[slot.card].cid:
                    trial = state.model_copy(deep=True)
                    futura_exchange(trial, seat, slot.card, n, i)
                    if get_game("futura").view(trial, seat) == get_game("futura").view(state, seat):
                        yield slot.card, n, i


def futura_exchange(state, seat, hidden: str, pile: int, i: int) -> None:
    """Put the foe's card `pile`/`i` in the place of `hidden`, with that place's state, and `hidden`
    in the pile, as a fresh card."""
    from engine.futura.search import hidden_slots

    foe = state.players[1 - seat]
    piles = (foe.hand, foe.deck)
    card = piles[pile][i]
    slot = next(slot for slot in hidden_slots(state, seat) if slot.card == hidden)
    fresh = copy.deepcopy(state.cards[card])
    slot.put(card)
    piles[pile][i] = hidden
    for field in ("ap", "broken", "paid", "revealed", "known"):
        setattr(state.cards[hidden], field, getattr(fresh, field))


def futura_gear_change(state, seat):
    hidden, pile, i = next(futura_gear_swaps(state, seat))
    futura_exchange(state, seat, hidden, pile, i)


def futura_gear_secret(state, seat):
    """The foe's face-down gear and stored cards, when one of them could be exchanged unseen."""
    from engine.futura.search import hidden_slots

    if next(futura_gear_swaps(state, seat), None) is None:
        return []
    return [state.cards[slot.card].cid for slot in hidden_slots(state, seat)]


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
         ("futura", futura_gear_change, futura_gear_secret, 12),
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


@pytest.mark.parametrize("budget", QUICK, ids=["tree", "lookahead", "screened"])
def test_futura_face_down_gear_is_redealt_only_with_cards_of_its_kind(budget):
    """Gear stays face down until its acolyte first fights (A36): a world puts some armour of the
    foe's unseen cards in that place, never the true one for sure, and the choice ignores which."""
    import random

    from engine.core.search import determinize
    from engine.futura.search import card_kind

    game = get_game("futura")
    state, seat = midgame(game, "hidden-a", 12, futura_secret)
    foe = state.players[1 - seat]
    acolyte = next(a for a in foe.acolytes if not a.armour)
    for armour in [u for u in foe.deck if state.card(u).kind == "armour"]:
        foe.deck.remove(armour)
        acolyte.armour = armour  # laid face down by an equip the foe made out of seat's sight
        swap = next((swap for swap in futura_gear_swaps(state, seat) if swap[0] == armour), None)
        if swap:  # another armour the seat could not tell from it (same class, same VP) lies unseen
            break
        acolyte.armour = None
        foe.deck.append(armour)
    worlds = [determinize(game, state, seat, random.Random(k)) for k in range(12)]
    placed = [w.players[1 - seat].acolytes[foe.acolytes.index(acolyte)].armour for w in worlds]
    assert all(card_kind(w, u) == f"armour {state.card(armour).cls}" for w, u in zip(worlds, placed, strict=True))
    assert len({w.cards[u].cid for w, u in zip(worlds, placed, strict=True)}) > 1
    other = state.model_copy(deep=True)
    futura_exchange(other, seat, *swap)
    worn = other.players[1 - seat].acolytes[foe.acolytes.index(acolyte)].armour
    assert other.cards[worn].cid != state.cards[armour].cid
    assert game.view(other, seat) == game.view(state, seat)
    assert search(game, state, seat, budget) == search(game, other, seat, budget)
