"""Every game's random self-play beside RLCard UNO and Catanatron random play, in one run.

The peers are the optional extra `peers` (`pip install -e .[peers]`), never a runtime
dependency; `--peers-python` runs them under another interpreter (a separate venv) when they
cannot share Arbiter's. `--before TREE` also runs `bench.selfplay` of this checkout against the
engines of another checkout (e.g. main), so today's figures sit in the same run.

Prints one JSON object per line: the peers, then each game with its steps/s, its ratio to UNO
and to Catanatron, and (with --before) its speed-up over the other checkout.

python -m bench.peers [--seconds 3] [--peers-python /work/peers-venv/bin/python] [--before /work/main]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Targets of issue 15: the reference each game is compared with, and the ratio it should reach.
TARGETS = {"psiwars": ("uno", 0.5), "resonance": ("uno", 0.5), "clans": ("catanatron", 0.3),
           "infinities": ("catanatron", 0.3), "futura": ("catanatron", 0.3)}


def run_json(cmd: list[str], cwd: Path | None = None, env: dict | None = None) -> dict:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode or not lines:
        return {"error": (done.stderr.strip().splitlines() or ["no output"])[-1]}
    return json.loads(lines[-1])


def peers(python: str, seconds: float) -> dict:
    return run_json([python, str(HERE / "peer_engines.py"), "--seconds", str(seconds)])


def selfplay_in(tree: Path, seconds: float) -> dict:
    """This checkout's self-play bench against the engines of `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return run_json([sys.executable, str(HERE / "selfplay.py"), "--seconds", str(seconds)], cwd=tree, env=env)


def main(argv=None) -> list[dict]:
    from bench.selfplay import measure

    ap = argparse.ArgumentParser(prog="python -m bench.peers", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds of play per engine")
    ap.add_argument("--peers-python", default=sys.executable, help="interpreter that has rlcard and catanatron")
    ap.add_argument("--before", type=Path, help="another checkout whose engines are timed too")
    args = ap.parse_args(argv)
    ref = peers(args.peers_python, args.seconds)
    before = selfplay_in(args.before, args.seconds) if args.before else {}
    ours = measure(args.seconds)
    reports = [{"bench": "peers", "peers_python": args.peers_python, **ref,
                **({"before": str(args.before), "before_error": before["error"]} if "error" in before else {})}]
    for game, figures in ours.items():
        report = {"bench": "peers", "game": game, "steps_per_s": figures["steps_per_s"]}
        for name in ("uno", "catanatron"):
            if "steps_per_s" in ref.get(name, {}):
                report[f"vs_{name}"] = round(figures["steps_per_s"] / ref[name]["steps_per_s"], 3)
        if game in before:
            report["before_steps_per_s"] = before[game]["steps_per_s"]
            report["speedup"] = round(figures["steps_per_s"] / before[game]["steps_per_s"], 2)
        if game in TARGETS:
            peer, want = TARGETS[game]
            report["target"] = f">= {want}x {peer}, >= 3x before"
        reports.append(report)
    for report in reports:
        print(json.dumps(report))
    return reports


if __name__ == "__main__":
    main()
