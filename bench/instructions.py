"""Instructions per random self-play step, counted by valgrind: a figure other work on the
machine does not move (timed figures on a shared machine vary by a quarter from run to run).

Two runs under `valgrind --tool=cachegrind --cache-sim=no`, of N and of 2N seeded games (the same
games `bench.selfplay` would play, start-up and imports included in both); the difference in
instructions over the difference in steps is the cost of one step. The hash seed is fixed so the
same code counts the same. The floor (bench/floor.py, a game with no rules to speak of) is
counted too: the contract's own cost of a step. Needs valgrind (Debian package `valgrind`). It
imports only `engine` and this bench's own selfplay.py, so run as a file from another checkout's
root it counts that checkout's engines, e.g.
`cd /work/base && python /work/main/bench/instructions.py --game psiwars`.

python -m bench.instructions [--games 8] [--game psiwars ...]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PLAY = ("import sys; sys.path.insert(0, '.'); sys.path.insert(1, {bench!r})\n"
        "from selfplay import _game\nfrom engine.simulate import play_one\n"
        "game = _game({game!r}); seats = ['random'] * game.min_players; steps = 0\n"
        "for n in range({games}): steps += play_one(game, seats, f'ic-{{n}}')[1]\n"
        "print('STEPS', steps)")


def counted(game: str, games: int) -> tuple[int, int]:
    """(steps, instructions) of a process that plays `games` seeded random games."""
    env = {**os.environ, "PYTHONPATH": os.getcwd(), "PYTHONHASHSEED": "0"}
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                           sys.executable, "-c", PLAY.format(game=game, games=games, bench=str(HERE))],
                          capture_output=True, text=True, env=env, check=True)
    steps = int(re.search(r"STEPS (\d+)", done.stdout).group(1))
    instructions = int(re.search(r"I\s+refs:\s+([\d,]+)", done.stderr).group(1).replace(",", ""))
    return steps, instructions


def per_step(game: str, games: int) -> dict:
    few, more = counted(game, games), counted(game, 2 * games)
    steps = more[0] - few[0]
    return {"game": game, "steps": steps, "instructions_per_step": round((more[1] - few[1]) / steps)}


def main(argv=None) -> list[dict]:
    ap = argparse.ArgumentParser(prog="python -m bench.instructions", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=8, help="N: the runs play N and 2N games")
    ap.add_argument("--game", action="append", help="only these games, 'floor' among them (default: all)")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print(json.dumps({"bench": "instructions", "error": "valgrind is not installed"}))
        return []
    sys.path.insert(1, str(HERE))  # this bench's selfplay.py, even run from another checkout's root
    from selfplay import every_name

    reports = []
    for game in args.game or every_name():
        reports.append({"bench": "instructions", **per_step(game, args.games)})
        print(json.dumps(reports[-1]), flush=True)
    return reports


if __name__ == "__main__":
    sys.path[0] = os.getcwd()  # run as a file: the engines of the checkout we run in
    main()
