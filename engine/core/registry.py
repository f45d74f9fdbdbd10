"""Which games exist: the one list every layer asks (id, title, players, config, lookups).

Every package under `engine/` except `core` is a game; importing it registers its Game. A new
game is a new folder: nothing else names it.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from .contract import Game

_ENGINE_DIR = Path(__file__).resolve().parent.parent
_games: dict[str, Game] = {}


def register(game: Game) -> Game:
    _games[game.id] = game
    return game


def game_ids() -> tuple[str, ...]:
    """Every game folder under engine/, in a stable order."""
    return tuple(sorted(m.name for m in pkgutil.iter_modules([str(_ENGINE_DIR)])
                        if m.ispkg and m.name != "core"))


def _load(game_id: str) -> Game | None:
    if game_id not in _games and game_id in game_ids():
        importlib.import_module(f"engine.{game_id}")
    return _games.get(game_id)


def all_games() -> list[Game]:
    """Every registered game, playable or rules lookup only."""
    return [g for g in (_load(gid) for gid in game_ids()) if g is not None]


def get_game(game_id: str) -> Game:
    """A playable game by id; KeyError with a plain sentence otherwise."""
    game = _load(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise KeyError(f"Unknown game {game_id!r}; known: {', '.join(game_ids())}")
    if not game.playable:
        raise KeyError(f"{game.title} is not playable yet")
    return game


def find_game(game_id: str) -> Game | None:
    """Any registered game (playable or lookup only) by id, or None."""
    return _load(game_id) if isinstance(game_id, str) else None


def playable_games() -> list[Game]:
    return [g for g in all_games() if g.playable]
