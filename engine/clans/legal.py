"""Which moves a seat has now: one function per kind of move, one per phase.

A turn's legal moves are these kinds in a fixed order (the random player and the AI's tie-breaks
depend on it). `moves_like` builds only the kind a given move belongs to, which is all that is
needed to tell whether that move is legal: the full list costs as much as a whole step.
"""

from __future__ import annotations

from engine.core import Action, EndTurn, Pass

from .abilities import ability_targets
from .actions import Assimilate, Attack, CastArt, CastTerrain, Equip, Move, Summon, UseAbility, UseItem
from .arts import art_actions, terrain_actions
from .board import can_act, can_equip, can_move, can_use_item, cdef, reach, short, stat, summon_tiles, tag
from .cards import catalog
from .setup import setup_actions
from .state import ClansState, coord, dist
from .wards import ward_options


def summon_moves(state: ClansState, seat: int) -> list[Action]:
    p = state.players[seat]
    tiles = summon_tiles(state, seat)
    out: list[Action] = []
    for card in p.unused:
        d = catalog().cards[card]
        if d.kind == "ally" and d.sp <= p.sp:
            out += [Summon(seat=seat, card=card, tile=coord(t)) for t in tiles]
    return out


def equipment_moves(state: ClansState, seat: int) -> list[Action]:
    """Each unused piece: on every ally that may wear it, then assimilated (once a turn)."""
    p = state.players[seat]
    out: list[Action] = []
    for card in p.unused:
        if catalog().cards[card].kind != "equipment":
            continue
        out += [Equip(seat=seat, card=card, unit=iid, names=short(state, iid))
                for iid in state.units if can_equip(state, seat, card, iid)]
        if not p.assimilated:
            out.append(Assimilate(seat=seat, card=card))
    return out


def item_moves(state: ClansState, seat: int) -> list[Action]:
    out: list[Action] = []
    for card in state.players[seat].unused:
        if catalog().cards[card].kind == "item":
            out += [UseItem(seat=seat, card=card, target=iid, names=short(state, iid))
                    for iid in state.units if can_use_item(state, seat, card, iid)]
    return out


def unit_moves(state: ClansState, seat: int, only: str | None = None) -> list[Action]:
    """Each of the seat's allies (or just `only`): its moves, then its attacks and (PT) abilities."""
    out: list[Action] = []
    for iid, u in state.units.items():
        if u.owner != seat or (only is not None and iid != only):
            continue
        label = short(state, iid)
        if can_move(state, iid):
            name = tag(state, iid)
            out += [Move(seat=seat, unit=iid, to=coord(t), names=name, unit_label=label)
                    for t in sorted(reach(state, iid))]
        if can_act(state, iid):
            rng = stat(state, iid, "rng")
            out += [Attack(seat=seat, unit=iid, target=o.iid, names=f"{tag(state, iid)} attacks {tag(state, o.iid)}",
                           unit_label=label)
                    for o in state.units.values() if state.foes(o.owner, seat) and dist(o.pos, u.pos) <= rng]
            out += ability_moves(state, seat, iid, rng, label)
    return out


def ability_moves(state: ClansState, seat: int, iid: str, rng: int, label: str) -> list[Action]:
    """(PT) abilities the ally can pay for now, each with its legal targets (special-abilities)."""
    out: list[Action] = []
    for i, ab in enumerate(cdef(state, iid).abilities):
        if ab.timing != "PT" or ab.sp > state.players[seat].sp:
            continue
        for t in ability_targets(state, iid, ab, rng):
            on = f" on {short(state, t)}" if t else ""
            out.append(UseAbility(seat=seat, unit=iid, ability=i, target=t,
                                  names=f"{label}: {ab.name}{on} ({ab.sp} SP)"[:80], unit_label=label))
    return out


def end_turn_moves(state: ClansState, seat: int) -> list[Action]:
    return [EndTurn(seat=seat)]


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
