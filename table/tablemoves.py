"""Moves the table makes on a game outside its rules: taking moves back and conceding.

They go into the same append-only action log as the game's own moves (their type starts with
"__", which no game uses), so a replay from the seed repeats them exactly and `/game verify`
still holds. Each raises the version like any move, so buttons posted before it go stale.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from engine.core import Event, Game, GameState, Outcome

UNDO = "__undo__"
CONCEDE = "__concede__"


def is_table_move(action: dict) -> bool:
    return str(action.get("type", "")).startswith("__")


def undo_move(seat: int, to_version: int) -> dict:
    return {"type": UNDO, "seat": seat, "to": to_version}


def concede_move(seat: int) -> dict:
    return {"type": CONCEDE, "seat": seat}


def apply_table_move(engine: Game, state: GameState, move: dict,
                     state_at: Callable[[int], GameState]) -> tuple[GameState, list[Event]]:
    """The state after a table move (the input is not changed) and the events it logs."""
    names = state.seats
    seat = move["seat"]
    if move["type"] == UNDO:
        back = engine.clone(state_at(move["to"]))
        back.version = state.version + 1
        taken = state.version - move["to"]
        return back, [Event(text=f"{names[seat]} took back {_moves(taken)}; the game is as it was before.",
                            kind="undo")]
    if move["type"] == CONCEDE:
        new = engine.clone(state)
        others = [s for s in range(len(names)) if s != seat]
        new.finished = Outcome(winners=others, reason=f"{names[seat]} conceded")
        new.pending = []
        new.version += 1
        return new, [Event(text=f"{names[seat]} concedes.", kind="concede")]
    raise ValueError(f"unknown table move {move['type']!r}")


def parse(action_json: str) -> dict:
    return json.loads(action_json)


def _moves(n: int) -> str:
    return "their last move" if n == 1 else f"the last {n} moves"
