"""Resolving card, leader and reaction effects one step at a time (rule 34: targets are declared
step by step, "up to" steps may stop after any target, rule 35)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from engine.core import Event, note
from engine.core.memo import finite_cache

from . import mechanics as M
from .cards import FACES, Step, card, catalog
from .state import RIFT_AT, Discovery, InfState, Motion, Run, kind_of, neighbour

AUTO = ("draw", "gain_token", "move", "reveal")  # steps that need no target


def seat_name(s: InfState, t: int) -> str:
    return s.players[t].name


def tile_name(s: InfState, k: str) -> str:
    return s.board[k].side().name


def scope_seats(s: InfState, run: Run, st: Step) -> list[int]:
    if st.scope == "destroyer":
        d = run.memory.get("destroyer")
        return [d] if d is not None and d in M.enemies(s, run.seat) else []
    foes = M.enemies(s, run.seat)
    if st.scope == "anywhere":
        return foes
    area = M.reach(s, run.seat)
    return [t for t in foes if s.players[t].pos in area]


def scope_tiles(s: InfState, run: Run, st: Step) -> Sequence[str]:
    """The tiles a step may target, in listing order, never the Rift. Callers only read it."""
    if st.scope == "reach":  # the usual scope: its tiles, sorted and without the Rift, are cached
        tiles = _reach_tiles(M.reach(s, run.seat))
    else:
        tiles = [k for k in _other_scope(s, run, st) if k != RIFT_AT]
    kind = st.type_filter
    if kind is None:
        return tiles
    board = s.board
    return [k for k in tiles if kind_of(board[k].tile, board[k].up) == kind]


def _other_scope(s: InfState, run: Run, st: Step) -> Sequence[str]:
    """`scope_tiles` for the scopes other than reach, before the Rift and the type are left out."""
    pos = s.players[run.seat].pos
    if st.scope == "last":
        return [run.memory["last"]] if run.memory.get("last") in s.board else []
    if st.scope == "anywhere":
        return list(s.board)
    if st.scope == "adjacent":
        return [n for d in range(6) if (n := neighbour(pos, d)) in s.board] if pos else []
    if st.scope == "rift_adjacent":
        return [n for d in range(6) if (n := neighbour(RIFT_AT, d)) in s.board]
    return M.ordered(M.reach(s, run.seat))


@lru_cache(maxsize=1024)  # reach sets are shared per map layout (see M._reach): the same few recur
def _reach_tiles(area: frozenset[str]) -> tuple[str, ...]:
    """The tiles of `area` that may be targeted, in key order: all but the Rift."""
    return tuple(k for k in M.ordered(area) if k != RIFT_AT)


def _units(s: InfState, run: Run, st: Step) -> Iterator[tuple[str, str]]:
    cap = run.memory.get("defense") if st.max_defense == "memory" else st.max_defense
    if st.max_defense == "memory" and cap is None:
        return
    for t in scope_seats(s, run, st):
        if st.same_leader and run.memory.get("leader", t) != t:
            continue
        shield = M.power_shield(s, t) if st.attack else 0
        for u in s.players[t].group:
            c = card(u)
            if cap is not None and c.defense > cap or c.defense <= shield:
                continue
            yield f"unit:{u}", f"{c.name} (defense {c.defense}) of {seat_name(s, t)}"


def _own_cards(s: InfState, run: Run, st: Step, area: str, verb: str) -> Iterator[tuple[str, str]]:
    cards = getattr(s.players[run.seat], area)
    exclude, kind = run.memory.get("exclude"), st.kind  # read once, not per card
    keep = [c for c in cards if c != exclude and (kind == "any" or card(c).kind == kind)]
    return ((f"card:{c}", f"{verb} {card(c).name}") for c in dict.fromkeys(keep))


def _dice(s: InfState, run: Run, st: Step) -> Iterator[tuple[str, str]]:
    faces = sorted(set(s.players[run.seat].dice))
    if st.face == "any":
        return ((f"die:{f}>{to}", f"Turn a {f} die to {to}") for f in faces for to in FACES if to != f)
    return ((f"die:{f}", f"Turn a {f} die to {st.face}") for f in faces if f != st.face)


def targets(s: InfState, run: Run, st: Step) -> list[tuple[str, str]] | None:
    """The choices for this step, or None when it needs no choice. An empty list: nothing to target."""
    found = _choices(s, run, st)
    return None if found is None else list(found)


def _choices(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]] | None:
    """`targets`, made one at a time as they are read (None: no choice needed)."""
    find = _TARGETS.get(st.op)
    if find is None:
        if st.op in AUTO:
            return None
        raise ValueError(st.op)
    return find(s, run, st)


# One finder per targeted op, looked up by name: listing a Main phase asks several per step. Each
# yields its choices lazily, so asking whether there is any (rule 35) stops at the first.


def _timeline_cards(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]]:
    return ((f"card:{c}", f"{card(c).name} in {seat_name(s, t)}'s timeline")
            for t in scope_seats(s, run, st) for c in s.players[t].timeline if not M.timeline_immune(s, t, c))


def _enemy_tokens(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]]:
    return ((f"tile:{k}", f"{seat_name(s, s.board[k].control)}'s token on {tile_name(s, k)}")
            for k in scope_tiles(s, run, st)
            if s.board[k].control is not None and not s.allies(run.seat, s.board[k].control))


def _control(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]]:
    me = s.players[run.seat]
    if (me.reserve + me.track if st.free else me.track) == 0:
        return []
    return ((f"tile:{k}", f"Control {tile_name(s, k)}") for k in scope_tiles(s, run, st)
            if s.board[k].control is None or st.overwrite and not s.allies(run.seat, s.board[k].control))


def _discarders(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]]:
    return ((f"seat:{t}", f"{seat_name(s, t)} discards at random") for t in scope_seats(s, run, st)
            if s.players[t].hand)


def _pushed(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]]:
    return ((f"seat:{t}", f"Push {seat_name(s, t)}") for t in scope_seats(s, run, st))


def _warp_spots(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]]:
    me = s.players[run.seat]
    occupied = {p.pos for p in s.players}
    for k in scope_tiles(s, run, st):
        if k not in occupied:  # no standee there
            yield f"tile:{k}", f"Warp to {tile_name(s, k)}"
            if s.board[k].control is None and me.track:
                yield f"tile:{k}+c", f"Warp to {tile_name(s, k)} and control it"


def _warped_tiles(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]]:
    me = s.players[run.seat]
    spaces = [n for d in range(6) if (n := neighbour(me.pos, d)) not in s.board]
    return ((f"tile:{k}>{n}", f"Warp {tile_name(s, k)} next to you") for k in M.ordered(M.reach(s, run.seat))
            if k not in (RIFT_AT, me.pos) for n in spaces[:1])


def _flips(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]]:
    return ((f"tile:{k}", f"Flip {tile_name(s, k)}") for k in scope_tiles(s, run, st))


def _discoveries(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]]:
    if not any(s.stacks.values()):
        return []
    me = s.players[run.seat]
    free = M.ignores_walls(s, run.seat)
    return ((f"dir:{d}", f"Discover a tile {d}") for d in range(6)
            if neighbour(me.pos, d) not in s.board and (free or not s.board[me.pos].wall(d)))


def _free_plays(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]]:
    if st.source == "destroyed":
        return ((f"card:{c}", f"Play {card(c).name}") for c in run.memory.get("destroyed", [])
                if c in s.piles[card(c).faction].discard and card(c).kind == "unit")
    return _own_cards(s, run, st, st.source, "Play")


def _preparing(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]] | None:
    if st.source == "discard_top":
        return None if s.piles[s.players[run.seat].faction].discard else []
    return _own_cards(s, run, st, "hand", "Prepare")


def _returning(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]] | None:
    if st.source == "destroyed":
        return None if _destroyed_unit(s, run) else []
    return _own_cards(s, run, st, st.source, "Return")


def _discarding(s: InfState, run: Run, st: Step) -> Iterable[tuple[str, str]]:
    return _own_cards(s, run, st, "hand", "Discard")


_TARGETS = {"destroy_unit": _units, "destroy_timeline": _timeline_cards, "destroy_token": _enemy_tokens,
            "control": _control, "discard_random": _discarders, "push": _pushed, "warp_standee": _warp_spots,
            "warp_tile": _warped_tiles, "flip": _flips, "discover": _discoveries, "play_free": _free_plays,
            "prepare": _preparing, "return_hand": _returning, "discard_own": _discarding, "set_die": _dice}


def _destroyed_unit(s: InfState, run: Run) -> str | None:
    for c in run.memory.get("destroyed", []):
        if card(c).kind == "unit" and c in s.piles[card(c).faction].discard:
            return c
    return None


def usable(s: InfState, run: Run) -> bool:
    """An effect needs a valid target for its first step (rule 35)."""
    return can_open(s, run, run.steps[0])


def can_open(s: InfState, run: Run, first: Step) -> bool:
    """Whether an effect starting with `first` has a valid target, for `run`'s owner (rule 35)."""
    return any_target(s, run, first) is not False


