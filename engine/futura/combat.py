"""Engagements: assaults and ambushes from declaration to end (rules 33-45).

An engagement is driven by data in `state.fight`: the attacker presses Fight for each exchange; the
dice are rolled at once; each side that holds a playable effect is asked (defender first, rule 32);
then both strikes land together and the engine checks what ended.
"""

from __future__ import annotations

from engine.core import Decision, Event, ask

from . import effects as fx
from .asks import offer_crystal, offer_station_summon, reveal_slots
from .cards import catalog
from .loadout import die_of, keywords, roll_spec, shed, stats
from .state import CLASS_BONUS, STATION_DIE, Acolyte, Claim, Engagement, FuturaState, Strike, beats

CREATURE_ENSIGIL = {range(1, 4): 2, range(4, 8): 3, range(8, 11): 4}


def name(s: FuturaState, a: Acolyte) -> str:
    return catalog().acolytes[a.cid].name


def district_name(did: str) -> str:
    return catalog().districts[did].name


# --- declaring ----------------------------------------------------------------------------------

def open_fight(s: FuturaState, f: Engagement, events: list[Event]) -> None:
    """Reveal the fighters' gear (A36), spend the ensigil, run the defender's declared effects."""
    s.fight = f
    s.assaulted = True
    att = s.players[f.attacker]
    _, primary = s.acolyte(f.primary)
    primary.attacked_turn = s.turn
    for uid in [f.primary, f.support, f.target]:
        if uid:
            reveal_gear(s, s.acolyte(uid)[1])
    if f.ensigil:
        p = att
        f.ensigil = s.card(p.sigils[0]).sigil
        p.discard.append(p.sigils.pop(0))
        events.append(Event(text=f"{att.name} spends a {f.ensigil} sigil on {name(s, primary)}'s gear."))
    f.stage = "between"
    if f.kind == "assault":
        informant(s, f, primary, events)
        declared_defence(s, f, events)
        if s.fight is None:
            return
        offer_creature_ensigil(s, f)


def reveal_gear(s: FuturaState, a: Acolyte) -> None:
    """A36: an acolyte's equipment (not its abilities) is public from its first engagement on."""
    for card in a.gear():
        if s.card(card).kind != "ability":
            s.cards[card].revealed = True


def informant(s: FuturaState, f: Engagement, primary: Acolyte, events: list[Event]) -> None:
    """An Informant primary (once a cycle) shows its player the defending station's stored cards."""

    ability = catalog().acolytes[primary.cid].ability
    if ability.keyword == "Informant" and primary.ability_cycle != s.cycle:
        primary.ability_cycle = s.cycle
        reveal_slots(s, f.attacker, f.district, events)


