"""The v1 keywords that act outside the exchange window, and the dealings between players.

Informant (Scout), Warp, Summon (attacker and station), Inspire and Sacrifice (played from the support
before the first exchange), Crystal Production's choice; trades with consent (rule 12) and the
discard-down choice (rule 7). Each has a `*_moves` query (what is legal now) and a handler.
"""

from __future__ import annotations

from engine.core import Action, Decision, Event, Pass, answered, ask, interned
from engine.core.memo import finite_cache

from . import combat as C
from . import effects as fx
from . import made
from .actions import Accept, Crystal, Discard, Offer, Play, Scout, Summon, Warp
from .asks import aname, dname, offer_crystal, offer_station_summon, reveal_slots  # noqa: F401 (used by rules)
from .cards import catalog
from .loadout import current_class, stats
from .state import Acolyte, FuturaState, Player, Trade

HAND = 5


def inherent(a: Acolyte):
    return catalog().acolytes[a.cid].ability


@finite_cache  # keyed by acolyte card id: asked of every acolyte on every step
def inherent_keyword(cid: str) -> str:
    return catalog().acolytes[cid].ability.keyword


def keyword_cards(s: FuturaState, uids: list[str], keyword: str) -> list[str]:
    cards = s.cards
    return [u for u in uids if effect_keyword(cards[u].cid) == keyword]


@finite_cache  # keyed by deck card id: looked up for the hand on every step
def effect_keyword(cid: str) -> str | None:
    """The keyword of the card's effect (None: it has none)."""
    e = catalog().cards[cid].effect
    return None if e is None else e.keyword


# --- Informant -----------------------------------------------------------------------------

def scout_moves(s: FuturaState, p: Player) -> list[Action]:
    """A Whisper Lens in hand or carried, or a district with Informant once a cycle: look into one
    enemy station."""
    # The sources first: most turns have none, and then no station need be looked at (this runs
    # every step).
    sources = keyword_cards(s, p.hand, "Informant")
    for a in p.acolytes:
        if a.items:
            sources += keyword_cards(s, a.items, "Informant")
    sources += [h.did for h in p.holdings if h.station and not h.face_down and h.used_cycle != s.cycle
                and district_keyword(h.did) == "Informant"]
    if not sources:
        return []
    targets = [h.did for q in s.players if q.seat != p.seat for h in q.holdings if h.station and h.station.slots]
    return [interned(Scout, seat=p.seat, source=src, district=did,
                  text=f"Look into {dname(did)}'s station with {source_label(s, src)}")
            for src in sources for did in targets]


@finite_cache  # keyed by district id
def district_keyword(did: str) -> str:
    return catalog().districts[did].ability.keyword


def source_label(s: FuturaState, src: str) -> str:
    return s.card(src).name if src in s.cards else dname(src)


def do_scout(game, s: FuturaState, m: Scout, events: list[Event]) -> None:
    p = s.players[m.seat]
    if m.source in s.cards:
        C.detach(s, m.source)
        p.discard.append(m.source)
    else:
        s.holding(m.source)[1].used_cycle = s.cycle
    events.append(Event(text=f"{p.name} uses an informant on {dname(m.district)}."))
    reveal_slots(s, m.seat, m.district, events)


# --- Warp ----------------------------------------------------------------------------------

def warp_moves(s: FuturaState, p: Player) -> list[Action]:
    """An acolyte with Warp as its inherent ability, once a cycle on its owner's turn: swap any
    acolyte of the bay with a benched one, free."""
    users = [a for a in p.acolytes if inherent_keyword(a.cid) == "Warp" and a.ability_cycle != s.cycle]
    if not users:
        return []
    bay = [a for a in p.acolytes if a.loc == "bay" and a.attacked_turn != s.turn and a.support_turn != s.turn]
    bench = [a for a in p.acolytes if a.loc == "bench"]
    return [interned(Warp, seat=p.seat, source=u.uid, out=o.uid, into=i.uid,
                 text=f"{inherent(u).name}: swap {aname(o)} (bay) with {aname(i)} (bench)")
            for u in users for o in bay for i in bench]


def do_warp(game, s: FuturaState, m: Warp, events: list[Event]) -> None:
    p = s.players[m.seat]
    _, out = s.acolyte(m.out)
    _, into = s.acolyte(m.into)
    if m.source in s.cards:  # a Warp card on the primary, before the first exchange
        C.detach(s, m.source)
        p.discard.append(m.source)
        f = s.fight
        f.primary = into.uid
        into.attacked_turn = s.turn
        C.reveal_gear(s, into)
    else:
        s.acolyte(m.source)[1].ability_cycle = s.cycle
    C.to_bench(s, out)
    into.loc = "bay"
    events.append(Event(text=f"{p.name} warps {aname(out)} out of the Assault bay and {aname(into)} in."))


