"""What happens once the roll is made: damage prevention (item 26), keyword effects on a hit or on
damage (item 27), the always-on ones, after-attack keywords (item 28) and Support keywords.

Each keyword is an entry in a table for its timing class (RES_ON_DAMAGE, RES_ALWAYS, AFTER_ASKS, ...)."""

from __future__ import annotations

from engine.core import Event, note, quiet

from . import context as C
from . import effects as E
from . import keywords as K
from .prompts import ask, colours_of, hand_options, next_turn_of, take
from .state import Combat, ResState, Unit


def prevent(s: ResState, c: Combat, t: Unit, amount: int, events: list[Event]) -> int | None:
    """Ward, then Bless at its controller's choice (item 26); Phasing voids keyword prevention (GR3).
    None while the Bless question is open; asking again is safe because Ward has then not fired."""
    if "1.7" in c.kws or amount <= 0:
        return amount
    if K.tag_active(s, t, "Ward"):
        E.remove_tag(t, "Ward")
        events.append(note(text=f"{E.name(s, t.uid)}'s Ward Tag prevents the damage."))
        return 0
    if K.tag_active(s, t, "Bless"):
        ans = take(c, "bless")
        if ans is None:  # App D 9: the controller may remove it
            ask(s, t.owner, "bless", f"{s.players[t.owner].name}: {amount} damage to {E.name(s, t.uid)} - "
                "spend its Bless Tag to prevent 1?", [("yes", "Spend Bless: prevent 1"), ("no", "Keep the Bless Tag")],
                context=None if quiet(s) else C.bless(s, t, amount))
            return None
        if ans == "yes":
            E.remove_tag(t, "Bless")
            events.append(note(text=f"{E.name(s, t.uid)} spends its Bless Tag: 1 damage prevented."))
            amount -= 1
    return amount


def survivor_possible(s: ResState, c: Combat | None, t: Unit, amount: int, attack: bool = True) -> bool:
    """App C 4.1: lethal damage of any kind, once per unit (A-27); Phasing attack damage cannot be prevented."""
    phasing = attack and c is not None and "1.7" in c.kws
    return (amount > 0 and not t.suppressed and not phasing and K.has(s, t, "4.1") and not t.survivor_used
            and bool(s.players[t.owner].hand) and t.damage + amount >= K.max_hp(s, t))


def ask_survivor(s: ResState, t: Unit, amount: int, what: str = "") -> None:
    what = what or f"{amount} damage"
    ask(s, t.owner, "survivor", f"{s.players[t.owner].name}: {what} would destroy {E.name(s, t.uid)} - "
        "discard a card to survive (Survivor)?", [("no", "No")] + hand_options(s, t.owner, "Survive, discarding"),
        private=True, context=None if quiet(s) else C.survivor(s, t, amount))


def after_action(s: ResState, u: Unit, events: list[Event]) -> None:
    """Blight Tag: 1 marker right after each action of the unit (Ageless ignores it). If that marker would
    destroy a Survivor unit, it waits for the controller's Survivor answer (App C 4.1)."""
    # A rare tag: the call only when there (every action ends here).
    if "Blight" in u.tags and u.uid in s.units and K.tag_active(s, u, "Blight") and not K.side_has(s, u.owner, "4.3"):
        if survivor_possible(s, None, u, 1, attack=False):
            s.held = u.uid
            ask_survivor(s, u, 1, "the Blight marker")
            return
        E.place_markers(s, u, 1, events, "Blight Tag", None)


def deal(s: ResState, c: Combat, t: Unit, amount: int, events: list[Event], key: str, why: str = "attack",
         by: int | None = -1, attack: bool = True) -> int | None:
    """Markers on one unit inside an action: Ward and Bless for attack damage, then Survivor if lethal.
    Returns the markers placed, or None while a question is open (call again with the same key)."""
    held = f"held:{key}"
    if held not in c.params:
        got = prevent(s, c, t, amount, events) if attack else amount
        if got is None:
            return None
        c.params[held] = str(got)
    amount = int(c.params[held])
    if survivor_possible(s, c, t, amount, attack):
        ans = take(c, "survivor")
        if ans is None:
            ask_survivor(s, t, amount)
            return None
        if ans != "no":
            c.params.pop(held)
            use_survivor(s, t, ans[5:], events)
            return 0
    c.params.pop(held)
    return E.place_markers(s, t, amount, events, why, c.seat if by == -1 else by)


def may_draw(s: ResState, c: Combat, kind: str, events: list[Event]) -> bool | None:
    """Specialist and Insightful: the controller may draw one card. None while asked."""
    ans = take(c, kind)
    name = kind.capitalize()
    if ans is None:
        ask(s, c.seat, kind, f"{name}: draw a card?", [("yes", "Draw 1"), ("no", "No")])
        return None
    if ans == "yes":
        E.draw_cards(s, c.seat, 1, events, f"draws with {name}")
    return ans == "yes"


