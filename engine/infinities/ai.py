"""The Infinities AI (notes section 4): a utility score over the legal moves, no search.

It values points (destroyed units, controlled tiles for the X objective and attributes), spends
tokens on control while keeping one for a reaction, rerolls by the chance of useful faces, and
reacts when it holds 2 or more tokens or the bonus check is even money."""

from __future__ import annotations

import random

from engine.core import Pass
from engine.core.memo import finite_cache

from . import mechanics as M
from .actions import (
    Attack,
    Choose,
    ChooseWorld,
    Convert,
    Deploy,
    Done,
    LeaderAct,
    Move,
    PickLeader,
    Place,
    PlaceStart,
    PlayCard,
    React,
    Reroll,
    Step,
    UnitAct,
    Warp,
)
from .cards import card, catalog
from .state import InfState, neighbour

USEFUL = {"power", "energy", "fortitude", "star", "rift"}


@finite_cache
def at_least(dice: int, bonus: int, threshold: int) -> float:
    """P(sum of `dice` d6 + bonus >= threshold)."""
    dist = {0: 1.0}
    for _ in range(dice):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for f in range(1, 7):
                nxt[total + f] = nxt.get(total + f, 0) + p / 6
        dist = nxt
    return sum(p for total, p in dist.items() if total + bonus >= threshold)


def check_chance(s: InfState, seat: int, attr: str, threshold: int) -> float:
    return at_least(M.level(s, seat, attr), M.check_bonus(s, seat, attr), threshold)


def tile_value(s: InfState, seat: int, k: str) -> float:
    """What controlling tile k is worth: a new type (X objective), attribute levels, Influence 5, Star."""
    side = s.board[k].side()
    mine = {s.board[t].side().type for t in M.controlled(s, seat)}
    v = 1.0 + (1.5 if side.type not in mine else 0) + side.influence * 0.2
    if side.influence == 5:
        v += 2
    if side.type == "star" and s.players[seat].faction == "lightbearers":
        v += 2
    if side.type in ("power", "energy", "fortitude") and M.level(s, seat, side.type) < 4:
        v += 0.7
    return v


def score(s: InfState, seat: int, a) -> float:
    p = s.players[seat]
    if isinstance(a, Pass):
        return 0.0
    if isinstance(a, Attack):
        return 2.5 * check_chance(s, seat, "power", card(a.unit).defense)
    if isinstance(a, Move):
        return 1.6 if p.track > 1 else 0.7
    if isinstance(a, PlayCard):
        cd = card(a.card)
        room = len(p.group) < M.group_limit(s, seat)
        base = (1.4 if room else 0.3) if cd.kind == "unit" else 1.1
        return base + (0.2 if a.empower and cd.empower and check_chance(s, seat, "energy", cd.empower.threshold) > .5
                       else 0)
    if isinstance(a, (LeaderAct, UnitAct)):
        return 1.5
    if isinstance(a, Convert):
        return 0.4 if a.to in ("power", "energy", "fortitude") and a.face in ("boost", "star", "rift") else 0.05
    return 0.1


def choose(game, s: InfState, seat: int):
    legal = game.legal_actions(s, seat)
    first = legal[0]
    p = s.players[seat]
    if isinstance(first, ChooseWorld):  # a mixed choice: neither faction is a sure favourite
        return random.Random(f"{s.rng.seed}:{seat}").choice(legal)
    if isinstance(first, PickLeader):  # varied like the world, so the report measures every leader
        return random.Random(f"{s.rng.seed}:{seat}:leader").choice(legal)
    if isinstance(first, PlaceStart):
        best = [a for a in legal if a.control] or legal
        return best[0]
    if isinstance(first, Reroll):
        keep = sum(f in USEFUL for f in p.rolled) >= 2
        return next(a for a in legal if a.again != keep)
    if isinstance(first, Place):
        return place(s, seat, legal)
    if any(isinstance(a, React) for a in legal):
        return react(s, seat, legal)
    if any(isinstance(a, (Step, Warp)) for a in legal):
        return step(s, seat, legal)
    if any(isinstance(a, (Deploy, Done)) for a in legal):
        return deploy(legal)
    if s.phase == "main" and not s.runs and s.motion is None:
        return max(legal, key=lambda a: score(s, seat, a))
    return target(s, seat, legal)


def deploy(legal: list):
    units = [a for a in legal if isinstance(a, Deploy) and a.to == "group"]
    actions = [a for a in legal if isinstance(a, Deploy) and a.to == "timeline" and card(a.card).kind == "action"]
    return (units or actions or [a for a in legal if isinstance(a, Done)])[0]


def react(s: InfState, seat: int, legal: list):
    p = s.players[seat]
    chance = check_chance(s, seat, "fortitude", 10)
    if p.track < 2 and chance < 0.5:
        return next(a for a in legal if isinstance(a, Pass))
    return next(a for a in legal if isinstance(a, React) and a.check == (chance >= 0.15))


def step(s: InfState, seat: int, legal: list):
    """Steps that control a good tile first, then discovery, then plain steps; stop when nothing pays."""
    mover = s.motion.mover
    here = s.players[mover].pos

    def value(a) -> float:
        if isinstance(a, Pass):
            return 0.3
        if isinstance(a, Warp):
            return tile_value(s, seat, a.to) if a.control else 0.2
        n = neighbour(here, a.dir)
        if n not in s.board:
            return 2.0 if s.players[seat].track > 1 else 0.9
        if a.control and (s.players[seat].track > 1 or s.motion.free_controls):
            return tile_value(s, seat, n)
        return 0.5 if s.board[n].control is None else 0.1
    return max(legal, key=value)


def place(s: InfState, seat: int, legal: list):
    dv = s.discovery
    tile = catalog().tile(dv.tile)

    def value(a) -> float:
        side = tile.side(a.side)
        v = side.influence * 0.3
        mine = {s.board[t].side().type for t in M.controlled(s, seat)}
        if a.control:
            v += (2 if side.type not in mine else 1) if s.players[seat].track > 1 or s.motion.free_controls else -1
        return v
    return max(legal, key=value)


def target(s: InfState, seat: int, legal: list):
    """Targets: hit the leader with the most points; in the End phase prepare actions, keep units."""
    chooses = [a for a in legal if isinstance(a, Choose)]
    if not chooses:
        return legal[0]
    if s.phase == "end" and not s.runs:
        units = [a for a in chooses if card(a.target[5:]).kind == ("action" if s.end_step == "prepare" else "unit")]
        return (units or chooses)[0]

    def value(a) -> float:
        kind, _, val = a.target.partition(":")
        if kind == "seat":
            return s.players[int(val)].score + 1
        if kind == "tile":
            k = val.split(">")[0].removesuffix("+c")
            owner = s.board[k].control if k in s.board else None
            return tile_value(s, seat, k) + (s.players[owner].score / 10 if owner is not None else 0)
        if kind == "unit":
            return 10 - card(val).defense
        return 1.0
    return max(chooses, key=value)