# --- before the first exchange: Warp card, Summon, Inspire, Sacrifice --------------------------------

def precombat_moves(s: FuturaState, seat: int) -> list[Action]:
    """The attacker's declared effects, only before the first exchange of an engagement."""
    f = s.fight
    if f is None or f.exchange or seat != f.attacker:
        return []
    p = s.players[seat]
    _, prim = s.acolyte(f.primary)
    bench = [a for a in p.acolytes if a.loc == "bench"]
    out: list[Action] = []
    for card in keyword_cards(s, prim.abilities, "Warp"):
        out += [interned(Warp, seat=seat, source=card, out=prim.uid, into=a.uid,
                     text=f"{s.card(card).name}: swap {aname(prim)} for {aname(a)}") for a in bench]
    if f.support is None and p.energy >= 1:
        callers = keyword_cards(s, prim.abilities, "Summon")
        if inherent(prim).keyword == "Summon" and prim.ability_cycle != s.cycle:
            callers.append(prim.uid)
        out += [interned(Summon, seat=seat, source=src, acolyte=a.uid,
                       text=f"{fx.source_name(s, src)}: call {aname(a)} in as support (1 energy)")
                for src in callers for a in bench]
    if f.support:
        _, sup = s.acolyte(f.support)
        for card in keyword_cards(s, sup.abilities, "Inspire") + keyword_cards(s, sup.abilities, "Sacrifice"):
            e = s.card(card).effect
            if e.keyword == "Sacrifice" and sup.base_ap <= 1:
                continue
            out += [interned(Play, seat=seat, source=card, tier=t, pay=how,
                         text=f"{s.card(card).name} from {aname(sup)} tier {t}" + pay_words(e, t, how))
                    for t, how in fx.payments(s, seat, e)]
    return out


def pay_words(e, tier: int, how: str) -> str:
    if how == "energy":
        return f" ({e.energy_cost or tier} energy)"
    if how == "sigil":
        return f" (spend your {e.sigil} sigil)"
    return ""


def do_support_card(s: FuturaState, seat: int, card: str, tier: int, how: str, events: list[Event]) -> None:
    """Inspire adds DAM to the primary's strikes; Sacrifice moves the support's base AP onto the
    primary as a temporary layer (the support keeps at least 1)."""
    f = s.fight
    e = s.card(card).effect
    fx.pay(s, seat, e, tier, how)
    value, _ = fx.amount(s, e, tier)
    _, sup = s.acolyte(f.support)
    C.detach(s, card)
    s.players[s.cards[card].owner].discard.append(card)
    who = s.players[seat].name
    if e.keyword == "Inspire":
        f.inspire += value
        events.append(Event(text=f"{who}'s {aname(sup)} plays {e.name}: the primary strikes for {value} more."))
    else:
        moved = min(value, sup.base_ap - 1)
        sup.base_ap -= moved
        f.layers[f.primary] = f.layers.get(f.primary, 0) + moved
        events.append(Event(text=f"{who}'s {aname(sup)} plays {e.name}: {moved} of its AP shields the primary."))


def do_summon(game, s: FuturaState, m: Summon, events: list[Event]) -> None:
    f = s.fight
    p = s.players[m.seat]
    _, a = s.acolyte(m.acolyte)
    C.reveal_gear(s, a)
    if m.seat == f.defender:  # the station's Summon: the acolyte defends from the bench
        answered(s)
        s.holding(m.source)[1].used_cycle = s.cycle
        f.guard = a.uid
        events.append(Event(text=f"{p.name} calls {aname(a)} to defend {dname(m.source)}: it fights first."))
        return
    if m.source in s.cards:
        C.detach(s, m.source)
        p.discard.append(m.source)
    else:
        s.acolyte(m.source)[1].ability_cycle = s.cycle
    p.energy -= 1
    a.loc = "bay"
    a.support_turn, a.support_uses = s.turn, 1
    f.support = a.uid
    events.append(Event(text=f"{p.name} calls {aname(a)} in as support (1 energy)."))


def summon_answers(s: FuturaState, seat: int) -> list[Action]:
    did = s.fight.district
    bench = [a for a in s.players[seat].acolytes if a.loc == "bench"]
    return [interned(Summon, seat=seat, source=did, acolyte=a.uid,
                   text=f"Call {aname(a)} ({stats(s, a)[0]} AP, {current_class(s, a)})") for a in bench] + [
        interned(Pass, seat=seat, text="Call nobody")]


