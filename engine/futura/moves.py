"""The turn's moves: which are legal now (one source of truth) and the handler of each (the move table).

Management (equip, sell, store, build, upgrade, repair) is allowed only before the turn's first
assault (A37); moving into the bay, assaults, ambushes and the once-a-turn recall stay open.
"""

from __future__ import annotations

import math
from functools import lru_cache

from engine.core import Action, EndTurn, Event, Pass, answered, interned
from engine.core.memo import finite_cache

from . import combat as C
from . import effects as fx
from . import made
from . import tactics as T
from .actions import (
    Ambush,
    Assault,
    Build,
    ClaimCard,
    DropSigil,
    Ensigil,
    Equip,
    EquipCreature,
    Fight,
    Play,
    Recall,
    Repair,
    Retrieve,
    Sell,
    Store,
    ToBay,
    Unequip,
    Upgrade,
    Yield,
)
from .cards import catalog
from .loadout import can_carry, carries, current_class, gear_ids, highest_wearable, keywords, shed
from .state import CREATURE_MAX, MOVE_COST, Acolyte, Engagement, FuturaState, Holding, Player, class_index

HAND = 5
BUILD_COST = UPGRADE_COST = 10


def aname(s: FuturaState, a: Acolyte) -> str:
    return catalog().acolytes[a.cid].name


@finite_cache  # keyed by district id: named in several listings every step
def dname(did: str) -> str:
    return catalog().districts[did].name


def equip_cost(s: FuturaState, uid: str, a: Acolyte | None = None, words: set[str] | None = None) -> int:
    """Rule 9: the card's level, or half of it for a card already paid for once (A30); a Mechanic
    swaps paid-for armour free (A30). `words`: `a`'s keywords, when the caller has them already."""
    card = s.card(uid)
    mechanic = card.kind == "armour" and a is not None and "Mechanic" in (keywords(s, a) if words is None else words)
    return cost_of(card, s.cards[uid].paid, mechanic)


def cost_of(card, paid: bool, mechanic: bool) -> int:
    """`equip_cost` from what decides it: the card, whether it was paid for, a Mechanic wearer."""
    if card.kind == "ability":
        return 0
    if not paid:
        return card.level
    if card.kind == "armour" and mechanic:
        return 0
    return card.level // 2


def stored(p: Player) -> list[tuple[str, Holding]]:
    return [(u, h) for h in p.holdings if h.station for u in h.station.slots]


def free_slots(h: Holding) -> int:
    return h.station.level - len(h.station.slots) if h.station and not h.face_down else 0


def repair_cost(s: FuturaState, a: Acolyte) -> int:
    """A29: one energy per 10 missing AP, rounded up; Mechanic 1 less."""
    missing = s.card(a.armour).ap - s.cards[a.armour].ap
    cost = math.ceil(missing / 10)
    return max(cost - (1 if "Mechanic" in keywords(s, a) else 0), 0)


# --- what may be done ----------------------------------------------------------------------

def turn_moves(game, s: FuturaState, seat: int) -> list[Action]:
    p = s.players[seat]
    out: list[Action] = []
    if not s.assaulted:
        out += manage_moves(s, p)
        out += T.offer_moves(s, p)
    out += T.scout_moves(s, p) + T.warp_moves(s, p)
    out += bay_moves(s, p)
    if p.sigils:
        out.append(made.drop_sigil(seat, s.card(p.sigils[0]).sigil))
    out.append(made.end_turn(seat))
    return out


def manage_moves(s: FuturaState, p: Player) -> list[Action]:
    bench = [a for a in p.acolytes if a.loc == "bench"]
    kept = stored(p)
    return equip_moves(s, p, bench, kept) + store_moves(s, p, kept) + gear_moves(s, p, bench) + station_moves(s, p)


