"""What the search AI (engine.core.search) needs from Grand Saga Futura: the hidden piles, a quick
score of a position, and the deck each seat brought."""

from __future__ import annotations

import math
import random

from engine.core import HiddenSlot

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
    and the split with the hand are not), and so can their face-down gear and stored cards
    (`hidden_slots`); the seat's own deck is one pile of unknown order."""
    groups = [[p.hand, p.deck] for p in s.players if p.seat != seat]
    return groups + [[s.players[seat].deck]]


# What belongs to the place of a card rather than to the card: the AP left on it, whether it broke,
# its paid equip cost, whether it was shown (a redealt card takes these over).
PLACE_FIELDS = ("ap", "broken", "paid", "revealed", "known")


def hidden_slots(s: FuturaState, seat: int) -> list[HiddenSlot]:
    """Other players' cards in places that `seat` cannot see into (as the views hide them): gear
    not yet shown (abilities until played), station creatures not shown, stored cards not shown to
    it. Gear and creatures keep what their acolyte or station shows of them (`card_kind`); a stored
    card may be anything. The victory points on show count every card's level: worlds do not keep
    that sum (a belief a little off, never a peek at the cards)."""
    others = [p for p in s.players if p.seat != seat]
    out: list[HiddenSlot] = []
    for group, p in enumerate(others):
        for a in p.acolytes:
            if a.armour and _unseen_gear(s, a.armour):
                out.append(_slot(s, group, a.armour, True, lambda u, a=a: setattr(a, "armour", u)))
            for places in (a.sabers, a.items, a.abilities):
                out += [_slot(s, group, u, True, _setter(places, i)) for i, u in enumerate(places) if _unseen_gear(s, u)]
        for h in p.holdings:
            if h.station:
                st = h.station
                out += [_slot(s, group, u, True, _setter(st.creatures, i))
                        for i, u in enumerate(st.creatures) if not s.cards[u].revealed]
                out += [_slot(s, group, u, False, _setter(st.slots, i)) for i, u in enumerate(st.slots)
                        if not s.cards[u].revealed and seat not in s.cards[u].known]
    return out


def card_kind(s: FuturaState, uid: str) -> str:
    """What a worn or fielded card shows while face down: its kind, an armour's class (the
    acolyte's class) and a weapon's DAM (in the acolyte's DAM). Its AP left belongs to the place."""
    card = s.card(uid)
    if card.kind == "armour":
        return f"armour {card.cls}"
    if card.kind in ("saber", "item"):
        return f"{card.kind} {card.dam - card.penalty_dam}"
    if card.kind == "ability":
        return f"ability {card.dam if card.effect.timing == 'passive' else 0}"
    return card.kind


def _unseen_gear(s: FuturaState, uid: str) -> bool:
    return not s.cards[uid].revealed or s.card(uid).kind == "ability"


def _setter(places: list[str], i: int):
    def put(uid: str) -> None:
        places[i] = uid
    return put


def _slot(s: FuturaState, group: int, uid: str, typed: bool, place) -> HiddenSlot:
    """A hidden place; laying a card there also gives it the place's state (see PLACE_FIELDS)."""
    inst = s.cards[uid]
    kept = {f: getattr(inst, f) for f in PLACE_FIELDS}
    kept["known"] = list(inst.known)

    def put(new: str) -> None:
        place(new)
        for f, v in kept.items():
            setattr(s.cards[new], f, v)
    return HiddenSlot(group=group, card=uid, kind=card_kind(s, uid) if typed else None, put=put)


def settle_redealt(s: FuturaState, seat: int, world: random.Random) -> None:
    """After a redeal, other players' hands and decks hold fresh cards: a card that came out of a
    hidden place must not carry that place's state, and a card's true history must not either."""
    _keep_the_offer(s, seat, world)
    cat = catalog()
    for p in s.players:
        if p.seat != seat:
            for u in p.hand + p.deck:
                inst = s.cards[u]
                inst.ap, inst.broken, inst.paid, inst.revealed = cat.cards[inst.cid].ap, False, False, False
                inst.known = []


def _keep_the_offer(s: FuturaState, seat: int, world: random.Random) -> None:
    """A card on offer (rule 12) is in its owner's hand in every world, or accepting it would take
    a card the hand no longer holds. The buyer was shown it, so it stays the card on offer (swapped
    back from the deck if the redeal put it there); anyone else knows only that some card of that
    hand is offered, so in their world the offer is one card of the redealt hand."""
    t = s.trade
    if t is None or seat == t.seat:  # no offer, or the seller's own hand, which is never redealt
        return
    hand = s.players[t.seat].hand
    if seat not in s.cards[t.card].known:
        t.card = world.choice(hand)
    elif t.card not in hand:
        deck = s.players[t.seat].deck
        i, j = deck.index(t.card), world.randrange(len(hand))
        deck[i], hand[j] = hand[j], t.card


def evaluate(s: FuturaState) -> list[float]:
    """Each player's win chance: shares by the weight exp(VP / SCALE); a player who is out has none."""
    weights = [0.0 if p.out else math.exp(vp(s, p.seat) / SCALE) for p in s.players]
    total = sum(weights) or 1.0
    return [w / total for w in weights]


def content(s: FuturaState) -> dict[int, list[str]]:
    return {p.seat: [catalog().decks[p.deck_key].name] for p in s.players}
