"""Set-up choices (getting-started, battlemaps, homebase): laying the 12 battlemaps, then each player's
Homebase and God, as Decisions in turn order. The automatic set-up stays available as a config choice."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Event, interned

from .actions import DraftMap, PlaceGod, PlaceHomebase, PlaceMap
from .cards import COLS, Placement, battlemaps, catalog, connected, neighbours
from .state import ClansState, Pos, coord, parse_coord

MIN_ROOM = 3  # a Homebase needs 3 empty passable tiles around it


def order(state: ClansState) -> list[int]:
    """Seats in turn order from the first player (A1, B1, A2, B2 in a team game)."""
    n = len(state.players)
    return [(state.first + k) % n for k in range(n)]


def side_rows(seat: int) -> range:
    """A seat's half of the field: team 0 (seats 0 and 2) rows 1-6, team 1 rows 7-12."""
    return range(0, 6) if seat % 2 == 0 else range(6, 12)


def has_god(state: ClansState, seat: int) -> bool:
    return any(u.owner == seat and catalog().cards[u.card].god for u in state.units.values())


def next_setup(state: ClansState) -> tuple[int, str] | None:
    """Who places what next: ("map" x12 in turn order), then per seat its Homebase then its God."""
    if len(state.maps) < 12:
        return order(state)[len(state.maps) % len(state.players)], "map"
    for seat in order(state):
        if state.players[seat].homebase is None:
            return seat, "homebase"
        if not has_god(state, seat):
            return seat, "god"
    return None


def next_slot(state: ClansState, seat: int) -> tuple[int, int]:
    side = seat % 2
    taken = {m.slot for m in state.maps if m.side == side}
    return side, min(s for s in range(6) if s not in taken)


def map_options(state: ClansState, seat: int) -> list:
    """First the battlemap (any unused one that can be laid), then how to lay it."""
    if state.drafted is not None:
        return lay_options(state, seat, state.drafted)
    used = {m.piece for m in state.maps}
    maps = battlemaps().pieces
    return [interned(DraftMap, seat=seat, piece=p, faces=f"A {'/'.join(maps[p].face_a)}, B {'/'.join(maps[p].face_b)}")
            for p in sorted(set(maps) - used) if lay_options(state, seat, p, first=True)]


@lru_cache(maxsize=64)  # per battlemap piece (twelve of them)
def orientations(piece: int) -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    """(face, rotation, rows) for each distinct way to lay a battlemap."""
    out, seen = [], set()
    for face in ("A", "B"):
        for rotation in (0, 90, 180, 270):
            grid = tuple(battlemaps().face(piece, face, rotation))
            if (face, grid) not in seen:
                seen.add((face, grid))
                out.append((face, rotation, grid))
    return tuple(out)


def lay_options(state: ClansState, seat: int, piece: int, first: bool = False) -> list[PlaceMap]:
    """Either face, each distinct rotation, on the next open slot, keeping the field connected (A-3)."""
    side, slot = next_slot(state, seat)
    out = []
    for face, rotation, grid in orientations(piece):
        # an all-passable face changes nothing for connectivity (open slots read as Ground)
        if all(t in "GF" for row in grid for t in row) or connected(laid(state.field, grid, side, slot)):
            out.append(interned(PlaceMap, seat=seat, piece=piece, face=face, rotation=rotation, rows="/".join(grid)))
            if first:
                break
    return out


