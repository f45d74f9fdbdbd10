"""Runic Arts (class and position requirements) and Terrain Effects (permanent field rules)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, permutations

from engine.core import Event

from . import made
from .actions import CastArt, CastTerrain
from .board import BIT, Hand, box, hand, reach_stats, stat, tag
from .cards import PER_CARD, CardDef, catalog
from .state import ClansState, Pos, dist


def classes_of(state: ClansState, iid: str, rng: int) -> frozenset[str]:
    """The classes an ally answers to: its own, and Ranged whenever its range is 2 or more (ranged-and-melee)."""
    return card_classes(state.units[iid].card, rng >= 2)


@lru_cache(maxsize=PER_CARD)
def card_classes(card: str, ranged: bool) -> frozenset[str]:
    """`classes_of` by card: the art lists ask it of every helper near a foe, step after step."""
    cls = catalog().cards[card].cls
    return frozenset((cls, "ranged")) if ranged else frozenset((cls,))


def can_join(state: ClansState, iid: str) -> bool:
    """An ally may take part if it has not acted this turn (moving is fine, even a closed activation,
    FAQ) and was not summoned this turn (A-26)."""
    u = state.units[iid]
    return u.owner == state.active and u.act != "done" and u.summoned_turn != state.turn


def in_position(state: ClansState, art: CardDef, iid: str, target: str, rng: int) -> bool:
    gap = dist(state.units[iid].pos, state.units[target].pos)
    return gap <= rng if art.pattern == "INRANGE" else gap == 1  # ADJ and FLANK stand next to the foe


def classes_fit(art: CardDef, classes: list[frozenset[str]]) -> bool:
    """Can each participant fill one class slot of the card (a small matching, tried exhaustively)?"""
    slots = [c for c, n in art.classes.items() for _ in range(n)]
    return len(slots) == len(classes) and any(all(s in c for s, c in zip(slots, order, strict=True))
                                              for order in permutations(classes))


def flanked(state: ClansState, target: str, allies: tuple[str, ...]) -> bool:
    """FLANK: two participants on opposite sides of the foe (their offsets from it cancel out)."""
    tx, ty = state.units[target].pos
    offs = [(state.units[i].pos[0] - tx, state.units[i].pos[1] - ty) for i in allies]
    return any(a[0] + b[0] == 0 and a[1] + b[1] == 0 for a, b in combinations(offs, 2))


def art_allows(state: ClansState, card: str, target: str, allies: tuple[str, ...]) -> bool:
    art = catalog().cards[card]
    if len(set(allies)) != len(allies) or any(i not in state.units or not can_join(state, i) for i in allies):
        return False
    rngs = {i: stat(state, i, "rng") for i in allies}
    if not all(in_position(state, art, i, target, rngs[i]) for i in allies):
        return False
    if art.pattern == "FLANK" and not flanked(state, target, allies):
        return False
    return classes_fit(art, [classes_of(state, i, rngs[i]) for i in allies])


def affordable(state: ClansState, seat: int, card: str, kind: str) -> bool:
    p, d = state.players[seat], catalog().cards.get(card)
    return d is not None and d.kind == kind and card in p.unused and d.sp <= p.sp and d.exp <= p.exp


def art_actions(state: ClansState, seat: int, held: Hand | None = None) -> list[CastArt]:
    """Every way to cast each affordable Runic Art: a foe and a set of allies in formation."""
    out: list[CastArt] = []
    p = state.players[seat]
    cards = catalog().cards
    # affordable: each card here is in the hand, so only the price is left to look at
    arts = [card for card in (held or hand(state, seat)).get("art", ()) if cards[card].sp <= p.sp and cards[card].exp <= p.exp]
    if not arts or seat != state.active:
        return out  # can_join: only the active seat's allies take part
    turn = state.turn
    helpers = [u for u in state.units.values() if u.owner == seat and u.act != "done" and u.summoned_turn != turn]
    need = min(art_size(card) for card in arts)
    if len(helpers) < need:
        return out  # no art finds allies enough: most turns, once the allies have acted
    # stat(rng), asked once, not once per foe and card: the card's own (1 or more) unless changed
    rngs = [reach_stats(state, u.iid)[1] if u.mods_turn or u.mods_act or u.equipment or u.statuses
            else cards[u.card].rng for u in helpers]
    # in_position on bit masks, once per foe for every card: the helpers within their range of it
    # (INRANGE) and those next to it (ADJ, FLANK), each in iid order. A foe within the range of
    # fewer helpers than any art takes (two or more, mostly) has no art cast on it, and is passed
    # over with one test: most foes, most turns.
    spans = [box(u.pos, rng) for u, rng in zip(helpers, rngs, strict=True)]  # dist <= rng
    once = twice = 0  # the tiles within the range of one helper or more, of two or more
    for span in spans:
        twice |= once & span
        once |= span
    enough = once if need < 2 else twice
    team = seat % 2
    reached = []  # (foe, helpers within range of it, helpers next to it) for each foe in reach, in board order
    for f in state.units.values():
        if f.owner % 2 == team:
            continue
        bit = BIT[f.pos]
        if not bit & enough:
            continue
        in_range, beside = [], []
        for u, span in zip(helpers, spans, strict=True):
            if span & bit:
                in_range.append(u.iid)
                if next_to(u.pos) & bit:  # dist == 1 (never beyond a range)
                    beside.append(u.iid)
        reached.append((f, sorted(in_range), sorted(beside)))
    if not reached:
        return out
    classes = {u.iid: card_classes(u.card, rng >= 2) for u, rng in zip(helpers, rngs, strict=True)}  # classes_of
    units = state.units
    for card in arts:
        art = catalog().cards[card]
        size, which = art_size(card), 1 if art.pattern == "INRANGE" else 2
        for near_by in reached:  # a foe no helper reaches has no art cast on it
            near = near_by[which]
            if len(near) < size:
                continue
            foe = near_by[0]
            for group in combinations(near, size):
                # art_allows, less what the lists above settled: distinct helpers who may join, in position
                if (art.pattern != "FLANK" or flanked(state, foe.iid, group)) and fits(
                        card, tuple([classes[i] for i in group])):
                    out.append(made.art(seat, card, foe.iid, foe.card, foe.pos, group,
                                        tuple(units[i].pos for i in group)))
    return out


@lru_cache(maxsize=1 << 8)  # every tile of a field of up to 16 rows
def next_to(pos: Pos) -> int:
    """The tiles one step from `pos` (dist == 1) as a bit mask."""
    return box(pos, 1) & ~BIT[pos]


@lru_cache(maxsize=1 << 12)
def fits(card: str, classes: tuple[frozenset[str], ...]) -> bool:
    """`classes_fit` for the Runic Art `card`, remembered: every step tries the same few groups
    of allies on every foe near them, each group by trying every order of its members."""
    return classes_fit(catalog().cards[card], list(classes))


@lru_cache(maxsize=PER_CARD)
def art_size(card: str) -> int:
    """How many allies a Runic Art takes: one per class slot."""
    return sum(catalog().cards[card].classes.values())


class ArtRules:
    """Mixin for the Clans game: casting Runic Arts and Terrain Effects."""

    def _pay(self, state: ClansState, seat: int, card: str) -> CardDef:
        p, d = state.players[seat], catalog().cards[card]
        p.sp -= d.sp
        p.exp -= d.exp
        p.unused.remove(card)
        p.used.append(card)
        return d

    def do_art(self, state: ClansState, a: CastArt, events: list[Event]) -> None:
        """Uses up every participant's action; direct damage, so no ward, armor or counter (A-26)."""
        self._select(state, a.allies[0])
        d = self._pay(state, a.seat, a.card)
        for iid in a.allies:
            state.units[iid].act = "done"
        state.current = None
        who = ", ".join(catalog().cards[state.units[i].card].name.split(",")[0] for i in a.allies)
        events.append(Event(text=f"{state.seats[a.seat]} casts {d.name} ({d.sp} SP, {d.exp} EXP) with {who} "
                                 f"on {tag(state, a.target)}."))
        self._hurt(state, a.target, d.damage, a.seat, events, d.name)
        if d.status and a.target in state.units:
            self._inflict(state, a.target, d.status, a.seat, events)

    def do_terrain(self, state: ClansState, a: CastTerrain, events: list[Event]) -> None:
        """A permanent rule for all of the caster's allies, present and future (A-27)."""
        d = self._pay(state, a.seat, a.card)
        state.players[a.seat].terrain.append(d.rule)
        events.append(Event(text=f"{state.seats[a.seat]} casts {d.name} ({d.sp} SP, {d.exp} EXP): {d.text}"))


def terrain_actions(state: ClansState, seat: int, held: Hand | None = None) -> list[CastTerrain]:
    return [made.card_alone(CastTerrain, seat, c) for c in (held or hand(state, seat)).get("terrain", ())
            if affordable(state, seat, c, "terrain")]
