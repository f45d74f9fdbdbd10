"""Moves built once and shared: the legal-move lists reuse the same frozen action objects.

Actions are frozen, so one object can stand in every list that offers that move. Each builder
takes exactly what decides the move's fields (its labels included: a unit's card and tile name
it) and remembers the object, so a step builds only the moves it has not offered before (a
unit that just moved, a new foe in range) instead of some sixty pydantic objects.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core import EndTurn, built

from .actions import Assimilate, Attack, CastArt, CastTerrain, Equip, Move, Summon, UseAbility, UseItem
from .board import BIT, COLUMNS, reach_bits
from .cards import PER_CARD, Ability, catalog
from .state import Pos, coord

# Bounds of the caches below, measured (instructions a random step, the GC's work included).
# Moves are kept for about two games: an ally offered the same move again is mostly offered it
# within a round or two, and every move kept longer only grows the heap the GC walks again and
# again (keeping 65536 of each cost 5% more a step than 2048; 512 lost too many repeats).
SIZE = 1 << 11
NAMES = 1 << 12  # names and summons: keyed by card and tile, a bounded set that recurs game after game


@lru_cache(maxsize=NAMES)
def tag_of(card: str, pos: Pos) -> str:
    """board.tag on plain data: the card's name and its tile."""
    return f"{catalog().cards[card].name} ({coord(pos)})"


@lru_cache(maxsize=NAMES)  # both name every move an ally on a new tile is offered
def short_of(card: str, pos: Pos) -> str:
    """board.short on plain data: the card name before any comma, and the tile."""
    return f"{catalog().cards[card].name.split(',')[0]} ({coord(pos)})"


def move(seat: int, iid: str, to: Pos, names: str, label: str) -> Move:
    """`Move(seat=seat, unit=iid, to=coord(to), names=names, unit_label=label)`, put together directly.

    Most steps of a game still make a dozen new moves (an ally that moved last turn stands on a
    new tile, and its moves name that tile), so these skip validating values the rules produced
    themselves; tests/engine/test_clans_made.py checks they are the same objects."""
    return _quick(Move, {"type": "move", "seat": seat, "unit": iid, "to": coord(to), "names": names,
                         "unit_label": label})


def _quick(cls: type, fields: dict) -> object:
    """An action of `cls` with exactly these fields (all of them, in the model's order, every one
    counted as set), without validation: for values the rules produced themselves."""
    given = _given.get(cls)
    if given is None:  # the literal tag is a default, never passed in
        given = _given[cls] = set(fields) - {"type"}
    # One set shared by every action of the class: a frozen action's set of given fields never
    # changes (model_copy copies it first), and a step makes a dozen such moves.
    return built(cls, fields, given)


_given: dict[type, set[str]] = {}


@lru_cache(maxsize=SIZE)
def attack(seat: int, iid: str, card: str, pos: Pos, foe: str, foe_card: str, foe_pos: Pos) -> Attack:
    return _quick(Attack, {"type": "attack", "seat": seat, "unit": iid, "target": foe,
                           "names": f"{tag_of(card, pos)} attacks {tag_of(foe_card, foe_pos)}",
                           "unit_label": short_of(card, pos)})


@lru_cache(maxsize=SIZE)
def ability(seat: int, iid: str, card: str, pos: Pos, index: int,
            target: str | None, target_card: str | None, target_pos: Pos | None) -> UseAbility:
    ab, label = catalog().cards[card].abilities[index], short_of(card, pos)
    on = f" on {short_of(target_card, target_pos)}" if target else ""
    return _quick(UseAbility, {"type": "ability", "seat": seat, "unit": iid, "ability": index, "target": target,
                               "names": f"{label}: {ab.name}{on} ({ab.sp} SP)"[:80], "unit_label": label})


@lru_cache(maxsize=PER_CARD)
def pt_abilities(card: str) -> tuple[tuple[int, Ability], ...]:
    """A card's (PT) abilities with their index on the card: the ones used on one's own turn."""
    return tuple((i, ab) for i, ab in enumerate(catalog().cards[card].abilities) if ab.timing == "PT")


@lru_cache(maxsize=NAMES)
def summon(seat: int, card: str, tile: Pos) -> Summon:
    return Summon(seat=seat, card=card, tile=coord(tile))


