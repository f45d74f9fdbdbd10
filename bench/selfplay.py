"""Random self-play of every playable game: steps per second through the rules' own check.

Each step is what `engine.simulate` does: a uniformly random legal move for the seat to act,
`check` (legal now?) and `advance`. It imports only `engine`, so `bench.peers --before TREE`
can run this same file against another checkout (e.g. main) in the same run.

python -m bench.selfplay [--seconds 3] [--warmup 1] [--game psiwars]

Each game plays in a fresh process of its own, as each peer engine does: in one process the
games measured later would also pay for the caches and objects the earlier ones left behind
(about a fifth of their speed, in garbage collection). Times are CPU seconds of that process
(time.process_time), so engineers sharing the machine skew the figures less than wall-clock ones.
The loop is the peers' own (bench/peer_engines.py `timed`), warm-up included.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path


def _peers_loop():
    """peer_engines.timed, loaded by its path: this file may run from another checkout's root
    (bench.peers --before), whose own bench/ may differ."""
    spec = importlib.util.spec_from_file_location("peer_engines", Path(__file__).with_name("peer_engines.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.timed


def selfplay(game, seconds: float, warmup: float = 0.0) -> dict:
    """Play random games with the fewest seats the game allows: `warmup` seconds uncounted,
    then `seconds` counted."""
    from engine.simulate import play_one

    seats = ["random"] * game.min_players
    return _peers_loop()(lambda n: play_one(game, seats, f"peers-{n}")[1], seconds, warmup)


def measure(seconds: float, only: list[str] | None = None, warmup: float = 0.0) -> dict:
    """{game id: figures} for the given games (default: every playable game), each measured in a
    child process that runs this file against the engines of the current directory."""
    from engine.core import playable_games

    report = {}
    for game in only or [g.id for g in playable_games()]:
        done = subprocess.run([sys.executable, __file__, "--seconds", str(seconds), "--warmup", str(warmup),
                               "--game", game, "--here"],
                              capture_output=True, text=True, check=True)
        report.update(json.loads(done.stdout.splitlines()[-1]))
    return report


def main(argv=None) -> dict:
    from engine.core import get_game, playable_games

    ap = argparse.ArgumentParser(prog="python -m bench.selfplay")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--warmup", type=float, default=0.0, help="seconds of play not counted first")
    ap.add_argument("--game", action="append", help="only these games (default: every playable game)")
    ap.add_argument("--here", action="store_true", help="play in this process, not in a child per game")
    args = ap.parse_args(argv)
    if args.here:
        report = {g: selfplay(get_game(g), args.seconds, args.warmup)
                  for g in args.game or [g.id for g in playable_games()]}
    else:
        report = measure(args.seconds, args.game, args.warmup)
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    sys.path[0] = os.getcwd()  # run as a file (bench.peers --before): the engines of the checkout we run in
    main()
