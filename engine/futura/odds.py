"""Monte-Carlo odds of an engagement for the AI (notes §4): target choice and retreat.

The AI plays the engagement out many times on plain numbers (AP, DAM, dice; no effects), from what
its seat can see: the station's AP and revealed creatures; a creature still hidden counts as an
average one. Each run the attacker keeps fighting while its primary has at least `danger` AP.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.core.memo import finite_cache

from .cards import catalog
from .combat import support_dam
from .loadout import current_class, die_of, stats
from .state import RANK_VP, STATION_DIE, Acolyte, FuturaState

TRIALS = 48
MAX_EXCHANGES = 12
HIDDEN_CREATURE = (50, 9, "d10")  # AP, DAM, die of a creature the seat has not seen yet


@dataclass
class Odds:
    win: float  # the station falls (or the target dies) with the primary alive
    death: float  # the primary dies


@finite_cache
def dice(spec: str) -> tuple[int, ...]:
    """'2d6+d4' -> (6, 6, 4): the sides of each die, parsed once (the odds roll them thousands of times)."""
    sides = []
    for part in spec.split("+"):
        count, _, n = part.partition("d")
        sides += [int(n)] * int(count or 1)
    return tuple(sides)


def roll(rng: random.Random, spec: str) -> int:
    # randint(1, n) is 1 + _randbelow(n) (CPython's randrange): the same draws, without the
    # argument checks that made this loop the search AI's main cost in Futura.
    sides = dice(spec)
    if len(sides) == 1:
        return rng._randbelow(sides[0]) + 1
    return len(sides) + sum(rng._randbelow(n) for n in sides)


def defenders(s: FuturaState, seat: int, did: str) -> list[tuple[int, int, str]]:
    """(AP, DAM, die) of each unit the defence puts up, in order (rule 35), as `seat` sees them."""
    _, h = s.holding(did)
    st = h.station
    units = []
    for c in sorted(st.creatures, key=lambda c: (s.card(c).level, s.cards[c].ap, c)):
        inst, card = s.cards[c], s.card(c)
        units.append((inst.ap, card.dam, card.die) if inst.revealed else HIDDEN_CREATURE)
    return units + [(st.ap, st.dam, STATION_DIE[st.level])]


def attack_odds(s: FuturaState, prim: Acolyte, sup: Acolyte | None, units: list[tuple[int, int, str]],
                danger: int, seed: str) -> Odds:
    rng = random.Random(seed)
    ap, dam = stats(s, prim)
    die = die_of(s, prim)
    sup_die, sup_dam = (die_of(s, sup), support_dam(s, sup)) if sup else (None, 0)
    wins = deaths = 0
    for _ in range(TRIALS):
        my_ap, queue = ap, [list(u) for u in units]
        for _ in range(MAX_EXCHANGES):
            if not queue or my_ap < danger:
                break
            unit = queue[0]
            d = roll(rng, unit[2])
            p = roll(rng, die)
            strike = (dam if p > d else 0) + (sup_dam if sup_die and roll(rng, sup_die) > d else 0)
            if d >= p:
                my_ap -= unit[1]
            unit[0] -= strike
            if unit[0] <= 0:
                queue.pop(0)  # damage beyond a creature's AP is lost (rule 39)
            if my_ap <= 0:
                deaths += 1
                break
        if not queue and my_ap > 0:
            wins += 1
    return Odds(wins / TRIALS, deaths / TRIALS)


def acolyte_value(s: FuturaState, a: Acolyte) -> float:
    """What losing the acolyte costs in VP (rule 48): 2 + rank and half the level of its gear."""
    gear = sum(0.5 * s.card(u).level for u in a.gear() if s.card(u).kind != "ability")
    return 2 + RANK_VP[current_class(s, a)] + gear


def district_value(s: FuturaState, did: str, players: int) -> float:
    """Taking a built district: its station VP change hands (3 + energy), which counts twice in a duel."""
    vp = 3 + catalog().districts[did].energy
    return vp * (2 if players == 2 else 1.5)
