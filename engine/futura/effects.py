"""Effects played in an engagement: who may play what, what it costs, what it does (rules 29-31).

A side's sources are its fighting unit's ability cards, one-off items, armour and inherent ability
(an attacking primary or an ambushed acolyte), or the fighting creature's ability and the station's
stored one-off cards (rule 39a). The support never plays anything (rule 36a).
"""

from __future__ import annotations

import math

from .cards import Effect, catalog
from .loadout import roll_spec
from .state import Acolyte, FuturaState

# Keywords that can be played in the window after the dice; the rest act elsewhere (declared,
# passive, conditional rules) or are not in this slice yet (Possession, see RULINGS.md).
STRIKES = ("Strike", "Sunder", "Overcharge")  # replace the user's DAM on a strike it makes (rule 37)
GUARDS = ("Speed Run", "Barrier", "Forcefield", "Reversal")  # answer a strike coming at it
ANYTIME = ("Stasis", "Biohazard", "Radiation", "Nano Swarm", "Nullify", "Health")


def effect_of(s: FuturaState, source: str) -> Effect:
    """The effect a source carries: an acolyte's inherent ability, or a card's effect or armour ability."""
    if source.startswith("a"):
        return catalog().acolytes[s.acolyte(source)[1].cid].ability
    card = s.card(source)
    return card.effect or card.ability


def source_name(s: FuturaState, source: str) -> str:
    if source.startswith("a"):
        a = s.acolyte(source)[1]
        return f"{catalog().acolytes[a.cid].name}'s {effect_of(s, source).name}"
    return s.card(source).name


def acolyte_sources(s: FuturaState, a: Acolyte) -> list[str]:
    """What an acolyte that fights in its own right (not a support) can still play this engagement."""
    f = s.fight
    out = []
    inherent = catalog().acolytes[a.cid].ability
    if inherent.timing in ("active", "conditional") and a.ability_cycle != s.cycle:
        out.append(a.uid)
    for uid in a.abilities + a.items:
        e = s.card(uid).effect
        if e is not None and e.timing in ("active", "conditional") and (
                s.card(uid).kind == "ability" or s.card(uid).use == "one_off"):
            out.append(uid)
    if a.armour and not s.cards[a.armour].broken:
        e = s.card(a.armour).ability
        if e is not None and e.timing in ("active", "conditional") and a.armour not in f.used:
            out.append(a.armour)
    return out


def station_sources(s: FuturaState, did: str) -> list[str]:
    """The fighting creature's ability (once a turn) and the station's stored one-off cards (rule 39a)."""
    _, h = s.holding(did)
    out = []
    creature = first_creature(s, did)
    if creature:
        e = s.card(creature).effect
        if e.timing in ("active", "conditional") and f"{creature}@{s.turn}" not in s.fight.used:
            out.append(creature)
    for uid in h.station.slots:
        card = s.card(uid)
        if card.kind == "item" and card.use == "one_off" and card.station_ok:
            out.append(uid)
    return out


def first_creature(s: FuturaState, did: str) -> str | None:
    """Rule 35: creatures fight first, lowest level first, then lowest AP."""
    _, h = s.holding(did)
    alive = [c for c in h.station.creatures if s.cards[c].ap > 0]
    return min(alive, key=lambda c: (s.card(c).level, s.cards[c].ap, c)) if alive else None


def tiers(e: Effect) -> list[int]:
    """Tiered effects have a multiplier or a chance per tier (evade: 20/40/60)."""
    return [1, 2, 3] if e.tier_mult or isinstance(e.threshold, list) else [1]


def payments(s: FuturaState, seat: int, e: Effect) -> list[tuple[int, str]]:
    """(tier, pay) pairs the owner can afford now (rule 29). A sigil charge needs the oldest sigil
    of the bay to match the effect's deity (rule 27) and puts it at its top tier."""
    p = s.players[seat]
    if e.trigger in ("pre_activated", "free"):
        return [(t, "free") for t in tiers(e)] if e.energy_cost == 0 else (
            [(1, "energy")] if p.energy >= e.energy_cost else [])
    out = [(t, "energy") for t in tiers(e) if p.energy >= t]
    oldest = s.card(p.sigils[0]).sigil if p.sigils else None
    if e.sigil and oldest == e.sigil:
        out.append((max(tiers(e)), "sigil"))
        if e.keyword == "Overcharge":
            out.append((3, "overcharge"))
    elif e.keyword == "Overcharge" and p.energy >= 3:
        out.append((3, "overcharge"))
    return out


def pay(s: FuturaState, seat: int, e: Effect, tier: int, how: str) -> None:
    p = s.players[seat]
    if how == "energy":
        p.energy -= e.energy_cost or tier
    elif how in ("sigil", "overcharge") and p.sigils and e.sigil and s.card(p.sigils[0]).sigil == e.sigil:
        p.discard.append(p.sigils.pop(0))
    elif how == "overcharge":
        p.energy -= 3


def amount(s: FuturaState, e: Effect, tier: int) -> tuple[int, int]:
    """(value, die rolled) of a tiered effect: a die or the base value, times the tier's multiplier,
    rounded down; a die with a flat base adds it (Scatter Blaster: d8 + 4)."""
    mult = e.tier_mult[tier - 1] if e.tier_mult else 1
    if e.dice:
        rolled = roll_spec(s, e.dice)
        return math.floor(rolled * mult) + (e.base_value or 0), rolled
    return math.floor((e.base_value or 0) * mult), 0
