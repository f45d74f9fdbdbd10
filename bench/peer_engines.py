"""Random self-play of the reference engines, run by `bench.peers` in the peers' interpreter.

It imports nothing of Arbiter, so it runs under any Python that has `rlcard` and `catanatron`
(the optional `peers` extra, or a separate venv). Prints one JSON object:
{"uno": {...}, "catanatron": {...}}, each with steps, games and steps_per_s, or "error".

python -m bench.peer_engines [--seconds 3]

Times are CPU seconds of this process (time.process_time), so engineers sharing the machine
skew the figures less than they would wall-clock ones.
"""

from __future__ import annotations

import argparse
import json
import random
import time


def _timed(play_one, seconds: float) -> dict:
    """Play whole games until `seconds` have passed; steps are player decisions."""
    steps = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        steps += play_one(games)
        games += 1
    elapsed = time.process_time() - started
    return {"games": games, "steps": steps, "steps_per_s": round(steps / elapsed, 1)}


def uno(seconds: float) -> dict:
    """RLCard's UNO engine (the game, not the RL env's feature encoding), two random players."""
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=2)

    def play_one(n: int) -> int:
        game.np_random.seed(n)
        pick = random.Random(n)
        game.init_game()
        steps = 0
        while not game.is_over():
            game.step(pick.choice(game.get_legal_actions()))
            steps += 1
        return steps

    return _timed(play_one, seconds)


def catanatron(seconds: float) -> dict:
    """Catanatron's base game, two random players, to its own turn limit."""
    from catanatron.game import Game
    from catanatron.models.player import Color, RandomPlayer

    def play_one(n: int) -> int:
        random.seed(n)
        game = Game([RandomPlayer(Color.RED), RandomPlayer(Color.BLUE)], seed=n + 1)
        steps = 0
        while game.winning_color() is None and game.state.num_turns < 1000:
            game.play_tick()
            steps += 1
        return steps

    return _timed(play_one, seconds)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(prog="python -m bench.peer_engines")
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args(argv)
    report = {}
    for name, run in (("uno", uno), ("catanatron", catanatron)):
        try:
            report[name] = run(args.seconds)
        except ImportError as missing:
            report[name] = {"error": f"not installed: {missing}"}
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    main()
