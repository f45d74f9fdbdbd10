"""How units and cards are named in player words (log lines, prompts, their context)."""

from __future__ import annotations

from functools import lru_cache

from engine.core.memo import finite_cache

from . import keywords as K
from .state import ResState, Unit


def name(s: ResState, uid: str) -> str:
    u = s.units.get(uid)
    return uid if u is None else unit_name(s, u)


def unit_name(s: ResState, u: Unit) -> str:
    """`name` of a unit the caller holds already (the menu names every unit on every step)."""
    uid = u.uid
    if u.kind == "player":
        return s.players[u.owner].name
    if u.kind == "echo":
        return f"Echo [{uid}]"
    return _animation_name(u.card, uid)


@lru_cache(maxsize=1 << 14)
def _animation_name(card_id: str, uid: str) -> str:
    """A unit keeps its card and its tag, and menus name it on every step."""
    return f"{K.card(card_id).name} [{uid}]"


@finite_cache  # by card id: every draw and discard names its cards
def card_name(card_id: str) -> str:
    return f"{K.card(card_id).name} (P{K.card(card_id).power})"
