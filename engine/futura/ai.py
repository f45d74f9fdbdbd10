"""A heuristic player (notes §4): it builds stations, gears up two fighters (armour for the AP it
adds, then sabers) while an energy reserve holds, banks other hand cards in station slots or sells
them, sends armoured fighters (or anyone, to claim an unbuilt district) to the Assault bay, assaults
what the Monte-Carlo odds say it can break, yields when the odds turn, and plays the strongest effect
offered."""

from __future__ import annotations

from engine.core import Action, EndTurn, Pass

from . import combat as C
from .actions import (
    Accept,
    Ambush,
    Assault,
    Build,
    ClaimCard,
    Crystal,
    Equip,
    Fight,
    Play,
    Recall,
    Sell,
    Store,
    Summon,
    ToBay,
    Upgrade,
    Yield,
)
from .loadout import stats
from .odds import acolyte_value, attack_odds, defenders, district_value
from .state import FuturaState


def choose(game, s: FuturaState, seat: int) -> Action:
    legal = game.legal_actions(s, seat)
    if s.asks:
        return answer(s, seat, legal)
    if s.fight is not None:
        return fight_on(s, legal)
    # Energy is worth 1 VP and gear only half its level, so the AI keeps its energy and spends it
    # where VP come back: stations on its districts and assaults it expects to win (rule 48).
    for pick in (build_or_upgrade, arm, bank, to_bay, best_assault, recall):
        move = pick(s, seat, legal)
        if move is not None:
            return move
    return next(m for m in legal if isinstance(m, EndTurn))


def answer(s: FuturaState, seat: int, legal: list[Action]) -> Action:
    kind = s.asks[0].kind
    plays = [m for m in legal if isinstance(m, Play)]
    if plays:
        return max(plays, key=lambda m: (m.pay == "sigil", m.tier))
    claims = [m for m in legal if isinstance(m, ClaimCard)]
    if claims:
        order = {"equip": 0, "store": 1, "hand": 2, "sell": 3, "discard": 4}
        return min(claims, key=lambda m: order[m.how])
    if kind == "discard":
        return min(legal, key=lambda m: (s.card(m.card).level, m.card))
    if kind == "summon":
        summons = [m for m in legal if isinstance(m, Summon)]
        return max(summons, key=lambda m: stats(s, s.acolyte(m.acolyte)[1])[0])
    if kind == "trade":  # a card for no more than it would sell for is never a loss
        t = s.trade
        fair = t.price <= s.card(t.card).level // 2
        return next((m for m in legal if isinstance(m, Accept) and fair), legal[-1])
    if kind == "crystal":  # possession only pays when the primary hits hard
        _, prim = s.acolyte(s.fight.primary)
        return next(m for m in legal if isinstance(m, Crystal) and m.choice == (
            "possess" if stats(s, prim)[1] >= 15 else "drive"))
    return next((m for m in legal if not isinstance(m, Pass)), legal[-1])


def bank(s: FuturaState, seat: int, legal: list[Action]):
    """Cards in hand score nothing: store the highest-level ones (0.5 VP a level), sell the rest."""
    stores = [m for m in legal if isinstance(m, Store) and s.card(m.card).kind != "ability"]
    if stores:
        return max(stores, key=lambda m: s.card(m.card).level)
    sells = [m for m in legal if isinstance(m, Sell) and m.card in s.players[seat].hand]
    return max(sells, key=lambda m: s.card(m.card).level) if sells else None


def fight_on(s: FuturaState, legal: list[Action]) -> Action:
    """Before the first exchange, play the support's Inspire or Sacrifice. Then, in an assault,
    fight on while the Monte-Carlo expected value of going on (district won against primary lost)
    stays positive; in an ambush, yield when the primary's AP is low."""
    f = s.fight
    support_cards = [m for m in legal if isinstance(m, Play)]
    if support_cards:
        return max(support_cards, key=lambda m: (m.pay == "sigil", m.tier))
    _, primary = s.acolyte(f.primary)
    ap, _ = stats(s, primary)
    if f.kind == "assault" and f.exchange > 0 and not f.guard:
        sup = s.acolyte(f.support)[1] if f.support else None
        odds = attack_odds(s, primary, sup, defenders(s, f.attacker, f.district), DANGER,
                           f"{s.rng.seed}:{s.version}")
        go_on = odds.win * district_value(s, f.district, len(s.living())) - odds.death * acolyte_value(s, primary)
        want = Fight if go_on > 0 else Yield
    else:
        want = Yield if ap < 20 and f.exchange > 0 else Fight
    return next(m for m in legal if isinstance(m, want))


