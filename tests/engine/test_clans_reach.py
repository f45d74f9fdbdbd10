"""Reach on bit masks (board.spread) against the plain tile-by-tile search it replaced."""

import random

from engine.clans.board import cost_of, spread
from engine.clans.cards import neighbours

RULES = [(), ("forest_free",), ("water",), ("mountain", "water"), ("forest_atk",)]


def plain(field, rules, start, spd, stop):
    """The original search: tiles taken in order of SPD left, each step costing its tile's price."""
    spend = cost_of(rules)
    best, todo = {start: spd}, [[] for _ in range(spd + 1)]
    todo[spd].append(start)
    for rem in range(spd, 0, -1):
        for pos in todo[rem]:
            if best[pos] != rem:
                continue
            for n in neighbours(*pos):
                if n in stop or field[n[1]][n[0]] not in spend:
                    continue
                cost = spend[field[n[1]][n[0]]]
                left = rem - cost if rem > cost else 0
                if left > best.get(n, -1):
                    best[n] = left
                    todo[left].append(n)
    return best


def test_reach_matches_the_plain_search_on_random_fields():
    rnd = random.Random(15)
    differ = 0
    for _ in range(400):
        field = tuple("".join(rnd.choice("GGGGFFWM") for _ in range(9)) for _ in range(12))
        rules = rnd.choice(RULES)
        start = (rnd.randrange(9), rnd.randrange(12))
        stop = frozenset((rnd.randrange(9), rnd.randrange(12)) for _ in range(rnd.randrange(12))) - {start}
        spd = rnd.randrange(0, 6)
        got, want = spread(field, rules, start, spd, stop), plain(field, rules, start, spd, stop)
        assert got == want, (field, rules, start, spd, sorted(stop))
        differ += len(want) > 1
    assert differ > 300  # most cases go somewhere: the comparison is not between empty answers