def any_target(s: InfState, run: Run, st: Step) -> bool | None:
    """Whether this step has a target (None: it needs none), found without listing them all: the
    Main listing asks this of many effects each step, so it looks the finder up itself."""
    find = _TARGETS.get(st.op)
    found = _choices(s, run, st) if find is None else find(s, run, st)  # None: the op needs no target
    return None if found is None else next(iter(found), None) is not None


@finite_cache
def _probe(seat: int) -> Run:
    """An empty run of `seat`, to ask which targets its effects would have (targets only read it)."""
    return Run(seat=seat, label="", steps=[])


class Openers:
    """`Openers(s, seat)(first)`: can an effect of `seat` starting with step `first` begin now? For
    listing moves: each first step is tried once (copies of a card share their steps)."""

    def __init__(self, s: InfState, seat: int):
        self.s, self.probe, self.known = s, _probe(seat), {}

    def __call__(self, first: Step) -> bool:
        key = id(first)
        known = self.known
        if key not in known:
            known[key] = any_target(self.s, self.probe, first) is not False
        return known[key]


# --- applying a step ---------------------------------------------------------------------------------


def advance(run: Run, st: Step, took_target: bool) -> None:
    if st.up_to and took_target:
        run.done += 1
        if run.done < st.amount:
            return
    run.i += 1
    run.done = 0