@lru_cache(maxsize=SIZE)
def summons(seat: int, card: str, tiles: tuple[Pos, ...]) -> tuple[Summon, ...]:
    """The card summoned on each free tile by the Homebase: the same few tiles every step."""
    return tuple(summon(seat, card, t) for t in tiles)


@lru_cache(maxsize=SIZE)
def summons_of(seat: int, allies: tuple[str, ...], sp: int, tiles: tuple[Pos, ...]) -> tuple[Summon, ...]:
    """Each ally card in hand the seat can pay for (in hand order), summoned on each free tile by
    the Homebase: within a turn the hand, the SP and the tiles mostly stay as they were."""
    return tuple(m for card in allies if catalog().cards[card].sp <= sp for m in summons(seat, card, tiles))


@lru_cache(maxsize=SIZE)
def card_on(kind: type[Equip | UseItem], seat: int, card: str, iid: str, unit_card: str, pos: Pos) -> Equip | UseItem:
    """A card from the hand played on an ally: Equipment worn by it, an Inventory item used on it."""
    aim = {"unit": iid} if kind is Equip else {"target": iid}
    return kind(seat=seat, card=card, names=short_of(unit_card, pos), **aim)


@lru_cache(maxsize=SIZE)
def card_alone(kind: type[Assimilate | CastTerrain], seat: int, card: str) -> Assimilate | CastTerrain:
    """A card from the hand played on nothing: Equipment assimilated, a Terrain Effect cast."""
    return kind(seat=seat, card=card)


@lru_cache(maxsize=SIZE)
def art(seat: int, card: str, foe: str, foe_card: str, foe_pos: Pos, allies: tuple[str, ...],
        where: tuple[Pos, ...]) -> CastArt:
    """A Runic Art on `foe` cast by `allies`, who stand on `where`."""
    return CastArt(seat=seat, card=card, target=foe, allies=allies,
                   names=f"{short_of(foe_card, foe_pos)} with " + ", ".join(coord(p) for p in where))


@lru_cache(maxsize=8)
def end_turn(seat: int) -> EndTurn:
    return EndTurn(seat=seat)


@lru_cache(maxsize=SIZE)
def walks(seat: int, iid: str, card: str, pos: Pos, field: tuple[str, ...], rules: tuple[str, ...], spd: int,
          stop: int) -> tuple[int, dict[int, int], tuple[Move, ...], dict[int, tuple[Move, ...]]]:
    """A unit's moves in end tile order, before tiles taken by other units are left out: (every
    end tile as one bit mask, each end tile's bit -> its move's index, the moves, and an empty
    dict where legal.walk_part keeps them less the tiles taken). `stop`: the walls as a
    bit mask. Its own tile is left out at once, as it stands there.

    An ally that moved stands on a new tile at its next turn, and all its moves are new (their
    names say where it comes from): a dozen or more per ally, every turn. So `move` is written
    out here, the fields that every one of them shares copied from one dict. The answer holds
    no tuple per move, so a remembered walk is three objects for the GC, not one per tile."""
    known, names, label = _moves_from(seat, iid, card, pos)
    shared = {"type": "move", "seat": seat, "unit": iid, "to": "", "names": names, "unit_label": label}
    given = _given.get(Move) or _given.setdefault(Move, set(shared) - {"type"})
    every = reach_bits(field, rules, pos, spd, stop) & ~BIT[pos]
    at, moves = {}, []
    for column in COLUMNS:  # the end tiles in (column, row) order, read off the mask without a sort
        tiles = every & column
        while tiles:
            low = tiles & -tiles  # the next tile down the column
            tiles ^= low
            found = known.get(low)
            if found is None:
                fields = shared.copy()
                fields["to"] = COORDS[low]
                found = known[low] = built(Move, fields, given)
            at[low] = len(moves)
            moves.append(found)
    return every, at, tuple(moves), {}


COORDS = {BIT[x, y]: coord((x, y)) for x in range(9) for y in range(16)}  # tile's bit -> "C7", fields up to 16 rows


@lru_cache(maxsize=SIZE)
def _moves_from(seat: int, iid: str, card: str, pos: Pos) -> tuple[dict[int, Move], str, str]:
    """The moves an ally on `pos` was offered so far, by end tile (its bit), and the names they carry: when
    only the walls around it change, the moves to the same tiles are reused."""
    return {}, tag_of(card, pos), short_of(card, pos)
