"""Lookup latency: median ms per query over the quality sets, beside a bare FTS5 query baseline.

python -m bench.lookup
"""

from __future__ import annotations

import json
import statistics
import time

from lookup import Lookup
from lookup.entries import DATA


def main(argv=None) -> dict:
    built = time.perf_counter()
    lookup = Lookup()
    build_ms = (time.perf_counter() - built) * 1000
    queries = []
    for game in lookup.by_game:
        path = DATA / game / "rules" / "questions.json"
        if path.exists():
            queries += [(game, q["q"]) for q in json.loads(path.read_text())["questions"]]
    full, bare = [], []
    for game, q in queries * 3:
        t = time.perf_counter()
        lookup.search(game, q, kinds=("rule", "ruling"), limit=3)
        full.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        lookup.index.search(game, q.lower().split()[:1] or ["rule"], ("rule",), limit=3)  # one-word FTS5
        bare.append((time.perf_counter() - t) * 1000)
    report = {"bench": "lookup", "entries": len(lookup.entries), "queries": len(full), "build_ms": round(build_ms, 1),
              "median_ms": round(statistics.median(full), 3), "p95_ms": round(sorted(full)[int(len(full) * 0.95)], 3),
              "baseline_bare_fts_median_ms": round(statistics.median(bare), 3)}
    report["ratio"] = round(report["median_ms"] / report["baseline_bare_fts_median_ms"], 1)
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    main()
