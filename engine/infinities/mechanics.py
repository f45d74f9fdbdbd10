"""Shared Infinities mechanics: attribute levels and limits, reach, tokens, checks, cards moving
between zones, and per-occurrence objectives. Pure functions on the state."""

from __future__ import annotations

import threading
from functools import lru_cache

from engine.core import Event, note
from engine.core.memo import finite_cache
from engine.core.zones import draw as zone_draw

from .cards import ATTRIBUTES, card, catalog
from .state import RIFT_AT, TRACK_MAX, InfState, direction, kind_of, open_between, ring

# --- attributes and limits (rules 16-22) ----------------------------------------------------------


def level(s: InfState, seat: int, attr: str) -> int:
    """1 + controlled tiles of that type, at most 4 (I12)."""
    return min(4, 1 + count_controlled(s, seat, attr))


def count_controlled(s: InfState, seat: int, tile_type: str) -> int:
    """How many tiles of this type `seat` controls (levels, the hand limit, End-phase keeps)."""
    n = 0
    for p in s.board.values():
        if p.control == seat and kind_of(p.tile, p.up) == tile_type:
            n += 1
    return n


def levels(s: InfState, seat: int) -> dict[str, int]:
    """Every attribute's level, from one pass over the board."""
    n = dict.fromkeys(ATTRIBUTES, 1)
    for p in s.board.values():
        if p.control == seat:
            kind = kind_of(p.tile, p.up)
            if kind in n:
                n[kind] += 1
    return {a: min(4, v) for a, v in n.items()}


def group_limit(s: InfState, seat: int) -> int:
    return 4 if level(s, seat, "fortitude") >= 3 else 3


def timeline_limit(s: InfState, seat: int) -> int:
    return 4 if level(s, seat, "energy") >= 3 else 3


def reach_limit(s: InfState, seat: int) -> int:
    return 4 if level(s, seat, "power") >= 3 else 3


def controlled(s: InfState, seat: int, tile_type: str | None = None) -> list[str]:
    return [k for k, p in s.board.items() if p.control == seat and (tile_type is None or kind_of(p.tile, p.up) == tile_type)]


def hand_limit(s: InfState, seat: int) -> int:
    return 3 + count_controlled(s, seat, "star")


def ignores_walls(s: InfState, seat: int) -> bool:
    """Inside a Power tile, or at Power level 4, reach and movement pass walls (rules 18, 24)."""
    pos = s.players[seat].pos  # the tile first: it is one look-up, the level a pass over the board
    if pos is not None:
        here = s.board[pos]
        if kind_of(here.tile, here.up) == "power":
            return True
    return level(s, seat, "power") >= 4


def can_warp(s: InfState, seat: int) -> bool:
    """Leaving a Fortitude tile, or at Fortitude level 4, a leader may warp instead (rules 18, 24)."""
    pos = s.players[seat].pos
    if pos is not None:
        here = s.board[pos]
        if kind_of(here.tile, here.up) == "fortitude":
            return True
    return level(s, seat, "fortitude") >= 4


# --- the map ------------------------------------------------------------------------------------


def open_edge(s: InfState, a: str, b: str) -> bool:
    """No wall on the shared edge, on either tile (rule 25, I33)."""
    d = direction(a, b)
    pa, pb = s.board.get(a), s.board.get(b)
    if pa is not None and pb is not None:
        return open_between(pa, pb, d)
    return not ((pa is not None and pa.wall(d)) or (pb is not None and pb.wall((d + 3) % 6)))


def open_rotations(s: InfState) -> list[int]:
    """The turns of the tile being discovered that keep the edge it is entered by open (rule 26);
    all six when its layer ignores walls. Both sides share the walls, so this holds for either."""
    dv = s.discovery
    if dv.moving and ignores_walls(s, dv.seat):
        return list(range(6))
    face = direction(dv.at, dv.toward)
    walls = catalog().tile(dv.tile).walls
    return [r for r in range(6) if (face - r) % 6 not in walls]


class Listing:
    """`with Listing(s):` the moves of `s` are being listed and `s` does not change meanwhile, so
    each seat's reach is worked out once (every effect's first target asks for it). Per thread:
    two games listed at once never see each other's."""

    _now = threading.local()

    def __init__(self, s: InfState):
        self.s = s

    def __enter__(self) -> None:
        self.before = getattr(self._now, "listing", None)
        self._now.listing = (self.s, {})

    def __exit__(self, *exc: object) -> None:
        self._now.listing = self.before


