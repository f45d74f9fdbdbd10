"""What the search AI (engine.core.search) needs from Moon Court: every gift a courtier has not
seen, redealt, and a quick score of a position."""

from __future__ import annotations

import math
import random

from .facts import judged
from .state import MoonState

# Favour that makes a courtier a 3:1 favourite over another: about one won audience.
SCALE = 3.0 / math.log(3)
# How often a courtier's claim is taken to be honest when its gift is redealt: the courts we play
# against mostly claim what a gift is worth, and a uniform redeal would make every claim look like
# a lie worth accusing.
HONEST = 0.8
# One hard move: the paired lookahead, 40 playouts of 20 heuristic moves shared among the heuristic's
# move and the five others that score best right after they are made (a claim can be any of dozens of
# card and rank pairs): every claim is judged against the same imagined hands, so a bluff the
# heuristic answerer lets stand shows up clearly. About a second a game; see reports/strength.md.
# A count, see ThinkPool.
BUDGET = {"method": "lookahead", "iterations": 40, "rollout_depth": 20, "candidates": 6}


def redeal(s: MoonState, seat: int, world: random.Random) -> None:
    """The deck, the other courtiers' hands, their face-down gifts on the table and the gifts set
    aside unseen are one pool whose cards could sit in any of those places: pool them in a
    canonical order (the true places must not leak) and deal them back into the same places."""
    unseen = [i for i, c in enumerate(s.discard) if c not in s.face_up]
    offers = [o for o in s.offers if o.seat != seat]
    hands = [h for i, h in enumerate(s.hands) if i != seat]
    pool = sorted([*s.deck, *(s.discard[i] for i in unseen), *(o.card for o in offers), *(c for h in hands for c in h)])
    world.shuffle(pool)
    for o in offers:  # a gift that bears out its claim, most of the time
        fits = [c for c in pool if judged(s, c) >= o.claim] if world.random() < HONEST else []
        o.card = fits[world.randrange(len(fits))] if fits else pool[world.randrange(len(pool))]
        pool.remove(o.card)
    for zone in (*hands, s.deck):
        size = len(zone)
        zone[:] = pool[:size]
        del pool[:size]
    for i in unseen:
        s.discard[i] = pool.pop()


def evaluate(s: MoonState) -> list[float]:
    """Each courtier's win chance: shares by the weight exp(favour / SCALE)."""
    weights = [math.exp(f / SCALE) for f in s.favour]
    total = sum(weights)
    return [w / total for w in weights]