def equip_moves(s: FuturaState, p: Player, bench: list[Acolyte], kept: list[tuple[str, Holding]]) -> list[Action]:
    """Equip (or sell) each card of the hand and the stations; creatures go into a station."""
    seat, energy = p.seat, p.energy
    rows = [bench_row(s, a) for a in bench]  # asked for every card: worked out once
    cards, defs = s.cards, catalog().cards
    out: list[Action] = []
    for uid in p.hand + [u for u, _ in kept]:
        inst = cards[uid]
        cid = inst.cid
        card = defs[cid]
        kind = card.kind
        if kind == "creature":
            out += creature_moves(p, uid, card)
            continue
        if kind != "sigil":
            cost = cost_of(card, inst.paid, False)
            for acolyte, who, fit, mechanic in rows:
                here = cost_of(card, inst.paid, mechanic) if kind == "armour" else cost
                if here <= energy and fit[cid]:
                    out.append(made.equip(seat, uid, acolyte, card.name, who, here))
        if kind != "ability" and card.level // 2 > 0:
            out.append(made.sell(seat, uid, card.name, card.level // 2))
    return out


def bench_row(s: FuturaState, a: Acolyte) -> tuple[str, str, Fits, bool]:
    """What equipping any card on `a` depends on: (uid, name, which cards its loadout takes,
    whether it is a Mechanic)."""
    words = keywords(s, a)
    return a.uid, aname(s, a), fits_for(highest_wearable(s, a, words), gear_ids(s, a)), "Mechanic" in words


class Fits(dict):
    """Card id -> can it join this loadout (`carries`), filled as cards are asked about: one table
    per loadout, so a step looks a card up by its id instead of hashing the whole loadout again."""

    def __init__(self, wearable: str, gear: tuple) -> None:
        super().__init__()
        self.wearable, self.gear = wearable, gear

    def __missing__(self, cid: str) -> bool:
        self[cid] = ok = carries(cid, self.wearable, self.gear)
        return ok


@lru_cache(maxsize=1 << 12)  # loadouts recur across turns and games
def fits_for(wearable: str, gear: tuple) -> Fits:
    return Fits(wearable, gear)


def creature_moves(p: Player, uid: str, card) -> list[Action]:
    """Rule 14: a creature goes into a built station big enough for it."""
    if p.energy < card.level:
        return []
    return [interned(EquipCreature, seat=p.seat, card=uid, district=h.did,
                 text=f"Put {card.name} in {dname(h.did)} ({card.level} energy)")
            for h in p.holdings if h.station and not h.face_down and card.level <= CREATURE_MAX[h.station.level]]


def store_moves(s: FuturaState, p: Player, kept: list[tuple[str, Holding]]) -> list[Action]:
    """Store a hand card in a free station slot; take a stored one back (`kept`: the stored cards)."""
    seat = p.seat
    out: list[Action] = []
    cards, defs = s.cards, catalog().cards
    # once, as a tuple: asked for every card, and the key of each card's shared list of moves
    open_slots = tuple((h.did, dname(h.did)) for h in p.holdings if free_slots(h) > 0)
    if open_slots:
        for uid in p.hand:
            card = defs[cards[uid].cid]
            if card.kind != "creature":
                out += made.stores(seat, uid, card.name, open_slots)
    for uid, h in kept:
        out.append(made.retrieve(seat, uid, defs[cards[uid].cid].name, dname(h.did)))
    return out


def gear_moves(s: FuturaState, p: Player, bench: list[Acolyte]) -> list[Action]:
    """Take gear off a benched acolyte; repair its armour (A29)."""
    seat = p.seat
    out: list[Action] = []
    cards, defs = s.cards, catalog().cards
    for a in bench:
        who = aname(s, a)
        for uid in a.gear():
            card = defs[cards[uid].cid]
            if card.kind != "ability":
                out.append(made.unequip(seat, uid, card.name, who))
        if a.armour:
            worn = cards[a.armour]  # the worn armour's AP first: most of it is whole, nothing to repair
            if worn.ap < defs[worn.cid].ap and repair_cost(s, a) <= p.energy and (
                    not worn.broken or "Mechanic" in keywords(s, a)):
                out.append(interned(Repair, seat=seat, acolyte=a.uid,
                                    text=f"Repair {aname(s, a)}'s armour ({repair_cost(s, a)} energy)"))
    return out


def station_moves(s: FuturaState, p: Player) -> list[Action]:
    """Build on a bare district; upgrade a station once a turn, not in the cycle it was built (rule 11)."""
    seat = p.seat
    out: list[Action] = []
    for h in p.holdings:
        if h.face_down:
            continue
        if h.station is None and p.energy >= BUILD_COST:
            out.append(made.build(seat, h.did))
        elif h.station and h.station.level < 4 and h.station.upgraded_turn != s.turn and h.station.built_cycle < s.cycle:
            if p.energy >= UPGRADE_COST:
                out.append(made.upgrade(seat, h.did, False))
            if p.vouchers and p.voucher_cycle < s.cycle:
                out.append(made.upgrade(seat, h.did, True))
    return out


def bay_moves(s: FuturaState, p: Player) -> list[Action]:
    seat, energy = p.seat, p.energy
    out: list[Action] = []
    bay: list[Acolyte] = []
    costs: list[int] = []  # the move cost of each acolyte of `bay`
    cards, defs = s.cards, catalog().cards
    for a in p.acolytes:
        cost = MOVE_COST[defs[cards[a.armour].cid].cls if a.armour else "Base"]  # by current_class
        if a.loc == "bench":
            if energy >= cost:
                out.append(made.to_bay(seat, a.uid, aname(s, a), cost))
        else:
            bay.append(a)
            costs.append(cost)
    if bay and p.recalled_turn != s.turn:
        for a, cost in zip(bay, costs, strict=True):
            if energy >= cost:
                out.append(made.recall(seat, a.uid, aname(s, a), cost))
        total = sum(costs)
        if len(bay) > 1 and energy >= total:
            out.append(made.recall_all(seat, tuple(a.uid for a in bay), total))
    out += assault_moves(s, p, bay)
    return out


def fighters(s: FuturaState, p: Player, bay: list[Acolyte]) -> list[tuple[Acolyte, Acolyte | None]]:
    """Rule 33: a primary attacks once a turn and not after supporting; a support at most twice,
    for 1 energy."""
    pairs = []
    for prim in bay:
        if prim.attacked_turn == s.turn or prim.support_turn == s.turn:
            continue
        pairs.append((prim, None))
        if p.energy >= 1:
            for sup in bay:
                if sup is not prim and not (sup.support_turn == s.turn and sup.support_uses >= 2) \
                        and sup.attacked_turn != s.turn:
                    pairs.append((prim, sup))
    return pairs


def wears_sigil(s: FuturaState, a: Acolyte, deity: str) -> bool:
    """Is `a`'s armour or a saber of `deity`'s sigil?"""
    cards, defs = s.cards, catalog().cards
    if a.armour and defs[cards[a.armour].cid].sigil == deity:
        return True
    return any(defs[cards[u].cid].sigil == deity for u in a.sabers)


def assault_moves(s: FuturaState, p: Player, bay: list[Acolyte]) -> list[Action]:
    seat = p.seat
    out: list[Action] = []
    pairs = fighters(s, p, bay)
    if not pairs:
        return out
    targets = tuple((h.did, dname(h.did)) for q in s.players if q.seat != seat for h in q.holdings if not h.face_down)
    cards = s.cards
    ambush_cards = [u for u in p.hand if ambush_card(cards[u].cid)]
    preys = [a for q in s.players if q.seat != seat and not q.out for a in q.acolytes if a.loc == "bay"]
    adefs = catalog().acolytes
    deity = s.card(p.sigils[0]).sigil if p.sigils else None  # the sigil an ensigil would spend
    ensigil: dict[str, bool] = {}  # by primary: asked once per pair
    for prim, sup in pairs:
        uid = prim.uid
        if uid not in ensigil:
            ensigil[uid] = deity is not None and wears_sigil(s, prim, deity)
        who = f"{adefs[prim.cid].name} with {adefs[sup.cid].name}" if sup else adefs[prim.cid].name
        support = sup.uid if sup else None
        out += made.assaults(seat, uid, support, targets, ensigil[uid], who)
        if not preys:
            continue
        own = [u for u in prim.abilities if catalog().cards[cards[u].cid].effect.keyword == "Ambush"]
        for card in ambush_cards + own:
            for prey in preys:
                out.append(made.ambush(seat, card, uid, support, prey.uid, who, aname(s, prey)))
    return out


@finite_cache  # keyed by deck card id
def ambush_card(cid: str) -> bool:
    """An ability card that opens an ambush from the hand."""
    card = catalog().cards[cid]
    return card.kind == "ability" and card.effect.keyword == "Ambush"


def claim_cost(s: FuturaState, uid: str) -> int:
    """Rule 42a (i): the normal equip cost of rule 9 for a new owner: the full level, abilities free."""
    return 0 if s.card(uid).kind == "ability" else s.card(uid).level


def claim_moves(game, s: FuturaState, seat: int) -> list[Action]:
    """Rule 42a for the first claimed card: equip, store, sell, take into hand, or let it go."""
    c = s.claims[0]
    p = s.players[seat]
    uid = c.cards[0]
    card = s.card(uid)
    out: list[Action] = []
    cost = claim_cost(s, uid)
    if card.kind not in ("creature", "sigil"):
        for a in p.acolytes:
            if (a.loc == "bench" or a.uid == c.winner) and can_carry(s, a, uid) and p.energy >= cost:
                out.append(interned(ClaimCard, seat=seat, card=uid, how="equip", where=a.uid,
                                     text=f"Equip {card.name} on {aname(s, a)} ({cost} energy)"))
    for h in p.holdings:
        if free_slots(h) > 0:
            out.append(interned(ClaimCard, seat=seat, card=uid, how="store", where=h.did, text=f"Store {card.name} in {dname(h.did)}"))
    if card.kind != "ability" and card.level // 2:
        out.append(interned(ClaimCard, seat=seat, card=uid, how="sell", text=f"Sell {card.name} for {card.level // 2}"))
    if len(p.hand) < HAND:
        out.append(interned(ClaimCard, seat=seat, card=uid, how="hand", text=f"Take {card.name} into your hand"))
    out.append(interned(ClaimCard, seat=seat, card=uid, how="discard", text=f"Let {card.name} go"))
    return out


# --- handlers ----------------------------------------------------------------------------

def take(s: FuturaState, p: Player, uid: str) -> None:
    """Lift a card out of the hand or a station slot."""
    if uid in p.hand:
        p.hand.remove(uid)
        return
    for u, h in stored(p):
        if u == uid:
            h.station.slots.remove(uid)
            return


def put_on(s: FuturaState, a: Acolyte, uid: str) -> None:
    """Wear or carry a card; a new armour class raises max_class (rule 10); old armour goes to hand."""
    owner = next(p for p in s.players if a in p.acolytes)
    card = s.card(uid)
    s.cards[uid].paid = True
    if card.kind == "armour":
        if a.armour:
            owner.hand.append(a.armour)
        a.armour = uid
        if class_index(card.cls) > class_index(a.max_class):
            a.max_class = card.cls
            a.climbed_turn = s.turn
        shed(s, a)
    elif card.kind == "saber":
        a.sabers.append(uid)
    elif card.kind == "item":
        a.items.append(uid)
    else:
        a.abilities.append(uid)


def do_equip(game, s: FuturaState, m: Equip, events: list[Event]) -> None:
    p = s.players[m.seat]
    _, a = s.acolyte(m.acolyte)
    cost = equip_cost(s, m.card, a)
    p.energy -= cost
    take(s, p, m.card)
    put_on(s, a, m.card)
    events.append(Event(text=f"{p.name} equips {aname(s, a)} with a card ({cost} energy)."))
    events.append(Event(kind="aside", visible_to=[m.seat], text=f"You equip {s.card(m.card).name} on {aname(s, a)}."))


def do_unequip(game, s: FuturaState, m: Unequip, events: list[Event]) -> None:
    p = s.players[m.seat]
    C.detach(s, m.card)
    p.hand.append(m.card)
    for a in p.acolytes:
        shed(s, a)
    events.append(Event(text=f"{p.name} takes {s.card(m.card).name} off an acolyte."))


def do_sell(game, s: FuturaState, m: Sell, events: list[Event]) -> None:
    p = s.players[m.seat]
    take(s, p, m.card)
    p.energy += s.card(m.card).level // 2
    s.players[s.cards[m.card].owner].discard.append(m.card)
    events.append(Event(text=f"{p.name} sells {s.card(m.card).name} for {s.card(m.card).level // 2} energy."))


def do_store(game, s: FuturaState, m: Store, events: list[Event]) -> None:
    p = s.players[m.seat]
    take(s, p, m.card)
    s.holding(m.district)[1].station.slots.append(m.card)
    events.append(Event(text=f"{p.name} stores a card in {dname(m.district)}."))


def do_retrieve(game, s: FuturaState, m: Retrieve, events: list[Event]) -> None:
    p = s.players[m.seat]
    take(s, p, m.card)
    p.hand.append(m.card)
    events.append(Event(text=f"{p.name} takes a stored card back into their hand."))


def do_equip_creature(game, s: FuturaState, m: EquipCreature, events: list[Event]) -> None:
    p = s.players[m.seat]
    take(s, p, m.card)
    p.energy -= s.card(m.card).level
    s.cards[m.card].paid = True
    s.holding(m.district)[1].station.creatures.append(m.card)
    events.append(Event(text=f"{p.name} sets a creature in {dname(m.district)}."))


def do_build(game, s: FuturaState, m: Build, events: list[Event]) -> None:
    p = s.players[m.seat]
    _, h = s.holding(m.district)
    p.energy -= BUILD_COST
    h.station = game._new_station(s, m.seat, 1)
    events.append(Event(kind="roll", text=f"{p.name} builds a station on {dname(m.district)}: "
                                          f"{h.station.ap} AP, {h.station.dam} DAM."))


def do_upgrade(game, s: FuturaState, m: Upgrade, events: list[Event]) -> None:
    """Rule 11: the new level's rolls replace the old stats."""
    p = s.players[m.seat]
    _, h = s.holding(m.district)
    if m.voucher:
        p.vouchers -= 1
    else:
        p.energy -= UPGRADE_COST
    h.station.level += 1
    h.station.upgraded_turn = s.turn
    game._roll_station(s, h.station)
    events.append(Event(kind="roll", text=f"{p.name} upgrades {dname(m.district)} to level {h.station.level}: "
                                          f"{h.station.ap} AP, {h.station.dam} DAM."))


def do_repair(game, s: FuturaState, m: Repair, events: list[Event]) -> None:
    p = s.players[m.seat]
    _, a = s.acolyte(m.acolyte)
    p.energy -= repair_cost(s, a)
    s.cards[a.armour].ap = s.card(a.armour).ap
    s.cards[a.armour].broken = False
    events.append(Event(text=f"{p.name} repairs {aname(s, a)}'s armour."))


def do_to_bay(game, s: FuturaState, m: ToBay, events: list[Event]) -> None:
    p = s.players[m.seat]
    _, a = s.acolyte(m.acolyte)
    cost = MOVE_COST[current_class(s, a)]
    p.energy -= cost
    a.loc = "bay"
    events.append(Event(text=f"{p.name} moves {aname(s, a)} to the Assault bay ({cost} energy)."))


def do_recall(game, s: FuturaState, m: Recall, events: list[Event]) -> None:
    p = s.players[m.seat]
    p.recalled_turn = s.turn
    for uid in m.acolytes:
        _, a = s.acolyte(uid)
        p.energy -= MOVE_COST[current_class(s, a)]
        C.to_bench(s, a)
    events.append(Event(text=f"{p.name} recalls " + ", ".join(aname(s, s.acolyte(u)[1]) for u in m.acolytes)
                             + " to the bench."))


def do_drop_sigil(game, s: FuturaState, m: DropSigil, events: list[Event]) -> None:
    p = s.players[m.seat]
    uid = p.sigils.pop(0)
    p.discard.append(uid)
    events.append(Event(text=f"{p.name} discards their oldest sigil ({s.card(uid).sigil})."))


def pay_support(s: FuturaState, p: Player, uid: str | None) -> None:
    """Rule 15 and 33: a declared support costs 1 energy and counts toward its two supports a turn."""
    if uid:
        p.energy -= 1
        sup = s.acolyte(uid)[1]
        sup.support_uses = sup.support_uses + 1 if sup.support_turn == s.turn else 1
        sup.support_turn = s.turn


def do_assault(game, s: FuturaState, m: Assault, events: list[Event]) -> None:
    p = s.players[m.seat]
    owner, h = s.holding(m.district)
    _, prim = s.acolyte(m.primary)
    pay_support(s, p, m.support)
    events.append(Event(text=f"{p.name}: {aname(s, prim)} assaults {dname(m.district)} ({owner.name})."))
    if h.station is None:
        # Rule 33: an unbuilt district has no defence; declaring on it claims it.
        prim.attacked_turn = s.turn
        s.assaulted = True
        owner.holdings.remove(h)
        p.holdings.append(Holding(did=h.did, face_down=True))
        events.append(Event(text=f"{dname(m.district)} has no station: {p.name} claims it."))
        return
    C.open_fight(s, Engagement(kind="assault", attacker=m.seat, defender=owner.seat, primary=m.primary,
                               support=m.support, district=m.district, ensigil="yes" if m.ensigil else None),
                 events)


def do_ambush(game, s: FuturaState, m: Ambush, events: list[Event]) -> None:
    p = s.players[m.seat]
    owner, prey = s.acolyte(m.target)
    pay_support(s, p, m.support)
    C.detach(s, m.card)
    p.discard.append(m.card)
    events.append(Event(text=f"{p.name} plays {s.card(m.card).name}: an ambush on {aname(s, prey)}!"))
    C.open_fight(s, Engagement(kind="ambush", attacker=m.seat, defender=owner.seat, primary=m.primary,
                               support=m.support, target=m.target, ensigil="yes" if m.ensigil else None), events)


def do_fight(game, s: FuturaState, m: Fight, events: list[Event]) -> None:
    C.fight(s, events)


def do_yield(game, s: FuturaState, m: Yield, events: list[Event]) -> None:
    C.end_fight(s, s.fight, events, "retreat")


def do_play(game, s: FuturaState, m: Play, events: list[Event]) -> None:
    if not s.asks:  # Inspire or Sacrifice from the support, before the first exchange
        T.do_support_card(s, m.seat, m.source, m.tier, m.pay, events)
        return
    d = answered(s)
    if d.kind == "life_support":
        C.save_by_life_support(s, C.holder(s, m.source), m.source, events)
        return
    C.play(s, m.seat, m.source, m.tier, m.pay, events)
    after_window(s, events)


def after_window(s: FuturaState, events: list[Event]) -> None:
    if s.fight and s.fight.stage == "strikes" and not any(d.kind == "effect" for d in s.asks):
        C.resolve(s, events)


def do_pass(game, s: FuturaState, m: Pass, events: list[Event]) -> None:
    d = answered(s)
    f = s.fight
    if d is None:
        return
    if d.kind == "life_support":
        f.used.append(f"nolife:{C.holder(s, d.timeout['source'])}")
        C.settle(s, events)
    elif d.kind == "effect":
        after_window(s, events)
    elif d.kind == "trade":
        T.decline_trade(s, events)


def do_ensigil(game, s: FuturaState, m: Ensigil, events: list[Event]) -> None:
    answered(s)
    f = s.fight
    p = s.players[m.seat]
    uid = p.sigils.pop(0)
    p.discard.append(uid)
    f.def_ensigil = s.card(uid).sigil
    f.def_ensigil_creature = fx.first_creature(s, f.district)
    events.append(Event(text=f"{p.name} spends a {f.def_ensigil} sigil on their creature."))


def do_claim(game, s: FuturaState, m: ClaimCard, events: list[Event]) -> None:
    c = s.claims[0]
    p = s.players[m.seat]
    card = s.card(m.card)
    c.cards.remove(m.card)
    s.cards[m.card].paid = False  # the new owner never paid for it: equipping it later costs the full level
    if m.how == "equip":
        p.energy -= claim_cost(s, m.card)
        put_on(s, s.acolyte(m.where)[1], m.card)
    elif m.how == "store":
        s.holding(m.where)[1].station.slots.append(m.card)
    elif m.how == "sell":
        p.energy += card.level // 2
        s.players[s.cards[m.card].owner].discard.append(m.card)
    elif m.how == "hand":
        p.hand.append(m.card)
    else:
        s.players[s.cards[m.card].owner].discard.append(m.card)
    events.append(Event(text=f"{p.name} places the claimed {card.name} ({CLAIM_WORDS[m.how]})."))
    if not c.cards:
        s.claims.pop(0)
        answered(s)
        C.offer_claims(s)


CLAIM_WORDS = {"equip": "equipped", "store": "stored", "sell": "sold", "hand": "into the hand", "discard": "let go"}


def do_end_turn(game, s: FuturaState, m: EndTurn, events: list[Event]) -> None:
    game.end_turn(s, events)


def _tactics():
    from . import actions as A
    from . import tactics as T

    return {A.Scout: T.do_scout, A.Warp: T.do_warp, A.Summon: T.do_summon, A.Crystal: T.do_crystal,
            A.Offer: T.do_offer, A.Accept: T.do_accept, A.Discard: T.do_discard}


MOVES = _tactics() | {Equip: do_equip, Unequip: do_unequip, Sell: do_sell, Store: do_store, Retrieve: do_retrieve,
         EquipCreature: do_equip_creature, Build: do_build, Upgrade: do_upgrade, Repair: do_repair,
         ToBay: do_to_bay, Recall: do_recall, DropSigil: do_drop_sigil, Assault: do_assault, Ambush: do_ambush,
         Fight: do_fight, Yield: do_yield, Play: do_play, Pass: do_pass, Ensigil: do_ensigil, ClaimCard: do_claim,
         EndTurn: do_end_turn}