def use_survivor(s: ResState, t: Unit, card_id: str, events: list[Event]) -> None:
    E.discard_from_hand(s, t.owner, card_id, events, "Survivor")
    t.survivor_used = True
    t.suppressed = True
    t.suppressed_turn = s.turn
    events.append(note(text=f"Survivor: {E.name(s, t.uid)} survives and is Suppressed."))


def st_place(game, s: ResState, c: Combat, events: list[Event]) -> None:
    t = s.units.get(c.target)
    if t is None:
        c.stage = "next_target"
        return
    gremlin = K.has(s, t, "5.0")
    dealt = deal(s, c, t, c.raw, events, "main")
    if dealt is None:
        return
    c.dealt = dealt
    if c.dealt:
        note_damage(s, c, events)
        if gremlin and not c.rv_discarded and t.uid in s.units and t.items:
            lost = t.items.pop(0)
            s.discard.append(lost)
            events.append(note(text=f"Gremlins: {K.card(lost).name} on {E.name(s, t.uid)} is destroyed."))
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
            c.add("free", [ans])
            events.append(note(text=f"Edit adds {K.kw_name(ans)} to this attack."))
    if applies and "tags_done" not in c.params:
        c.params["tags_done"] = "1"
        if t is not None:
            status_tags(s, c, t, events)
        if c.ti == 0:
            boost_tags(s, c, events)
    if c.dealt and not c.redirected:
        kws = c.kws  # no damage keyword adds keywords
        for code, fn in RES_ON_DAMAGE.items():
            if code in kws and f"res:{code}" not in c.params:
                if fn(game, s, c, events) == "wait":
                    return
                c.params[f"res:{code}"] = "1"
    c.stage = "always"


def res_piercing(game, s: ResState, c: Combat, events: list[Event]):
    if c.target.startswith("P"):
        return None  # no second unit to pierce to
    owner = int(c.params["towner"])
    p = s.units.get(f"P{owner}")
    if p:
        if "pierce_said" not in c.params:
            c.params["pierce_said"] = "1"
            events.append(note(text="Piercing carries the damage to the controlling Player."))
        if deal(s, c, p, c.dealt, events, "pierce") is None:
            return "wait"
        c.params.pop("pierce_said", None)
    return None


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
    events.append(note(text=f"Impact: {E.name(s, t.uid)} is spent and skips its next ready."))


def res_sticky(game, s: ResState, c: Combat, events: list[Event]) -> None:
    t = s.units.get(c.target)
    if t:
        suppress(s, t, events, "Sticky")


def suppress(s: ResState, t: Unit, events: list[Event], why: str) -> None:
    t.suppressed = True
    t.suppressed_turn = s.turn
    events.append(note(text=f"{why}: {E.name(s, t.uid)} is Suppressed."))


def other_enemy_animations(s: ResState, c: Combat) -> list[str]:
    t = c.target
    return [a.uid for f in range(len(s.players)) if f != c.seat for a in K.animations(s, f) if a.uid != t]


def brawler_options(s: ResState, seat: int | None) -> list[tuple[str, str]]:
    hand = s.players[seat].hand if seat is not None else []
    return [(f"card:{x}", f"Make them discard {E.card_name(x)}") for x in sorted(hand)]


def res_pick_target(kind: str, prompt: str):
    """A RES keyword that needs the attacker's pick; the pick is kept while its effect waits on a prompt."""
    def fn(game, s: ResState, c: Combat, events: list[Event]):
        if kind == "brawler":  # the defender's hand, even when the attack destroyed the defending unit
            opts = brawler_options(s, int(c.params["towner"]))
        else:
            opts = [(u, E.name(s, u)) for u in other_enemy_animations(s, c)]
        ans = c.params.get(f"pick:{kind}") or take(c, kind)
        if ans is None:
            if not opts:
                return None
            if len(opts) == 1:
                ans = opts[0][0]
            else:
                ask(s, c.seat, kind, prompt, opts, private=kind == "brawler")
                return "wait"
        c.params[f"pick:{kind}"] = ans
        if RES_TARGETED[kind](s, c, ans, events) == "wait":
            return "wait"
        c.params.pop(f"pick:{kind}")
        return None
    return fn


def _brawler(s: ResState, c: Combat, ans: str, events: list[Event]) -> None:
    seat = int(c.params["towner"])
    if ans[5:] in s.players[seat].hand:
        E.discard_from_hand(s, seat, ans[5:], events, "Brawler")


