"""Which games exist. Each game package registers its Game instance on import."""

from __future__ import annotations

import importlib

from .contract import Game

GAME_IDS = ("psiwars", "resonance", "clans", "infinities", "futura")
_games: dict[str, Game] = {}


def register(game: Game) -> Game:
    _games[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    if game_id not in _games:
        if game_id not in GAME_IDS:
            raise KeyError(f"Unknown game {game_id!r}; known: {', '.join(GAME_IDS)}")
        importlib.import_module(f"engine.{game_id}")
    if game_id not in _games:
        raise KeyError(f"{game_id} is not playable yet")
    return _games[game_id]


def playable_games() -> list[Game]:
    for gid in GAME_IDS:
        try:
            get_game(gid)
        except (KeyError, ModuleNotFoundError):
            continue
    return [_games[g] for g in GAME_IDS if g in _games]
