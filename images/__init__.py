"""Pillow renderers: each game draws its board and hand from views, and its cards from data.

All functions return PNG bytes and are synchronous; callers run them with asyncio.to_thread.
"""

from __future__ import annotations

import importlib

from .theme import to_png


def _module(game_id: str):
    try:
        return importlib.import_module(f"images.{game_id}")
    except ModuleNotFoundError:
        raise ValueError(f"No pictures for game {game_id!r} yet") from None


def render_board(game_id: str, view: dict) -> bytes:
    return to_png(_module(game_id).render_board(view))


def render_hand(game_id: str, view: dict) -> bytes:
    return to_png(_module(game_id).render_hand(view))


def render_card(game_id: str, card_id: str) -> bytes:
    return to_png(_module(game_id).render_card(card_id))
