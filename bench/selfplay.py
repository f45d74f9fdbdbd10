"""Random self-play of every playable game: steps per second through the rules' own check.

Each step is what `engine.simulate` does: a uniformly random legal move for the seat to act,
`check` (legal now?) and `advance`. It imports only `engine`, so `bench.peers --before TREE`
can run this same file against another checkout (e.g. main) in the same run.

python -m bench.selfplay [--seconds 3] [--game psiwars]

Times are CPU seconds of this process (time.process_time), so engineers sharing the machine
skew the figures less than they would wall-clock ones.
"""

from __future__ import annotations

import argparse
import json
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
    """{game id: figures} for the given games (default: every playable game)."""
    from engine.core import get_game, playable_games

    games = [get_game(g) for g in only] if only else playable_games()
    return {g.id: selfplay(g, seconds) for g in games}


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(prog="python -m bench.selfplay")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--game", action="append", help="only these games (default: every playable game)")
    args = ap.parse_args(argv)
    report = measure(args.seconds, args.game)
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    import os
    import sys

    sys.path[0] = os.getcwd()  # run as a file (bench.peers --before): the engines of the checkout we run in
    main()
