"""Engine throughput: moves per second, in place (simulation) and through the pure apply().

Baseline in the same run: the same moves replayed with `advance` only (no legality check, no
copy), so the ratio shows what validation and the defensive copy of `apply` cost.

python -m bench.engine [--game psiwars] [--games 50]
"""

from __future__ import annotations

import argparse
import json
import time

from engine.core import get_game
from engine.simulate import play_one


def record_games(game, games: int) -> list[tuple[object, list]]:
    """Play AI-vs-AI games and keep (initial state, actions) to replay them in the timings."""
    out = []
    for n in range(games):
        start = game.setup({}, ["a", "b"], f"bench-{n}")
        state, actions = start.model_copy(deep=True), []
        while not state.finished:
            a = game.ai_action(state, game.to_act(state)[0])
            game.advance(state, a)
            actions.append(a)
        out.append((start, actions))
    return out


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(prog="python -m bench.engine")
    ap.add_argument("--game", default="psiwars")
    ap.add_argument("--games", type=int, default=50)
    args = ap.parse_args(argv)
    game = get_game(args.game)
    recorded = record_games(game, args.games)
    moves = sum(len(a) for _, a in recorded)

    def bare():
        for start, actions in recorded:
            s = start.model_copy(deep=True)
            for a in actions:
                game.advance(s, a)

    def pure():
        for start, actions in recorded:
            s = start
            for a in actions:
                s, _ = game.apply(s, a)

    def simulate():
        for n in range(args.games):
            play_one(game, ["ai", "ai"], f"bench-{n}")

    t_bare, t_pure, t_sim = timed(bare), timed(pure), timed(simulate)
    report = {
        "bench": "engine", "game": args.game, "games": args.games, "moves": moves,
        "baseline_advance_moves_per_s": round(moves / t_bare),
        "apply_moves_per_s": round(moves / t_pure),
        "ai_vs_ai_steps_per_s": round(moves / t_sim),
        "apply_vs_baseline": round(t_pure / t_bare, 2),
    }
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    main()
