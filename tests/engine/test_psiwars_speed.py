"""Psi Wars' fast paths give exactly what the plain way gives: log lines, payments."""

from itertools import combinations, product

from engine.core import note
from engine.psiwars.board import LIGHTS, _payments
from engine.psiwars.rules import log


def test_log_matches_note_for_every_shape_the_rules_use():
    shapes = [
        {"text": "Turn 3: Ana."},
        {"kind": "shuffle", "text": "Ana shuffles their deck."},
        {"kind": "roll", "data": {"dice": [3, 4]}, "text": "rolled 3+4=7"},
        {"text": "You draw Gene-Hound.", "visible_to": [1]},
    ]
    for fields in shapes:
        quick, slow = log(**fields), note(**fields)
        assert quick == slow
        assert quick.model_dump() == slow.model_dump()
        assert quick.model_fields_set == slow.model_fields_set


def test_each_log_line_has_its_own_data_and_given_fields():
    one, two = log("a"), log("b")
    assert one.data is not two.data
    assert one.model_fields_set is not two.model_fields_set


def _every_payment(cost: tuple[int, ...], ready: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """Payments worked out the long way: the coloured lights first, then every distinct choice of
    the spare Creation Units for the Any lights."""
    left = [have - need for have, need in zip(ready, cost[:4], strict=True)]
    if min(left) < 0:
        return ()
    pool = [k for k, n in zip(LIGHTS, left, strict=True) for _ in range(n)]
    return tuple(sorted(set(combinations(pool, cost[4])))) if cost[4] <= len(pool) else ()


def test_payments_with_capped_spares_match_the_long_way():
    costs = [(1, 0, 0, 0, 0), (0, 1, 1, 0, 1), (0, 0, 0, 1, 2), (1, 0, 0, 1, 3), (0, 0, 0, 0, 1)]
    for cost in costs:
        for ready in product(range(5), repeat=4):
            assert _payments(cost, ready) == _every_payment(cost, ready), (cost, ready)
