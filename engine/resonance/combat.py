"""The Attack / Critical Strike / Support pipeline in the design notes' order (§1.4 items 19-28).

`run` executes the current stage of `state.combat`. A stage either finishes and names the next
stage, or asks a player (state.ask) and returns; the answer is stored in combat.params["@kind"] and
the same stage runs again to consume it. Keyword effects are looked up in the tables below by
timing class (EV_MODS, RES_ON_DAMAGE, ...), not written as one branch per keyword.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event

from . import effects as E
from . import keywords as K
from .cards import COLOURS, catalog
from .state import Ask, Combat, ResState, Unit

SUPPORT_ONLY = {"3.9", "6.7", "7.9", "8.3"}


# --- helpers ---------------------------------------------------------------------------------

def take(c: Combat, kind: str) -> str | None:
    return c.params.pop("@" + kind, None)


def ask(s: ResState, seat: int, kind: str, prompt: str, options: list[tuple[str, str]], private: bool = False) -> None:
    s.ask = Ask(seat=seat, kind=kind, prompt=prompt, options=options, private=private)


def actor(s: ResState, c: Combat) -> Unit | None:
    return s.units.get(c.actor)


def source(s: ResState, c: Combat) -> Unit | None:
    return s.units.get(c.source)


def hand_options(s: ResState, seat: int, verb: str) -> list[tuple[str, str]]:
    """One option per distinct Power in hand (cards of equal Power are equivalent here)."""
    seen: dict[int, str] = {}
    for card in sorted(s.players[seat].hand):
        seen.setdefault(K.card(card).power, card)
    return [(f"card:{cid}", f"{verb} {E.card_name(cid)}") for _, cid in sorted(seen.items(), reverse=True)]


WAIT = "wait"


def discard_prompt(s: ResState, c: Combat, seat: int, kind: str, prompt: str) -> str | None:
    """An optional "discard a card for ..." question: WAIT while asked, then None ("no") or the card id."""
    ans = take(c, kind)
    if ans is None:
        ask(s, seat, kind, f"{s.players[seat].name}: {prompt}", [("no", "No")] + hand_options(s, seat, "Discard"),
            private=True)
        return WAIT
    return None if ans == "no" else ans[5:]


def colours_of(s: ResState, u: Unit) -> set[int]:
    if u.kind == "player":
        p = s.players[u.owner]
        return {p.primary, *p.secondaries}
    if u.kind == "echo":
        return set()
    return set(catalog().module_of(K.card(u.card)).colours)


def next_turn_of(s: ResState, seat: int) -> int:
    """The turn number of `seat`'s next turn (Lingering lasts to its end, A-40)."""
    n = len(s.players)
    gap = (seat - s.active) % n or n
    return s.turn + gap


# --- declaration (item 19) ---------------------------------------------------------------------

def declare(game, s: ResState, a, events: list[Event]) -> None:
    u = s.units[a.actor]
    action = a.what
    c = Combat(seat=a.seat, action=action, actor=u.uid, source=u.uid, targets=[a.target])
    c.innate = [k for k in K.printed(s, u) if usable(k, action) and k not in K.PARAM_KWS]
    s.combat = c
    cost = game_stealth(s, c)
    s.players[a.seat].en -= cost
    verb = {"attack": "attacks", "cs": "makes a Critical Strike on", "support": "supports"}[action]
    events.append(Event(text=f"{E.name(s, u.uid)} {verb} {E.name(s, a.target)}"
                             + (f" (pays {cost} EN for Stealthy)" if cost else "") + "."))
    if action != "support":
        t = s.units[a.target]
        if t.kind == "player" and K.guards(s, t.owner) and "1.1" not in c.innate:
            c.aug.append("1.1")  # Traveller must be used to pass Guardian Precedence (§2.5)
    c.stage = "augment"


def game_stealth(s: ResState, c: Combat) -> int:
    if c.action == "support":
        return 0
    return sum(1 for t in c.targets if K.has(s, s.units[t], "9.2"))


def usable(code: str, action: str) -> bool:
    """Action keywords that can take part in this kind of action."""
    if code in K.UNIT_KWS or code in K.SIDE_KWS:
        return False
    if action == "support":
        return code in K.SUPPORT_KWS
    return code not in SUPPORT_ONLY and not (action == "cs" and code in K.NO_CS_AUG)


def aug_limit(s: ResState, c: Combat) -> int:
    """GR6: the actor's own Focus caps augmented keywords (Channel: the Channeler's, A-34)."""
    return K.focus(s, s.units[c.actor])


def aug_pool(s: ResState, c: Combat) -> list[str]:
    u = source(s, c)
    if u.kind == "player":
        pool = K.item_kws(s, u) + K.codex_kws(s, u.owner)
    else:
        pool = K.item_kws(s, u)
    pool = [k for k in dict.fromkeys(pool) if k not in K.FLAWS and usable(k, c.action)]
    return [k for k in pool if k not in c.kws]


