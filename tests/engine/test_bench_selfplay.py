"""bench.selfplay measures each game in a child process of its own and reports its figures."""

from bench.selfplay import measure


def test_each_game_is_measured_in_its_own_process():
    report = measure(0.05, ["mooncourt", "psiwars"])
    assert list(report) == ["mooncourt", "psiwars"]
    assert all(figures["steps"] > 0 and figures["steps_per_s"] > 0 for figures in report.values())