# --- Crystal Production -----------------------------------------------------------------------

def crystal_answers(s: FuturaState, seat: int) -> list[Action]:
    return [interned(Crystal, seat=seat, choice="drive", text="Drive the attacker off"),
            interned(Crystal, seat=seat, choice="possess", text="Possess the primary for one exchange")]


def do_crystal(game, s: FuturaState, m: Crystal, events: list[Event]) -> None:
    answered(s)
    f = s.fight
    if m.choice == "drive":
        events.append(Event(text=f"{s.players[m.seat].name} drives the attackers off."))
        C.end_fight(s, f, events, "retreat")
    else:
        f.possessed[f.primary] = 1
        events.append(Event(text=f"{s.players[m.seat].name} possesses the attacking primary for one exchange."))


# --- trades (rule 12) --------------------------------------------------------------------------

def offer_moves(s: FuturaState, p: Player) -> list[Action]:
    """One offer a turn to each other living player: a hand card for nothing, half or its full level."""
    others = [q for q in s.players if q.seat != p.seat and not q.out and q.seat not in s.offered]
    out: list[Action] = []
    if not others:
        return out
    cards, defs = s.cards, catalog().cards
    for uid in p.hand:
        card = defs[cards[uid].cid]
        for q in others:
            energy = q.energy
            out += [o for o in made.offers(p.seat, uid, q.seat, card.level, card.name, q.name) if o.price <= energy]
    return out


def do_offer(game, s: FuturaState, m: Offer, events: list[Event]) -> None:
    p, q = s.players[m.seat], s.players[m.to]
    s.offered.append(m.to)
    s.trade = Trade(seat=m.seat, to=m.to, card=m.card, price=m.price)
    if m.to not in s.cards[m.card].known:
        s.cards[m.card].known.append(m.to)
    card = s.card(m.card)
    events.append(Event(text=f"{p.name} offers {q.name} a card for {m.price} energy."))
    ask(s, Decision(seat=m.to, kind="trade", reaction=True, private=True, button="Answer the offer",
                    prompt=f"{q.name}: {p.name} offers you a card for {m.price} energy.",
                    context=[f"The card: {card.name} (level {card.level}).",
                             f"Accept: it goes to your hand and you pay {p.name} {m.price} energy.",
                             "If you let this run out, the offer is declined."],
                    timeout={"type": "pass"}))


def trade_answers(s: FuturaState, seat: int) -> list[Action]:
    t = s.trade
    out: list[Action] = [interned(Accept, seat=seat, text=f"Accept ({t.price} energy)")] if s.players[seat].energy >= t.price \
        else []
    return out + [interned(Pass, seat=seat, text="Decline")]


def do_accept(game, s: FuturaState, m: Accept, events: list[Event]) -> None:
    answered(s)
    t = s.trade
    s.trade = None
    p, q = s.players[t.seat], s.players[t.to]
    p.hand.remove(t.card)
    q.hand.append(t.card)
    q.energy -= t.price
    p.energy += t.price
    events.append(Event(text=f"{q.name} accepts: the card changes hands for {t.price} energy."))


def decline_trade(s: FuturaState, events: list[Event]) -> None:
    t = s.trade
    s.trade = None
    events.append(Event(text=f"{s.players[t.to].name} declines {s.players[t.seat].name}'s offer."))


# --- discarding down (rule 7) -------------------------------------------------------------------

def offer_discard(s: FuturaState, p: Player) -> None:
    over = len(p.hand) - HAND
    ask(s, Decision(seat=p.seat, kind="discard", private=True, button="Choose a discard", picks=over,
                    prompt=f"{p.name}: your hand is over five cards; discard {over}.",
                    context=[f"You hold {len(p.hand)} unequipped cards and may keep five; you draw nothing "
                             "this turn.", "If you let this run out, your lowest-level card goes."],
                    timeout=None))


def discard_answers(s: FuturaState, seat: int) -> list[Action]:
    return [interned(Discard, seat=seat, card=u, text=f"Discard {s.card(u).name}") for u in s.players[seat].hand]


def do_discard(game, s: FuturaState, m: Discard, events: list[Event]) -> None:
    answered(s)
    p = s.players[m.seat]
    p.hand.remove(m.card)
    s.players[s.cards[m.card].owner].discard.append(m.card)
    events.append(Event(text=f"{p.name} discards {s.card(m.card).name} to the hand limit."))
    if len(p.hand) > HAND:
        offer_discard(s, p)
