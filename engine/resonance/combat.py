"""The Attack / Critical Strike / Support pipeline in the design notes' order (§1.4 items 19-28).

`run` executes the current stage of `state.combat`. A stage either finishes and names the next
stage, or asks a player (state.ask) and returns; the answer is stored in combat.params["@kind"] and
the same stage runs again to consume it. Stages by timing class: augment.py declares (DECL), this
module runs targeting reactions, the alternative processes, fuel, EV, the defence and the RV, and
resolve.py applies damage and the RES / AFTER / SUP keywords. Keyword effects are looked up in
tables (EV_MODS, TARGET_EV here; RES_ON_DAMAGE, RES_ALWAYS, AFTER_ASKS there), not written as one
branch per keyword.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event, note, quiet

from . import context as C
from . import effects as E
from . import keywords as K
from .augment import declare, st_augment
from .prompts import WAIT, ask, card_options, discard_prompt, hand_options, source, take
from .queries import cs_pairs
from .resolve import (
    after_action,
    boost_tags,
    deal,
    note_damage,
    st_after,
    st_always,
    st_effects,
    st_place,
    st_support,
    status_tags,
)
from .state import Combat, ResState, Unit


def defenders_block_cards(s: ResState, c: Combat, t: Unit) -> bool:
    """GR1: Hesitant, Material, Daze (defender) and the Snap/Reckless processes forbid card-based RV."""
    return (K.has(s, t, "3.0") or "5.7" in c.params or "Daze" in t.tags and K.tag_active(s, t, "Daze")  # rare tag
            or replaced_ev(c))


def st_targeted(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """Item 20: Trickster, then Reactive, for each target."""
    done = c.params.get("targeted_done", "")
    for t_uid in c.targets:
        if t_uid in done.split(","):
            continue
        t = s.units.get(t_uid)
        if t is None:
            continue
        dseat = t.owner
        if "7.6" in c.kws or "1.9" in c.params:
            break
        side = K.side_kws(s, dseat)  # side_has for Trickster and Reactive in one pass over the defender's units
        if f"trick:{t_uid}" not in c.params and "9.3" in side and s.players[dseat].hand and c.action == "attack":
            got = discard_prompt(s, c, dseat, "trickster", "Trickster - discard to make the attacker discard?",
                                 None if quiet(s) else C.trickster(s, c, t))
            if got == WAIT:
                return
            c.params[f"trick:{t_uid}"] = got or "no"
            if got and not trickster(s, c, dseat, got, events):
                return
        if c.params.get(f"trick:{t_uid}", "no") != "no" and f"reply:{t_uid}" not in c.params:
            ans = take(c, "trickster_reply")
            if ans is None:
                ask(s, c.seat, "trickster_reply", f"{s.players[c.seat].name}: Trickster - discard a card, or the "
                    "attack is cancelled", card_options(s, c.seat, "Discard"), private=True)
                return
            c.params[f"reply:{t_uid}"] = ans
            E.discard_from_hand(s, c.seat, ans[5:], events, "answering Trickster")
        if f"reac:{t_uid}" not in c.params and "1.6" in side and s.players[dseat].hand \
                and not defenders_block_cards(s, c, t):
            got = discard_prompt(s, c, dseat, "reactive", "Reactive - discard a card for +RV?",
                                 None if quiet(s) else C.reactive(s, c, t))
            if got == WAIT:
                return
            c.params[f"reac:{t_uid}"] = got or "no"
            if got:
                E.discard_from_hand(s, dseat, got, events, "Reactive")
                c.reactive[t_uid] = K.card(got).power
        c.params["targeted_done"] = done + "," + t_uid
        done = c.params["targeted_done"]
    c.stage = "alt"


def trickster(s: ResState, c: Combat, dseat: int, card: str, events: list[Event]) -> bool:
    """App C 9.3: the attacker must answer with a discard of its choice, or the attack is cancelled."""
    E.discard_from_hand(s, dseat, card, events, "Trickster")
    if not s.players[c.seat].hand:
        events.append(note(text="The attacker cannot discard: the attack is cancelled (App C 9.3)."))
        c.cancelled = True
        c.stage = "finish"
        return False
    return True


def st_alt(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """Item 21: Translocate, Area, Reckless and Snap replace parts of the roll (GR2)."""
    if c.action == "cs":
        E.gain_karma(s, c.seat, events, "performed a Critical Strike")
    if "1.9" in c.params:
        translocate(s, c, events)
        c.stage = "finish"
        return
    if "7.6" in c.kws:
        c.stage = "area"
        return
    c.stage = "fuel"


def translocate(s: ResState, c: Combat, events: list[Event]) -> None:
    t = s.units.get(c.targets[0])
    arg = c.params["1.9"]
    if t is None:
        return
    owner = s.players[t.owner]
    if arg == "unit":
        s.units.pop(t.uid)
        s.discard.extend(t.items)
        owner.hand.append(t.card)
        events.append(note(text=f"Translocate: {K.card(t.card).name} returns to {owner.name}'s hand."))
    elif arg in t.items:
        t.items.remove(arg)
        owner.hand.append(arg)
        events.append(note(text=f"Translocate: {K.card(arg).name} returns to {owner.name}'s hand."))


def st_area(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """App C 7.6: 1 damage to each Animation of the target's controller; 1 EN buys each one off."""
    foe = s.units[c.targets[0]].owner if c.targets[0] in s.units else None
    todo = [a.uid for a in K.animations(s, foe)] if foe is not None else []
    done = c.params.get("area_done", "").split(",")
    for uid in todo:
        if uid in done or uid not in s.units:
            continue
        if f"area:{uid}" not in c.params and s.players[foe].en >= 1:
            ans = take(c, "area")
            if ans is None:
                ask(s, foe, "area", f"{s.players[foe].name}: Area hits {E.name(s, uid)} - pay 1 EN to prevent it?",
                    [("pay", "Pay 1 EN"), ("no", "Take the damage")], context=C.area(s, c, s.units[uid]))
                return
            if ans == "pay":
                s.players[foe].en -= 1
                events.append(note(text=f"{s.players[foe].name} pays 1 EN: {E.name(s, uid)} is spared."))
                c.params["area_done"] = c.params.get("area_done", "") + "," + uid
                continue
        c.params[f"area:{uid}"] = "take"  # the EN answer is kept while Bless or Survivor is asked
        u = s.units[uid]
        dealt = deal(s, c, u, 1, events, f"area:{uid}")
        if dealt is None:
            return
        if dealt:
            status_tags(s, c, u, events)
            note_damage(s, c, events)
        c.params["area_done"] = c.params.get("area_done", "") + "," + uid
    boost_tags(s, c, events)
    c.stage = "after"


