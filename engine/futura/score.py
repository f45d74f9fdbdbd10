"""The VP count (rule 48), apart from the rules so the views can show it without importing them."""

from __future__ import annotations

from .cards import catalog
from .loadout import current_class
from .state import RANK_VP, FuturaState


def vp(s: FuturaState, seat: int) -> float:
    """Rule 48: stations 3 + energy, acolytes 2 + rank, equipped or stored cards 0.5 x level
    (abilities score nothing, A39), energy 1 each."""
    p = s.players[seat]
    total = float(p.energy)
    for h in p.holdings:
        if h.station and not h.face_down:
            total += 3 + catalog().districts[h.did].energy
            total += sum(0.5 * s.card(u).level for u in h.station.slots + h.station.creatures
                         if s.card(u).kind != "ability")
    for a in p.acolytes:
        total += 2 + RANK_VP[current_class(s, a)]
        total += sum(0.5 * s.card(u).level for u in a.gear() if s.card(u).kind != "ability")
    return total
