"""Psi Wars' own log-line builder gives exactly the Event the core's `note` would."""

from engine.core import note
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
