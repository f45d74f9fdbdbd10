"""Pillow renderers: each game draws its board and hand from views, and its cards from data.

A game is drawn by the module images/<id>.py when it exists (render_board(view), render_hand(view),
render_card(card_id)); no list names the games. All functions return PNG bytes and are synchronous;
callers run them with asyncio.to_thread.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from functools import cache

from .theme import to_png


class UnknownGame(ValueError):
    """No pictures exist for this game id."""


@cache
def _renderer(game_id: str):
    """The module images/<id>.py that draws the game, if there is one: a module with render_board
    (theme, fonts and helpers are not games)."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*", game_id) or importlib.util.find_spec(f"images.{game_id}") is None:
        return None
    module = importlib.import_module(f"images.{game_id}")
    return module if callable(getattr(module, "render_board", None)) else None


def supports(game_id: str) -> bool:
    """Whether render_* can draw this game (so callers can skip the attempt, not log a failure)."""
    return isinstance(game_id, str) and _renderer(game_id) is not None


def _module(game_id: str):
    if not supports(game_id):
        raise UnknownGame(f"No pictures for game {game_id!r} yet: it has no images/{game_id}.py with render_board.")
    return _renderer(game_id)


def render_board(game_id: str, view: dict, **options) -> bytes:
    """The public board (or a seat's view of it) as PNG; never draws view['hand'] or view['peek'].

    options go to the game's own render_board, e.g. a board game's highlight={"selected": "C7",
    "reach": [...], "attack": [...]}; a game without such an option refuses it with a TypeError.
    """
    return to_png(_module(game_id).render_board(view, **options))


def render_hand(game_id: str, view: dict) -> bytes:
    """A seat's private cards as PNG; needs the view of that seat."""
    return to_png(_module(game_id).render_hand(view))


def render_card(game_id: str, card_id: str) -> bytes:
    """One card face as PNG, drawn from the game's card data."""
    return to_png(_module(game_id).render_card(card_id))