def laid(field: list[str], grid: tuple[str, ...], side: int, slot: int) -> list[str]:
    """`battlemaps().lay` of one battlemap on `field`, on plain rows: the set-up options try every
    unused battlemap on every step, and only three rows change."""
    c0, r0 = 3 * (slot % 3), 6 * side + 3 * (slot // 3)
    rows = list(field)
    for r in range(3):
        row = rows[r0 + r]
        rows[r0 + r] = row[:c0] + grid[r] + row[c0 + 3:]
    return rows


def homes(state: ClansState) -> set[Pos]:
    return {p.homebase for p in state.players if p.homebase}


def free(state: ClansState, pos: Pos) -> bool:
    return state.tile(pos) in "GF" and pos not in homes(state) and state.unit_at(pos) is None


def homebase_ok(state: ClansState, seat: int, pos: Pos) -> bool:
    """On your side, passable and empty, with room around it, and nothing cut off by the gates (A-3, A-4)."""
    return pos[1] in side_rows(seat) and _homebase_fits(state, homes(state), _taken(state), pos)


def _taken(state: ClansState) -> set[Pos]:
    return {u.pos for u in state.units.values()}


def _homebase_fits(state: ClansState, homes_: set[Pos], taken: set[Pos], pos: Pos) -> bool:
    """`homebase_ok` on a tile of the seat's side, with the Homebases and the allies' tiles read
    once for all the tiles tried (`free` on each)."""
    def open_(p: Pos) -> bool:
        return state.tile(p) in "GF" and p not in homes_ and p not in taken

    if not open_(pos) or sum(open_(n) for n in neighbours(*pos)) < MIN_ROOM:
        return False
    return connected(state.field, homes_ | {pos})


def homebase_options(state: ClansState, seat: int) -> list[PlaceHomebase]:
    homes_, taken = homes(state), _taken(state)
    return [interned(PlaceHomebase, seat=seat, tile=coord((c, r))) for r in side_rows(seat) for c in range(COLS)
            if _homebase_fits(state, homes_, taken, (c, r))]


def god_options(state: ClansState, seat: int) -> list[PlaceGod]:
    home = state.players[seat].homebase
    return [interned(PlaceGod, seat=seat, tile=coord(n)) for n in sorted(neighbours(*home)) if free(state, n)]


STEP_OPTIONS = {"map": map_options, "homebase": homebase_options, "god": god_options}


def setup_actions(state: ClansState, seat: int) -> list:
    step = next_setup(state)
    if step is None or step[0] != seat:
        return []
    return STEP_OPTIONS[step[1]](state, seat)


class SetupRules:
    """Mixin for the Clans game: applying set-up choices and starting play once all are made."""

    def do_draft_map(self, state: ClansState, a: DraftMap, events: list[Event]) -> None:
        state.drafted = a.piece
        events.append(Event(text=f"{state.seats[a.seat]} takes battlemap {a.piece}."))

    def do_place_map(self, state: ClansState, a: PlaceMap, events: list[Event]) -> None:
        state.drafted = None
        side, slot = next_slot(state, a.seat)
        state.maps.append(Placement(piece=a.piece, face=a.face, side=side, slot=slot, rotation=a.rotation))
        state.field = battlemaps().lay(state.maps)
        # The rows come from the map itself, not from `a.rows`: that field is not logged, so a
        # replay of the action would word the event differently from the live game.
        rows = "/".join(battlemaps().face(a.piece, a.face, a.rotation))
        events.append(Event(text=f"{state.seats[a.seat]} lays battlemap {a.piece}, face {a.face}"
                                 + (f", turned {a.rotation}°" if a.rotation else "") + f" ({rows})."))
        self._after_setup_step(state, events)

    def do_place_homebase(self, state: ClansState, a: PlaceHomebase, events: list[Event]) -> None:
        state.players[a.seat].homebase = parse_coord(a.tile)
        events.append(Event(text=f"{state.seats[a.seat]} sets the Homebase on {a.tile}."))
        self._after_setup_step(state, events)

    def do_place_god(self, state: ClansState, a: PlaceGod, events: list[Event]) -> None:
        deck = catalog().decks[state.players[a.seat].deck_key]
        god = next(c for c in deck.cards if catalog().cards[c].god)
        self._new_unit(state, a.seat, god, parse_coord(a.tile), summoned_turn=0)
        events.append(Event(text=f"{state.seats[a.seat]} places {catalog().cards[god].name} on {a.tile}."))
        self._after_setup_step(state, events)

    def _after_setup_step(self, state: ClansState, events: list[Event]) -> None:
        """The seat placing is the active one; the first player's turn starts when all is placed."""
        step = next_setup(state)
        if step:
            state.active = step[0]
        else:
            state.phase, state.active = "play", state.first
            events.append(Event(text=f"The battlefield is ready: {state.seats[state.first]} takes the first turn."))
            self._start_turn(state, events)

