"""Message text: never over 2000 characters, pings only who must act, errors name the rule."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from cogs.access import can_abort
from cogs.format import (
    awaited_line,
    error_text,
    finished_message,
    fit_message,
    mention,
    mention_ids,
    panel_label,
    turn_message,
)
from engine.core import IllegalAction, PromptView
from table import TableError


def seat(n, uid, name, ai=False):
    return SimpleNamespace(seat=n, user_id=uid, name=name, is_ai=ai)


ALICE, BOB, AI = seat(0, "111", "Alice"), seat(1, "222", "Bob"), seat(1, "ai:1", "AI 1", True)


@given(st.lists(st.text(max_size=3000), max_size=80), st.lists(st.text(max_size=300), max_size=4),
       st.lists(st.text(max_size=300), max_size=3))
def test_fit_message_never_exceeds_2000(log, head, tail):
    assert len(fit_message(head, log, tail=tail)) <= 2000


def test_fit_message_drops_oldest_events_first():
    log = [f"event {i} " + "x" * 100 for i in range(40)]
    text = fit_message(["<@1>: your move"], log)
    assert len(text) <= 2000
    assert text.startswith("<@1>: your move")
    assert "event 39" in text and "event 0 " not in text
    assert "earlier events not shown" in text


def test_fit_message_keeps_everything_when_short():
    text = fit_message(["head"], ["a", "b"], tail=["tail"])
    assert text == "head\n• a\n• b\ntail"


def test_turn_message_pings_and_prompts():
    view = {"turn": 3, "phase_label": "Phase 4: Battle"}
    defend = [PromptView(seat=1, player="Bob", kind="defend", prompt="Bob: choose your defense", reaction=True,
                         button="Choose your defense")]
    text = turn_message(5, "Psi Wars", [BOB], defend, view, ["Alice attacks."], private_for=["Bob"])
    first = text.splitlines()[0]
    assert first == "<@222>: choose your defense"  # the mention names Bob: not twice
    assert "Game #5" in text and "turn 3" in text and "• Alice attacks." in text
    assert panel_label([BOB], defend) == "Choose your defense"
    assert panel_label([ALICE], [PromptView(seat=0, player="Alice", kind="cu", prompt="")]) == "Your move"


def test_ai_is_named_not_pinged():
    assert mention(AI) == "**AI 1**"
    assert mention(ALICE) == "<@111>"
    assert mention_ids([ALICE, AI, BOB]) == [111, 222]
    assert awaited_line([AI], []) == "**AI 1**: your move."


def test_finished_message_reveals_seed():
    text = finished_message(3, "Psi Wars", "Alice wins: Bob's lab fell to 0 HP.", ["Boom."], "abc", "c0ffee")
    assert "Alice wins" in text and "`abc`" in text and "c0ffee" in text
    said = finished_message(3, "Psi Wars", "Alice wins.", ["The seed was abc."], "abc", "c0ffee")
    assert said.count("abc") == 1


def test_error_text_with_rule():
    assert error_text(IllegalAction("a formation has at most two Battle Units", "Psi Wars 6.5.2.1")) == \
        "Psi Wars 6.5.2.1: a formation has at most two Battle Units"
    assert error_text(TableError("A game of Psi Wars is already running here (game #2).")) == \
        "A game of Psi Wars is already running here (game #2)."
    assert error_text(TableError("No.", rule="R1")) == "R1: No."


def test_abort_permission():
    assert can_abort("111", "111", manage_channels=False)
    assert can_abort("999", "111", manage_channels=True)
    assert not can_abort("999", "111", manage_channels=False)


def test_text_board_is_added_only_when_it_fits():
    from cogs.play import with_text_board

    assert with_text_board("turn", "lab 30") == "turn\n```\nlab 30\n```"
    assert with_text_board("turn", None) == "turn"
    assert with_text_board("x" * 1990, "lab 30") == "x" * 1990  # never past Discord's 2000


def test_turn_message_points_to_autopilot_for_routine_prompts():
    seat = type("S", (), {"seat": 1, "user_id": "22", "name": "Bob", "is_ai": False})()
    window = [PromptView(seat=1, player="Bob", kind="window", prompt="Bob: play Powers or pass")]
    text = turn_message(3, "Psi Wars", [seat], window, {}, ["Alice attacks."], routine=["Always pass Power windows"])
    assert text.splitlines()[-1] == ("-# ⚙️ A routine prompt: `/autopilot` can answer it for you from now on "
                                     "(“Always pass Power windows”).")
    assert "/autopilot" not in turn_message(3, "Psi Wars", [seat], window, {}, ["Alice attacks."])


def test_the_panel_button_is_named_by_the_decision_not_guessed_from_its_kind():
    ward = PromptView(seat=1, player="Bob", kind="ward", prompt="Bob: ward?", reaction=True, button="Choose your ward")
    assert panel_label([BOB], [ward]) == "Choose your ward"
    assert panel_label([BOB], [ward.model_copy(update={"button": ""})]) == "Make your choice"  # off-turn, unnamed
    assert panel_label([BOB], [ward.model_copy(update={"button": "", "kind": "defend", "reaction": False})]) == "Your move"
    assert panel_label([ALICE, BOB], [ward]) == "Make your choice"  # two players asked at once


def test_finished_message_tells_the_key_moments_before_the_last_moves():
    text = finished_message(3, "Psi Wars", "Alice wins.", ["Boom."], "abc", "c0ffee",
                            moments=["Bob's lab takes 9 damage (1 HP left) (§2.0).", "Destroyed: Vat Brute [A23]."])
    lines = text.splitlines()
    at = lines.index("**Key moments**")
    assert lines[at + 1:at + 4] == ["★ Bob's lab takes 9 damage (1 HP left).", "★ Destroyed: Vat Brute [A23].",
                                    "**Last moves**"]
    assert "**Key moments**" not in finished_message(3, "Psi Wars", "Alice wins.", ["Boom."], "abc", "c0ffee")
