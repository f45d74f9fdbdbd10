"""bench.latency reports the garbage collector's pauses while the members play."""

import gc

from bench.latency import GcPauses


def test_gc_pauses_are_counted_per_generation_only_inside_the_block():
    with GcPauses() as pauses:
        gc.collect()
        gc.collect(0)
    gc.collect()  # outside: not counted
    report = pauses.report()
    assert report["gen2"]["n"] == 1 and report["gen0"]["n"] >= 1
    assert report["gen2"]["max_ms"] <= report["gen2"]["total_ms"] and report["gen2"]["total_ms"] >= 0
    assert set(report) == {"gen0", "gen1", "gen2"}
