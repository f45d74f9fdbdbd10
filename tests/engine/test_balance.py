"""The balance report: intervals, seat rotation, content statistics and the files it writes."""

from __future__ import annotations

import importlib.util
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


def test_a_tiny_run_writes_the_report_and_png_charts_it_links(tmp_path):
    out = balance.write(balance.run("testfirst", 6, ["ai", "ai"], seed=4), tmp_path)
    md = (out / "report.md").read_text()
    assert f"engine {balance.engine_version()}" in md and "seed 4" in md
    if importlib.util.find_spec("matplotlib") is None:
        assert "Skipped: matplotlib is not installed" in md
        pytest.skip("matplotlib (the optional extra `balance`) is not installed: no charts to check")
    for name in ("seats.png", "lengths.png", "content.png"):
        assert f"![{name}]({name})" in md
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_report_says_charts_were_skipped_without_matplotlib(tmp_path, monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "matplotlib", None)  # import fails as if not installed
    out = balance.write(balance.run("testfirst", 4, ["ai", "ai"], seed=4), tmp_path)
    assert "Skipped: matplotlib is not installed" in (out / "report.md").read_text()
    assert not list(out.glob("*.png"))


def test_the_first_mover_is_counted_apart_from_seat_1():
    rep = balance.report(balance.run("testfirst", 8, ["ai", "ai"], seed=2))
    assert rep["first_mover"]["win_rate"] == 1.0 and rep["first_mover"]["games"] == 8


def test_varied_content_is_dealt_every_way_round_the_table():
    deals = [balance.dealt(("decks", ["a", "b", "c"]), 2, i)["decks"] for i in range(12)]
    assert deals[0] == deals[1] and deals[0] != deals[2]  # a full rotation of kinds per deal
    assert sorted(map(tuple, deals[::2])) == sorted([("a", "b"), ("a", "c"), ("b", "a"), ("b", "c"),
                                                    ("c", "a"), ("c", "b")])
    assert balance.dealt(("decks", ["a"]), 2, 0) == {"decks": ["a", "a"]}


def test_the_reproduce_line_names_the_config_and_the_varied_option(tmp_path):
    res = balance.run("psiwars", 2, ["random", "random"], seed=1, config={"lab_hp": 20},
                      vary=("decks", ["techno", "bio_psi"]))
    assert res.errors == 0
    md = balance.markdown(balance.report(res), [])
    assert "--config '{\"lab_hp\":20}' --vary decks=techno,bio_psi" in md


@pytest.mark.parametrize("game", ["psiwars", "clans", "resonance", "futura", "infinities", "mooncourt"])
def test_every_playable_game_gives_a_report_with_no_errors(game, tmp_path):
    res = balance.run(game, 4, ["random", "random"], seed=1)
    assert res.errors == 0 and res.games == 4
    assert sum(s.wins for s in res.seat) == pytest.approx(4)


def test_an_outlier_allowing_for_many_items_needs_a_wider_margin():
    assert balance.family_z(1) == pytest.approx(balance.Z95, abs=1e-3)
    assert 3.2 < balance.family_z(50) < 3.4
    rep = balance.report(balance.run("testfirst", 40, ["ai", "ai"], seed=3))
    assert rep["outliers_all"] == ["Blue deck", "Red deck"]  # 40 of 40 is beyond any margin
    md = balance.markdown(rep, [])
    assert "an outlier even allowing for the number of items" in md and "Bonferroni" in md
