"""A heuristic Gods & Clans player: summon, march on the enemy God, take good trades.

Equal choices are broken by a die seeded from the game seed and state version, never by board
order: sorting tiles by (column, row) made seat 1 step forward and seat 0 step sideways whenever
the ring distance tied, and that single bias decided every AI-vs-AI game.
"""

from __future__ import annotations

import random

from engine.core import Action

from . import rules as r
from .abilities import ward_strength
from .actions import (
    Attack,
    DraftMap,
    EndTurn,
    Equip,
    Move,
    Pass,
    PlaceHomebase,
    PlaceMap,
    React,
    Summon,
    UseItem,
)
from .cards import battlemaps, catalog
from .state import dist, parse_coord


def attack_score(game, state, a: Attack) -> float:
    att, dfn = state.units[a.unit], state.units[a.target]
    dmg = max(0, r.stat(state, a.unit, "atk") - game._armor(state, a.target))
    d = catalog().cards[dfn.card]
    score = dmg * (2.0 if d.god else 1.0)
    if dmg >= dfn.hp:
        score += 1000 if d.god else 6 + d.exp_value
        return score
    if dist(att.pos, dfn.pos) <= r.stat(state, a.target, "rng") or r.has_perm(state, a.target, "counter_any"):
        back = r.stat(state, a.target, "atk")
        score -= back * (1.5 if catalog().cards[att.card].god else 0.8)
    return score


def support_score(state, seat: int, a) -> float:
    """Equipment on the God (or a foe's God for enemy cards), heals that are not wasted, killing scrolls."""
    d = catalog().cards[a.card]
    u = state.units[a.unit if isinstance(a, Equip) else a.target]
    ud = catalog().cards[u.card]
    missing = ud.hp - u.hp
    if isinstance(a, Equip):
        if d.target == "enemy":
            return 3.0 if ud.god else 0.0
        value = sum(d.mods.values()) + d.reduce + min(d.heal, missing) / 2
        return value * (2 if ud.god else 1) - (0 if ud.god or ud.sp >= 4 else 2)
    if d.effect == "heal":
        return 2.0 + (2 if ud.god else 0) if missing >= d.params.get("amount", 0) else 0.0
    if d.effect == "damage":
        return 10.0 if u.hp <= d.params.get("amount", 0) or ud.god else 0.0
    return 0.0


def ward_choice(state, legal: list[Action]) -> Action:
    """Answer an attack with the ward that takes most off the hit; keep 2 SP in hand for the next turn's
    work unless the target is the God."""
    god = catalog().cards[state.units[state.attack.target].card].god
    best = None
    for a in legal:
        if isinstance(a, React):
            gain, cost = ward_strength(state, a), catalog().cards[state.units[a.unit].card].abilities[a.ability].sp
            if gain and (god or state.players[a.seat].sp - cost >= 2) and (best is None or gain > best[0]):
                best = (gain, a)
    return best[1] if best else next(a for a in legal if isinstance(a, Pass))


def setup_score(state, seat: int, a: Action) -> float:
    """Open ground on our side, a Homebase on the second row near our centre, the God in front of it."""
    centre = 4 if len(state.players) == 2 else (2 if seat < 2 else 6)
    if isinstance(a, PlaceMap):
        return a.rows.count("G") + 0.5 * a.rows.count("F")
    if isinstance(a, DraftMap):
        piece = battlemaps().pieces[a.piece]
        return max("".join(f).count("G") + 0.5 * "".join(f).count("F") for f in (piece.face_a, piece.face_b))
    c, row = parse_coord(a.tile)
    if isinstance(a, PlaceHomebase):
        back = 1 if seat % 2 == 0 else 10
        return -10 * abs(row - back) - abs(c - centre)
    forward = row if seat % 2 == 0 else -row
    return 10 * forward - abs(c - centre)


def choose(game, state, seat: int) -> Action:
    legal = game.legal_actions(state, seat)
    if state.phase == "react":
        return ward_choice(state, legal)
    if state.phase == "setup":
        die = random.Random(f"{state.rng.seed}:{state.version}:{seat}:setup")
        return max(legal, key=lambda a: (setup_score(state, seat, a), die.random()))
    die = random.Random(f"{state.rng.seed}:{state.version}:{seat}:ai")
    order = {id(a): die.random() for a in legal}  # tie-break, the same for both seats
    attacks = [a for a in legal if isinstance(a, Attack)]
    if attacks:
        best = max(attacks, key=lambda a: (attack_score(game, state, a), order[id(a)]))
        if attack_score(game, state, best) > 0:
            return best
    summons = [a for a in legal if isinstance(a, Summon)]
    if summons:
        enemy_god = next(u for u in state.units.values() if state.foes(u.owner, seat) and catalog().cards[u.card].god)
        return max(summons, key=lambda a: (catalog().cards[a.card].sp, -dist(parse_coord(a.tile), enemy_god.pos),
                                           order[id(a)]))
    support = [(support_score(state, seat, a), order[id(a)], a) for a in legal if isinstance(a, (Equip, UseItem))]
    support = [x for x in support if x[0] > 0]
    if support:
        return max(support, key=lambda x: x[:2])[2]
    moves = [a for a in legal if isinstance(a, Move)]
    if moves:
        best, score = None, (-1e9, 0.0)
        gods = [u for u in state.units.values() if state.foes(u.owner, seat) and catalog().cards[u.card].god]
        for m in moves:
            u = state.units[m.unit]
            to = parse_coord(m.to)
            target = min((e for e in state.units.values() if state.foes(e.owner, seat)),
                         key=lambda e: dist(e.pos, u.pos))
            goal = gods[0] if gods else target
            gain = dist(u.pos, goal.pos) - dist(to, goal.pos)
            near = min(dist(to, e.pos) for e in state.units.values() if state.foes(e.owner, seat))
            s = gain + (2 if near <= r.stat(state, m.unit, "rng") else 0)
            if catalog().cards[u.card].god:
                own = sum(1 for o in state.units.values() if o.owner == seat)
                s -= 3 if own < 4 else 0
            if (s, order[id(m)]) > score:
                best, score = m, (s, order[id(m)])
        if score[0] > 0:
            return best
    return EndTurn(seat=seat)
