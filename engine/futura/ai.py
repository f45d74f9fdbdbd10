"""A first heuristic player (notes §4): it keeps energy (1 VP each), builds stations, banks hand cards
in station slots or sells them, sends one fighter to claim undefended districts, assaults only what
it expects to break, yields when the primary is in danger, and plays the strongest effect offered."""

from __future__ import annotations

from engine.core import Action, EndTurn, Pass

from .actions import (
    Ambush,
    Assault,
    Build,
    ClaimCard,
    Fight,
    Play,
    Recall,
    Sell,
    Store,
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
    # Energy is worth 1 VP and gear only half its level, so the AI keeps its energy and spends it
    # where VP come back: stations on its districts and assaults it expects to win (rule 48).
    for pick in (build_or_upgrade, bank, to_bay, best_assault, recall):
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


def bank(s: FuturaState, seat: int, legal: list[Action]):
    """Cards in hand score nothing: store the highest-level ones (0.5 VP a level), sell the rest."""
    stores = [m for m in legal if isinstance(m, Store) and s.card(m.card).kind != "ability"]
    if stores:
        return max(stores, key=lambda m: s.card(m.card).level)
    sells = [m for m in legal if isinstance(m, Sell) and m.card in s.players[seat].hand]
    return max(sells, key=lambda m: s.card(m.card).level) if sells else None


def fight_on(s: FuturaState, legal: list[Action]) -> Action:
    """Yield when the primary's AP is below what two defender strikes could take."""
    f = s.fight
    _, primary = s.acolyte(f.primary)
    ap, _ = stats(s, primary)
    danger = 30 if f.kind == "assault" else 20
    want = Yield if ap < danger and f.exchange > 0 else Fight
    return next(m for m in legal if isinstance(m, want))


def build_or_upgrade(s: FuturaState, seat: int, legal: list[Action]):
    builds = [m for m in legal if isinstance(m, Build)]
    if builds:
        return builds[0]
    ups = [m for m in legal if isinstance(m, Upgrade) and m.voucher]
    return ups[0] if ups else None


def to_bay(s: FuturaState, seat: int, legal: list[Action]):
    p = s.players[seat]
    bay = sum(a.loc == "bay" for a in p.acolytes)
    moves = [m for m in legal if isinstance(m, ToBay)]
    open_targets = any(h.station is None and not h.face_down for q in s.players if q.seat != seat
                       for h in q.holdings)
    if not moves or bay >= 1 or not open_targets:
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