def listed(s: InfState, compute, *args):
    """`compute(*args)` inside `with Listing(s):`, in one call where the block makes three (the
    Main listing runs on many steps)."""
    now = Listing._now
    before = getattr(now, "listing", None)
    now.listing = (s, {})
    try:
        return compute(*args)
    finally:
        now.listing = before


def reach(s: InfState, seat: int) -> frozenset[str]:
    """Your tile and every tile a clear path of up to 3 (4) steps away; empty spaces block, leaders
    do not (rule 28, I22). Callers only read the set."""
    listing = getattr(Listing._now, "listing", None)
    if listing is None or listing[0] is not s:
        return _reach(s, seat)
    known = listing[1]
    if seat not in known:
        known[seat] = _reach(s, seat)
    return known[seat]


def _reach(s: InfState, seat: int) -> frozenset[str]:
    start = s.players[seat].pos
    if start is None:
        return frozenset()
    board = s.board
    # One pass over the map for both the key and the Power level (which sets range and walls):
    # only the tiles' places and turns shape paths (not sides or tokens), and they rarely change.
    layout, power = [], 1
    for k, p in board.items():
        layout.append((k, p.tile, p.rot))
        if p.control == seat and kind_of(p.tile, p.up) == "power":
            power += 1
    here = board[start]
    free = power >= 4 or kind_of(here.tile, here.up) == "power"
    key = (tuple(layout), start, 4 if power >= 3 else 3, free)
    found = _paths.get(key)
    if found is None:
        if len(_paths) > 4096:
            _paths.clear()
        found = _paths[key] = _walk(s, start, key[2], free)
    return found


@lru_cache(maxsize=1024)  # reach sets are shared per map layout (see _reach): the same few recur
def ordered(area: frozenset[str]) -> tuple[str, ...]:
    """The tiles of `area` in key order, as targets are listed."""
    return tuple(sorted(area))


_paths: dict[tuple, frozenset[str]] = {}  # (layout, start, steps, walls ignored) -> tiles in reach


def _walk(s: InfState, start: str, steps: int, free: bool) -> frozenset[str]:
    """Breadth first from `start`, one ring of steps at a time, through open edges (all when `free`)."""
    board = s.board
    seen, ring_ = {start}, [start]
    for _ in range(steps):
        nxt = []
        for k in ring_:
            here = board[k]
            for d, n in enumerate(ring(k)):
                there = board.get(n)
                if there is not None and n not in seen and (free or open_between(here, there, d)):
                    seen.add(n)
                    nxt.append(n)
        ring_ = nxt
    return frozenset(seen)


def leader_in_reach(s: InfState, seat: int, other: int) -> bool:
    pos = s.players[other].pos
    return pos is not None and pos in reach(s, seat)


def enemies(s: InfState, seat: int) -> list[int]:
    """Leaders on the map that are not you or your teammates (I31)."""
    teams = s.teams
    return [t for t, p in enumerate(s.players) if t != seat and (teams is None or teams[t] != teams[seat])
            and p.pos is not None and not p.out]


def turn_key(s: InfState, seat: int) -> tuple:
    """Sort key: highest Influence first, then the tile name alphabetically; the Rift loses ties (I6)."""
    pos = s.players[seat].pos
    if pos is None:
        tile = s.players[seat].start_tile
        side = catalog().tile(tile).side_a if tile else None
        return (-(side.influence if side else 0), side.name if side else "~", seat)
    side = s.board[pos].side()
    return (-side.influence, "~" if pos == RIFT_AT else side.name, seat)


def sort_turns(s: InfState) -> None:
    s.order = sorted((t for t, p in enumerate(s.players) if not p.out), key=lambda t: turn_key(s, t))


# --- tokens (rules 27, 33; I29, I30) -------------------------------------------------------------


def gain_token(s: InfState, seat: int, n: int = 1) -> int:
    p, got = s.players[seat], 0
    for _ in range(n):
        if p.track < TRACK_MAX and p.reserve > 0:
            p.track += 1
            p.reserve -= 1
            got += 1
    return got


