"""Random self-play of every playable game: steps per second through the rules' own check.

Each step is what `engine.simulate` does: a uniformly random legal move for the seat to act,
`check` (legal now?) and `advance`. It imports only `engine`, so `bench.peers --before TREE`
can run this same file against another checkout (e.g. main) in the same run.

python -m bench.selfplay [--seconds 3] [--game psiwars]

Each game plays in a fresh process of its own, as each peer engine does: in one process the
games measured later would also pay for the caches and objects the earlier ones left behind
(about a fifth of their speed, in garbage collection). Times are CPU seconds of that process
(time.process_time), so engineers sharing the machine skew the figures less than wall-clock ones.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time


def selfplay(game, seconds: float) -> dict:
    """Play random games with the fewest seats the game allows until `seconds` have passed."""
    from engine.simulate import play_one

    seats = ["random"] * game.min_players
    steps = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        _, used = play_one(game, seats, f"peers-{games}")
        steps += used
        games += 1
    elapsed = time.process_time() - started
    return {"games": games, "steps": steps, "steps_per_s": round(steps / elapsed, 1),
            "games_per_s": round(games / elapsed, 2)}


def measure(seconds: float, only: list[str] | None = None) -> dict:
    """{game id: figures} for the given games (default: every playable game), each measured in a
    child process that runs this file against the engines of the current directory."""
    from engine.core import playable_games

    report = {}
    for game in only or [g.id for g in playable_games()]:
        done = subprocess.run([sys.executable, __file__, "--seconds", str(seconds), "--game", game, "--here"],
                              capture_output=True, text=True, check=True)
        report.update(json.loads(done.stdout.splitlines()[-1]))
    return report


def main(argv=None) -> dict:
    from engine.core import get_game, playable_games

    ap = argparse.ArgumentParser(prog="python -m bench.selfplay")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--game", action="append", help="only these games (default: every playable game)")
    ap.add_argument("--here", action="store_true", help="play in this process, not in a child per game")
    args = ap.parse_args(argv)
    if args.here:
        report = {g: selfplay(get_game(g), args.seconds) for g in args.game or [g.id for g in playable_games()]}
    else:
        report = measure(args.seconds, args.game)
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    sys.path[0] = os.getcwd()  # run as a file (bench.peers --before): the engines of the checkout we run in
    main()