def fuel_options(s: ResState, c: Combat) -> list[tuple[str, str]]:
    seat = c.seat
    hand = s.players[seat].hand
    if c.action == "cs":
        return [(f"pair:{p}", f"Discard a pair of Power {p} (EV {2 * p})") for p in cs_pairs(s, seat)]
    if "2.6" in c.kws:
        return [("snap", "Snap: Focus against Focus, no cards")]
    opts: list[tuple[str, str]] = []
    t = s.units.get(c.targets[0])
    obscure = t is not None and K.tag_active(s, t, "Obscure") and "2.9" not in c.kws
    if obscure:
        powers = sorted({K.card(x).power for x in hand})
        for i, a in enumerate(powers):
            for b in powers[i:]:
                if a != b or sum(1 for x in hand if K.card(x).power == a) >= 2:
                    opts.append((f"two:{a}:{b}", f"Discard Power {a} and {b} (Obscure: uses {min(a, b)})"))
    else:
        opts += hand_options(s, seat, "Fuel with")
    src = source(s, c)
    innate = K.printed(s, src) if src is not None and src.kind != "player" else ()  # for Stoic and Ambience alike
    if "4.2" in c.kws or "4.2" in innate:
        opts.append(("stoic", "Stoic: no card, Focus + Focus"))
    if "9.8" in c.kws or "9.8" in innate:
        best = max((K.card(x).power for x in s.discard), default=0)
        opts.append(("ambience", f"Ambience: no card, +{best} from the discard pile"))
    return opts