def take_control(s: InfState, seat: int, k: str, events: list[Event], *, free: bool) -> bool:
    """Put `seat`'s control token on tile k. A paid control spends a reaction token; a free one
    takes a reserve token (then a track token). An existing token is destroyed first (I24)."""
    p = s.players[seat]
    if free and p.reserve == 0 and p.track == 0 or not free and p.track == 0:
        return False
    placed = s.board[k]
    if placed.control is not None:
        if placed.control == seat:
            return False
        destroy_token(s, seat, k, events)
    if free and p.reserve > 0:
        p.reserve -= 1
    else:
        p.track -= 1
    placed.control = seat
    side = placed.side()
    events.append(note(text=f"{p.name} takes control of {side.name}."))
    occur(s, seat, "control", events, tile=k)
    if side.influence == 5:
        occur(s, seat, "control_influence5", events, tile=k)
    if side.type == "star":
        occur(s, seat, "control_star", events, tile=k)
    return True


def destroy_token(s: InfState, by: int, k: str, events: list[Event]) -> None:
    """A destroyed control token returns to its owner's track, or to the reserve when the track is full."""
    placed = s.board[k]
    owner = placed.control
    placed.control = None
    o = s.players[owner]
    if o.track < TRACK_MAX:
        o.track += 1
    else:
        o.reserve += 1
    events.append(note(text=f"{s.players[by].name} destroys {o.name}'s control token on {placed.side().name}."))
    if owner != by:
        hurt(s, owner, None)
        occur(s, by, "destroy_enemy_token", events)
        trigger(s, owner, "token_destroyed", events)


# --- checks (rule 16) ----------------------------------------------------------------------------


def check_bonus(s: InfState, seat: int, attr: str) -> int:
    lv = levels(s, seat)
    bonus = sum(1 for a in ATTRIBUTES if a != attr and lv[a] >= 2)
    for eff in effects(s, seat):
        if eff.kind == "check_bonus" and eff.attribute == attr:
            bonus += eff.amount
    return bonus


def roll_check(s: InfState, seat: int, attr: str, threshold: int, events: list[Event], what: str) -> bool:
    dice = s.rng.dice(level(s, seat, attr))
    s.last_roll = dice
    bonus = check_bonus(s, seat, attr)
    total = sum(dice) + bonus
    ok = total >= threshold
    events.append(note(kind="roll", text=f"{s.players[seat].name} rolls a {attr.capitalize()} check for {what}: "
                        f"{' + '.join(map(str, dice))}{f' + {bonus}' if bonus else ''} = {total} against {threshold}, "
                        f"{'passed' if ok else 'missed'}.", data={"dice": dice, "total": total}))
    return ok


# --- lasting card effects ------------------------------------------------------------------------


def effects(s: InfState, seat: int):
    """Passive effects of units in the group and Prepared effects of timeline cards."""
    p = s.players[seat]
    for u in p.group:
        yield from card(u).passive
    for c in p.timeline:
        yield from card(c).prepared


def immune_to_power(s: InfState, owner: int, unit: str) -> bool:
    return defense(unit) <= power_shield(s, owner)


def power_shield(s: InfState, owner: int) -> int:
    """The highest defense `owner`'s Immune effects guard from Power attacks (0: none): their units
    at or below it cannot be attacked."""
    p = s.players[owner]
    shield = 0
    for u in p.group:
        shield = max(shield, _shields(u)[0])
    for c in p.timeline:
        shield = max(shield, _shields(c)[1])
    return shield


@finite_cache
def _shields(c: str) -> tuple[int, int]:
    """The defense card `c` guards from Power attacks while in a group (passive) and while in a
    timeline (prepared); 0 for none."""
    cd = card(c)
    return tuple(max((e.max_defense for e in found if e.kind == "immune_power"), default=0)
                 for found in (cd.passive, cd.prepared))


@finite_cache
def defense(unit: str) -> int:
    return card(unit).defense


def timeline_immune(s: InfState, owner: int, c: str) -> bool:
    """Cold Storage guards the owner's other timeline cards."""
    return any(card(t).prepared and any(e.kind == "immune_timeline" for e in card(t).prepared)
               for t in s.players[owner].timeline if t != c)


def trigger(s: InfState, seat: int, on: str, events: list[Event]) -> None:
    for eff in list(effects(s, seat)):
        if eff.kind == "trigger" and eff.on == on:
            for st in eff.steps:
                if st.op == "gain_token" and gain_token(s, seat, st.amount):
                    events.append(note(text=f"{s.players[seat].name}'s prepared card answers: they gain a token."))


# --- cards ---------------------------------------------------------------------------------------


