"""bench.peers over several rounds: medians, and ratios taken within each round."""

import json

import bench.peer_engines as peer_engines
import bench.peers as peers
import bench.selfplay as selfplay


def test_rounds_report_medians_and_per_round_ratios(monkeypatch, capsys):
    rounds = iter([
        ({"uno": {"steps_per_s": 100.0}, "catanatron": {"steps_per_s": 10.0}}, {"psiwars": {"steps_per_s": 20.0}},
         {"psiwars": {"steps_per_s": 40.0}}),
        ({"uno": {"steps_per_s": 50.0}, "catanatron": {"steps_per_s": 5.0}}, {"psiwars": {"steps_per_s": 10.0}},
         {"psiwars": {"steps_per_s": 30.0}}),
        ({"uno": {"steps_per_s": 80.0}, "catanatron": {"error": "not installed"}}, {"psiwars": {"steps_per_s": 16.0}},
         {"psiwars": {"steps_per_s": 60.0}}),
    ])
    monkeypatch.setattr(peers, "one_round", lambda args: next(rounds))
    head, game = peers.main(["--rounds", "3", "--before", "/elsewhere"])
    assert head["uno"] == {"steps_per_s": 80.0, "runs": [100.0, 50.0, 80.0]}
    assert head["catanatron"]["runs"] == [10.0, 5.0]
    assert game["steps_per_s"] == 40.0 and game["runs"] == [40.0, 30.0, 60.0]
    assert game["vs_uno"] == 0.6  # the rounds' ratios 0.4, 0.6, 0.75: not 40 / 80
    assert "vs_catanatron" not in game  # one round lacks it: no ratio over unequal rounds
    assert game["before_steps_per_s"] == 16.0 and game["speedup"] == 3.0  # 2, 3, 3.75
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert printed == [head, game]
    assert head["warmup_s"] == 1.0


def test_each_game_is_told_what_its_rules_cost_beyond_the_floor(monkeypatch):
    rounds = iter([
        ({"uno": {"steps_per_s": 100_000.0}}, {}, {"psiwars": {"steps_per_s": 20_000.0},
                                                  "mooncourt": {"steps_per_s": 50_000.0},
                                                  "floor": {"steps_per_s": 125_000.0}}),
        ({"uno": {"steps_per_s": 50_000.0}}, {}, {"psiwars": {"steps_per_s": 10_000.0},
                                                 "mooncourt": {"steps_per_s": 25_000.0},
                                                 "floor": {"steps_per_s": 100_000.0}}),
    ])
    monkeypatch.setattr(peers, "one_round", lambda args: next(rounds))
    _, psiwars, mooncourt, floor = peers.main(["--rounds", "2"])
    assert psiwars["rules_us"] == 66.0  # 50 - 8 and 100 - 10 µs: the median of 42 and 90
    assert psiwars["rules_budget_us"] == 21.0  # at half UNO's pace a step may take 20 or 40 µs
    assert mooncourt["rules_us"] == 21.0 and "rules_budget_us" not in mooncourt  # 12 and 30: no target
    assert floor["vs_uno"] == 1.625 and "rules_us" not in floor


def test_warm_up_games_are_played_but_not_counted(monkeypatch):
    clock = [0.0]
    monkeypatch.setattr(peer_engines.time, "process_time", lambda: clock[0])
    played = []

    def play_one(n: int) -> int:
        played.append(n)
        clock[0] += 0.25
        return 10

    report = peer_engines.timed(play_one, seconds=1.0, warmup=0.5)
    assert played == list(range(6))  # two warm-up games, then four counted, each a new game
    assert report["warmup_games"] == 2 and report["games"] == 4 and report["steps"] == 40
    assert report["steps_per_s"] == 40.0


def test_the_floor_is_a_game_played_through_the_contract():
    report = selfplay.measure(0.05, ["floor"])
    assert report["floor"]["steps"] > 0 and report["floor"]["games"] >= 1
    assert selfplay.every_name()[-1] == "floor"


def test_arbiter_self_play_uses_the_peers_loop():
    from engine.core import get_game

    report = selfplay.selfplay(get_game("mooncourt"), seconds=0.05, warmup=0.05)
    assert report["warmup_games"] >= 1 and report["games"] >= 1 and report["steps_per_s"] > 0
