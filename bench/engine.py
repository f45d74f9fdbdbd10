"""Engine throughput: moves per second, in place (simulation) and through the pure apply().

Baseline in the same run: the same moves replayed with `advance` only (no legality check, no
copy), so the ratio shows what validation and the defensive copy of `apply` cost. The three ways
to copy a state are timed side by side on states from those games: a hand-written tree copy in
Python, `model_validate(model_dump())` (what `Game.clone` does) and `model_copy(deep=True)`.

python -m bench.engine [--game psiwars] [--games 50]
"""

from __future__ import annotations

import argparse
import copy
import json
import time
from typing import Any

from pydantic import BaseModel

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


# --- a hand-written deep copy, the contender `Game.clone` was measured against ------------------------

_new = object.__new__
_set = object.__setattr__
_ATOMS = (str, int, float, bool, type(None), bytes)


def tree_copy(value: Any) -> Any:
    """A deep copy of a pydantic model tree (or any list/dict/tuple/set of one)."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return [v if type(v) in _ATOMS else tree_copy(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _ATOMS else tree_copy(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        return _clone_model(value)
    if kind is tuple:
        return tuple(tree_copy(v) for v in value)
    if kind in (set, frozenset):
        return kind(tree_copy(v) for v in value)
    return copy.deepcopy(value)  # anything unusual: the slow, safe way


def _clone_model(model: BaseModel) -> BaseModel:
    if model.model_config.get("frozen"):
        return model  # immutable: sharing it is a copy
    new = _new(type(model))
    _set(new, "__dict__", {k: v if type(v) in _ATOMS else tree_copy(v) for k, v in model.__dict__.items()})
    _set(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    extra = model.__pydantic_extra__
    _set(new, "__pydantic_extra__", None if extra is None else tree_copy(extra))
    private = model.__pydantic_private__
    _set(new, "__pydantic_private__", None if private is None else tree_copy(private))
    return new


def sample_states(game, recorded, every: int = 7) -> list:
    """Every `every`-th state of the recorded games (early, busy and late positions alike)."""
    out = []
    for start, actions in recorded:
        s = game.clone(start)
        for n, a in enumerate(actions):
            game.advance(s, a)
            if n % every == 0:
                out.append(game.clone(s))
    return out


def clone_costs(game, recorded) -> dict:
    """Microseconds per state copy, three ways, on the same states."""
    states = sample_states(game, recorded)
    model = game.state_model
    ways = {
        "clone": game.clone,
        "hand_written": tree_copy,
        "validate_dump": lambda s: model.model_validate(s.model_dump()),
        "model_copy_deep": lambda s: s.model_copy(deep=True),
    }
    best = dict.fromkeys(ways, float("inf"))
    for _ in range(3):  # rounds, interleaved, best of each: the machine is shared
        for name, way in ways.items():
            t = time.process_time()
            for s in states:
                way(s)
            best[name] = min(best[name], time.process_time() - t)
    return {name: round(t / len(states) * 1e6, 1) for name, t in best.items()}


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
    copies = clone_costs(game, recorded)
    report = {
        "bench": "engine", "game": args.game, "games": args.games, "moves": moves,
        "baseline_advance_moves_per_s": round(moves / t_bare),
        "apply_moves_per_s": round(moves / t_pure),
        "ai_vs_ai_steps_per_s": round(moves / t_sim),
        "apply_vs_baseline": round(t_pure / t_bare, 2),
        "copy_us": copies,
        "copy_vs_clone": {k: round(v / copies["clone"], 1) for k, v in copies.items()},
    }
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    main()
