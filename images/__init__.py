"""Pillow renderers: each game draws its board and hand from views, and its cards from data.

All functions return PNG bytes and are synchronous; callers draw them in worker processes
(images.pool). A game has pictures when a module images/<id>.py exists: nothing here names games.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path

from .theme import to_png

_SHARED = {"theme", "pool", "fonts"}  # modules of this package that are not a game's pictures


class UnknownGame(ValueError):
    """No pictures exist for this game id."""


@cache
def games() -> tuple[str, ...]:
    """Game ids with a picture module images/<id>.py; other games are drawn as text."""
    here = str(Path(__file__).resolve().parent)
    return tuple(sorted(m.name for m in pkgutil.iter_modules([here]) if m.name not in _SHARED))


def modules() -> list[str]:
    return [f"images.{g}" for g in games()]


def supports(game_id: str) -> bool:
    """Whether render_* can draw this game (so callers can skip the attempt, not log a failure)."""
    return game_id in games()


def _module(game_id: str):
    if not supports(game_id):
        raise UnknownGame(f"No pictures for game {game_id!r} yet; pictures exist for: {', '.join(games())}")
    return importlib.import_module(f"images.{game_id}")


def render_board(game_id: str, view: dict, detail: bool = False, **options) -> bytes:
    """The public board (or a seat's view of it) as PNG; never draws view['hand'] or view['peek'].

    By default the board is sized for Discord's preview (legible at theme.PREVIEW_W px wide: key numbers
    at least theme.KEY_TEXT px tall there); detail=True draws the larger full picture for a "detail" button.
    Other options go to the game's own render_board, e.g. a board game's highlight={"selected": "C7",
    "reach": [...], "attack": [...]}; a game without such an option refuses it with a TypeError.
    """
    return to_png(_module(game_id).render_board(view, detail=detail, **options))


def render_hand(game_id: str, view: dict) -> bytes:
    """A seat's private cards as PNG; needs the view of that seat."""
    return to_png(_module(game_id).render_hand(view))


def render_card(game_id: str, card_id: str) -> bytes:
    """One card face as PNG, drawn from the game's card data."""
    return to_png(_module(game_id).render_card(card_id))