def resolve_auto(s: InfState, run: Run, st: Step, events: list[Event]) -> None:
    seat = run.seat
    if st.op == "draw":
        M.draw(s, seat, st.amount, events)
    elif st.op == "gain_token":
        if M.gain_token(s, seat, st.amount):
            events.append(note(text=f"{seat_name(s, seat)} gains a reaction token."))
    elif st.op == "move":
        s.motion = Motion(mover=seat, by=seat, left=st.amount, free_controls=st.free_controls)
    elif st.op == "reveal":
        reveal(s, seat, events)
    elif st.op == "prepare":  # from the top of the discard pile
        c = s.piles[s.players[seat].faction].discard.pop()
        events.append(note(text=f"{seat_name(s, seat)} prepares {card(c).name} from the discard pile."))
        add_to_area(s, seat, c, "timeline", events)
    elif st.op == "return_hand":
        c = _destroyed_unit(s, run)
        s.piles[card(c).faction].discard.remove(c)
        s.players[seat].hand.append(c)
        events.append(note(text=f"{seat_name(s, seat)} takes {card(c).name} back into hand."))


def resolve_target(s: InfState, run: Run, st: Step, target: str, events: list[Event]) -> None:
    kind, _, val = target.partition(":")
    seat, op = run.seat, st.op
    if op == "destroy_unit":
        owner = next(t for t, p in enumerate(s.players) if val in p.group)
        run.memory["leader"] = owner
        c = card(val)
        ok = True
        if st.attack:
            ok = M.roll_check(s, seat, "power", c.defense, events, c.name)
        elif st.check:
            ok = M.roll_check(s, seat, st.check.attribute, st.check.threshold, events, c.name)
        if ok:
            M.destroy_card(s, seat, owner, val, "group", events)
    elif op == "destroy_timeline":
        owner = next(t for t, p in enumerate(s.players) if val in p.timeline)
        if st.check is None or M.roll_check(s, seat, st.check.attribute, st.check.threshold, events, card(val).name):
            M.destroy_card(s, seat, owner, val, "timeline", events)
    elif op == "destroy_token":
        run.memory["last"] = val
        M.destroy_token(s, seat, val, events)
    elif op == "control":
        M.take_control(s, seat, val, events, free=st.free)
    elif op == "discard_random":
        M.random_discard(s, seat, int(val), st.amount, events)
    elif op == "push":
        s.motion = Motion(mover=int(val), by=seat, left=st.amount, forced=True)
    elif op == "warp_standee":
        k, control = val.removesuffix("+c"), val.endswith("+c")
        s.players[seat].pos = k
        events.append(note(text=f"{seat_name(s, seat)} warps to {tile_name(s, k)}."))
        if control:
            M.take_control(s, seat, k, events, free=False)
    elif op == "warp_tile":
        src, dst = val.split(">")
        s.board[dst] = s.board.pop(src)
        for p in s.players:
            if p.pos == src:
                p.pos = dst
        events.append(note(text=f"{seat_name(s, seat)} warps {tile_name(s, dst)} next to them."))
    elif op == "flip":
        flip(s, val, events)
    elif op == "discover":
        start_discovery(s, seat, neighbour(s.players[seat].pos, int(val)), s.players[seat].pos, None, False, events)
    elif op in ("play_free", "prepare", "return_hand", "discard_own"):
        own_card(s, run, st, val, events)
    elif op == "set_die":
        face, _, to = val.partition(">")
        dice = s.players[seat].dice
        dice[dice.index(face)] = to or st.face
        events.append(note(text=f"{seat_name(s, seat)} turns a {face} die to {to or st.face}."))


