"""A first heuristic player (notes §4): equip the best affordable gear, build and upgrade stations,
move fighters to the bay and assault the weakest station it can break, yield when the primary is
in danger, and answer prompts with the cheapest useful effect."""

from __future__ import annotations

from engine.core import Action, EndTurn, Pass

from .actions import (
    Ambush,
    Assault,
    Build,
    ClaimCard,
    Equip,
    EquipCreature,
    Fight,
    Play,
    Recall,
    Sell,
    ToBay,
    Upgrade,
    Yield,
)
from .loadout import station_ap, stats
from .state import FuturaState


def choose(game, s: FuturaState, seat: int) -> Action:
    legal = game.legal_actions(s, seat)
    if s.asks:
        return answer(s, seat, legal)
    if s.fight is not None:
        return fight_on(s, legal)
    for pick in (best_equip, best_creature, build_or_upgrade, to_bay, best_assault, recall):
        move = pick(s, seat, legal)
        if move is not None:
            return move
    return next(m for m in legal if isinstance(m, EndTurn))


def answer(s: FuturaState, seat: int, legal: list[Action]) -> Action:
    plays = [m for m in legal if isinstance(m, Play)]
    if plays:
        return max(plays, key=lambda m: (m.pay == "sigil", m.tier))
    claims = [m for m in legal if isinstance(m, ClaimCard)]
    if claims:
        order = {"equip": 0, "store": 1, "hand": 2, "sell": 3, "discard": 4}
        return min(claims, key=lambda m: order[m.how])
    return next((m for m in legal if not isinstance(m, Pass)), legal[-1])


def fight_on(s: FuturaState, legal: list[Action]) -> Action:
    """Yield when the primary's AP is below what two defender strikes could take."""
    f = s.fight
    _, primary = s.acolyte(f.primary)
    ap, _ = stats(s, primary)
    danger = 30 if f.kind == "assault" else 20
    want = Yield if ap < danger and f.exchange > 0 else Fight
    return next(m for m in legal if isinstance(m, want))


def best_equip(s: FuturaState, seat: int, legal: list[Action]):
    eq = [m for m in legal if isinstance(m, Equip)]
    if not eq:
        return None
    return max(eq, key=lambda m: (s.card(m.card).kind == "armour", s.card(m.card).level))


def best_creature(s: FuturaState, seat: int, legal: list[Action]):
    eq = [m for m in legal if isinstance(m, EquipCreature)]
    return max(eq, key=lambda m: s.card(m.card).level) if eq else None


def build_or_upgrade(s: FuturaState, seat: int, legal: list[Action]):
    p = s.players[seat]
    builds = [m for m in legal if isinstance(m, Build)]
    if builds:
        return builds[0]
    ups = [m for m in legal if isinstance(m, Upgrade)]
    if ups and (p.energy >= 16 or any(m.voucher for m in ups)):
        return next((m for m in ups if m.voucher), ups[0])
    return None


def to_bay(s: FuturaState, seat: int, legal: list[Action]):
    p = s.players[seat]
    bay = sum(a.loc == "bay" for a in p.acolytes)
    moves = [m for m in legal if isinstance(m, ToBay)]
    if not moves or bay >= 2 or p.energy < 5:
        return None
    return max(moves, key=lambda m: stats(s, s.acolyte(m.acolyte)[1])[0])


def best_assault(s: FuturaState, seat: int, legal: list[Action]):
    """The weakest target the primary plausibly breaks: unbuilt districts first, then least AP."""
    options = [m for m in legal if isinstance(m, (Assault, Ambush))]
    if not options:
        return None

    def score(m):
        ap = stats(s, s.acolyte(m.primary)[1])[0]
        if isinstance(m, Ambush):
            return ap - stats(s, s.acolyte(m.target)[1])[0] + 10
        _, h = s.holding(m.district)
        if h.station is None:
            return 1000
        return ap - station_ap(s, h.station) + (5 if m.support else 0) + (3 if m.ensigil else 0)

    best = max(options, key=score)
    return best if score(best) > 0 else None


def recall(s: FuturaState, seat: int, legal: list[Action]):
    moves = [m for m in legal if isinstance(m, Recall)]
    hurt = [m for m in moves if any(stats(s, s.acolyte(u)[1])[0] < 25 for u in m.acolytes)]
    return hurt[0] if hurt else None


__all__ = ["choose", "Sell"]