def build_or_upgrade(s: FuturaState, seat: int, legal: list[Action]):
    builds = [m for m in legal if isinstance(m, Build)]
    if builds:
        return builds[0]
    ups = [m for m in legal if isinstance(m, Upgrade) and m.voucher]
    return ups[0] if ups else None


FIGHTERS = 2  # how many acolytes the AI gears up and sends to the Assault bay
RESERVE = 3  # energy kept back for moves and supports while gearing up
READY_AP = 30  # an acolyte with this much AP and armour on is worth sending to the bay


def fighters_of(s: FuturaState, seat: int) -> list[str]:
    """The acolytes the AI fights with: those already in the bay or armoured, then the toughest."""
    acolytes = s.players[seat].acolytes
    ranked = sorted(acolytes, key=lambda a: (a.loc == "bay", a.armour is not None, stats(s, a)[0]), reverse=True)
    return [a.uid for a in ranked[:FIGHTERS]]


def arm(s: FuturaState, seat: int, legal: list[Action]):
    """Without gear no assault can win, and a station taken is worth more than the energy spent on
    armour (which keeps half its level in VP): armour the fighters first (most AP gained), then give
    them sabers (most DAM), while the energy reserve holds. Nothing is bought in the last cycle."""
    p = s.players[seat]
    if s.cycle >= s.cycles:
        return None
    mine = fighters_of(s, seat)
    best, gain = None, 0
    for m in legal:
        if not isinstance(m, Equip) or m.acolyte not in mine:
            continue
        card = s.card(m.card)
        cost = 0 if card.kind == "ability" else card.level // (2 if s.cards[m.card].paid else 1)
        if p.energy - cost < RESERVE:
            continue
        a = s.acolyte(m.acolyte)[1]
        if card.kind == "armour":
            value = s.cards[m.card].ap - (s.cards[a.armour].ap if a.armour else 0)  # AP left, not printed
        elif card.kind == "saber":
            value = 3 * card.dam
        else:
            continue
        if value > 0 and value / (cost + 1) > gain:
            best, gain = m, value / (cost + 1)
    return best


def to_bay(s: FuturaState, seat: int, legal: list[Action]):
    """Send a fighter to the bay: any acolyte when an enemy district lies unbuilt, else an armoured
    one strong enough to face a station."""
    moves = [m for m in legal if isinstance(m, ToBay)]
    if not moves or s.assaulted and s.cycle >= s.cycles:
        return None
    bay = sum(a.loc == "bay" for a in s.players[seat].acolytes)
    open_targets = any(h.station is None and not h.face_down for q in s.players if q.seat != seat
                       for h in q.holdings)
    if open_targets and bay == 0:
        return max(moves, key=lambda m: stats(s, s.acolyte(m.acolyte)[1])[0])
    mine = fighters_of(s, seat)
    ready = [m for m in moves if m.acolyte in mine and (a := s.acolyte(m.acolyte)[1]).armour
             and stats(s, a)[0] >= READY_AP]
    return max(ready, key=lambda m: stats(s, s.acolyte(m.acolyte)[1])[0]) if ready and bay < FIGHTERS else None


