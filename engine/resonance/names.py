"""How units and cards are named in player words (log lines, prompts, their context)."""

from __future__ import annotations

from . import keywords as K
from .state import ResState


def name(s: ResState, uid: str) -> str:
    u = s.units.get(uid)
    if u is None:
        return uid
    if u.kind == "player":
        return s.players[u.owner].name
    if u.kind == "echo":
        return f"Echo [{uid}]"
    return f"{K.card(u.card).name} [{uid}]"


def card_name(card_id: str) -> str:
    return f"{K.card(card_id).name} (P{K.card(card_id).power})"
