"""The core's speed-ups keep behaviour: legal moves remembered only where that is safe, copies
that are independent of their original, moves compared by the fields that name them."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, Field

from engine.core import Action, Decision, EndTurn, Game, GameState, get_game, interned
from engine.core.contract import Event, made, note, plain_setattr
from engine.core.rng import Rng


class Take(Action):
    type: Literal["take"] = "take"
    n: int
    note: str = Field(default="", exclude=True)


class Pile(GameState):
    game: str = "pile"
    left: int = 5
    taken: list[int] = Field(default_factory=list)


class PileGame(Game):
    """Take 1 or 2 from a pile; counts how often its legal moves are worked out."""

    id = "pile"
    title = "Pile"
    state_model = Pile
    action_model = Take | EndTurn

    def __init__(self) -> None:
        super().__init__()
        self.computed = 0

    def legal_actions(self, state: Pile, seat: int) -> list[Action]:
        self.computed += 1
        return [Take(seat=seat, n=n) for n in (1, 2) if n <= state.left]

    def decisions(self, state: Pile) -> list[Decision]:
        return [Decision(seat=state.active, kind="turn", prompt="Take 1 or 2")]

    def _take(self, state: Pile, action: Take, events: list) -> None:
        state.left -= action.n
        state.taken.append(action.n)

    moves = {Take: _take}


def pile() -> tuple[PileGame, Pile]:
    game = PileGame()
    state = Pile(seats=["a", "b"], rng=Rng(seed="s"))
    game.publish(state)
    return game, state


def test_legal_moves_are_worked_out_once_per_version_in_a_steady_block():
    game, state = pile()
    with game.steady(state):
        first = game.legal_actions(state, 0)
        game.check(state, first[0])
        game.random_action(state, 0)
        assert game.computed == 1
        first.clear()  # a caller's list is its own
        assert len(game.legal_actions(state, 0)) == 2
        game.advance(state, Take(seat=0, n=2))
        assert game.legal_actions(state, 0) == [Take(seat=0, n=1), Take(seat=0, n=2)]
        assert game.computed == 2
    game.legal_actions(state, 0)
    assert game.computed == 3  # outside the block nothing is remembered


def test_a_poked_state_outside_a_steady_block_gets_fresh_moves():
    game, state = pile()
    assert len(game.legal_actions(state, 0)) == 2
    state.left = 1  # a scenario test's poke: same version, other position
    assert game.legal_actions(state, 0) == [Take(seat=0, n=1)]


def test_moves_inside_a_handler_are_never_remembered():
    game, state = pile()
    seen = []

    def take_and_look(g: PileGame, s: Pile, a: Take, events: list) -> None:
        seen.append(len(g.legal_actions(s, 0)))
        s.left -= a.n
        seen.append(len(g.legal_actions(s, 0)))

    game.moves = {Take: take_and_look}
    with game.steady(state):
        game.advance(state, Take(seat=0, n=4))
    assert seen == [2, 1]


def test_clone_is_equal_and_independent():
    game = get_game("psiwars")
    state = game.setup({}, ["a", "b"], "clone")
    copy = game.clone(state)
    assert copy == state and copy is not state
    copy.players[0].hand.clear()
    copy.rng.counter += 5
    assert state.players[0].hand and copy != state


def test_apply_leaves_its_input_alone():
    game, state = pile()
    new, _ = game.apply(state, Take(seat=0, n=2))
    assert (state.left, state.taken, state.version) == (5, [], 0)
    assert (new.left, new.taken, new.version) == (3, [2], 1)


def test_moves_equal_by_their_dumped_fields_only():
    a, b = Take(seat=0, n=1, note="one"), Take(seat=0, n=1, note="uno")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert Take(seat=0, n=2) != a and Take(seat=1, n=1) != a and EndTurn(seat=0) != a


def test_random_moves_are_reproducible_for_a_state_version():
    game, state = pile()
    picks = {game.random_action(state, 0) for _ in range(5)}
    assert len(picks) == 1
    seen = set()
    for version in range(40):
        state.version = version
        seen.add(game.random_action(state, 0))
    assert seen == {Take(seat=0, n=1), Take(seat=0, n=2)}  # both moves come up across versions


def test_an_interned_move_is_one_shared_instance_equal_to_a_fresh_one():
    first = interned(Take, seat=0, n=1, note="one")
    assert interned(Take, seat=0, n=1, note="one") is first
    assert first == Take(seat=0, n=1) and first.note == "one"
    assert interned(Take, seat=1, n=1, note="one") is not first


def test_logged_events_keep_their_saved_form():
    """Event is a plain record now: the state that keeps recent events dumps them as the model
    did (every field, in order) and loads them back as equal records."""
    game, state = pile()
    state.recent = [note(text="A drew a card."), note(text="B rolled 7.", kind="roll", data={"dice": [3, 4]}),
                    Event(text="You drew Echo.", visible_to=[1])]
    saved = state.model_dump_json()
    assert ('"recent":[{"text":"A drew a card.","kind":"info","visible_to":null,"data":{}},'
            '{"text":"B rolled 7.","kind":"roll","visible_to":null,"data":{"dice":[3,4]}},'
            '{"text":"You drew Echo.","kind":"info","visible_to":[1],"data":{}}]') in saved
    assert Pile.model_validate_json(saved).recent == state.recent
    one, two = note(text="a"), note(text="b")  # nothing shared between log lines
    assert one.data is not two.data


def test_plain_setattr_sets_a_field_as_pydantic_does_and_refuses_the_rest():
    class Mark(BaseModel):
        __setattr__ = plain_setattr
        hp: int = 3

    mark = Mark()
    mark.hp = 5
    assert mark.hp == 5 and mark.model_fields_set == {"hp"} and Mark.model_validate_json(mark.model_dump_json()) == mark
    with pytest.raises(ValueError):
        mark.nonsense = 1


def test_made_is_the_record_validation_would_make():
    class Offer(BaseModel):
        seat: int
        label: str = "Pass"
        picks: list[int] = Field(default_factory=list)

    for fields in ({"seat": 1}, {"seat": 0, "label": "Draw", "picks": [2, 3]}):
        quick, checked = made(Offer, **fields), Offer(**fields)
        assert quick == checked and quick.model_fields_set == checked.model_fields_set
    assert made(Offer, seat=1).picks is not made(Offer, seat=1).picks  # a fresh default each time


def test_made_moves_share_their_given_fields_and_changeable_records_do_not():
    one, other = made(Take, seat=0, n=1), made(Take, seat=1, n=2)
    assert one == Take(seat=0, n=1) and one.model_fields_set == Take(seat=0, n=1).model_fields_set
    assert one.__pydantic_fields_set__ is other.__pydantic_fields_set__  # frozen: one set per shape
    assert made(Take, seat=0, n=1, note="x").model_fields_set == {"seat", "n", "note"}
    assert made(Take, seat=0, n=1).model_copy(update={"n": 2}).model_fields_set == {"seat", "n"}
    assert one.model_fields_set == {"seat", "n"}  # the copy did not touch the shared set
    first, second = made(Decision, seat=0, kind="turn", prompt="Go"), made(Decision, seat=1, kind="turn", prompt="Go")
    first.reaction = True  # a record that may change keeps a set of its own
    assert "reaction" in first.model_fields_set and "reaction" not in second.model_fields_set