def own_card(s: InfState, run: Run, st: Step, c: str, events: list[Event]) -> None:
    seat, me = run.seat, s.players[run.seat]
    if st.op == "play_free":
        take_from(s, seat, c, st.source)
        play(s, seat, c, events, via=st.source, take_back=st.take_back)
    elif st.op == "prepare":
        me.hand.remove(c)
        events.append(note(text=f"{me.name} prepares a card."))
        add_to_area(s, seat, c, "timeline", events)
    elif st.op == "return_hand":
        getattr(me, st.source).remove(c)
        me.hand.append(c)
        events.append(note(text=f"{me.name} returns {card(c).name} to hand."))
    elif st.op == "discard_own":
        me.hand.remove(c)
        M.discard(s, c)
        run.memory["defense"] = card(c).defense
        events.append(note(text=f"{me.name} discards {card(c).name}."))


def take_from(s: InfState, seat: int, c: str, source: str | None) -> None:
    if source == "destroyed":
        s.piles[card(c).faction].discard.remove(c)
    else:
        getattr(s.players[seat], source or "hand").remove(c)


# --- playing cards, areas, tiles -------------------------------------------------------------------


def play(s: InfState, seat: int, c: str, events: list[Event], *, via: str | None, take_back: bool = False,
         bonus: bool = False) -> None:
    """A unit joins the group; an action card resolves as a new effect on top of the stack."""
    cd, name = card(c), seat_name(s, seat)
    if cd.kind == "unit":
        events.append(note(text=f"{name} plays {cd.name} into their group."))
        add_to_area(s, seat, c, "group", events)
        M.occur(s, seat, "play_unit", events)
        if via == "timeline":
            M.occur(s, seat, "play_unit_from_timeline", events)
        return
    events.append(note(text=f"{name} plays {cd.name}."))
    steps = list(cd.on_play) + (list(cd.empower.bonus) if bonus and cd.empower else [])
    s.runs.append(Run(seat=seat, label=cd.name, steps=steps, card=c, take_back=take_back))


def add_to_area(s: InfState, seat: int, c: str, area: str, events: list[Event]) -> None:
    """A full area takes the new card and its owner returns one card there to hand (rule 21)."""
    cards = getattr(s.players[seat], area)
    cards.append(c)
    limit = M.group_limit(s, seat) if area == "group" else M.timeline_limit(s, seat)
    if len(cards) > limit:
        trim(s, seat, area, exclude=c)


def trim(s: InfState, seat: int, area: str, exclude: str | None = None) -> None:
    s.runs.append(Run(seat=seat, label=f"your {area} is over its limit", memory={"exclude": exclude} if exclude else {},
                      steps=[_returning_step(area)]))


@finite_cache  # steps are never changed once made (cards share theirs): one per area
def _returning_step(area: str) -> Step:
    return Step(op="return_hand", source=area)


def reveal(s: InfState, seat: int, events: list[Event]) -> None:
    """Reveal the top card: a unit is played for free; anything else is prepared instead."""
    p = s.players[seat]
    pile = s.piles[p.faction]
    if not pile.deck and pile.discard:
        pile.deck.extend(pile.discard)
        pile.discard.clear()
        s.rng.shuffle(pile.deck)
    if not pile.deck:
        return
    c = pile.deck.pop(0)
    events.append(note(text=f"{p.name} reveals {card(c).name}."))
    if card(c).kind == "unit":
        play(s, seat, c, events, via="deck")
    else:
        add_to_area(s, seat, c, "timeline", events)


def flip(s: InfState, k: str, events: list[Event]) -> None:
    """A flip keeps rotation, token and standee; it is no entering and no controlling (rule 29)."""
    placed = s.board[k]
    before = placed.side().name
    placed.up = "b" if placed.up == "a" else "a"
    events.append(note(text=f"{before} flips to {placed.side().name}."))


def draw_tile(s: InfState, world: str | None) -> str | None:
    """The top tile of that world's stack, else the other's (I20)."""
    order = [world] + [w for w in s.stacks if w != world] if world else sorted(s.stacks, key=lambda w: -len(s.stacks[w]))
    for w in order:
        if s.stacks.get(w):
            return s.stacks[w].pop(0)
    return None


def start_discovery(s: InfState, seat: int, at: str, toward: str, world: str | None, moving: bool,
                    events: list[Event]) -> bool:
    here = s.board[toward]
    src = world or (None if toward == RIFT_AT else catalog().tile(here.tile).world)
    tile = draw_tile(s, src)
    if tile is None:
        return False
    t = catalog().tile(tile)
    events.append(note(text=f"{seat_name(s, seat)} discovers a tile: {t.side_a.name} / {t.side_b.name}."))
    s.discovery = Discovery(seat=seat, tile=tile, at=at, toward=toward, moving=moving)
    return True