def param_args(s: ResState, c: Combat, code: str) -> list[tuple[str, str]]:
    """The choices a parameterised keyword needs: (arg, words)."""
    me = s.units[c.actor]
    seat = c.seat
    t = s.units.get(c.targets[0]) if c.targets and c.targets[0] else None
    friends = [a for a in K.animations(s, seat) if a.uid != c.actor and not a.suppressed]
    if code == "1.3":
        return [(a.uid, f"Focus of {E.name(s, a.uid)}") for a in friends]
    if code == "9.9":
        return [(a.uid, f"through {E.name(s, a.uid)}") for a in friends if a.kind == "animation"]
    if code == "4.7":
        return [(str(x), f"{x} marker(s) on the actor") for x in (1, 2, 3)]
    if code == "0.8":
        return [(str(x), f"reveal {x}") for x in (1, 2, 3)]
    if code == "7.9":
        return [(a.uid, f"split {E.name(s, a.uid)}") for a in K.animations(s, seat)]
    if t is None:
        return []
    if code == "1.9":
        opts = [("unit", f"bounce {E.name(s, t.uid)}")] if t.kind == "animation" else []
        return opts + [(i, f"bounce {K.card(i).name}") for i in t.items]
    if code == "6.2":
        return [(i, f"aim at {K.card(i).name}") for i in t.items]
    if code == "5.7":
        return [(i, f"destroy your {K.card(i).name}") for u in K.side_units(s, seat) for i in u.items]
    if code == "7.8":
        en = s.players[seat].en
        return [(o, f"2nd target {E.name(s, o)}") for o in enemy_targets(s, me)
                if o != t.uid and (en >= 1 or not K.has(s, s.units[o], "9.2"))]
    if code == "5.6":
        return [(k, f"gain {K.kw_name(k)}") for k in dict.fromkeys(K.codex_kws(s, seat))
                if k not in c.kws and k not in K.FLAWS and usable(k, c.action) and k not in K.PARAM_KWS]
    if code == "5.2":
        items = [k for u in K.side_units(s, seat) for i in u.items for k in K.card(i).keywords]
        return [(k, f"gain {K.kw_name(k)}") for k in dict.fromkeys(items)
                if k not in c.kws and k not in K.FLAWS and usable(k, c.action) and k not in K.PARAM_KWS]
    return []


def enemy_targets(s: ResState, me: Unit) -> list[str]:
    from .rules import attack_targets

    return attack_targets(s, me)


def augment_options(s: ResState, c: Combat) -> list[tuple[str, str]]:
    u = s.units[c.actor]
    opts: list[tuple[str, str]] = []
    insulated = c.action != "support" and K.has(s, s.units[c.targets[0]], "7.3")
    room = not insulated and len(c.aug) < aug_limit(s, c)
    mundane = K.has(s, u, "9.0")

    def add(prefix: str, code: str, free: bool) -> None:
        if code in K.PARAM_KWS:
            for arg, words in param_args(s, c, code):
                opts.append((f"{prefix}:{code}:{arg}", f"{K.kw_name(code)}: {words}" + (" (free)" if free else "")))
        else:
            opts.append((f"{prefix}:{code}", K.kw_name(code) + (" (free)" if free else "")))

    if room:
        for code in aug_pool(s, c):
            if code in ("5.6", "5.2") and mundane:
                continue
            add("aug", code, False)
    for code in K.printed(s, source(s, c)):
        if code in K.PARAM_KWS and usable(code, c.action) and code not in c.kws:
            add("free", code, True)
    if c.action != "support" and "Augment" in u.tags and not mundane and not insulated and "augtag" not in c.params:
        for code in dict.fromkeys(K.codex_kws(s, c.seat)):
            if code not in c.kws and code not in K.FLAWS and usable(code, c.action) and code not in K.PARAM_KWS:
                opts.append((f"tag:{code}", f"Augment Tag: gain {K.kw_name(code)}"))
    return opts


def apply_augment(s: ResState, c: Combat, opt: str, events: list[Event]) -> None:
    parts = opt.split(":")
    kind, code = parts[0], parts[1]
    arg = parts[2] if len(parts) > 2 else None
    if kind == "tag":
        E.remove_tag(s.units[c.actor], "Augment")
        c.params["augtag"] = code
        c.free.append(code)
        events.append(Event(text=f"The Augment Tag adds {K.kw_name(code)}."))
        return
    (c.aug if kind == "aug" else c.free).append(code)
    if arg is not None:
        if code in ("5.6", "5.2"):
            c.free.append(arg)
            events.append(Event(text=f"{K.kw_name(code)} adds {K.kw_name(arg)}."))
        else:
            c.params[code] = arg
    if code == "9.9" and arg in s.units:
        c.source = arg
        src = s.units[arg]
        c.innate += [k for k in K.printed(s, src) if usable(k, c.action) and k not in K.PARAM_KWS and k not in c.kws]
    if code == "7.8" and arg:
        c.targets.append(arg)
        if K.has(s, s.units[arg], "9.2"):
            s.players[c.seat].en -= 1  # Stealthy: the second target costs its EN too
            events.append(Event(text=f"{s.players[c.seat].name} pays 1 EN to target the Stealthy {E.name(s, arg)}."))


# --- stages -------------------------------------------------------------------------------------

