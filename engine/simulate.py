"""Play many seeded games between players and report one JSON object.

python -m engine.simulate <game> --games N --seed S [--players ai,random] [--rotate] [--progress]
                          [--budget method=lookahead,iterations=20,rollout_depth=8]

With --rotate, game n seats the player list turned n places (hard,normal then normal,hard), so
each kind plays every seat equally; `by_kind` then says how each kind did wherever it sat.
--progress prints one line per finished game to stderr (a run stopped early still counts: rerun
with --games set to the lines printed for the same figure); --budget overrides the game's
`search_budget` for hard seats (tuning).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback

from engine.core import get_game
from engine.core.levels import ALIASES, choose, player
from engine.core.search import Budget
from engine.core.stats import seat_scores, wilson

MAX_STEPS = 100_000  # a game that runs longer is counted as an error


def pick(game, state, seat: int, kind: str, budget: Budget | None = None):
    """A move for `seat` by a player of this kind: random, easy, normal (or ai), hard."""
    return choose(game, state, seat, kind, budget)


def play_one(game, players: list[str], seed: str, config: dict | None = None,
             budget: Budget | None = None) -> tuple[object, int]:
    """One whole game; returns (final state, steps). Every move a player worked out (the
    heuristic, search) is checked again by the rules; a random pick is an element of the very
    legal list `check` would look it up in, so it is not."""
    state = game.setup(config or {}, [f"{k}{i}" for i, k in enumerate(players)], seed)
    movers = [player(game, kind, budget) for kind in players]
    checked = [ALIASES.get(kind, kind) != "random" for kind in players]
    steps = 0
    # Changed only by advance (the player and check share legal moves), read by no player (prompts
    # need no player-words context).
    with game.steady(state, quiet=True):
        while not state.finished:
            seat = game.to_act(state)[0]
            action = movers[seat](state, seat)
            if checked[seat]:
                game.check(state, action)
            game.advance(state, action)
            steps += 1
            if steps > MAX_STEPS:
                raise RuntimeError(f"game {seed} did not end in {MAX_STEPS} steps")
    return state, steps


def simulate(game_id: str, games: int, seed: int, players: list[str], config: dict | None = None,
             rotate: bool = False, budget: dict | None = None, progress=None) -> dict:
    """`budget` overrides the game's search budget for hard seats; `progress(line)` hears of each game."""
    game = get_game(game_id)
    chosen = Budget(**{**game.search_budget(), **budget}) if budget else None
    wins = [0] * len(players)
    by_kind = dict.fromkeys(players, 0.0)
    draws = errors = steps = turns = 0
    first_errors: list[str] = []
    started = time.perf_counter()
    for n in range(games):
        turn = n % len(players) if rotate else 0
        kinds = players[turn:] + players[:turn]
        try:
            state, used = play_one(game, kinds, f"{seed}-{n}", config, chosen)
        except Exception:
            errors += 1
            if len(first_errors) < 3:
                first_errors.append(traceback.format_exc(limit=6))
            if progress:
                progress(f"game {n + 1}: error {traceback.format_exc(limit=1).splitlines()[-1]}")
            continue
        steps += used
        turns += state.turn
        if state.finished.draw:
            draws += 1
        for w in state.finished.winners:
            wins[w] += 1
        for seat, share in enumerate(seat_scores(state.finished, len(kinds))):
            by_kind[kinds[seat]] += share
        if progress:
            progress(_progress_line(n, kinds, state, by_kind, errors, started))
    elapsed = time.perf_counter() - started
    done = games - errors
    return {
        "game": game_id, "games": games, "players": players, "seed": seed,
        "wins": wins, "win_rate": [round(w / done, 3) if done else 0 for w in wins], "draws": draws,
        "avg_turns": round(turns / done, 2) if done else 0, "steps": steps,
        "steps_per_s": round(steps / elapsed, 1), "games_per_s": round(games / elapsed, 2),
        "errors": errors, "error_samples": first_errors,
        "by_kind": {k: {"score": v, "rate": round(v / done, 3) if done else 0,
                        "ci95": [round(x, 3) for x in wilson(v, done)]} for k, v in by_kind.items()},
    }


def _progress_line(n: int, kinds: list[str], state, by_kind: dict, errors: int, started: float) -> str:
    """One finished game: who sat where, who won, and each kind's running total so far."""
    done = n + 1 - errors
    won = ",".join(kinds[w] for w in state.finished.winners) or "draw"
    tally = " ".join(f"{k} {v:g}/{done}" for k, v in by_kind.items())
    return f"game {n + 1}: seats {','.join(kinds)} won {won} | {tally} | errors {errors} | {time.perf_counter() - started:.0f}s"


def parse_budget(text: str | None) -> dict | None:
    """'method=lookahead,iterations=20' -> {'method': 'lookahead', 'iterations': 20}."""
    if not text:
        return None
    out: dict = {}
    for part in text.split(","):
        key, _, value = part.partition("=")
        out[key.strip()] = value.strip() if key.strip() in ("method", "rollout") else float(value) if "." in value else int(value)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="ai,random")
    ap.add_argument("--rotate", action="store_true", help="turn the seating one place each game")
    ap.add_argument("--progress", action="store_true", help="a line per finished game on stderr")
    ap.add_argument("--budget", help="override hard's search budget, e.g. method=lookahead,iterations=20")
    args = ap.parse_args(argv)
    progress = (lambda line: print(line, file=sys.stderr, flush=True)) if args.progress else None
    report = simulate(args.game, args.games, args.seed, args.players.split(","), rotate=args.rotate,
                      budget=parse_budget(args.budget), progress=progress)
    print(json.dumps(report))
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