def declared_defence(s: FuturaState, f: Engagement, events: list[Event]) -> None:
    """Rule 34: the defending district's declared ability (once a cycle, only with a station)."""
    owner, h = s.holding(f.district)
    d = catalog().districts[h.did]
    e = d.ability
    if e.timing not in ("declared", "conditional") or h.used_cycle == s.cycle:
        return
    _, primary = s.acolyte(f.primary)
    if e.keyword in ("Politik", "Domination", "Crystal Production"):
        h.used_cycle = s.cycle
        roll = s.rng.die(100)
        passed = roll > e.threshold
        events.append(Event(kind="roll", data={"d100": roll}, text=(
            f"{d.name}'s {e.name}: {name(s, primary)} rolls {roll} on the d100 and "
            + ("holds firm." if passed else "is driven back; the energy spent to move is lost.")), ))
        if not passed and e.keyword == "Crystal Production" and not owner.out:

            offer_crystal(s)
        elif not passed:
            end_fight(s, f, events, "retreat")
    elif e.keyword == "Summon":

        offer_station_summon(s, f.district)
    elif e.keyword == "Sharp Shooter":
        h.used_cycle = s.cycle
        roll = s.rng.die(20)
        events.append(Event(kind="roll", data={"d20": roll}, text=(
            f"{d.name}'s {e.name}: a d20 rolls {roll}; {name(s, primary)} takes {roll // 2}.")))
        hurt(s, primary, roll // 2, events)
        settle(s, events)
    elif e.keyword == "Radiation":
        h.used_cycle = s.cycle
        hurt(s, primary, e.params.get("initial", 0), events)
        settle(s, events)
        f.dots.append({"on": "att", "amount": e.base_value, "left": e.duration_exchanges, "armour": False,
                       "what": e.name})
        events.append(Event(text=f"{d.name}'s {e.name} hits {name(s, primary)}."))
    elif e.keyword == "Nano Swarm":
        h.used_cycle = s.cycle
        f.dots.append({"on": "att", "amount": e.base_value, "left": e.duration_exchanges, "armour": True,
                       "what": e.name})
        events.append(Event(text=f"{d.name}'s {e.name} starts eating {name(s, primary)}'s armour."))


def offer_creature_ensigil(s: FuturaState, f: Engagement) -> None:
    """Rule 25: the defender may spend their oldest sigil on the first creature if it matches."""
    owner, _ = s.holding(f.district)
    creature = fx.first_creature(s, f.district)
    if owner.out or not creature or not owner.sigils:
        return
    deity = s.card(owner.sigils[0]).sigil
    if deity != s.card(creature).sigil:
        return
    bonus = creature_bonus(s.card(creature).level)
    ask(s, Decision(seat=owner.seat, kind="ensigil", reaction=True, button="Choose your defence",
                    prompt=f"{owner.name}: ensigil your creature against the assault on {district_name(f.district)}?",
                    context=[f"Your {s.card(creature).name} fights first. Spending your oldest sigil ({deity}) "
                             f"gives it {bonus} less damage taken and {bonus} more dealt against unsigiled or "
                             f"weaker foes until it dies or the assault ends.",
                             "If you let this run out, the sigil is kept."],
                    timeout={"type": "pass"}))


def creature_bonus(level: int) -> int:
    return next(v for r, v in CREATURE_ENSIGIL.items() if level in r)


# --- one exchange -------------------------------------------------------------------------------

def defender_unit(s: FuturaState) -> tuple[str, str]:
    """('creature', uid) | ('station', district) | ('acolyte', uid): who defends this exchange."""
    f = s.fight
    if f.kind == "ambush":
        return "acolyte", f.target
    if f.guard:
        return "acolyte", f.guard
    creature = fx.first_creature(s, f.district)
    return ("creature", creature) if creature else ("station", f.district)


def support_dam(s: FuturaState, a: Acolyte) -> int:
    """Rule 36a: base DAM plus equipped sabers and items."""
    dam = catalog().acolytes[a.cid].base_dam + sum(s.card(u).dam for u in a.sabers)
    return dam + sum(s.card(u).dam - s.card(u).penalty_dam for u in a.items)


def fight(s: FuturaState, events: list[Event]) -> None:
    """Roll an exchange (rule 36) and open the windows for effects."""
    f = s.fight
    f.exchange += 1
    _, primary = s.acolyte(f.primary)
    kind, unit = defender_unit(s)
    rolls = {"primary": roll_spec(s, die_of(s, primary))}
    if f.support:
        rolls["support"] = roll_spec(s, die_of(s, s.acolyte(f.support)[1]))
    rolls["defender"] = roll_spec(s, defender_die(s, kind, unit))
    if "att" in f.stasis:
        rolls = {k: (0 if k != "defender" else v) for k, v in rolls.items()}
    if "dfn" in f.stasis:
        rolls["defender"] = 0
    f.stasis = []
    f.rolls = rolls
    winners = [k for k in ("primary", "support") if k in rolls and rolls[k] > rolls["defender"]]
    dams = {"primary": stats(s, primary)[1] + f.inspire}
    if f.support:
        dams["support"] = support_dam(s, s.acolyte(f.support)[1])
    # Possession: a possessed attacker's winning strike lands on its own primary instead.
    turned = [k for k in winners if f.possessed.get(f.primary if k == "primary" else f.support)]
    winners = [k for k in winners if k not in turned]
    f.backfire = {"att": sum(dams[k] for k in turned)} if turned else {}
    f.att = Strike(hits=bool(winners), dam=sum(dams[k] for k in winners), bonus_ok="primary" in winners)
    f.dfn = Strike(hits=rolls["defender"] >= rolls["primary"], dam=defender_dam(s, kind, unit))
    if f.possessed.get(unit) and f.dfn.hits:
        f.backfire["dfn"] = f.dfn.dam
        f.dfn = Strike()
    events.append(Event(kind="roll", data={"exchange": f.exchange, **rolls}, text=exchange_text(s, kind, unit)))
    f.stage = "strikes"
    open_windows(s, events)


def defender_die(s: FuturaState, kind: str, unit: str) -> str:
    if kind == "acolyte":
        return die_of(s, s.acolyte(unit)[1])
    if kind == "creature":
        return s.card(unit).die
    return STATION_DIE[s.holding(unit)[1].station.level]


def defender_dam(s: FuturaState, kind: str, unit: str) -> int:
    """The defender's DAM, with Droid and Populous dice added on defence (notes §3)."""
    f = s.fight
    if kind == "acolyte":
        a = s.acolyte(unit)[1]
        dam = stats(s, a)[1]
        droid = "Droid" in keywords(s, a)
    elif kind == "creature":
        dam = s.card(unit).dam
        droid = s.card(unit).effect.keyword == "Droid"
    else:
        owner, h = s.holding(unit)
        dam = h.station.dam
        droid = catalog().districts[h.did].ability.keyword == "Droid"
        if owner.seat in s.populous:
            dam += s.rng.die(4)
    if droid:
        f.droid_roll = s.rng.die(4)
        dam += f.droid_roll
    return dam


def unit_name(s: FuturaState, kind: str, unit: str) -> str:
    if kind == "acolyte":
        return name(s, s.acolyte(unit)[1])
    if kind == "creature":
        return s.card(unit).name
    return f"the station on {district_name(unit)}"


def exchange_text(s: FuturaState, kind: str, unit: str) -> str:
    f = s.fight
    _, primary = s.acolyte(f.primary)
    parts = [f"{name(s, primary)} {f.rolls['primary']}"]
    if f.support:
        parts.append(f"{name(s, s.acolyte(f.support)[1])} {f.rolls['support']}")
    parts.append(f"{unit_name(s, kind, unit)} {f.rolls['defender']}")
    return f"Exchange {f.exchange}: " + ", ".join(parts) + "."


def side_sources(s: FuturaState, side: str) -> list[str]:
    f = s.fight
    if side == "att":
        return fx.acolyte_sources(s, s.acolyte(f.primary)[1])
    if f.kind == "ambush" or f.guard:
        return fx.acolyte_sources(s, s.acolyte(f.target or f.guard)[1])
    return fx.station_sources(s, f.district)


def playable(s: FuturaState, side: str) -> list[str]:
    """Sources this side may play in the open window: strike effects only when its strike lands,
    guards only when the other side's strike lands, the rest any time."""
    f = s.fight
    mine, theirs = (f.att, f.dfn) if side == "att" else (f.dfn, f.att)
    seat = f.attacker if side == "att" else f.defender
    out = []
    for src in side_sources(s, side):
        e = fx.effect_of(s, src)
        # A strike effect replaces the fighting unit's own DAM, so that unit must have won its roll.
        own_win = mine.bonus_ok if side == "att" else mine.hits
        ok = (e.keyword in fx.STRIKES and own_win and mine.override is None) or (
            e.keyword in fx.GUARDS and theirs.hits and not mine.evaded) or e.keyword in fx.ANYTIME or (
            e.keyword == "Possession" and possession_target(s, side) is not None)
        if ok and fx.payments(s, seat, e):
            out.append(src)
    return out


def open_windows(s: FuturaState, events: list[Event]) -> None:
    """Rule 32: the defender answers first, then the attacker; a side with nothing to play is skipped."""
    f = s.fight
    for side, seat in (("dfn", f.defender), ("att", f.attacker)):
        if s.players[seat].out or not playable(s, side):
            continue
        ask(s, Decision(seat=seat, kind="effect", reaction=seat != s.active, private=True,
                        button="Choose your answer" if seat != s.active else "Use an effect",
                        prompt=f"{s.players[seat].name}: play an effect in exchange {f.exchange}?",
                        context=window_context(s, side), timeout={"type": "pass"}))
    if not s.asks:
        resolve(s, events)


def window_context(s: FuturaState, side: str) -> list[str]:
    f = s.fight
    mine, theirs = (f.att, f.dfn) if side == "att" else (f.dfn, f.att)
    lines = ["Dice: " + ", ".join(f"{k} {v}" for k, v in f.rolls.items()) + "."]
    lines.append(f"Your side strikes for {mine.dam}." if mine.hits else "Your side does not strike this time.")
    lines.append(f"You are struck for {theirs.dam} before bonuses." if theirs.hits else "Nothing hits you this time.")
    for src in playable(s, side):
        lines.append(f"{fx.source_name(s, src)}: {fx.effect_of(s, src).text}")
    lines.append("If you let this run out, nothing is played.")
    return lines


def play(s: FuturaState, seat: int, source: str, tier: int, how: str, events: list[Event]) -> None:
    """Pay for and apply one effect in the open window."""
    f = s.fight
    side = "att" if seat == f.attacker else "dfn"
    mine, theirs = (f.att, f.dfn) if side == "att" else (f.dfn, f.att)
    other = "dfn" if side == "att" else "att"
    e = fx.effect_of(s, source)
    fx.pay(s, seat, e, tier, how)
    spend_source(s, source)
    who = s.players[seat].name
    if e.keyword in fx.STRIKES:
        value, rolled = fx.amount(s, e, tier)
        if how == "overcharge":
            chance = s.rng.die(100)
            if chance > e.threshold:
                value = rolled * 4
                events.append(Event(kind="roll", text=f"{who} overcharges {e.name}: chance {chance}, x4 for {value}."))
            else:
                events.append(Event(kind="roll", text=f"{who} overcharges {e.name}: chance {chance} fails; "
                                                      f"the user takes {rolled}."))
                value = 0
                f.dots.append({"on": side, "amount": rolled, "left": 1, "armour": False, "what": "backlash"})
        mine.override = value
        mine.sunder = e.keyword == "Sunder"
        events.append(Event(text=f"{who} plays {e.name} (tier {tier}): the strike deals {value}."))
    elif e.keyword == "Speed Run":
        thresholds = e.threshold if isinstance(e.threshold, list) else [e.threshold or 20] * 3
        chance = s.rng.die(100)
        mine.evaded = chance <= thresholds[tier - 1]
        events.append(Event(kind="roll", text=f"{who} tries {e.name} (tier {tier}): chance {chance} - "
                                              + ("evaded!" if mine.evaded else "caught.")))
    elif e.keyword in ("Barrier", "Forcefield"):
        value, _ = fx.amount(s, e, tier)
        uid = fighting_acolyte(s, side)
        if uid:
            f.layers[uid] = f.layers.get(uid, 0) + value
        else:
            f.layers[f.district] = f.layers.get(f.district, 0) + value
        events.append(Event(text=f"{who} raises {e.name}: a {value} AP layer."))
    elif e.keyword == "Reversal":
        pct = e.params.get("percent", 25)
        pct = pct[tier - 1] if isinstance(pct, list) else pct
        f.used.append(f"reversal:{side}:{pct}")
        events.append(Event(text=f"{who} readies {e.name}: {pct}% of the strike goes back."))
    elif e.keyword == "Health":
        value, _ = fx.amount(s, e, tier)
        uid = fighting_acolyte(s, side)
        if uid:
            a = s.acolyte(uid)[1]
            top = catalog().acolytes[a.cid].base_ap
            a.base_ap = min(top, max(a.base_ap, 0) + value)
        events.append(Event(text=f"{who} plays {e.name}: base AP restored."))
    elif e.keyword == "Stasis":
        f.stasis.append(other)
        events.append(Event(text=f"{who} plays {e.name}: the other side loses the next exchange."))
    elif e.keyword in ("Biohazard", "Radiation", "Nano Swarm"):
        value, _ = fx.amount(s, e, tier)
        if e.keyword == "Radiation":
            f.dots.append({"on": other, "amount": e.params.get("initial", 0), "left": 1, "armour": False,
                           "what": e.name})
        f.dots.append({"on": other, "amount": value, "left": e.duration_exchanges or 1,
                       "armour": e.keyword == "Nano Swarm", "what": e.name})
        events.append(Event(text=f"{who} plays {e.name}."))
    elif e.keyword == "Possession":
        target = possession_target(s, side)
        turns = (e.duration_exchanges or 1) * (tier if e.tier_mult else 1)
        f.possessed[target] = f.possessed.get(target, 0) + turns
        events.append(Event(text=f"{who} plays {e.name}: an enemy fights for them for {turns} exchange(s)."))
    elif e.keyword == "Nullify":
        f.used.append(f"nullify:{other}")
        events.append(Event(text=f"{who} plays {e.name}: the other side's sigil bonuses are cancelled."))


def possession_target(s: FuturaState, side: str) -> str | None:
    """Whom a Possession turns: the defender takes the enemy support; the attacker takes the unit
    facing it, unless that is a station (notes §3, RULINGS)."""
    f = s.fight
    if side == "dfn":
        return f.support if f.support and not f.possessed.get(f.support) else None
    kind, unit = defender_unit(s)
    return unit if kind != "station" and not f.possessed.get(unit) else None


def spend_source(s: FuturaState, source: str) -> None:
    """Rule 31: ability cards and one-off items go to their owner's discard; inherent abilities and
    armour abilities are marked used."""
    f = s.fight
    if source.startswith("a"):
        s.acolyte(source)[1].ability_cycle = s.cycle
        return
    card = s.card(source)
    if card.kind == "creature":
        f.used.append(f"{source}@{s.turn}")
    elif card.kind == "armour":
        f.used.append(source)
    else:
        detach(s, source)
        s.players[s.cards[source].owner].discard.append(source)


def detach(s: FuturaState, uid: str) -> None:
    """Take a card off whatever acolyte or station holds it."""
    for p in s.players:
        for a in p.acolytes:
            for zone in (a.sabers, a.items, a.abilities):
                if uid in zone:
                    zone.remove(uid)
            if a.armour == uid:
                a.armour = None
        for h in p.holdings:
            if h.station and uid in h.station.slots:
                h.station.slots.remove(uid)
            if h.station and uid in h.station.creatures:
                h.station.creatures.remove(uid)
        if uid in p.hand:
            p.hand.remove(uid)


def fighting_acolyte(s: FuturaState, side: str) -> str | None:
    f = s.fight
    if side == "att":
        return f.primary
    return f.target if f.kind == "ambush" else f.guard


# --- damage -------------------------------------------------------------------------------------

def resolve(s: FuturaState, events: list[Event]) -> None:
    """Both strikes land together (rule 36); damage over time ticks; then see what ended."""
    f = s.fight
    kind, unit = defender_unit(s)
    att_amount = strike_amount(s, "att", kind, unit) if f.att.hits and not f.dfn.evaded else 0
    dfn_amount = strike_amount(s, "dfn", kind, unit) if f.dfn.hits and not f.att.evaded else 0
    _, primary = s.acolyte(f.primary)
    if att_amount:
        reflect = reflected(s, "dfn", att_amount)
        hit_defender(s, kind, unit, att_amount - reflect, f.att.sunder, events)
        if reflect:
            hurt(s, primary, reflect, events)
    if dfn_amount:
        reflect = reflected(s, "att", dfn_amount)
        hurt(s, primary, dfn_amount - reflect, events, sunder=f.dfn.sunder)
        if reflect:
            hit_defender(s, kind, unit, reflect, False, events)
    backfire(s, kind, unit, events)
    tick(s, events)
    f.stage = "between"
    f.att, f.dfn = Strike(), Strike()
    settle(s, events)


def backfire(s: FuturaState, kind: str, unit: str, events: list[Event]) -> None:
    """Possessed units strike their own side; each possession then runs one exchange shorter."""
    f = s.fight
    if f.backfire.get("att"):
        events.append(Event(text="The possessed attacker turns on its own primary."))
        hurt(s, s.acolyte(f.primary)[1], f.backfire["att"], events)
    if f.backfire.get("dfn"):
        events.append(Event(text=f"The possessed {unit_name(s, kind, unit)} turns on its own side."))
        if kind == "creature":
            hit_defender(s, "station", f.district, f.backfire["dfn"], False, events)
        else:
            hit_defender(s, kind, unit, f.backfire["dfn"], False, events)
    f.backfire = {}
    f.possessed = {u: n - 1 for u, n in f.possessed.items() if n > 1}


def reflected(s: FuturaState, side: str, amount: int) -> int:
    """Reversal: at most one per strike (notes §3); reflected damage is never reflected again."""
    f = s.fight
    for mark in list(f.used):
        if mark.startswith(f"reversal:{side}:"):
            f.used.remove(mark)
            return amount * int(mark.rsplit(":", 1)[1]) // 100
    return 0


def strike_amount(s: FuturaState, side: str, kind: str, unit: str) -> int:
    """A strike's damage with sigil bonuses (rules 26, 28, 37)."""
    f = s.fight
    mine, _ = (f.att, f.dfn) if side == "att" else (f.dfn, f.att)
    if mine.override is not None:
        base = mine.override
        bonus = 0
    else:
        base = mine.dam
        bonus = saber_bonus(s, side, kind, unit) if mine.bonus_ok else 0
    return max(base + bonus - armour_cut(s, side, kind, unit), 0)


def deity_of(s: FuturaState, side: str, kind: str, unit: str) -> str | None:
    """The sigil a side fights under: the attacker's ensigil; a creature's printed sigil (its mark);
    the ambushed acolyte's ensigil; a station has none (rule 26)."""
    f = s.fight
    if side == "att":
        return f.ensigil
    if kind == "creature":
        return s.card(unit).sigil
    return f.def_ensigil if kind == "acolyte" else None


def warded(s: FuturaState, side: str, deity: str | None) -> bool:
    """Rule 28: the other side's bay holds a sigil that beats `deity`, or Nullify cancelled it."""
    f = s.fight
    other = f.defender if side == "att" else f.attacker
    if f"nullify:{side}" in f.used:
        return True
    return any(beats(s.card(u).sigil, deity) for u in s.players[other].sigils)


def saber_bonus(s: FuturaState, side: str, kind: str, unit: str) -> int:
    f = s.fight
    mine = deity_of(s, side, kind, unit)
    target = deity_of(s, "dfn" if side == "att" else "att", kind, unit)
    if mine is None or warded(s, side, mine) or not beats(mine, target):
        return 0
    if side == "att":
        a = s.acolyte(f.primary)[1]
        if not a.sabers or not ensigiled(s, a, a.sabers[0], mine):
            return 0
        return CLASS_BONUS[s.card(a.sabers[0]).cls]
    if kind == "creature" and f.def_ensigil_creature == unit:
        return creature_bonus(s.card(unit).level)
    if kind == "acolyte":
        a = s.acolyte(unit)[1]
        if a.sabers and ensigiled(s, a, a.sabers[0], mine):
            return CLASS_BONUS[s.card(a.sabers[0]).cls]
    return 0


def ensigiled(s: FuturaState, a: Acolyte, uid: str, deity: str) -> bool:
    """A piece carries the spent sigil when its printed sigil matches it, or by Living Sigil."""
    card = s.card(uid)
    return card.sigil == deity or ("Living Sigil" in keywords(s, a) and card.sigil is not None)


def armour_cut(s: FuturaState, side: str, kind: str, unit: str) -> int:
    """Rule 26: the struck side's ensigiled armour (or ensigiled creature) cuts each strike from an
    unsigiled striker or one it beats."""
    f = s.fight
    struck = "dfn" if side == "att" else "att"
    mine = deity_of(s, struck, kind, unit)
    striker = deity_of(s, side, kind, unit)
    if struck == "att":
        a = s.acolyte(f.primary)[1]
        living = "Living Sigil" in keywords(s, a) and a.armour and s.card(a.armour).sigil
        deity = mine or (s.card(a.armour).sigil if living else None)
    else:
        deity = mine
    if deity is None or warded(s, struck, deity) or not beats(deity, striker):
        return 0
    if struck == "att" or kind == "acolyte":
        a = s.acolyte(f.primary if struck == "att" else unit)[1]
        if not a.armour or s.cards[a.armour].broken or not ensigiled(s, a, a.armour, deity):
            return 0
        return CLASS_BONUS[s.card(a.armour).cls]
    if kind == "creature" and f.def_ensigil_creature == unit:
        return creature_bonus(s.card(unit).level)
    return 0


def hit_defender(s: FuturaState, kind: str, unit: str, amount: int, sunder: bool, events: list[Event]) -> None:
    f = s.fight
    if kind == "acolyte":
        hurt(s, s.acolyte(unit)[1], amount, events, sunder=sunder)
        return
    layer = f.layers.get(f.district, 0)
    taken = min(layer, amount)
    f.layers[f.district] = layer - taken
    amount -= taken
    if kind == "creature":
        inst = s.cards[unit]
        inst.revealed = True
        inst.ap -= amount  # damage beyond a creature's AP is lost (rule 39)
        events.append(Event(text=f"{s.card(unit).name} takes {amount} ({max(inst.ap, 0)} AP left)."))
        if inst.ap <= 0:
            owner, h = s.holding(f.district)
            h.station.creatures.remove(unit)
            s.players[inst.owner].discard.append(unit)
            events.append(Event(text=f"{s.card(unit).name} is destroyed."))
    elif not sunder:
        st = s.holding(unit)[1].station
        st.ap -= amount
        events.append(Event(text=f"The station on {district_name(unit)} takes {amount} ({st.ap} AP left)."))


def hurt(s: FuturaState, a: Acolyte, amount: int, events: list[Event], *, sunder: bool = False,
         armour_only: bool = False) -> None:
    """Rule 38: ability layers, then item AP, then armour, then base AP. Sunder and Nano Swarm hit
    armour only and never base AP."""
    if amount <= 0:
        return
    f = s.fight
    left = amount
    if f and not (sunder or armour_only):
        layer = f.layers.get(a.uid, 0)
        used = min(layer, left)
        f.layers[a.uid] = layer - used
        left -= used
    zones = [] if (sunder or armour_only) else [u for u in a.abilities + a.items if s.cards[u].ap > 0]
    for uid in zones:
        used = min(s.cards[uid].ap, left)
        s.cards[uid].ap -= used
        left -= used
        if s.cards[uid].ap <= 0:
            detach(s, uid)
            s.players[s.cards[uid].owner].discard.append(uid)
    if a.armour and not s.cards[a.armour].broken and left:
        inst = s.cards[a.armour]
        used = min(inst.ap, left)
        inst.ap -= used
        left -= used
        if inst.ap <= 0:
            inst.broken = True
            events.append(Event(text=f"{name(s, a)}'s {s.card(a.armour).name} breaks."))
    if left and not (sunder or armour_only):
        a.base_ap -= left
    events.append(Event(text=f"{name(s, a)} takes {amount} ({stats(s, a)[0]} AP left)."))


def tick(s: FuturaState, events: list[Event]) -> None:
    """Damage over time lands after each exchange on that side's fighting unit."""
    f = s.fight
    keep = []
    for d in f.dots:
        uid = fighting_acolyte(s, d["on"])
        if uid:
            hurt(s, s.acolyte(uid)[1], d["amount"], events, armour_only=d["armour"])
        else:
            kind, unit = defender_unit(s)
            hit_defender(s, kind, unit, d["amount"], d["armour"], events)
        d["left"] -= 1
        if d["left"] > 0:
            keep.append(d)
    f.dots = keep


# --- ends -------------------------------------------------------------------------------------

def holder(s: FuturaState, card: str) -> str:
    """The acolyte carrying `card`."""
    return next(a.uid for p in s.players for a in p.acolytes if card in a.gear())


def life_support_card(s: FuturaState, a: Acolyte) -> str | None:
    return next((u for u in a.abilities if s.card(u).effect.keyword == "Life Support"), None)


def settle(s: FuturaState, events: list[Event]) -> None:
    """After damage: Life Support (rule 45), a fallen station (41), a dead primary or target (42, 44)."""
    f = s.fight
    if f is None:
        return
    for uid in (f.primary, f.target, f.guard):
        if not uid:
            continue
        owner, a = s.acolyte(uid)
        card = life_support_card(s, a)
        if a.base_ap <= 0 and card and f"nolife:{uid}" not in f.used and not owner.out:
            ask(s, Decision(seat=owner.seat, kind="life_support", reaction=owner.seat != s.active,
                            private=True, button="Save your acolyte",
                            prompt=f"{owner.name}: {name(s, a)} is struck down. Use Life Support?",
                            context=[f"{name(s, a)} would die. Playing {s.card(card).name} keeps it alive at "
                                     "0 base AP and sends it back to the bench; otherwise it dies and its gear "
                                     "is claimed.", "If you let this run out, Life Support is used."],
                            timeout={"type": "play", "source": card}))
            return
    if f.guard and s.acolyte(f.guard)[1].base_ap <= 0:
        guard, f.guard = f.guard, None
        kill(s, f, guard, events)  # the station fights on behind its creatures
    fell = f.kind == "assault" and s.holding(f.district)[1].station.ap <= 0
    if fell:
        station_falls(s, f, events)
    dead = [uid for uid in (f.primary, f.target) if uid and s.acolyte(uid)[1].base_ap <= 0]
    for uid in dead:
        kill(s, f, uid, events)
    if fell or dead:
        end_fight(s, f, events, "over")


def save_by_life_support(s: FuturaState, uid: str, card: str, events: list[Event]) -> None:
    """Rule 45: base AP set to 0, back to the bench, the engagement over for this side."""
    f = s.fight
    _, a = s.acolyte(uid)
    detach(s, card)
    s.players[s.cards[card].owner].discard.append(card)
    a.base_ap = 0
    events.append(Event(text=f"{name(s, a)} survives on Life Support and is carried back to the bench."))
    if uid == f.guard:  # a summoned defender leaves the fight; the station fights on
        f.guard = None
        settle(s, events)
        return
    to_bench(s, a)
    if uid == f.primary and f.support:
        to_bench(s, s.acolyte(f.support)[1])
    end_fight(s, f, events, "life support")


def to_bench(s: FuturaState, a: Acolyte) -> None:
    """Back on the bench, broken armour is discarded unless Mechanic keeps it (A29); cards the
    acolyte can no longer carry go to the hand (rule 10)."""
    a.loc = "bench"
    if a.armour and s.cards[a.armour].broken and "Mechanic" not in keywords(s, a):
        uid = a.armour
        a.armour = None
        s.players[s.cards[uid].owner].discard.append(uid)
    shed(s, a)


def station_falls(s: FuturaState, f: Engagement, events: list[Event]) -> None:
    """Rule 41 (and Orbital Bombardment): the district goes to the attacker face down, the creatures
    to their owner's discard, the stored cards to the attacker as claims."""
    owner, h = s.holding(f.district)
    d = catalog().districts[h.did]
    att = s.players[f.attacker]
    _, primary = s.acolyte(f.primary)
    st = h.station
    for c in st.creatures:
        s.players[s.cards[c].owner].discard.append(c)
    owner.holdings.remove(h)
    loot = [f.primary, f.support]
    if any(u and catalog().acolytes[s.acolyte(u)[1].cid].ability.keyword == "Loot" for u in loot):
        att.vouchers += 1
        att.voucher_cycle = s.cycle
        events.append(Event(text=f"{att.name} takes a station upgrade voucher from the ruins (Loot & Plunder)."))
    if d.ability.keyword == "Orbital Bombardment" and h.used_cycle != s.cycle:
        roll = sum(s.rng.die(20) for _ in range(2))
        events.append(Event(kind="roll", text=f"{d.name} falls with a {d.ability.name}: {roll} damage to "
                                              f"{name(s, primary)}, and the district is lost to everyone."))
        hurt(s, primary, roll, events)
        s.in_game.remove(h.did)
    else:
        att.holdings.append(type(h)(did=h.did, face_down=True))
        events.append(Event(text=f"The station on {d.name} falls: {att.name} claims the district."))
    if st.slots:
        for uid in st.slots:
            s.cards[uid].revealed = True
        s.claims.append(Claim(seat=f.attacker, cards=list(st.slots), winner=f.primary))
        events.append(Event(text=f"{att.name} claims {len(st.slots)} stored card(s): "
                                 + ", ".join(s.card(u).name for u in st.slots) + "."))


def kill(s: FuturaState, f: Engagement, uid: str, events: list[Event]) -> None:
    """Rule 42: the victor claims the armour, sabers, unused items and abilities; the card goes to the pool."""
    owner, a = s.acolyte(uid)
    victor = f.defender if uid == f.primary else f.attacker
    gear = a.gear()
    owner.acolytes.remove(a)
    s.acolyte_pool.append(a.cid)
    events.append(Event(kind="death", text=f"{name(s, a)} falls."))
    if s.players[victor].out or not gear:
        for g in gear:
            s.players[s.cards[g].owner].discard.append(g)
        return
    for g in gear:
        s.cards[g].revealed = True
    winner = f.target if victor == f.defender and f.kind == "ambush" else (f.primary if victor == f.attacker else None)
    s.claims.append(Claim(seat=victor, cards=gear, winner=winner))


FIGHT_ASKS = ("ensigil", "effect", "life_support")  # prompts that only make sense during an engagement


def end_fight(s: FuturaState, f: Engagement, events: list[Event], why: str) -> None:
    """The engagement is over: a support whose primary died walks back to the bench free (rule 42);
    survivors stay in the bay (rule 40)."""
    alive = {a.uid for p in s.players for a in p.acolytes}
    if f.support and f.support in alive and f.primary not in alive:
        to_bench(s, s.acolyte(f.support)[1])
    s.fight = None
    # Prompts about this engagement die with it (a Crystal Vats drive-off ends it while the
    # defender's ensigil question is still queued).
    s.asks = [d for d in s.asks if d.kind not in FIGHT_ASKS]
    if why == "retreat":
        events.append(Event(text="The attackers fall back; they stay in the Assault bay."))
    offer_claims(s)


def offer_claims(s: FuturaState) -> None:
    """Rule 42a: one prompt per claimed card, to its claimant, even off their turn."""
    if s.claims and not any(d.kind == "claim" for d in s.asks):
        c = s.claims[0]
        p = s.players[c.seat]
        card = s.card(c.cards[0])
        ask(s, Decision(seat=c.seat, kind="claim", reaction=c.seat != s.active, private=True,
                        button="Place your spoils",
                        prompt=f"{p.name}: place a claimed card ({len(c.cards)} to go).",
                        context=[f"Claimed: {card.name}.", "Equip it (paying its level), store it in a free "
                                 "station slot, sell it for half its level, or take it into your hand if you hold "
                                 "fewer than 5 cards.", "If you let this run out, it is stored, else sold."],
                        timeout=None))


def between_context(s: FuturaState) -> list[str]:
    """What the attacker knows between exchanges: both sides' AP and the defender's next unit."""
    f = s.fight
    _, primary = s.acolyte(f.primary)
    kind, unit = defender_unit(s)
    if kind == "acolyte":
        theirs = stats(s, s.acolyte(unit)[1])[0]
    elif kind == "creature":
        theirs = s.cards[unit].ap
    else:
        theirs = s.holding(unit)[1].station.ap
    return [f"Exchange {f.exchange} done. {name(s, primary)} has {stats(s, primary)[0]} AP "
            f"(base {max(primary.base_ap, 0)}); {unit_name(s, kind, unit)} has {theirs} AP.",
            "Fight on to roll the next exchange, or yield: your acolytes stay in the Assault bay."]