def st_augment(game, s: ResState, c: Combat, events: list[Event]) -> None:
    ans = take(c, "augment")
    if ans and ans != "done":
        apply_augment(s, c, ans, events)
        ans = None
    if ans is None:
        opts = augment_options(s, c)
        if opts:
            limit = aug_limit(s, c)
            ask(s, c.seat, "augment", f"Augment this action: {len(c.aug)}/{limit} keywords used"
                + (f" ({', '.join(K.kw_name(k) for k in c.kws)})" if c.kws else ""), opts + [("done", "Done")])
            return
    if c.kws:
        events.append(Event(text="Keywords in use: " + ", ".join(K.kw_name(k) for k in c.kws) + "."))
    if "2.2" in c.kws and c.action != "support":
        t = s.units[c.targets[0]]
        hand = s.players[t.owner].hand
        s.seen[str(c.seat)] = list(hand)
        events.append(Event(text=f"Sentry: {s.players[t.owner].name}'s hand is "
                                 + (", ".join(E.card_name(h) for h in hand) or "empty") + ".", visible_to=[c.seat]))
    c.stage = "support" if c.action == "support" else "targeted"


def defenders_block_cards(s: ResState, c: Combat, t: Unit) -> bool:
    """GR1: Hesitant, Material, Daze (defender) and the Snap/Reckless processes forbid card-based RV."""
    return (K.has(s, t, "3.0") or "5.7" in c.params or K.tag_active(s, t, "Daze")
            or "2.6" in c.kws or "2.9" in c.kws)


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
        if f"trick:{t_uid}" not in c.params and K.side_has(s, dseat, "9.3") and s.players[dseat].hand \
                and c.action == "attack":
            got = discard_prompt(s, c, dseat, "trickster", "Trickster - discard to make the attacker discard?")
            if got == WAIT:
                return
            c.params[f"trick:{t_uid}"] = got or "no"
            if got and not trickster(s, c, dseat, got, events):
                return
        if f"reac:{t_uid}" not in c.params and K.side_has(s, dseat, "1.6") and s.players[dseat].hand \
                and not defenders_block_cards(s, c, t):
            got = discard_prompt(s, c, dseat, "reactive", "Reactive - discard a card for +RV?")
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
    """App C 9.3: the attacker answers with a discard (its lowest card) or the attack is cancelled."""
    E.discard_from_hand(s, dseat, card, events, "Trickster")
    low = E.lowest_card(s, c.seat)
    if low is None:
        events.append(Event(text="The attacker cannot discard: the attack is cancelled (App C 9.3)."))
        c.cancelled = True
        c.stage = "finish"
        return False
    E.discard_from_hand(s, c.seat, low, events, "answering Trickster")
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
        events.append(Event(text=f"Translocate: {K.card(t.card).name} returns to {owner.name}'s hand."))
    elif arg in t.items:
        t.items.remove(arg)
        owner.hand.append(arg)
        events.append(Event(text=f"Translocate: {K.card(arg).name} returns to {owner.name}'s hand."))


