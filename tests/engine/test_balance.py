"""The balance report: intervals, seat rotation, content statistics and the files it writes."""

from __future__ import annotations

import json
from typing import Literal

import pytest

from engine import balance
from engine.core import Action, Decision, Game, GameState, finish, register


class Claim(Action):
    type: Literal["claim"] = "claim"


class FirstState(GameState):
    game: str = "testfirst"


class FirstWins(Game):
    """Seat 1 moves once and wins: a game as unbalanced as can be, with a colour per seat."""

    id = "testfirst"
    title = "First Wins (test game)"
    state_model = FirstState
    action_model = Claim
    moves = {Claim: lambda game, state, action, events: finish(state, events, [action.seat], "Seat 1 claims it.")}

    def setup(self, config, seats, seed):
        rng, sealed = GameState.new_rng(seed)
        state = FirstState(seats=seats, rng=rng, seed_commitment=sealed)
        state.pending = [Decision(seat=0, kind="turn", prompt="Claim the win.")]
        return state

    def legal_actions(self, state, seat):
        return [] if state.finished or seat != 0 else [Claim(seat=0)]

    def view(self, state, seat):
        return {}

    def content(self, state):
        return {0: ["Red deck"], 1: ["Blue deck"]}


register(FirstWins())


def test_the_wilson_interval_matches_known_values():
    low, high = balance.wilson(50, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    assert balance.wilson(0, 0) == (0.0, 1.0)
    low, high = balance.wilson(10, 10)
    assert high == pytest.approx(1.0) and 0.69 < low < 0.73


def test_seats_rotate_so_a_seat_bias_shows_in_seats_not_in_player_kinds():
    res = balance.run("testfirst", 40, ["ai", "random"], seed=3)
    rep = balance.report(res)
    assert [s["win_rate"] for s in rep["seats"]] == [1.0, 0.0]
    assert rep["seats"][0]["significant"] and rep["seats"][1]["significant"]
    assert {k: v["win_rate"] for k, v in rep["player_kinds"].items()} == {"ai": 0.5, "random": 0.5}
    assert sorted(rep["outliers"]) == ["Blue deck", "Red deck"]
    assert rep["content"]["Red deck"]["games"] == 40


def test_the_report_files_say_how_to_reproduce_them(tmp_path):
    out = balance.write(balance.run("testfirst", 10, ["ai", "ai"], seed=9), tmp_path)
    md = (out / "report.md").read_text()
    assert "--games 10 --players ai,ai --seed 9" in md and "| 1 | 10 | 100.0% |" in md
    assert "Red deck" in md.split("## Outliers")[1]
    assert json.loads((out / "report.json").read_text())["games"] == 10


@pytest.mark.parametrize("game", ["psiwars", "clans", "resonance"])
def test_every_playable_game_gives_a_report_with_no_errors(game, tmp_path):
    res = balance.run(game, 4, ["random", "random"], seed=1)
    assert res.errors == 0 and res.games == 4
    assert sum(s.wins for s in res.seat) == pytest.approx(4)
