"""Reach and connectivity on bit masks against the plain tile-by-tile searches they replaced."""

import random

from engine.clans.board import cost_of, spread
from engine.clans.cards import connected, neighbours

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


def plainly_connected(field, blocked):
    """Every passable, unblocked tile reaches every other one in 8-neighbour steps."""
    tiles = {(c, r) for r, row in enumerate(field) for c, t in enumerate(row) if t in "GF"} - set(blocked)
    if not tiles:
        return False
    todo = [min(tiles)]
    seen = {todo[0]}
    while todo:
        for n in neighbours(*todo.pop()):
            if n in tiles and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == tiles


def test_connectivity_matches_the_plain_search_on_random_fields():
    rnd = random.Random(3)
    answers = set()
    for _ in range(400):
        walls = rnd.choice("WWM") * rnd.randrange(1, 5)
        field = ["".join(rnd.choice("GGF" + walls) for _ in range(9)) for _ in range(12)]
        blocked = {(rnd.randrange(9), rnd.randrange(12)) for _ in range(rnd.randrange(4))}
        want = plainly_connected(field, blocked)
        assert connected(field, blocked) == want, (field, sorted(blocked))
        answers.add(want)
    assert answers == {True, False}  # both kinds of field were tried
