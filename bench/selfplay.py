"""Random self-play of every playable game: steps per second through the rules' own check.

Each step is what `engine.simulate` does: a uniformly random legal move for the seat to act,
`check` (legal now?) and `advance`. It imports only `engine`, so `bench.peers --before TREE`
can run this same file against another checkout (e.g. main) in the same run.

python -m bench.selfplay [--seconds 3] [--warmup 1] [--game psiwars]

Beside the games it times `floor` (bench/floor.py): a game with no rules to speak of on the same
contract, the most any game could reach; the gap between a game and it is the rules' own cost.

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

FLOOR = "floor"


def _beside(name: str):
    """A module of this bench/ loaded by its path: this file may run from another checkout's
    root (bench.peers --before), whose own bench/ may differ or lack it."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", Path(__file__).with_name(f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # pydantic finds a model's module here
    spec.loader.exec_module(module)
    return module


def _peers_loop():
    return _beside("peer_engines").timed


def _game(name: str):
    """A playable game by id, or the floor (bench/floor.py, run on this checkout's core)."""
    from engine.core import get_game

    return _beside("floor").FLOOR if name == FLOOR else get_game(name)


def selfplay(game, seconds: float, warmup: float = 0.0) -> dict:
    """Play random games with the fewest seats the game allows: `warmup` seconds uncounted,
    then `seconds` counted."""
    from engine.simulate import play_one

    seats = ["random"] * game.min_players
    return _peers_loop()(lambda n: play_one(game, seats, f"peers-{n}")[1], seconds, warmup)


def measure(seconds: float, only: list[str] | None = None, warmup: float = 0.0) -> dict:
    """{game id: figures} for the given games (default: every playable game, then the floor), each
    measured in a child process that runs this file against the engines of the current directory."""
    report = {}
    for game in only or every_name():
        done = subprocess.run([sys.executable, __file__, "--seconds", str(seconds), "--warmup", str(warmup),
                               "--game", game, "--here"],
                              capture_output=True, text=True, check=True)
        report.update(json.loads(done.stdout.splitlines()[-1]))
    return report


def every_name() -> list[str]:
    """Every playable game's id, then the floor's."""
    from engine.core import playable_games

    return [*(g.id for g in playable_games()), FLOOR]


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(prog="python -m bench.selfplay")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--warmup", type=float, default=0.0, help="seconds of play not counted first")
    ap.add_argument("--game", action="append", help=f"only these games, {FLOOR!r} among them (default: all)")
    ap.add_argument("--here", action="store_true", help="play in this process, not in a child per game")
    args = ap.parse_args(argv)
    if args.here:
        report = {g: selfplay(_game(g), args.seconds, args.warmup)
                  for g in args.game or every_name()}
    else:
        report = measure(args.seconds, args.game, args.warmup)
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    sys.path[0] = os.getcwd()  # run as a file (bench.peers --before): the engines of the checkout we run in
    main()
