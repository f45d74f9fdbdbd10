"""Which moves a seat has now: one function per kind of move, one per phase.

A turn's legal moves are these kinds in a fixed order (the random player and the AI's tie-breaks
depend on it). `moves_like` builds only the kind a given move belongs to, which is all that is
needed to tell whether that move is legal: the full list costs as much as a whole step.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core import Action, EndTurn, Pass

from . import made
from .abilities import ability_targets, sides
from .actions import Assimilate, Attack, CastArt, CastTerrain, Equip, Move, Summon, UseAbility, UseItem
from .arts import art_actions, terrain_actions
from .board import (
    equip_fits,
    hand,
    has_perm,
    home_tiles,
    item_fits,
    reach_stats,
    summon_tiles,
)
from .cards import Ability, catalog
from .setup import setup_actions
from .state import ClansState, Pos, Unit
from .wards import ward_options


def summon_moves(state: ClansState, seat: int) -> list[Action]:
    p = state.players[seat]
    allies = hand(state, seat).get("ally", ())
    tiles = tuple(summon_tiles(state, seat)) if allies else ()
    out: list[Action] = []
    for card in allies:
        if catalog().cards[card].sp <= p.sp:
            out += made.summons(seat, card, tiles)
    return out


def equipment_moves(state: ClansState, seat: int) -> list[Action]:
    """Each unused piece: on every ally that may wear it, then assimilated (once a turn)."""
    p = state.players[seat]
    out: list[Action] = []
    for card in hand(state, seat).get("equipment", ()):
        d = catalog().cards[card]
        if d.sp <= p.sp and d.exp <= p.exp:  # else no ally may wear it (can_equip)
            out += [made.card_on(Equip, seat, card, iid, u.card, u.pos)
                    for iid, u in state.units.items() if equip_fits(state, seat, d, u)]
        if not p.assimilated:
            out.append(made.card_alone(Assimilate, seat, card))
    return out


def item_moves(state: ClansState, seat: int) -> list[Action]:
    out: list[Action] = []
    p = state.players[seat]
    items = hand(state, seat).get("item", ())
    mine = [o.pos for o in state.units.values() if o.owner == seat] if items else []
    for card in items:
        d = catalog().cards[card]
        if d.sp <= p.sp and d.exp <= p.exp:  # else no target fits (can_use_item)
            out += [made.card_on(UseItem, seat, card, iid, u.card, u.pos)
                    for iid, u in state.units.items() if item_fits(state, seat, d, u, mine)]
    return out


def unit_moves(state: ClansState, seat: int, only: str | None = None) -> list[Action]:
    """Each of the seat's allies (or just `only`): its moves, then its attacks and (PT) abilities.

    Asked for every ally on every step, so the board is read once into plain lists first, and
    `can_act`/`can_move` are taken apart here: both need the ally's owner to be the active seat
    (so another seat has nothing), then `can_move` is `can_act` with the ally still fresh."""
    if seat != state.active:
        return []
    out: list[Action] = []
    units = state.units
    field, rules = tuple(state.field), tuple(state.players[seat].terrain)
    occupied = {o.pos for o in units.values()}
    around = sides(state, seat)
    foes = [(o.pos[0], o.pos[1], o) for o in around[0]]
    homes = home_tiles(state)
    stops = {True: frozenset(homes), False: frozenset(homes.union(o.pos for o in around[0]))}  # board.walls: phasing or not
    sp, turn, current = state.players[seat].sp, state.turn, state.current
    for iid, u in units.items():
        if u.owner != seat or (only is not None and iid != only) or u.summoned_turn == turn:
            continue
        fresh = u.act == "fresh"
        if not fresh and (u.act != "moved" or current != iid):
            continue  # an ally that cannot act cannot move either
        spd, rng = reach_stats(state, iid)
        if fresh:
            stop = nearby(stops[has_perm(state, iid, "phase")], u.pos, spd)
            paths = made.walks(seat, iid, u.card, u.pos, field, rules, spd, stop)
            out += [m for to, m in paths if to not in occupied]
        x, y = u.pos
        near = [o for fx, fy, o in foes if -rng <= fx - x <= rng and -rng <= fy - y <= rng]
        out += [made.attack(seat, iid, u.card, u.pos, o.iid, o.card, o.pos) for o in near]
        for i, ab in made.pt_abilities(u.card):
            if ab.sp <= sp:
                out += ability_moves(state, u, i, ab, rng, near, around)
    return out


@lru_cache(maxsize=1 << 12)
def nearby(stop: frozenset[Pos], pos: Pos, spd: int) -> frozenset[Pos]:
    """The walls a unit on `pos` with `spd` could run into: those more than `spd` steps away
    change nothing (every step costs SPD), and leaving them out lets its reach be remembered
    while foes move elsewhere. Remembered too: on a seat's own turn its foes stand still, so
    every step asks again with the same walls."""
    x, y = pos
    return frozenset(t for t in stop if -spd <= t[0] - x <= spd and -spd <= t[1] - y <= spd)


def ability_moves(state: ClansState, u: Unit, index: int, ab: Ability, rng: int, near: list[Unit],
                  around: tuple[list[Unit], list[Unit]]) -> list[Action]:
    """One (PT) ability of an ally that can pay for it, on each legal target (special-abilities).
    `near`: the foes within its range, the targets of an attack ability (abilities.ability_targets);
    `around`: the ally's foes and friends (abilities.sides)."""
    units, seat = state.units, u.owner
    if ab.kind == "attack":
        return [made.ability(seat, u.iid, u.card, u.pos, index, o.iid, o.card, o.pos) for o in near]
    out: list[Action] = []
    for t in ability_targets(state, u.iid, ab, rng, around):
        to = units[t] if t else None
        out.append(made.ability(seat, u.iid, u.card, u.pos, index, t, to and to.card, to and to.pos))
    return out


def end_turn_moves(state: ClansState, seat: int) -> list[Action]:
    return [made.end_turn(seat)]


TURN_KINDS = (summon_moves, equipment_moves, item_moves, terrain_actions, art_actions, unit_moves, end_turn_moves)


def turn_moves(state: ClansState, seat: int) -> list[Action]:
    out: list[Action] = []
    for kind in TURN_KINDS:
        out += kind(state, seat)
    return out


def ward_moves(state: ClansState, seat: int) -> list[Action]:
    """The defender's answers to a declared attack: each ward that fits, or Pass."""
    return [*ward_options(state, seat), Pass(seat=seat)]


PHASES = {"setup": setup_actions, "play": turn_moves, "react": ward_moves}

KIND_OF = {Summon: summon_moves, Equip: equipment_moves, Assimilate: equipment_moves, UseItem: item_moves,
           CastTerrain: terrain_actions, CastArt: art_actions, EndTurn: end_turn_moves}
UNIT_KINDS = (Move, Attack, UseAbility)


def moves_like(state: ClansState, action: Action) -> list[Action]:
    """The legal moves of the kind `action` is (a unit's move: that unit's moves only). `action` is
    legal exactly when it is among them, as every move of its kind comes from this one function."""
    seat = action.seat
    if state.phase != "play":
        return PHASES[state.phase](state, seat)
    if isinstance(action, UNIT_KINDS):
        return unit_moves(state, seat, only=action.unit)
    kind = KIND_OF.get(type(action))
    return kind(state, seat) if kind else []