def best_assault(s: FuturaState, seat: int, legal: list[Action]):
    """Unbuilt districts first; otherwise the target with the best Monte-Carlo expected value
    (district won against primary lost, from the AP and creatures this seat can see)."""
    options = [m for m in legal if isinstance(m, (Assault, Ambush))]
    if not options:
        return None
    cache: dict = {}

    def score(m):
        prim = s.acolyte(m.primary)[1]
        if isinstance(m, Ambush):
            return stats(s, prim)[0] - stats(s, s.acolyte(m.target)[1])[0] - 10
        _, h = s.holding(m.district)
        if h.station is None:
            return 1000
        key = (m.primary, m.support, m.district)
        if key not in cache:
            sup = s.acolyte(m.support)[1] if m.support else None
            odds = attack_odds(s, prim, sup, defenders(s, seat, m.district), DANGER, f"{s.rng.seed}:{s.version}:{key}")
            cache[key] = (odds.win * district_value(s, m.district, len(s.living()))
                          - odds.death * acolyte_value(s, prim) - (1 if m.support else 0))
        return cache[key] + (0.5 if m.ensigil else 0)

    best = max(options, key=score)
    return best if score(best) > 0.5 else None


DANGER = 25  # the AP below which the AI's own primary yields in the odds runs


STANDING = {
    "ensigil": {"always": "Ensigil my first creature whenever the oldest sigil matches it",
                "never": "Keep my sigils"},
    "effect": {"best": "Play the strongest effect I can pay for", "never": "Play nothing"},
    "life_support": {"always": "Use Life Support when an acolyte would die", "never": "Let it fall"},
    "summon": {"strongest": "Call my strongest benched acolyte to the defence", "never": "Call nobody"},
    "crystal": {"drive": "Drive the attacker off", "possess": "Possess the primary for one exchange"},
    "trade": {"decline": "Decline every trade offer", "fair": "Accept offers priced at half the level or less"},
    "claim": {"best": "Equip claimed cards if I can, else store, else sell"},
    "discard": {"lowest": "Discard my lowest-level cards"},
    "engagement": {"armour": "Fight on while my primary's armour holds at half or more",
                   "safe": "Fight on while the defender's best roll cannot kill my primary"},
}


def unit_dam(s: FuturaState) -> int:
    """The printed DAM of the defending unit (no dice rolled: the AI must not touch the game's dice)."""
    kind, unit = C.defender_unit(s)
    if kind == "acolyte":
        return stats(s, s.acolyte(unit)[1])[1]
    if kind == "creature":
        return s.card(unit).dam
    return s.holding(unit)[1].station.dam


def standing(game, s: FuturaState, seat: int, kind: str, answer_id: str) -> Action | None:
    """The move a standing answer makes now, or None to ask the player (notes §4)."""
    legal = game.legal_actions(s, seat)
    if not legal or answer_id not in STANDING.get(kind, {}):
        return None
    passes = [m for m in legal if isinstance(m, Pass)]
    if answer_id == "never" or answer_id == "decline":
        return passes[0] if passes else None
    if kind == "engagement":
        return auto_continue(s, legal, answer_id)
    if kind == "crystal":
        return next(m for m in legal if isinstance(m, Crystal) and m.choice == answer_id)
    if kind == "trade":
        t = s.trade
        fair = t.price <= s.card(t.card).level // 2
        return next((m for m in legal if isinstance(m, Accept) and fair), passes[0])
    return answer(s, seat, legal)


def auto_continue(s: FuturaState, legal: list[Action], answer_id: str) -> Action | None:
    """The attacker's auto-continue threshold: roll the next exchange while it holds, else ask."""
    f = s.fight
    _, prim = s.acolyte(f.primary)
    if answer_id == "armour":
        ok = prim.armour is not None and s.cards[prim.armour].ap * 2 >= s.card(prim.armour).ap
    else:  # the strike the defender lands on a winning roll, with a d4 of Droid or Populous at most
        ok = stats(s, prim)[0] > unit_dam(s) + 4
    return next((m for m in legal if isinstance(m, Fight)), None) if ok else None


def recall(s: FuturaState, seat: int, legal: list[Action]):
    moves = [m for m in legal if isinstance(m, Recall)]
    hurt = [m for m in moves if any(stats(s, s.acolyte(u)[1])[0] < 25 for u in m.acolytes)]
    return hurt[0] if hurt else None

