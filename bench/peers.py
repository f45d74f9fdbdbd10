"""Every game's random self-play beside RLCard UNO and Catanatron random play, in one run.

The peers are the optional extra `peers` (`pip install -e .[peers]`), never a runtime
dependency; `--peers-python` runs them under another interpreter (a separate venv) when they
cannot share Arbiter's. `--before TREE` also runs `bench.selfplay` of this checkout against the
engines of another checkout (e.g. main), so today's figures sit in the same run.

Prints one JSON object per line: the peers, then each game with its steps/s, its ratio to UNO
and to Catanatron, and (with --before) its speed-up over the other checkout.

Every engine, the peers included, first plays `--warmup` seconds that are not counted (default
1): the figures are the rate a long run keeps, once caches are filled and the garbage collector
is past its first full collections, not the start-up of a fresh process.

The floor (bench/floor.py, a game with no rules to speak of on the same contract) is timed beside
the games: it is the most any game could reach. Each game's row gives `rules_us`, what its rules
cost a step beyond the floor, and, for a game with a target, `rules_budget_us`: what its rules
may cost a step for the target to be met (from the same round's peer and floor).

With --rounds N the whole run is repeated N times, interleaved, and each figure is the median over
the rounds (each ratio the median of the rounds' own ratios); `runs` lists every round's figure.

python -m bench.peers [--seconds 3] [--warmup 1] [--rounds 3] [--peers-python /work/peers-venv/bin/python] [--before /work/main]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FLOOR = "floor"  # bench.selfplay's name for bench/floor.py
# Targets of issue 15: the reference each game is compared with, and the ratio it should reach.
TARGETS = {"psiwars": ("uno", 0.5), "resonance": ("uno", 0.5), "clans": ("catanatron", 0.3),
           "infinities": ("catanatron", 0.3), "futura": ("catanatron", 0.3)}


def run_json(cmd: list[str], cwd: Path | None = None, env: dict | None = None) -> dict:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode or not lines:
        return {"error": (done.stderr.strip().splitlines() or ["no output"])[-1]}
    return json.loads(lines[-1])


def peers(python: str, seconds: float, warmup: float) -> dict:
    return run_json([python, str(HERE / "peer_engines.py"), "--seconds", str(seconds), "--warmup", str(warmup)])


def selfplay_in(tree: Path, seconds: float, warmup: float) -> dict:
    """This checkout's self-play bench against the engines of `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return run_json([sys.executable, str(HERE / "selfplay.py"), "--seconds", str(seconds), "--warmup", str(warmup)],
                    cwd=tree, env=env)


def one_round(args: argparse.Namespace) -> tuple[dict, dict, dict]:
    """The peers, the other checkout (if any) and this one, one after another."""
    from bench.selfplay import measure

    ref = peers(args.peers_python, args.seconds, args.warmup)
    before = selfplay_in(args.before, args.seconds, args.warmup) if args.before else {}
    return ref, before, measure(args.seconds, warmup=args.warmup)


def rates(figures: list[dict], name: str) -> list[float]:
    """steps/s of `name` in each round's figures where it ran."""
    return [f[name]["steps_per_s"] for f in figures if "steps_per_s" in f.get(name, {})]


def median_ratio(ours: list[float], theirs: list[float]) -> float:
    """The median over rounds of each round's ratio: engines timed in one round shared the
    machine's state, so their ratio moves less than either figure."""
    return round(statistics.median(a / b for a, b in zip(ours, theirs, strict=True)), 3)


def beyond_floor(steps_per_s: list[float], floor: list[float]) -> float:
    """The median over rounds of the microseconds a step costs beyond the floor's step."""
    return round(statistics.median(1e6 / a - 1e6 / b for a, b in zip(steps_per_s, floor, strict=True)), 1)


def main(argv=None) -> list[dict]:
    ap = argparse.ArgumentParser(prog="python -m bench.peers", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds of play per engine")
    ap.add_argument("--warmup", type=float, default=1.0, help="seconds of play per engine not counted first")
    ap.add_argument("--peers-python", default=sys.executable, help="interpreter that has rlcard and catanatron")
    ap.add_argument("--before", type=Path, help="another checkout whose engines are timed too")
    ap.add_argument("--rounds", type=int, default=1, help="rounds to run; figures are medians over them")
    args = ap.parse_args(argv)
    rounds = [one_round(args) for _ in range(args.rounds)]
    refs, befores, ours = ([r[i] for r in rounds] for i in range(3))
    head = {"bench": "peers", "peers_python": args.peers_python, "rounds": args.rounds, "warmup_s": args.warmup}
    for name in ("uno", "catanatron"):
        runs = rates(refs, name)
        head[name] = ({"steps_per_s": round(statistics.median(runs), 1), "runs": runs} if runs
                      else refs[0].get(name, {"error": "no run"}))
    errors = [b["error"] for b in befores if "error" in b]
    reports = [{**head, **({"before": str(args.before), "before_error": errors[0]} if errors else {})}]
    floor = rates(ours, FLOOR)
    for game in ours[0]:
        mine = rates(ours, game)
        report = {"bench": "peers", "game": game, "steps_per_s": round(statistics.median(mine), 1), "runs": mine}
        for name in ("uno", "catanatron"):
            theirs = rates(refs, name)
            if len(theirs) == len(mine):
                report[f"vs_{name}"] = median_ratio(mine, theirs)
        before = rates(befores, game)
        if before and len(before) == len(mine):
            report["before_steps_per_s"] = round(statistics.median(before), 1)
            report["speedup"] = round(median_ratio(mine, before), 2)
        if game != FLOOR and floor and len(floor) == len(mine):
            report["rules_us"] = beyond_floor(mine, floor)
        if game in TARGETS:
            peer, want = TARGETS[game]
            report["target"] = f">= {want}x {peer}, >= 3x before"
            theirs = rates(refs, peer)
            if floor and len(theirs) == len(floor):
                report["rules_budget_us"] = beyond_floor([want * t for t in theirs], floor)
        reports.append(report)
    for report in reports:
        print(json.dumps(report))
    return reports


if __name__ == "__main__":
    main()
