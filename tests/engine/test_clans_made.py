"""The moves the legal lists share (engine/clans/made.py) are the moves the rules would build."""

from engine.clans import legal, made
from engine.clans.actions import Move
from engine.clans.rules import turn_decision
from engine.core import Decision, get_game


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
    state = game.setup({"setup": "auto"}, ["random0", "random1"], "made-1")
    while not state.finished:
        seat = game.to_act(state)[0]
        moves = game.legal_actions(state, seat)
        offered.extend(moves)
        game.advance(state, game.random_action(state, seat))
    assert offered
    for action in offered[::7]:
        again = type(action)(**{name: getattr(action, name) for name in action.model_fields_set})
        assert action.__dict__ == again.__dict__ and action.label() == again.label()


def test_remembered_unit_moves_are_the_moves_worked_out_afresh(monkeypatch):
    """The memos of legal.unit_moves (each ally's walk and actions) never offer a stale move: at
    every step of seeded games the list equals the one worked out with nothing remembered, also
    when the memos are so small that they are forgotten every few steps."""
    game = get_game("clans")
    for size, seed in ((legal.MEMO_SIZE, "memo-1"), (8, "memo-2")):
        monkeypatch.setattr(legal, "MEMO_SIZE", size)
        state = game.setup({"setup": "auto"}, ["a", "b"], seed)
        steps = 0
        while not state.finished and steps < 400:
            seat = game.to_act(state)[0]
            remembered = legal.unit_moves(state, seat)
            legal._forget()
            assert legal.unit_moves(state, seat) == remembered
            assert [m.label() for m in legal.unit_moves(state, seat)] == [m.label() for m in remembered]
            game.advance(state, game.random_action(state, seat))
            steps += 1
        assert steps > 100


def test_a_turn_decision_put_together_directly_is_the_validated_decision():
    quick = turn_decision(1, "Bea: your turn.")
    slow = Decision(seat=1, kind="turn", prompt="Bea: your turn.", button="Your move")
    assert quick == slow and list(quick.__dict__.items()) == list(slow.__dict__.items())
    assert quick.model_fields_set == slow.model_fields_set and quick.model_dump_json() == slow.model_dump_json()
    quick.context = ["a line"]  # a field set later is counted for that decision alone
    assert turn_decision(1, "Bea: your turn.").model_fields_set == slow.model_fields_set
