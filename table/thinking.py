"""The AI's moves, thought out away from the event loop.

The heuristic levels (easy, normal) answer in a blink and run in place. The search level (hard)
thinks for up to its per-move budget, holding the GIL all the while: it runs in a worker process
(a sibling of the render pool, images/pool.py), so the bot keeps answering other tables meanwhile.
The worker gets the state as JSON and sends back the move as JSON; no game is named here.

ARBITER_AI_WORKERS sets the pool size; 0 thinks in a thread instead (no extra processes).
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures as cf
import multiprocessing as mp
import os

from engine.core import Action, Game, GameState, get_game
from engine.core.hint import hint
from engine.core.levels import ALIASES, choose
from engine.core.search import Budget
from images.pool import RenderPool

IN_PLACE = ("easy", "normal", "random")  # quick enough for the event loop
# A game's search budget is a count of iterations (so simulations repeat); at the table a busy
# machine must not make a player wait on it, so a move also stops thinking after this long.
MOVE_SECONDS = 2.0


def _think(game_id: str, state_json: str, seat: int, level: str, seconds: float | None) -> str:
    """In a worker: the move a player of this level makes, as JSON."""
    game = get_game(game_id)
    state = game.load_state(state_json)
    budget = Budget(**{**game.search_budget(), **({"seconds": seconds} if seconds else {})})
    return choose(game, state, seat, level, budget).model_dump_json()


def _advise(game_id: str, state_json: str, seat: int, seconds: float | None) -> tuple[str, str]:
    """In a worker: a hint for `seat` (the move as JSON, the reason in words)."""
    game = get_game(game_id)
    budget = Budget(**{**game.search_budget(), **({"seconds": seconds} if seconds else {})})
    move, why = hint(game, game.load_state(state_json), seat, budget)
    return move.model_dump_json(), why


def _workers_setting() -> int:
    raw = os.environ.get("ARBITER_AI_WORKERS", "").strip()
    return int(raw) if raw.isdigit() else 1


class ThinkPool(RenderPool):
    """A lazily started process pool for the search AI; a crashed worker gets a fresh pool once.
    The render pool's life cycle (start on demand, drop a broken pool, close), with workers that
    warm no pictures."""

    def __init__(self, workers: int | None = None, seconds: float | None = MOVE_SECONDS):
        super().__init__(_workers_setting() if workers is None else workers)
        self.seconds = seconds  # the wall-clock cap of one move, over the game's iteration budget

    def _pool(self) -> cf.ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
                self._executor = cf.ProcessPoolExecutor(self.workers, mp_context=mp.get_context(method))
            return self._executor

    async def choose(self, game: Game, state: GameState, seat: int, level: str) -> Action:
        """The move of a player of `level` (easy, normal, hard) for `seat`."""
        level = ALIASES.get(level, level)
        if level in IN_PLACE:
            return choose(game, state, seat, level)
        return game.parse_action(await self._run(_think, game.id, state.model_dump_json(), seat, level, self.seconds))

    async def advise(self, game: Game, state: GameState, seat: int) -> tuple[Action, str]:
        """A hint for `seat`: the search's move from that seat's information, and why."""
        move, why = await self._run(_advise, game.id, state.model_dump_json(), seat, self.seconds)
        return game.parse_action(move), why

    async def _run(self, fn, *args):
        if self.workers == 0:
            return await asyncio.to_thread(fn, *args)
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool = self._pool()
            try:
                return await loop.run_in_executor(pool, fn, *args)
            except cf.process.BrokenProcessPool:
                self._drop(pool)  # a worker died: start afresh, once
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


_shared: ThinkPool | None = None


def shared_pool() -> ThinkPool:
    """The process-wide pool every table shares."""
    global _shared
    if _shared is None:
        _shared = ThinkPool()
        atexit.register(_shared.close)
    return _shared
