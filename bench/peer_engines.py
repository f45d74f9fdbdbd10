"""Random self-play of the reference engines, run by `bench.peers` in the peers' interpreter.

It imports nothing of Arbiter, so it runs under any Python that has `rlcard` and `catanatron`
(the optional `peers` extra, or a separate venv). Prints one JSON object:
{"uno": {...}, "catanatron": {...}}, each with steps, games and steps_per_s, or "error".

python -m bench.peer_engines [--seconds 3] [--warmup 1]

Times are CPU seconds of this process (time.process_time), so engineers sharing the machine
skew the figures less than they would wall-clock ones. `timed` is also the loop of
`bench.selfplay`, so Arbiter's engines and the peers are timed alike.
"""

from __future__ import annotations

import argparse
import json
import random
import time


def timed(play_one, seconds: float, warmup: float = 0.0) -> dict:
    """Play whole games (`play_one(n)` plays game n, returns its steps: player decisions) for
    `warmup` seconds uncounted, then until `seconds` more have passed. The warm-up is the rate a
    long run keeps (a balance run, a search): caches filled, the garbage collector past its
    first full collections; the figures count only what follows it."""
    games = 0
    started = time.process_time()
    while time.process_time() - started < warmup:
        play_one(games)
        games += 1
    steps = counted = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        steps += play_one(games)
        games += 1
        counted += 1
    elapsed = time.process_time() - started
    return {"games": counted, "steps": steps, "steps_per_s": round(steps / elapsed, 1),
            "games_per_s": round(counted / elapsed, 2), "warmup_games": games - counted}


def uno(seconds: float, warmup: float = 0.0) -> dict:
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

    return timed(play_one, seconds, warmup)


def catanatron(seconds: float, warmup: float = 0.0) -> dict:
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

    return timed(play_one, seconds, warmup)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(prog="python -m bench.peer_engines")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--warmup", type=float, default=0.0, help="seconds of play not counted first")
    args = ap.parse_args(argv)
    report = {}
    for name, run in (("uno", uno), ("catanatron", catanatron)):
        try:
            report[name] = run(args.seconds, args.warmup)
        except ImportError as missing:
            report[name] = {"error": f"not installed: {missing}"}
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    main()
