"""Shared helpers for the Futura tests: where every card is, and the limits that must always hold."""

from __future__ import annotations

from collections import Counter

from engine.futura.loadout import current_class, fits
from engine.futura.state import FuturaState


def card_zones(s: FuturaState) -> Counter:
    """How many zones hold each card instance (each must be in exactly one)."""
    seen: Counter = Counter()
    for p in s.players:
        for zone in (p.deck, p.hand, p.discard, p.sigils):
            seen.update(zone)
        for a in p.acolytes:
            seen.update(a.gear())
        for h in p.holdings:
            if h.station:
                seen.update(h.station.slots)
                seen.update(h.station.creatures)
    for c in s.claims:
        seen.update(c.cards)
    return seen


def cheap_limits(s: FuturaState) -> None:
    """The counters that cost nothing to read: energy, sigil bays, station levels and slots."""
    for p in s.players:
        assert p.energy >= 0 and len(p.sigils) <= 5
        for h in p.holdings:
            if h.station:
                assert len(h.station.slots) <= h.station.level and 1 <= h.station.level <= 4


def check_limits(s: FuturaState) -> None:
    zones = card_zones(s)
    assert set(zones) == set(s.cards) and all(n == 1 for n in zones.values()), "a card is lost or doubled"
    districts = [h.did for p in s.players for h in p.holdings]
    assert len(districts) == len(set(districts)) and set(districts) == set(s.in_game)
    acolytes = [a.cid for p in s.players for a in p.acolytes] + s.acolyte_pool
    assert sorted(acolytes) == sorted(set(acolytes)) and len(acolytes) == 15
    for p in s.players:
        assert p.energy >= 0 and len(p.sigils) <= 5
        for a in p.acolytes:
            assert fits(s, current_class(s, a), a.armour, a.sabers, a.items, a.abilities), "over capacity"
        for h in p.holdings:
            if h.station:
                assert len(h.station.slots) <= h.station.level and 1 <= h.station.level <= 4
