"""The moves the legal lists share (engine/clans/made.py) are the moves the rules would build."""

from engine.clans import made
from engine.clans.actions import Move
from engine.core import get_game
from engine.simulate import play_one


def test_a_move_put_together_directly_is_the_validated_move():
    names, label = made.tag_of("aurelius", (2, 9)), made.short_of("aurelius", (2, 9))
    quick = made.move(1, "B07", (3, 8), names, label)
    slow = Move(seat=1, unit="B07", to="D9", names=names, unit_label=label)
    assert type(quick) is Move and quick == slow and hash(quick) == hash(slow)
    assert list(quick.__dict__.items()) == list(slow.__dict__.items())
    assert quick.model_fields_set == slow.model_fields_set
    assert quick.model_dump_json() == slow.model_dump_json() and repr(quick) == repr(slow)
    assert (quick.label(), quick.group()) == (slow.label(), slow.group()) == (f"Move {names} to D9", label)
    assert label == "Aurelius (C10)" and names.startswith("Aurelius, ")
    assert get_game("clans").parse_action(quick.model_dump()) == quick


def test_shared_moves_are_the_moves_built_afresh():
    """Every move offered in a played game equals the same move validated from its own fields."""
    game = get_game("clans")
    offered = []
    orig = game.legal_actions

    def spy(state, seat):
        found = orig(state, seat)
        offered.extend(found)
        return found

    game.legal_actions = spy
    try:
        play_one(game, ["random", "random"], "made-1", {"setup": "auto"})
    finally:
        del game.legal_actions
    assert offered
    for action in offered[::7]:
        again = type(action)(**{name: getattr(action, name) for name in action.model_fields_set})
        assert action.__dict__ == again.__dict__ and action.label() == again.label()