def st_area(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """App C 7.6: 1 damage to each Animation of the target's controller; 1 EN buys each one off."""
    foe = s.units[c.targets[0]].owner if c.targets[0] in s.units else None
    todo = [a.uid for a in K.animations(s, foe)] if foe is not None else []
    done = c.params.get("area_done", "").split(",")
    for uid in todo:
        if uid in done or uid not in s.units:
            continue
        if s.players[foe].en >= 1:
            ans = take(c, "area")
            if ans is None:
                ask(s, foe, "area", f"{s.players[foe].name}: Area hits {E.name(s, uid)} - pay 1 EN to prevent it?",
                    [("pay", "Pay 1 EN"), ("no", "Take the damage")])
                return
            if ans == "pay":
                s.players[foe].en -= 1
                events.append(Event(text=f"{s.players[foe].name} pays 1 EN: {E.name(s, uid)} is spared."))
                c.params["area_done"] = c.params.get("area_done", "") + "," + uid
                continue
        u = s.units[uid]
        dealt = hit_damage(s, c, u, 1, events)
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
        from .rules import cs_pairs

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
    if "4.2" in c.kws or (source(s, c).kind != "player" and "4.2" in K.printed(s, source(s, c))):
        opts.append(("stoic", "Stoic: no card, Focus + Focus"))
    if "9.8" in c.kws or (source(s, c).kind != "player" and "9.8" in K.printed(s, source(s, c))):
        best = max((K.card(x).power for x in s.discard), default=0)
        opts.append(("ambience", f"Ambience: no card, +{best} from the discard pile"))
    return opts


def take_card_of_power(s: ResState, seat: int, p: int) -> str:
    return next(x for x in sorted(s.players[seat].hand) if K.card(x).power == p)


def st_fuel(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """Item 22: pay the fuel; Material and Awkward; then the EV (item 23)."""
    ans = take(c, "fuel")
    if ans is None:
        opts = fuel_options(s, c)
        if len(opts) > 1:
            ask(s, c.seat, "fuel", "Choose the fuel for this attack", opts, private=True)
            return
        ans = opts[0][0] if opts else "none"
    u = source(s, c)
    seat = c.seat
    f = K.focus(s, u)
    if c.action == "cs" or "7.7" in c.kws:
        base, why = 0, "no Focus"
    elif "1.3" in c.params and c.params["1.3"] in s.units:
        base, why = K.focus(s, s.units[c.params["1.3"]]), "Attuned Focus"
    else:
        base, why = f, "Focus"
    parts = [f"{why} {base}"]
    ev = base
    daze = K.tag_active(s, s.units[c.actor], "Daze")
    cards: list[str] = []
    if ans.startswith("pair:"):
        p = int(ans[5:])
        cards = [take_card_of_power(s, seat, p)]
        cards.append(next(x for x in sorted(s.players[seat].hand) if K.card(x).power == p and x != cards[0]))
        gain = 0 if daze else 2 * p
    elif ans.startswith("two:"):
        a, b = (int(x) for x in ans.split(":")[1:])
        cards = [take_card_of_power(s, seat, a)]
        cards.append(next(x for x in sorted(s.players[seat].hand) if K.card(x).power == b and x != cards[0]))
        gain = 0 if daze else min(a, b)
    elif ans.startswith("card:"):
        cards = [ans[5:]]
        gain = 0 if daze else K.card(cards[0]).power
    elif ans == "stoic":
        gain = f
        parts.append(f"Stoic {f}")
    elif ans == "ambience":
        gain = max((K.card(x).power for x in s.discard), default=0)
        parts.append(f"Ambience {gain}")
    else:
        gain = 0
    for x in cards:
        E.discard_from_hand(s, seat, x, events, "fuel")
    c.fuel = cards
    if cards:
        parts.append(f"cards {gain}" + (" (Dazed)" if daze else ""))
    if "2.9" in c.kws and cards:  # Reckless: the revealed card may set the power instead
        top = E.reveal_top(s, events, "Reckless")
        if top:
            s.discard.append(top)
            if K.card(top).power > gain and not daze:
                gain = K.card(top).power
                parts[-1] = f"Reckless reveal {gain}"
        ev = 0
        parts = [f"Reckless {gain}"]
    ev += gain
    if K.has(s, s.units[c.actor], "8.0"):  # Awkward: one more card for nothing
        low = E.lowest_card(s, seat)
        if low:
            E.discard_from_hand(s, seat, low, events, "Awkward")
    if "5.7" in c.params:
        item = c.params["5.7"]
        holder = next((x for x in s.units.values() if item in x.items), None)
        if holder:
            holder.items.remove(item)
            s.discard.append(item)
            events.append(Event(text=f"Material: {K.card(item).name} is destroyed; the defender cannot discard."))
    if s.units[c.actor].kind == "player" and "2.9" not in c.kws:
        n = len(s.units[c.actor].items)
        if n:
            ev += n
            parts.append(f"Items {n}")
    for code, fn in EV_MODS.items():
        if code in c.kws:
            bonus = fn(s, c, events)
            if bonus:
                ev += bonus
                parts.append(f"{K.kw_name(code)} {bonus:+d}")
    if c.actor not in s.units:
        return  # Flux or Gamble destroyed the actor: run() ends the action
    if "2.9" not in c.kws and K.tag_active(s, s.units[c.actor], "Weaken"):
        ev -= 1
        parts.append("Weaken -1")
    c.ev, c.ev_parts = ev, parts
    c.stage = "enhance"


def ev_flux(s: ResState, c: Combat, events: list[Event]) -> int:
    x = int(c.params.get("4.7", "0"))
    if c.actor in s.units:
        E.place_markers(s, s.units[c.actor], x, events, "Flux", None)
    return x


def ev_gamble(s: ResState, c: Combat, events: list[Event]) -> int:
    n = int(c.params.get("0.8", "0"))
    got = 0
    for _ in range(n):
        top = E.reveal_top(s, events, "Gamble") if c.actor in s.units else None
        if top is None:
            break
        s.discard.append(top)
        E.place_markers(s, s.units[c.actor], 1, events, "Gamble", None)
        got += 1
    return got


EV_MODS: dict[str, Callable[[ResState, Combat, list[Event]], int]] = {
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
    events.append(Event(text=f"EV {c.ev} = " + " + ".join(c.ev_parts) + "."))
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
    if "2.6" not in c.kws and "2.9" not in c.kws:
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
            ask(s, t.owner, "react", f"{s.players[t.owner].name}: {E.name(s, t.uid)} is attacked with EV "
                f"{c.ev + target_ev(s, c, t)[0]} - react?", opts, private=True)
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
        events.append(Event(text=f"Defensive Sacrifice: {K.card(item).name} is destroyed (§2.16)."))
    if "2.9" not in c.kws:
        if c.reactive.get(t.uid):
            c.rv += c.reactive[t.uid]
            c.rv_parts.append(f"Reactive {c.reactive[t.uid]}")
        if t.bane is not None and "1.0" in K.all_kws(s, t):
            n = sum(1 for k in c.kws if int(k.split(".")[0]) == t.bane)
            if n:
                c.rv -= n
                c.rv_parts.append(f"Bane -{n}")
    c.params["extras"] = str(extra_count(s, c, t))
    c.stage = "extra"


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
        got = discard_prompt(s, c, t.owner, "extra", "discard an extra card for +RV (Defensive/Enhance)?")
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


def target_ev(s: ResState, c: Combat, t: Unit) -> tuple[int, list[str]]:
    bonus, parts = 0, []
    for code, fn in TARGET_EV.items():
        if code in c.kws:
            b = fn(s, c, t)
            if b:
                bonus += b
                parts.append(f"{K.kw_name(code)} +{b}")
    if K.tag_active(s, t, "Mark") and "2.9" not in c.kws:
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
    raw = max(0, ev - c.rv)
    if c.hit and c.action == "cs":
        raw += (1 if "1.8" in c.kws else 0) + (1 if K.has(s, t, "6.0") else 0)
    events.append(Event(kind="roll", text=f"EV {ev}{' (' + ', '.join(parts) + ')' if parts else ''} against RV "
                                          f"{c.rv} ({' + '.join(c.rv_parts)}): "
                                          + (f"hit for {raw}." if c.hit else "no damage."),
                        data={"ev": ev, "rv": c.rv}))
    c.raw, c.dealt, c.redirected = raw, 0, False
    c.params["potent"] = "1" if (not c.hit and "8.9" in c.kws) else ""
    c.stage = "redirect" if c.hit else "effects"


def st_redirect(game, s: ResState, c: Combat, events: list[Event]) -> None:
    t = s.units.get(c.target)
    item = c.params.get("6.2")
    if item and t and item in t.items:
        t.items.remove(item)
        s.discard.append(item)
        c.redirected = True
        events.append(Event(text=f"Deadeye: {K.card(item).name} is destroyed instead of placing damage."))
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
                hand_options(s, seat, "Discard"), private=True)
            return
        E.discard_from_hand(s, seat, ans[5:], events, "Adaptive")
    c.stage = "effects"


def prevent(s: ResState, c: Combat, t: Unit, amount: int, events: list[Event]) -> int:
    """Ward then Bless (item 26); Phasing voids keyword prevention (GR3)."""
    if "1.7" in c.kws or amount <= 0:
        return amount
    if K.tag_active(s, t, "Ward"):
        E.remove_tag(t, "Ward")
        events.append(Event(text=f"{E.name(s, t.uid)}'s Ward Tag prevents the damage."))
        return 0
    if K.tag_active(s, t, "Bless"):
        E.remove_tag(t, "Bless")
        events.append(Event(text=f"{E.name(s, t.uid)} spends its Bless Tag: 1 damage prevented."))
        amount -= 1
    return amount


def survivor_possible(s: ResState, c: Combat, t: Unit, amount: int) -> bool:
    return (amount > 0 and not t.suppressed and "1.7" not in c.kws and K.has(s, t, "4.1") and not t.survivor_used
            and bool(s.players[t.owner].hand) and t.damage + amount >= K.max_hp(s, t))


def hit_damage(s: ResState, c: Combat, t: Unit, amount: int, events: list[Event]) -> int:
    """Damage from the attack to one unit after prevention (auto Survivor for secondary hits)."""
    amount = prevent(s, c, t, amount, events)
    if survivor_possible(s, c, t, amount):
        low = E.lowest_card(s, t.owner)
        use_survivor(s, t, low, events)
        return 0
    return E.place_markers(s, t, amount, events, "attack", c.seat)


def use_survivor(s: ResState, t: Unit, card_id: str, events: list[Event]) -> None:
    E.discard_from_hand(s, t.owner, card_id, events, "Survivor")
    t.survivor_used = True
    t.suppressed = True
    t.suppressed_turn = s.turn
    events.append(Event(text=f"Survivor: {E.name(s, t.uid)} survives and is Suppressed."))


def st_place(game, s: ResState, c: Combat, events: list[Event]) -> None:
    t = s.units.get(c.target)
    if t is None:
        c.stage = "next_target"
        return
    amount = c.params.get("amount")
    amount = int(amount) if amount is not None else prevent(s, c, t, c.raw, events)
    if survivor_possible(s, c, t, amount):
        ans = take(c, "survivor")
        if ans is None:
            c.params["amount"] = str(amount)
            ask(s, t.owner, "survivor", f"{s.players[t.owner].name}: {amount} damage would destroy "
                f"{E.name(s, t.uid)} - discard a card to survive (Survivor)?",
                [("no", "No")] + hand_options(s, t.owner, "Survive, discarding"), private=True)
            return
        c.params.pop("amount", None)
        if ans != "no":
            use_survivor(s, t, ans[5:], events)
            c.stage = "effects"
            return
    c.params.pop("amount", None)
    gremlin = K.has(s, t, "5.0")
    c.dealt = E.place_markers(s, t, amount, events, "attack", c.seat)
    if c.dealt:
        note_damage(s, c, events)
        if gremlin and not c.rv_discarded and t.uid in s.units and t.items:
            lost = t.items.pop(0)
            s.discard.append(lost)
            events.append(Event(text=f"Gremlins: {K.card(lost).name} on {E.name(s, t.uid)} is destroyed."))
    if c.target not in s.units:
        c.destroyed_target = True
    c.stage = "effects"


def note_damage(s: ResState, c: Combat, events: list[Event]) -> None:
    """§5.1: one Karma per Attack/CS action that deals damage."""
    if not c.any_damage:
        c.any_damage = True
        if not s.finished:
            E.gain_karma(s, c.seat, events, "the attack dealt damage")


def status_tags(s: ResState, c: Combat, t: Unit, events: list[Event]) -> None:
    lock = next_turn_of(s, t.owner) if "8.7" in c.kws else None
    for code in c.kws:
        if code in K.STATUS_TAG:
            E.apply_tag(s, t, K.STATUS_TAG[code], events, lock)


def boost_tags(s: ResState, c: Combat, events: list[Event]) -> None:
    me = s.units.get(c.actor)
    if me is None:
        return
    for code in c.kws:
        if code in K.BOOST_TAG:
            E.apply_tag(s, me, K.BOOST_TAG[code], events)


def st_effects(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """Item 27: Edit first, tags on a hit (or Potent), damage-dealt effects, then the always ones."""
    t = s.units.get(c.target)
    applies = c.hit or c.params.get("potent") == "1"
    if applies and "0.9" in c.kws and "edit" not in c.params and t is not None and s.players[c.seat].en >= 1:
        ans = take(c, "edit")
        if ans is None:
            cols = colours_of(s, t)
            opts = [(k, f"Pay 1 EN: add {K.kw_name(k)}") for k in EDITABLE
                    if int(k.split(".")[0]) in cols and k not in c.kws]
            if opts:
                ask(s, c.seat, "edit", "Edit: add a keyword of the target's colours?", [("no", "No")] + opts)
                return
            ans = "no"
        c.params["edit"] = ans
        if ans != "no":
            s.players[c.seat].en -= 1
            c.free.append(ans)
            events.append(Event(text=f"Edit adds {K.kw_name(ans)} to this attack."))
    if applies and "tags_done" not in c.params:
        c.params["tags_done"] = "1"
        if t is not None:
            status_tags(s, c, t, events)
        if c.ti == 0:
            boost_tags(s, c, events)
    if c.dealt and not c.redirected:
        for code, fn in RES_ON_DAMAGE.items():
            if code in c.kws and f"res:{code}" not in c.params:
                if fn(game, s, c, events) == "wait":
                    return
                c.params[f"res:{code}"] = "1"
    c.stage = "always"


def res_piercing(game, s: ResState, c: Combat, events: list[Event]) -> None:
    if c.target.startswith("P"):
        return  # no second unit to pierce to
    owner = int(c.params["towner"])
    p = s.units.get(f"P{owner}")
    if p:
        events.append(Event(text="Piercing carries the damage to the controlling Player."))
        hit_damage(s, c, p, c.dealt, events)


def res_siphon(game, s: ResState, c: Combat, events: list[Event]) -> None:
    me = s.units.get(c.actor)
    if me:
        E.remove_markers(s, me, 1, events, "Siphon")


def res_impact(game, s: ResState, c: Combat, events: list[Event]) -> None:
    t = s.units.get(c.target)
    if t:
        impact(s, t, events)


def impact(s: ResState, t: Unit, events: list[Event]) -> None:
    if t.kind == "player":
        s.players[t.owner].tokens = 2
    else:
        t.spent = True
    t.no_ready = True
    events.append(Event(text=f"Impact: {E.name(s, t.uid)} is spent and skips its next ready."))


def res_sticky(game, s: ResState, c: Combat, events: list[Event]) -> None:
    t = s.units.get(c.target)
    if t:
        suppress(s, t, events, "Sticky")


def suppress(s: ResState, t: Unit, events: list[Event], why: str) -> None:
    t.suppressed = True
    t.suppressed_turn = s.turn
    events.append(Event(text=f"{why}: {E.name(s, t.uid)} is Suppressed."))


def other_enemy_animations(s: ResState, c: Combat) -> list[str]:
    t = c.target
    return [a.uid for f in range(len(s.players)) if f != c.seat for a in K.animations(s, f) if a.uid != t]


def res_pick_target(kind: str, prompt: str):
    def fn(game, s: ResState, c: Combat, events: list[Event]):
        if kind == "brawler":
            t = s.units.get(c.target)
            hand = s.players[t.owner].hand if t else []
            if not hand:
                return None
            opts = [(f"card:{x}", f"Make them discard {E.card_name(x)}") for x in sorted(hand)]
        else:
            opts = [(u, E.name(s, u)) for u in other_enemy_animations(s, c)]
            if not opts:
                return None
        ans = take(c, kind)
        if ans is None:
            if len(opts) == 1:
                ans = opts[0][0]
            else:
                ask(s, c.seat, kind, prompt, opts, private=kind == "brawler")
                return "wait"
        RES_TARGETED[kind](s, c, ans, events)
        return None
    return fn


def _brawler(s: ResState, c: Combat, ans: str, events: list[Event]) -> None:
    t = s.units.get(c.target)
    seat = t.owner if t else None
    if seat is not None and ans[5:] in s.players[seat].hand:
        E.discard_from_hand(s, seat, ans[5:], events, "Brawler")


def _spread(s: ResState, c: Combat, ans: str, events: list[Event]) -> None:
    if ans in s.units:
        events.append(Event(text=f"Spread: 1 damage to {E.name(s, ans)}."))
        hit_damage(s, c, s.units[ans], 1, events)


def _splash(s: ResState, c: Combat, ans: str, events: list[Event]) -> None:
    """Splash: the attack's keyword effects but no damage (status tags, Impact, Sticky)."""
    u = s.units.get(ans)
    if u is None:
        return
    events.append(Event(text=f"Splash: the attack's effects reach {E.name(s, u.uid)}."))
    status_tags(s, c, u, events)
    if "3.8" in c.kws:
        impact(s, u, events)
    if "6.6" in c.kws:
        suppress(s, u, events, "Sticky")


RES_TARGETED = {"brawler": _brawler, "spread": _spread, "splash": _splash}
RES_ON_DAMAGE = {
    "4.6": res_piercing,
    "4.8": res_siphon,
    "3.8": res_impact,
    "6.6": res_sticky,
    "3.2": res_pick_target("brawler", "Brawler: choose a card from the defender's hand to discard"),
    "8.8": res_pick_target("spread", "Spread: choose another enemy Animation to take 1 damage"),
    "8.6": res_pick_target("splash", "Splash: choose another enemy Animation for the attack's effects"),
}


def always_animate(s: ResState, c: Combat, events: list[Event]) -> None:
    """RULINGS: Animate takes the highest-Power Animation from the discard pile."""
    anims = [x for x in s.discard if K.card(x).kind == "animation"]
    if anims:
        best = max(anims, key=lambda x: (K.card(x).power, x))
        s.discard.remove(best)
        s.players[c.seat].hand.append(best)
        events.append(Event(text=f"Animate: {E.card_name(best)} returns from the discard pile to "
                                 f"{s.players[c.seat].name}'s hand."))


def always_manifest(s: ResState, c: Combat, events: list[Event]) -> None:
    top = E.reveal_top(s, events, "Manifest")
    if top is None:
        return
    if K.card(top).kind == "item":
        s.players[c.seat].hand.append(top)
        events.append(Event(text="Manifest: it is an Item and goes to hand."))
    else:
        s.discard.append(top)


RES_ALWAYS = {"4.9": always_animate, "5.9": always_manifest}
# RES and AFTER keywords Edit may add
EDITABLE = sorted(set(RES_ON_DAMAGE) | set(K.STATUS_TAG) | set(K.BOOST_TAG) | {"8.9", "1.7", "0.2", "2.1", "8.2"})


def st_always(game, s: ResState, c: Combat, events: list[Event]) -> None:
    if c.ti == 0:
        for code, fn in RES_ALWAYS.items():
            if code in c.kws:
                fn(s, c, events)
    c.stage = "next_target"


def st_next_target(game, s: ResState, c: Combat, events: list[Event]) -> None:
    if c.target and c.target not in s.units:
        c.destroyed_target = True
    c.ti += 1
    for key in [k for k in c.params if k.startswith("res:") or k in ("tags_done", "potent", "edit")]:
        c.params.pop(key)
    c.hit, c.dealt, c.raw, c.redirected = False, 0, 0, False
    c.stage = "react" if c.ti < len(c.targets) else "after"


def st_after(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """Item 28: Martial, Specialist, Alert, Acrobatic, Leader, Chain, Rapid."""
    if "martial_done" not in c.params:
        c.params["martial_done"] = "1"
        me = s.units.get(c.actor)
        for t_uid in dict.fromkeys(c.targets):
            t = s.units.get(t_uid)
            if t and me and me.uid in s.units and K.has(s, t, "1.2") and "7.6" not in c.kws:
                events.append(Event(text=f"Martial: {E.name(s, t.uid)} strikes back."))
                E.place_markers(s, me, 1, events, "Martial", t.owner)
        if s.finished:
            return
        if "0.2" in c.kws:
            E.draw_cards(s, c.seat, 1, events, "draws with Specialist")
        me = s.units.get(c.actor)
        if me and "2.1" in c.kws:
            me.acrobatic = True
            events.append(Event(text=f"Acrobatic: {E.name(s, me.uid)} cannot be attacked until its next turn."))
        if "8.2" in c.kws:
            for a in K.animations(s, c.seat):
                a.leader = 1
            events.append(Event(text="Leader: your Animations gain +1 Power until your next turn."))
    for kind, fn in AFTER_ASKS:
        if kind in c.params.get("after_done", "").split(","):
            continue
        if fn(s, c, events) == "wait":
            return
        c.params["after_done"] = c.params.get("after_done", "") + "," + kind
        if c.stage != "after":
            return
    c.stage = "finish"


def after_alert(s: ResState, c: Combat, events: list[Event]):
    if "0.3" not in c.kws or s.players[c.seat].en < 1:
        return None
    items = [(i, u) for u in K.side_units(s, c.seat) for i in u.items]
    if not items:
        return None
    ans = take(c, "alert")
    if ans is None:
        ask(s, c.seat, "alert", "Alert: pay 1 EN to return one of your Items to hand?",
            [("no", "No")] + [(i, f"Return {K.card(i).name} from {E.name(s, u.uid)}") for i, u in items])
        return "wait"
    if ans != "no":
        holder = next(u for i, u in items if i == ans)
        holder.items.remove(ans)
        s.players[c.seat].en -= 1
        s.players[c.seat].hand.append(ans)
        events.append(Event(text=f"Alert: {K.card(ans).name} returns to hand for 1 EN."))
    return None


def after_chain(s: ResState, c: Combat, events: list[Event]):
    if "9.6" not in c.kws or not c.destroyed_target:
        return None
    opts = [(u.uid, E.name(s, u.uid)) for u in s.units.values() if u.owner != c.seat and s.players[u.owner].alive]
    if not opts:
        return None
    ans = take(c, "chain")
    if ans is None:
        ask(s, c.seat, "chain", "Chain: place 1 damage marker on another enemy unit", opts)
        return "wait"
    if ans in s.units:
        events.append(Event(text=f"Chain: 1 damage marker on {E.name(s, ans)}."))
        E.place_markers(s, s.units[ans], 1, events, "Chain", c.seat)
    return None


def after_rapid(s: ResState, c: Combat, events: list[Event]):
    t = c.targets[0] if c.targets else None
    if "2.8" not in c.kws or c.repeats or s.players[c.seat].en < 1 or t not in s.units or c.actor not in s.units:
        return None
    if c.action != "attack":
        return None
    ans = take(c, "rapid")
    if ans is None:
        ask(s, c.seat, "rapid", "Rapid: pay 1 EN to attack the same target again?", [("yes", "Pay 1 EN, again"),
                                                                                   ("no", "No")])
        return "wait"
    if ans == "yes":
        s.players[c.seat].en -= 1
        c.repeats = 1
        c.targets = [t]
        c.ti = 0
        c.reactive = {}
        for key in [k for k in c.params if k.startswith(("trick:", "reac:", "res:")) or k in (
                "targeted_done", "martial_done", "after_done", "tags_done", "potent", "edit")]:
            c.params.pop(key)
        events.append(Event(text="Rapid: the attack goes again."))
        c.stage = "targeted"
    return None


AFTER_ASKS = [("alert", after_alert), ("chain", after_chain), ("rapid", after_rapid)]


def st_support(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """§4.2.3 with Split (replaces it), Restore, Insightful, Boost Tags and Shift."""
    t = s.units.get(c.targets[0])
    me = s.units.get(c.actor)
    if "support_done" not in c.params:
        c.params["support_done"] = "1"
        if "7.9" in c.params and c.params["7.9"] in s.units:
            split(s, c, s.units[c.params["7.9"]], events)
        elif t is not None:
            E.remove_markers(s, t, 1 + (1 if "6.7" in c.kws else 0), events, "Support")
        holder = t if t is not None and t.uid in s.units else me
        if holder:
            for code in c.kws:
                if code in K.BOOST_TAG:
                    E.apply_tag(s, holder, K.BOOST_TAG[code], events)
        if "8.3" in c.kws:
            E.draw_cards(s, c.seat, 1, events, "draws with Insightful")
    if "3.9" in c.kws:
        ans = take(c, "shift")
        if ans is None:
            opts = shift_options(s, c.seat)
            if opts:
                ask(s, c.seat, "shift", "Shift: move an Item between your units?", [("done", "Done")] + opts)
                return
        elif ans != "done":
            item, dest = ans.split(">")
            holder = next((u for u in s.units.values() if item in u.items), None)
            if holder and dest in s.units:
                holder.items.remove(item)
                s.units[dest].items.append(item)
                events.append(Event(text=f"Shift: {K.card(item).name} moves to {E.name(s, dest)}."))
            return
    c.stage = "finish"


def shift_options(s: ResState, seat: int) -> list[tuple[str, str]]:
    units = K.side_units(s, seat)
    free = [u for u in units if len(u.items) < K.item_limit(s, u)]
    return [(f"{i}>{d.uid}", f"{K.card(i).name} to {E.name(s, d.uid)}") for u in units for i in u.items
            for d in free if d.uid != u.uid]


def split(s: ResState, c: Combat, a: Unit, events: list[Event]) -> None:
    """App C 7.9: destroy a friendly Animation, then that many readied Echo tokens (P1/F1)."""
    n = K.power(s, a)
    E.destroy_unit(s, a.uid, events, None)
    for _ in range(n):
        s.echo_count += 1
        uid = f"E{s.echo_count}"
        s.units[uid] = Unit(uid=uid, owner=c.seat, kind="echo")
    events.append(Event(text=f"Split: {n} Echo token(s) enter play readied."))


def st_finish(game, s: ResState, c: Combat, events: list[Event]) -> None:
    from .rules import after_action

    me = s.units.get(c.actor)
    if me is not None:
        after_action(s, me, events)
    s.combat = None


STAGES = {
    "augment": st_augment, "targeted": st_targeted, "alt": st_alt, "area": st_area, "fuel": st_fuel,
    "enhance": st_enhance, "react": st_react, "extra": st_extra, "damage": st_damage, "redirect": st_redirect,
    "adaptive_discard": st_adaptive_discard, "place": st_place, "effects": st_effects, "always": st_always,
    "next_target": st_next_target, "after": st_after, "support": st_support, "finish": st_finish,
}


def run(game, s: ResState, events: list[Event]) -> None:
    c = s.combat
    if s.finished or c.actor not in s.units:
        s.combat = None  # the game ended, or the actor destroyed itself (Flux, Gamble): the action stops
        return
    STAGES[c.stage](game, s, c, events)


__all__ = ["COLOURS", "declare", "run"]