def _spread(s: ResState, c: Combat, ans: str, events: list[Event]):
    if ans in s.units:
        if "spread_said" not in c.params:
            c.params["spread_said"] = "1"
            events.append(note(text=f"Spread: 1 damage to {E.name(s, ans)}."))
        if deal(s, c, s.units[ans], 1, events, "spread") is None:
            return "wait"
        c.params.pop("spread_said", None)
    return None


def _splash(s: ResState, c: Combat, ans: str, events: list[Event]):
    """App C 8.6: every keyword effect the attack puts on its target, but no damage: Status Tags (with
    Lingering), Impact, Sticky and Brawler (the Splashed Animation's controller discards the attacker's pick).
    Damage keywords (Piercing, Spread) and effects on the attacker's own side (Siphon, Boost Tags) stay out."""
    u = s.units.get(ans)
    if u is None:
        return None
    card = None
    if "3.2" in c.kws and s.players[u.owner].hand:
        card = take(c, "splash_brawler")
        if card is None:
            ask(s, c.seat, "splash_brawler", f"Splash carries Brawler to {E.name(s, u.uid)}: choose a card for "
                f"{s.players[u.owner].name} to discard", brawler_options(s, u.owner), private=True)
            return "wait"
    events.append(note(text=f"Splash: the attack's effects reach {E.name(s, u.uid)}."))
    status_tags(s, c, u, events)
    if "3.8" in c.kws:
        impact(s, u, events)
    if "6.6" in c.kws:
        suppress(s, u, events, "Sticky")
    if card and card[5:] in s.players[u.owner].hand:
        E.discard_from_hand(s, u.owner, card[5:], events, "Brawler through Splash")
    return None


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


def always_animate(s: ResState, c: Combat, events: list[Event]):
    """App C 4.9: the attacker may take an Animation card of its choice from the discard pile."""
    anims = sorted({x for x in s.discard if K.card(x).kind == "animation"}, key=lambda x: (-K.card(x).power, x))
    if not anims:
        return None
    ans = take(c, "animate")
    if ans is None:
        ask(s, c.seat, "animate", "Animate: take an Animation from the discard pile?",
            [("no", "No")] + [(x, f"Take {E.card_name(x)}") for x in anims])
        return "wait"
    if ans in s.discard:
        s.discard.remove(ans)
        s.players[c.seat].hand.append(ans)
        events.append(note(text=f"Animate: {E.card_name(ans)} returns from the discard pile to "
                                 f"{s.players[c.seat].name}'s hand."))
    return None


def always_manifest(s: ResState, c: Combat, events: list[Event]) -> None:
    top = E.reveal_top(s, events, "Manifest")
    if top is None:
        return None
    if K.card(top).kind == "item":
        s.players[c.seat].hand.append(top)
        events.append(note(text="Manifest: it is an Item and goes to hand."))
    else:
        s.discard.append(top)
    return None


RES_ALWAYS = {"4.9": always_animate, "5.9": always_manifest}
# RES and AFTER keywords Edit may add
EDITABLE = sorted(set(RES_ON_DAMAGE) | set(K.STATUS_TAG) | set(K.BOOST_TAG) | {"8.9", "1.7", "0.2", "2.1", "8.2"})


def st_always(game, s: ResState, c: Combat, events: list[Event]) -> None:
    if c.ti == 0:
        kws = c.kws  # none of these keywords adds keywords
        for code, fn in RES_ALWAYS.items():
            if code in kws and f"res:always:{code}" not in c.params:
                if fn(s, c, events) == "wait":
                    return
                c.params[f"res:always:{code}"] = "1"
    c.stage = "next_target"


def st_after(game, s: ResState, c: Combat, events: list[Event]) -> None:
    """Item 28: Martial, Specialist, Alert, Acrobatic, Leader, Chain, Rapid."""
    if "martial_done" not in c.params:
        c.params["martial_done"] = "1"
        me = s.units.get(c.actor)
        for t_uid in dict.fromkeys(c.targets):
            t = s.units.get(t_uid)
            if t and me and me.uid in s.units and K.has(s, t, "1.2") and "7.6" not in c.kws:
                events.append(note(text=f"Martial: {E.name(s, t.uid)} strikes back."))
                E.place_markers(s, me, 1, events, "Martial", t.owner)
        if s.finished:
            return
        me = s.units.get(c.actor)
        if me and "2.1" in c.kws:
            me.acrobatic = True
            events.append(note(text=f"Acrobatic: {E.name(s, me.uid)} cannot be attacked until its next turn."))
        if "8.2" in c.kws:
            for a in K.animations(s, c.seat):
                a.leader = 1
            events.append(note(text="Leader: your Animations gain +1 Power until your next turn."))
    if "after_done" not in c.params and AFTER_CODES.isdisjoint(c.kws):
        c.params["after_done"] = ALL_AFTER_DONE  # what the loop below writes when no ask has its keyword
        c.stage = "finish"
        return
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
        events.append(note(text=f"Alert: {K.card(ans).name} returns to hand for 1 EN."))
    return None


