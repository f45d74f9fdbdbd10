"""Rebuild a stored game from its seed and its logged actions, and audit it.

setup(config, seat names, seed) followed by the logged actions, in version order, must give
exactly the stored state, and every stored snapshot on the way. Each step goes through the
state's JSON form because that is what the live service continues from.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from engine.core import Game, GameState, get_game
from store import ActionRow, Store

from .models import engine_config
from .tablemoves import apply_table_move, is_table_move


class ReplayMismatch(Exception):
    """The log does not reproduce what the store holds."""


def replay_actions(engine: Game, config: dict, names: list[str], seed: str,
                   actions: Iterable[ActionRow], *, checkpoints: dict[int, str] | None = None,
                   until: int | None = None) -> GameState:
    """The state after the logged actions (stopping at version `until` if given)."""
    state = engine.load_state(engine.setup(config, names, seed).model_dump_json())
    seen = {state.version: state}  # an undo goes back to one of these
    _check(state, checkpoints)
    for logged in actions:
        if until is not None and state.version >= until:
            break
        if logged.seq != state.version:
            raise ReplayMismatch(f"action #{logged.seq} logged, but the replay is at version {state.version}")
        move = json.loads(logged.action)
        if is_table_move(move):
            state, _ = apply_table_move(engine, state, move, seen.__getitem__)
        else:
            state, _ = engine.apply(state, engine.parse_action(move))
        state = engine.load_state(state.model_dump_json())
        seen[state.version] = state
        _check(state, checkpoints)
    return state


async def replay(store: Store, game_id: int, *, check_snapshots: bool = True,
                 until: int | None = None) -> GameState:
    """The game's state rebuilt from the log; ReplayMismatch if a snapshot disagrees."""
    row = await store.get_game(game_id)
    if row is None or row.state is None or row.seed is None:
        raise ValueError(f"game {game_id} has not started, so there is nothing to replay")
    checkpoints = await store.snapshots(game_id) if check_snapshots else None
    return replay_actions(get_game(row.game), engine_config(row.config), [s.name for s in row.seats], row.seed,
                          await store.actions(game_id), checkpoints=checkpoints, until=until)


async def verify(store: Store, game_id: int) -> GameState:
    """Replay and compare with the stored state; raises ReplayMismatch when they differ."""
    state = await replay(store, game_id)
    stored = (await store.get_game(game_id)).state
    if json.loads(state.model_dump_json()) != json.loads(stored):
        raise ReplayMismatch(f"game {game_id}: replay at version {state.version} differs from the stored state")
    return state


def _check(state: GameState, checkpoints: dict[int, str] | None) -> None:
    if checkpoints and state.version in checkpoints:
        if json.loads(state.model_dump_json()) != json.loads(checkpoints[state.version]):
            raise ReplayMismatch(f"replay differs from the snapshot at version {state.version}")
