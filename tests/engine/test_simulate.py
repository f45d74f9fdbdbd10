"""The simulator's tuning switches: a budget override for hard seats and a line per finished game."""

from __future__ import annotations

from engine.simulate import parse_budget, simulate


def test_a_budget_is_read_from_its_command_line_form():
    assert parse_budget("method=lookahead,iterations=20,rollout_depth=8,margin=0.05") == {
        "method": "lookahead", "iterations": 20, "rollout_depth": 8, "margin": 0.05}
    assert parse_budget(None) is None


def test_each_finished_game_is_reported_as_it_ends_with_the_running_tally():
    lines: list[str] = []
    report = simulate("mooncourt", 2, 5, ["hard", "normal"], rotate=True,
                      budget={"iterations": 4, "rollout_depth": 2}, progress=lines.append)
    assert report["errors"] == 0 and len(lines) == 2
    assert lines[0].startswith("game 1: seats hard,normal won ") and lines[1].startswith("game 2: seats normal,hard ")
    hard = report["by_kind"]["hard"]["score"]
    assert f"hard {hard:g}/2" in lines[1]  # the last line's tally is the run's result


def test_the_budget_override_reaches_the_hard_seat_over_the_games_own(monkeypatch):
    import engine.core.levels as levels
    import engine.simulate as sim

    seen = []
    real = levels.choose
    monkeypatch.setattr(levels, "choose", lambda g, s, seat, kind, budget=None: seen.append((kind, budget)) or real(g, s, seat, kind, budget))
    simulate("mooncourt", 1, 5, ["hard", "normal"], budget={"iterations": 3})
    budgets = [b for kind, b in seen if kind == "hard"]
    assert budgets and all(b is budgets[0] for b in budgets) and budgets[0].iterations == 3
    assert budgets[0].rollout_depth == sim.get_game("mooncourt").search_budget()["rollout_depth"]


def test_worked_out_moves_are_checked_again_and_random_picks_are_not(monkeypatch):
    import pytest

    from engine.core import IllegalAction, Pass, get_game
    from engine.simulate import play_one

    game = get_game("mooncourt")
    checked = []
    real = type(game).check
    monkeypatch.setattr(game, "check", lambda s, a: checked.append(a.seat) or real(game, s, a))
    play_one(game, ["random", "normal"], "checked")
    assert checked and set(checked) == {1}  # the heuristic's moves only
    monkeypatch.setattr(game, "ai_action", lambda s, seat: Pass(seat=seat))
    with pytest.raises(IllegalAction):  # a heuristic that passes where the opener must present is caught
        play_one(game, ["normal", "random"], "checked")