def after_chain(s: ResState, c: Combat, events: list[Event]):
    if "9.6" not in c.kws or not c.destroyed_target:
        return None
    opts = [(u.uid, E.name(s, u.uid)) for u in s.units.values() if u.owner != c.seat and s.players[u.owner].alive]
    if not opts:
        return None
    ans = take(c, "chain")
    if ans is None:
        ask(s, c.seat, "chain", "Chain: place 1 damage marker on another enemy unit?", opts + [("no", "No")])
        return "wait"
    if ans in s.units:
        events.append(note(text=f"Chain: 1 damage marker on {E.name(s, ans)}."))
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
        for key in [k for k in c.params if k.startswith(("trick:", "reply:", "reac:", "res:", "ev:", "area")) or k in (
                "targeted_done", "martial_done", "after_done", "tags_done", "potent", "edit", "ev_items", "awkward")]:
            c.params.pop(key)
        events.append(note(text="Rapid: the attack goes again."))
        c.stage = "targeted"
    return None


def after_specialist(s: ResState, c: Combat, events: list[Event]):
    """App C 0.2: the attacker's controller may draw one card."""
    if "0.2" not in c.kws:
        return None
    if may_draw(s, c, "specialist", events) is None:
        return "wait"
    return None


AFTER_ASKS = [("specialist", after_specialist), ("alert", after_alert), ("chain", after_chain), ("rapid", after_rapid)]
# The keyword each of them needs first (Specialist, Alert, Chain, Rapid): an action with none of
# them, most actions, passes every ask at once (st_after).
AFTER_CODES = frozenset(("0.2", "0.3", "9.6", "2.8"))
ALL_AFTER_DONE = "".join("," + kind for kind, _ in AFTER_ASKS)


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
    for code in [k for k in c.kws if k in K.BOOST_TAG and f"stag:{k}" not in c.params]:
        holders = [u.uid for u in (t, me) if u is not None and u.uid in s.units]
        holders = list(dict.fromkeys(holders))
        if len(holders) == 2:  # §4.4 A: the controller picks the supported unit or the actor, per tag
            ans = take(c, "support_tag")
            if ans is None:
                tag = K.BOOST_TAG[code]
                ask(s, c.seat, "support_tag", f"Support: which unit gains the {tag} Tag?",
                    [(holders[0], f"{tag} Tag on {E.name(s, holders[0])} (supported)"),
                     (holders[1], f"{tag} Tag on {E.name(s, holders[1])} (acting)")])
                return
            holders = [ans]
        c.params[f"stag:{code}"] = "1"
        if holders and holders[0] in s.units:
            E.apply_tag(s, s.units[holders[0]], K.BOOST_TAG[code], events)
    if "8.3" in c.kws and "insightful" not in c.params:
        if may_draw(s, c, "insightful", events) is None:
            return
        c.params["insightful"] = "done"
    if "3.9" in c.kws:
        ans = take(c, "shift")
        moved = c.params.get("shifted", "").split()
        if ans is None:
            opts = shift_options(s, c.seat, moved)
            if opts:
                ask(s, c.seat, "shift", "Shift: move an Item between your units?", [("done", "Done")] + opts)
                return
        elif ans != "done":
            item, dest = ans.split(">")
            holder = next((u for u in s.units.values() if item in u.items), None)
            if holder and dest in s.units:
                holder.items.remove(item)
                s.units[dest].items.append(item)
                c.params["shifted"] = " ".join(moved + [item])
                events.append(note(text=f"Shift: {K.card(item).name} moves to {E.name(s, dest)}."))
            return
    c.stage = "finish"


def shift_options(s: ResState, seat: int, moved: list[str] = ()) -> list[tuple[str, str]]:
    """Each Item moves at most once in one Shift (see RULINGS): moving it again would only undo
    or redo the same move, and let a Support go on for ever."""
    units = K.side_units(s, seat)
    free = [u for u in units if len(u.items) < K.item_limit(s, u)]
    return [(f"{i}>{d.uid}", f"{K.card(i).name} to {E.name(s, d.uid)}") for u in units for i in u.items
            if i not in moved for d in free if d.uid != u.uid]


def split(s: ResState, c: Combat, a: Unit, events: list[Event]) -> None:
    """App C 7.9: destroy a friendly Animation, then that many readied Echo tokens (P1/F1)."""
    n = K.power(s, a)
    E.destroy_unit(s, a.uid, events, None)
    for _ in range(n):
        s.echo_count += 1
        uid = f"E{s.echo_count}"
        s.units[uid] = Unit(uid=uid, owner=c.seat, kind="echo")
    events.append(note(text=f"Split: {n} Echo token(s) enter play readied."))
