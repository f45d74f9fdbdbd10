"""Moon Court's heuristic courtier: honest when it can be, bluffs low when the table is worth it,
and accuses claims that the cards it has not seen make unlikely."""

from __future__ import annotations

from engine.core import Action, Pass

from .cards import catalog
from .facts import could_be_true, judged, standard
from .state import Accuse, MoonState, Present

DOUBT = 0.3  # accuse when fewer than this share of the unseen cards would make the claim true
DOUBT_CORNERED = 0.5  # ...or fewer than this when we could not beat the claim honestly anyway
BLUFF_UP_TO = 6  # a bluff claimed this low rarely draws an accusation
BLUFF_FOR = 3  # a table of this many gifts is worth a bluff at any height


def choose(s: MoonState, seat: int) -> Action:
    if s.asks and s.asks[0].seat == seat:
        return answer(s, seat)
    return turn(s, seat)


def answer(s: MoonState, seat: int) -> Action:
    claim = s.offers[-1].claim
    true, pool = could_be_true(s, seat, claim)
    share = true / pool if pool else 1.0
    can_beat = any(judged(s, c) > claim for c in s.hands[seat]) and claim < catalog().max_claim
    if share < DOUBT or (not can_beat and share < DOUBT_CORNERED):
        return Accuse(seat=seat)
    return Pass(seat=seat)


def turn(s: MoonState, seat: int) -> Action:
    low, hand = standard(s) + 1, s.hands[seat]
    if not hand or low > catalog().max_claim:
        return Pass(seat=seat)
    honest = sorted((judged(s, c), c) for c in hand if judged(s, c) >= low)
    if honest:  # the weakest gift that holds up, claimed at its full worth to squeeze the next courtier
        worth, card = honest[0]
        return Present(seat=seat, card=card, claim=min(worth, catalog().max_claim))
    if s.offers and low > BLUFF_UP_TO and len(s.offers) < BLUFF_FOR:
        return Pass(seat=seat)
    weakest = min(hand, key=lambda c: (judged(s, c), c))
    return Present(seat=seat, card=weakest, claim=low)