def st_fuel(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """Item 22: pay the fuel (Reckless reveals its second card here)."""
    ans = take(c, "fuel")
    if ans is None:
        opts = fuel_options(s, c)
        if len(opts) > 1:
            ask(s, c.seat, "fuel", "Choose the fuel for this attack", opts, private=True)
            return
        ans = opts[0][0] if opts else "none"
    c.ev, c.ev_parts = pay_fuel(s, c, ans, events)
    c.stage = "reckless"


def st_reckless(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """App C 2.9: the attacker chooses which of the discarded and the revealed card sets the EV."""
    top = c.params.get("reckless_top")
    if top and c.fuel:
        ans = take(c, "reckless")
        if ans is None:
            ask(s, c.seat, "reckless", "Reckless: which card sets the attack's EV?",
                [("fuel", f"The discarded {E.card_name(c.fuel[0])}"), ("top", f"The revealed {E.card_name(top)}")])
            return
        c.params.pop("reckless_top")
        chosen = top if ans == "top" else c.fuel[0]
        gain = 0 if K.tag_active(s, s.units[c.actor], "Daze") else K.card(chosen).power
        c.ev, c.ev_parts = gain, [f"Reckless {gain}"]
    c.stage = "awkward"


def st_awkward(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """Awkward's extra card (for no effect; its controller picks which) and Material's destroyed Item."""
    if K.has(s, s.units[c.actor], "8.0") and s.players[c.seat].hand and "awkward" not in c.params:
        opts = card_options(s, c.seat, "Discard")
        ans = take(c, "awkward") or (opts[0][0] if len(opts) == 1 else None)
        if ans is None:
            ask(s, c.seat, "awkward", "Awkward: discard one more card (it adds nothing)", opts, private=True)
            return
        c.params["awkward"] = ans
        E.discard_from_hand(s, c.seat, ans[5:], events, "Awkward")
    item = c.params.get("5.7")
    holder = next((x for x in s.units.values() if item in x.items), None) if item else None
    if holder:
        holder.items.remove(item)
        s.discard.append(item)
        events.append(note(text=f"Material: {K.card(item).name} is destroyed; the defender cannot discard."))
    c.stage = "ev"


def st_ev(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """Item 23: Player Items, the EV keywords (Flux and Gamble ask as they go), then Weaken."""
    if "ev_items" not in c.params:
        c.params["ev_items"] = "1"
        n = len(s.units[c.actor].items)  # §4.3.2: +1 per Item on an attacking Player
        if s.units[c.actor].kind == "player" and "2.9" not in c.kws and n:
            c.ev += n
            c.ev_parts.append(f"Items {n}")
    if not replaced_ev(c):
        kws = c.kws  # no EV keyword adds keywords
        for code, fn in EV_MODS.items():
            if code not in kws or f"ev:{code}" in c.params:
                continue
            bonus = fn(s, c, events)
            if bonus is None:
                return
            c.params[f"ev:{code}"] = str(bonus)
            if bonus:
                c.ev += bonus
                c.ev_parts.append(f"{K.kw_name(code)} {bonus:+d}")
            if c.actor not in s.units:
                return  # Flux or Gamble destroyed the actor: run() ends the action
    if not replaced_ev(c) and K.tag_active(s, s.units[c.actor], "Weaken"):
        c.ev -= 1
        c.ev_parts.append("Weaken -1")
    c.stage = "enhance"


def fuel_focus(s: ResState, c: Combat) -> tuple[int, str]:
    """The Focus part of the EV: none for a CS or under Ranged; Attuned borrows an Animation's."""
    if c.action == "cs" or "7.7" in c.kws:
        return 0, "no Focus"
    if "1.3" in c.params and c.params["1.3"] in s.units:
        return K.focus(s, s.units[c.params["1.3"]]), "Attuned Focus"
    return K.focus(s, source(s, c)), "Focus"


def pay_fuel(s: ResState, c: Combat, ans: str, events: list[Event]) -> tuple[int, list[str]]:
    """Discard the chosen fuel and return (EV so far, its parts). Daze makes cards count 0."""
    seat = c.seat
    base, why = fuel_focus(s, c)
    daze = K.tag_active(s, s.units[c.actor], "Daze")
    kind, _, rest = ans.partition(":")
    cards: list[str] = []
    gain = 0
    if kind in ("pair", "two"):
        powers = [int(x) for x in rest.split(":")] * (2 if kind == "pair" else 1)
        for p in powers:
            cards.append(next(x for x in sorted(s.players[seat].hand) if K.card(x).power == p and x not in cards))
        gain = 2 * powers[0] if kind == "pair" else min(powers)
    elif kind == "card":
        cards, gain = [rest], K.card(rest).power
    elif kind == "stoic":  # Focus + Focus, even under Ranged (GR2: Stoic is the more specific process)
        f = K.focus(s, source(s, c))
        return 2 * f, [f"Focus {f}", f"Stoic {f}"]
    elif kind == "ambience":
        best = max((K.card(x).power for x in s.discard), default=0)
        return base + best, [f"{why} {base}", f"Ambience {best}"]
    for x in cards:
        E.discard_from_hand(s, seat, x, events, "fuel")
    c.fuel = cards
    if daze:
        gain = 0
    if "2.9" in c.kws and cards:  # Reckless: reveal the second card; st_reckless asks which one counts
        top = E.reveal_top(s, events, "Reckless")
        if top:
            s.discard.append(top)
            c.params["reckless_top"] = top
        return gain, [f"Reckless {gain}"]
    parts = [f"{why} {base}"] + ([f"cards {gain}" + (" (Dazed)" if daze else "")] if cards else [])
    return base + gain, parts


def ev_flux(s: ResState, c: Combat, events: list[Event]) -> int | None:
    """App C 4.7: the attacker picks X markers for +X EV (markers actually placed; Survivor may stop them)."""
    me = s.units[c.actor]
    if "flux_x" not in c.params:
        ans = take(c, "flux")
        if ans is None:
            left = K.max_hp(s, me) - me.damage
            ask(s, c.seat, "flux", f"Flux: how many damage markers on {E.name(s, me.uid)} for +1 EV each?",
                [("0", "None")] + [(str(x), f"{x} marker(s): +{x} EV") for x in range(1, left + 1)])
            return None
        c.params["flux_x"] = ans
    placed = deal(s, c, me, int(c.params["flux_x"]), events, "flux", "Flux", None, attack=False)
    if placed is not None:
        c.params.pop("flux_x")
    return placed


def ev_gamble(s: ResState, c: Combat, events: list[Event]) -> int | None:
    """App C 0.8: reveal one card at a time, each +1 EV and 1 marker on the attacker, until it stops."""
    me = s.units[c.actor]
    n = int(c.params.get("gamble_n", "0"))
    while True:
        if "gamble_mark" in c.params:
            if deal(s, c, me, 1, events, "gamble", "Gamble", None, attack=False) is None:
                return None
            c.params.pop("gamble_mark")
            if me.uid not in s.units:
                return n
        ans = "no" if me.suppressed else take(c, "gamble")  # a Suppressed actor cannot take the markers
        if ans is None:
            ask(s, c.seat, "gamble", f"Gamble: reveal a card for +1 EV and 1 damage marker on {E.name(s, me.uid)}? "
                f"(+{n} so far)", [("no", "Stop"), ("yes", "Reveal a card")])
            return None
        top = E.reveal_top(s, events, "Gamble") if ans == "yes" else None
        if top is None:
            c.params.pop("gamble_n", None)
            return n
        s.discard.append(top)
        n += 1
        c.params["gamble_n"] = str(n)
        c.params["gamble_mark"] = "1"


EV_MODS: dict[str, Callable[[ResState, Combat, list[Event]], int | None]] = {
    "0.1": lambda s, c, ev: 1,  # Aura
    "2.7": lambda s, c, ev: 1 if source(s, c).items else 0,  # Two-Handed
    "3.6": lambda s, c, ev: len(K.animations(s, c.seat)),  # Sculpt
    "5.8": lambda s, c, ev: sum(len(u.items) for u in K.side_units(s, c.seat)),  # Leverage
    "7.2": lambda s, c, ev: 1 if s.players[c.seat].karma_turn == s.turn else 0,  # Font
    "4.7": ev_flux,
    "0.8": ev_gamble,
}
# EV changes that depend on the target (per target of Multiply)
TARGET_EV: dict[str, Callable[[ResState, Combat, Unit], int]] = {
    "2.3": lambda s, c, t: 0 if t.uid in source(s, c).eidetic else 1,  # Eidetic
    "6.8": lambda s, c, t: sum(1 for x in t.tags if x in K.STATUS_TAGS and K.tag_active(s, t, x)),  # Exploit
}


def st_enhance(game, s: ResState, c: Combat, events: list[Event]) -> None:
    me = s.units.get(c.actor)
    if me and K.tag_active(s, me, "Enhance") and s.players[c.seat].hand and "2.6" not in c.kws \
            and "2.9" not in c.kws:
        got = discard_prompt(s, c, c.seat, "enhance", "Enhance Tag - discard one more card for +EV?")
        if got == WAIT:
            return
        if got:
            E.discard_from_hand(s, c.seat, got, events, "Enhance")
            if not K.tag_active(s, me, "Daze"):
                c.ev += K.card(got).power
                c.ev_parts.append(f"Enhance {K.card(got).power}")
    events.append(note(text=f"EV {c.ev} = " + " + ".join(c.ev_parts) + "."))
    c.stage = "react"


def react_options(s: ResState, c: Combat, t: Unit) -> list[tuple[str, str]]:
    seat = t.owner
    opts = [("none", "No reaction")]
    cards_ok = not defenders_block_cards(s, c, t)
    if cards_ok:
        if "0.6" in c.kws:
            opts.append(("reveal", "Indirect: reveal the top card for RV"))
        else:
            opts += hand_options(s, seat, "Discard")
    if not replaced_ev(c):  # no Sacrifice under Snap or Reckless
        opts += [(f"sac:{i}", f"Sacrifice {K.card(i).name} (+{K.card(i).power} RV)") for i in t.items]
    return opts


def st_react(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """Items 24-25: the defender's reaction, extras (Defensive, Enhance) and the RV."""
    t = s.units.get(c.target) if c.target else None
    if t is None:
        c.stage = "next_target"
        return
    ans = take(c, "react")
    if ans is None:
        opts = react_options(s, c, t)
        if len(opts) > 1:
            ev = c.ev + target_ev(s, c, t)[0]
            ask(s, t.owner, "react", f"{s.players[t.owner].name}: {E.name(s, t.uid)} is attacked with EV "
                f"{ev} - react?", opts, private=True, context=None if quiet(s) else react_context(s, c, t, ev, opts))
            return
        ans = "none"
    ranged = "7.7" in c.kws
    focus = 0 if ranged else K.focus(s, t)
    c.rv, c.rv_parts, c.rv_discarded = focus, [f"Focus {focus}"], False
    if "2.9" in c.kws:
        c.rv, c.rv_parts = 0, ["Reckless: RV 0"]
    elif ans.startswith("card:"):
        cid = ans[5:]
        E.discard_from_hand(s, t.owner, cid, events, "defence")
        c.rv += K.card(cid).power
        c.rv_parts.append(f"card {K.card(cid).power}")
        c.rv_discarded = True
    elif ans == "reveal":
        top = E.reveal_top(s, events, "Indirect")
        if top:
            s.discard.append(top)
            c.rv += K.card(top).power
            c.rv_parts.append(f"revealed {K.card(top).power}")
    elif ans.startswith("sac:"):
        item = ans[4:]
        t.items.remove(item)
        s.discard.append(item)
        c.rv += K.card(item).power
        c.rv_parts.append(f"Sacrifice {K.card(item).power}")
        events.append(note(text=f"Defensive Sacrifice: {K.card(item).name} is destroyed (§2.16)."))
    for part, value in rv_bonuses(s, c, t):
        c.rv += value
        c.rv_parts.append(f"{part} {value}")
    c.params["extras"] = str(extra_count(s, c, t))
    c.stage = "extra"


def rv_bonuses(s: ResState, c: Combat, t: Unit) -> list[tuple[str, int]]:
    """What the RV gains after the reaction: Reactive's card, minus Bane's count (none under Reckless)."""
    if "2.9" in c.kws:
        return []
    out = [("Reactive", c.reactive[t.uid])] if c.reactive.get(t.uid) else []
    if t.bane is not None and "1.0" in K.all_kws(s, t):
        n = sum(1 for k in c.kws if int(k.split(".")[0]) == t.bane)
        if n:
            out.append(("Bane", -n))
    return out


def react_context(s: ResState, c: Combat, t: Unit, ev: int, opts) -> list[str]:
    """The defender's numbers: RV without a card (Focus, Reactive, Bane) and the damage per answer."""
    focus = 0 if "7.7" in c.kws else K.focus(s, t)
    parts = [("Focus", focus)] + rv_bonuses(s, c, t)
    rv = sum(v for _, v in parts)
    return C.react(s, c, t, ev, rv, [f"{p} {v}" for p, v in parts], lambda x: raw_damage(s, c, t, ev, x), opts,
                   extra_count(s, c, t))


def extra_count(s: ResState, c: Combat, t: Unit) -> int:
    """Defensive (on the unit, or active for its controlling Player) and an Enhance Tag: one card each."""
    if defenders_block_cards(s, c, t) or "0.6" in c.kws:
        return 0
    player = s.units.get(f"P{t.owner}")
    defensive = K.has(s, t, "3.7") or (player is not None and K.has(s, player, "3.7"))
    return int(defensive) + int(K.tag_active(s, t, "Enhance"))


def st_extra(game, s: ResState, c: Combat, events: list[Event]) -> None:
    t = s.units.get(c.target)
    left = int(c.params.get("extras", "0"))
    if t is None:
        c.stage = "next_target"
        return
    while left > 0 and s.players[t.owner].hand:
        ev = c.ev + target_ev(s, c, t)[0]
        got = discard_prompt(s, c, t.owner, "extra", "discard an extra card for +RV (Defensive/Enhance)?",
                             None if quiet(s) else C.extra(s, c, t, ev, raw_damage(s, c, t, ev, c.rv), left))
        if got == WAIT:
            return
        left = left - 1 if got else 0
        c.params["extras"] = str(left)
        if got:
            E.discard_from_hand(s, t.owner, got, events, "extra defence")
            c.rv += K.card(got).power
            c.rv_parts.append(f"extra {K.card(got).power}")
            c.rv_discarded = True
    c.params["extras"] = "0"
    c.stage = "damage"


def replaced_ev(c: Combat) -> bool:
    """GR2: Reckless and Snap define the whole EV, so EV modifiers do not apply."""
    kws = c.kws
    return "2.9" in kws or "2.6" in kws


def target_ev(s: ResState, c: Combat, t: Unit) -> tuple[int, list[str]]:
    bonus, parts = 0, []
    if replaced_ev(c):
        return bonus, parts
    kws = c.kws  # no target EV keyword adds keywords
    for code, fn in TARGET_EV.items():
        if code in kws:
            b = fn(s, c, t)
            if b:
                bonus += b
                parts.append(f"{K.kw_name(code)} +{b}")
    if "Mark" in t.tags and K.tag_active(s, t, "Mark"):  # a rare tag: the call only when there
        bonus += 1
        parts.append("Mark +1")
    return bonus, parts


def st_damage(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """Item 26: hit check and raw damage; Deadeye and Adaptive redirect (GR3)."""
    t = s.units.get(c.target)
    if t is None:
        c.stage = "next_target"
        return
    bonus, parts = target_ev(s, c, t)
    c.params["towner"] = str(t.owner)  # Piercing still needs it if the target is destroyed
    ev = c.ev + bonus
    if "2.3" in c.kws:
        src = source(s, c)
        if src and t.uid not in src.eidetic:
            src.eidetic.append(t.uid)
    if "2.6" in c.kws:  # Snap: Focus against Focus
        ev, c.rv = K.focus(s, source(s, c)), K.focus(s, t)
        parts, c.rv_parts = ["Snap: Focus"], [f"Snap: Focus {c.rv}"]
    c.hit = ev > c.rv
    raw = raw_damage(s, c, t, ev, c.rv)
    events.append(note(kind="roll", text=f"EV {ev}{' (' + ', '.join(parts) + ')' if parts else ''} against RV "
                                          f"{c.rv} ({' + '.join(c.rv_parts)}): "
                                          + (f"hit for {raw}." if c.hit else "no damage."),
                        data={"ev": ev, "rv": c.rv}))
    c.raw, c.dealt, c.redirected = raw, 0, False
    c.params["potent"] = ""
    c.stage = "potent"


def raw_damage(s: ResState, c: Combat, t: Unit, ev: int, rv: int) -> int:
    """EV over RV; a Critical Strike that hits adds Brutal's and Feeble's extra point."""
    if ev <= rv:
        return 0
    extra = (1 if "1.8" in c.kws else 0) + (1 if K.has(s, t, "6.0") else 0) if c.action == "cs" else 0
    return ev - rv + extra


def st_potent(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """App C 8.9: the attacker may make the attack deal no damage; its effects then apply, hit or miss."""
    if "8.9" in c.kws:
        ans = take(c, "potent")
        if ans is None:
            opts = [("no", f"Deal the {c.raw} damage"), ("yes", "Potent: no damage, effects still apply")] if c.hit \
                else [("no", "No effects"), ("yes", "Potent: apply the effects without damage")]
            ask(s, c.seat, "potent", "Potent: deal no damage so the keyword effects apply?", opts)
            return
        if ans == "yes":
            c.params["potent"] = "1"
            events.append(note(text="Potent: the attack deals no damage and its keyword effects apply."))
            c.stage = "effects"
            return
    c.stage = "redirect" if c.hit else "effects"


def st_redirect(game, s: ResState, c: Combat, events: list[Event]) -> None:
    t = s.units.get(c.target)
    item = c.params.get("6.2")
    if item and t and item in t.items:
        t.items.remove(item)
        s.discard.append(item)
        c.redirected = True
        events.append(note(text=f"Deadeye: {K.card(item).name} is destroyed instead of placing damage."))
        c.stage = "effects"
        return
    if "0.7" in c.kws and t and s.players[t.owner].hand:
        ans = take(c, "adaptive")
        if ans is None:
            ask(s, c.seat, "adaptive", "Adaptive: make the target's controller discard instead of dealing damage?",
                [("damage", f"Deal {c.raw} damage"), ("discard", "They discard a card instead")])
            return
        if ans == "discard":
            c.redirected = True
            c.stage = "adaptive_discard"
            return
    c.stage = "place"


def st_adaptive_discard(game, s: ResState, c: Combat, events: list[Event]) -> None:
    t = s.units.get(c.target)
    seat = t.owner if t else None
    if seat is not None and s.players[seat].hand:
        ans = take(c, "adaptive_discard")
        if ans is None:
            ask(s, seat, "adaptive_discard", f"{s.players[seat].name}: Adaptive - choose a card to discard",
                hand_options(s, seat, "Discard"), private=True, context=C.adaptive_discard(s, c, t))
            return
        E.discard_from_hand(s, seat, ans[5:], events, "Adaptive")
    c.stage = "effects"


def st_next_target(game, s: ResState, c: Combat, events: list[Event]) -> None:
    if c.target and c.target not in s.units:
        c.destroyed_target = True
    c.ti += 1
    for key in [k for k in c.params if k.startswith("res:") or k in ("tags_done", "potent", "edit")]:
        c.params.pop(key)
    c.hit, c.dealt, c.raw, c.redirected = False, 0, 0, False
    c.stage = "react" if c.ti < len(c.targets) else "after"


def st_finish(game, s: ResState, c: Combat, events: list[Event]) -> None:
    me = s.units.get(c.actor)
    if me is not None:
        after_action(s, me, events)
    s.combat = None


STAGES = {
    "augment": st_augment, "targeted": st_targeted, "alt": st_alt, "area": st_area, "fuel": st_fuel,
    "reckless": st_reckless, "awkward": st_awkward, "ev": st_ev, "potent": st_potent,
    "enhance": st_enhance, "react": st_react, "extra": st_extra, "damage": st_damage, "redirect": st_redirect,
    "adaptive_discard": st_adaptive_discard, "place": st_place, "effects": st_effects, "always": st_always,
    "next_target": st_next_target, "after": st_after, "support": st_support, "finish": st_finish,
}


def run(game, s: ResState, events: list[Event]) -> None:
    """Run the action in progress stage by stage until someone must choose (a prompt is queued),
    the action is over or the game is. One loop here rather than one call per stage: an Attack
    passes through a dozen stages, most of which only look and move on."""
    fields = s.__dict__  # read past pydantic's attribute hook: every stage asks all four
    while (c := fields["combat"]) is not None and not fields["asks"] and not fields["finished"]:
        if c.actor not in fields["units"]:
            s.combat = None  # the actor destroyed itself (Flux, Gamble): the action stops
            return
        STAGES[c.stage](game, s, c, events)


__all__ = ["declare", "run"]