def draw(s: InfState, seat: int, n: int, events: list[Event]) -> int:
    """Draw up to n; a draw is skipped while the hand is full (rule 22)."""
    p, got = s.players[seat], 0
    pile = s.piles[p.faction]
    limit = hand_limit(s, seat) if n > 0 else 0  # drawing changes no tile's control
    for _ in range(n):
        if len(p.hand) >= limit:
            break
        c, reshuffled = zone_draw(pile.deck, pile.discard, p.hand, s.rng)
        if reshuffled:
            events.append(note(text=f"The {catalog().factions[p.faction].name} deck is reshuffled from its discard pile."))
        if c is None:
            break
        got += 1
    if got:
        events.append(note(text=f"{p.name} draws {got}."))
    return got


def discard(s: InfState, c: str) -> None:
    """Any card goes to its own faction's discard pile (I9)."""
    s.piles[card(c).faction].discard.append(c)


def hurt(s: InfState, owner: int, c: str | None) -> None:
    """Record that this action destroyed one of `owner`'s assets (reactions follow, in this order)."""
    if owner not in s.hurt:
        s.hurt.append(owner)
    if c is not None:
        s.destroyed.setdefault(str(owner), []).append(c)


def destroy_card(s: InfState, by: int, owner: int, c: str, area: str, events: list[Event]) -> None:
    getattr(s.players[owner], area).remove(c)
    discard(s, c)
    where = "group" if area == "group" else "timeline"
    events.append(note(text=f"{s.players[by].name} destroys {card(c).name} in {s.players[owner].name}'s {where}."))
    if owner != by:
        hurt(s, owner, c)
        occur(s, by, "destroy_unit" if area == "group" else "destroy_timeline", events)
    if area == "group":
        trigger(s, owner, "unit_destroyed", events)


def random_discard(s: InfState, by: int, victim: int, n: int, events: list[Event]) -> None:
    """Forced discards are random (rule 36); the cards discarded become public."""
    p = s.players[victim]
    for _ in range(min(n, len(p.hand))):
        c = p.hand.pop(s.rng.below(len(p.hand)))
        discard(s, c)
        events.append(note(text=f"{p.name} discards {card(c).name} at random."))
    occur(s, by, "forced_discard", events)


# --- objectives (rule 38, I16) -------------------------------------------------------------------


def objectives(s: InfState, seat: int, scoring: str | None = None, event: str | None = None) -> tuple:
    """The objectives in play for `seat` (only those scored this way, on this event, when given)."""
    return _objectives(tuple(s.objectives), s.players[seat].faction, scoring, event)


@finite_cache  # a handful of skirmish-card sets, factions and events: asked after most moves
def _objectives(keys: tuple[str, ...], faction: str | None, scoring: str | None, event: str | None) -> tuple:
    cat = catalog()
    return tuple(o for sk in keys if cat.skirmish[sk].faction in (None, faction) for o in cat.skirmish[sk].objectives
                 if (scoring is None or o.scoring == scoring) and (event is None or o.event == event))


def occur(s: InfState, seat: int, event: str, events: list[Event], tile: str | None = None) -> None:
    """Pay every per-occurrence objective this event meets; nothing scores during set-up."""
    if s.phase in ("world", "leader", "explore", "deploy") or s.finished or s.players[seat].conceded:
        return
    for o in objectives(s, seat, "occurrence", event):
        once = {"round": f"{o.id}:{seat}:r{s.round}", "tile": f"{o.id}:{seat}:{tile}"}.get(o.limit or "")
        if once is not None:
            if once in s.once:
                continue
            s.once.append(once)
        reward(s, seat, o.reward, o.amount, o.text, events)


def reward(s: InfState, seat: int, kind: str, amount: int, why: str, events: list[Event]) -> None:
    name = s.players[seat].name
    if kind == "tokens":
        if gain_token(s, seat, amount):
            events.append(note(kind="score", text=f"{name} gains a reaction token ({why.split(':')[0]})."))
        return
    for t in team_of(s, seat):
        s.players[t].score += amount
    events.append(note(kind="score", text=f"{name} scores {amount} ({why.split(':')[0]}); "
                        f"now {s.players[seat].score}."))


def team_of(s: InfState, seat: int) -> list[int]:
    """Teammates share one score marker (I19): every member's score moves together."""
    teams = s.teams
    return [seat] if teams is None else [t for t in range(len(s.players)) if teams[t] == teams[seat]]


def has_exact(dice: list[str], cost: list[str]) -> bool:
    """The locked dice hold every printed face of `cost` (a Star or Rift die does not stand in)."""
    if len(cost) == 1:  # most costs are one face
        return cost[0] in dice
    left = list(dice)
    for f in cost:
        if f not in left:
            return False
        left.remove(f)
    return True
