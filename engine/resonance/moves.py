"""What each move does (the handlers of the move table in rules.py) and what each answer to a
prompt does (ANSWERS, by prompt kind). Pipeline prompts have no entry: their answer waits in the
attack's params for the stage that asked."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import EndTurn, Event, answered, note

from . import combat, flow
from . import context as C
from . import effects as E
from . import keywords as K
from .actions import Act, Choose, Deploy, Equip, Karma, UseTag
from .cards import COLOURS, catalog
from .prompts import ask, queue
from .queries import deploy_cost, equip_cost
from .resolve import after_action, use_survivor
from .state import Ask, ResState, Unit


def end_turn(game, s: ResState, a: EndTurn, events: list[Event]) -> None:
    events.append(note(text=f"{s.players[a.seat].name} ends their turn."))
    flow.end_turn(s, events)


def act(game, s: ResState, a: Act, events: list[Event]) -> None:
    u = s.units[a.actor]
    E.spend(s, u)  # spent at declaration
    what = a.what  # read once: the move's attribute hook
    if what in ("attack", "cs", "support"):
        combat.declare(game, s, a, events)
        return
    who = E.name(s, u.uid)
    if what == "purge":
        events.append(note(text=f"{who} Purges."))
        E.remove_markers(s, u, 1, events, "Purge")
        st = [t for t in u.tags if t in K.STATUS_TAGS and not E.locked(s, u, t)]
        if st:  # §4.2.4: the controller may then remove one Status Tag of its choice
            ask(s, a.seat, "purge", f"Purge: remove a Status Tag from {who}?",
                [(f"{u.uid}|{t}", f"Remove the {t} Tag") for t in st] + [(f"{u.uid}|", "Keep the tags")])
            return
    elif what == "charge":
        p = s.players[a.seat]
        gain = 1
        if u.kind != "player" and K.tag_active(s, u, "Charge"):
            gain += 1  # App D 11, A-25: only an Animation's Charge uses the tag
            E.remove_tag(u, "Charge")
        p.en = min(10, p.en + gain)
        events.append(note(text=f"{who} Charges: {p.name} gains {gain} EN (now {p.en})."))
    after_action(s, u, events)


def deploy(game, s: ResState, a: Deploy, events: list[Event]) -> None:
    p = s.players[a.seat]
    me = s.units[f"P{a.seat}"]
    E.spend(s, me)
    cost = deploy_cost(s, a.seat, a.card)
    p.en -= cost
    p.hand.remove(a.card)
    u = Unit(uid=a.card, owner=a.seat, kind="animation", card=a.card, spent=True)
    s.units[a.card] = u
    if "2.4" in K.printed(s, u):
        u.spent = False  # §2.14, A-24: innate Haste enters readied
    events.append(note(text=f"{p.name} deploys {E.name(s, a.card)} for {cost} EN"
                             f"{' (readied by Haste)' if not u.spent else ''}."))
    entry_choices(s, u, K.card(a.card).keywords)
    if K.side_has(s, a.seat, "5.1") and s.main_deck:
        top = s.main_deck[0]
        events.append(note(text=f"Sensor: the top card is {E.card_name(top)}.", visible_to=[a.seat]))
        queue(s, a.seat, "sensor", "Sensor: keep the top card?", [("keep", f"Leave {E.card_name(top)} on top"),
                                                                   ("bottom", f"Put {E.card_name(top)} on the bottom")],
              private=True)
    if K.side_has(s, a.seat, "8.1"):
        foes = [f for f in s.order_from(a.seat)[1:] if s.players[f].alive and s.players[f].hand]
        if foes:
            queue(s, a.seat, "charismatic", "Charismatic: make an opponent discard?",
                  [(str(f), f"{s.players[f].name} discards a card") for f in foes] + [("no", "Nobody")])
    after_action(s, me, events)


def entry_choices(s: ResState, u: Unit, kws: list[str]) -> None:
    """A-44: Bane's colour and Immunized's tag are chosen when their source enters play or is acquired."""
    if "6.3" in kws and len(s.players[u.owner].immunized) < len(K.STATUS_TAGS):
        ask_immunized(s, u.owner)
    if "1.0" in kws and u.bane is None:
        queue(s, u.owner, "bane", f"Bane on {E.name(s, u.uid)}: choose a colour",
              [(f"{u.uid}:{c}", f"Bane: {COLOURS[c]} ({c})") for c in range(10)])


def ask_immunized(s: ResState, seat: int) -> None:
    have = s.players[seat].immunized
    queue(s, seat, "immunized", "Immunized: choose a Status Tag your units ignore",
          [(t, f"Immune to {t}") for t in sorted(K.STATUS_TAGS) if t not in have])


def equip(game, s: ResState, a: Equip, events: list[Event]) -> None:
    p = s.players[a.seat]
    me = s.units[f"P{a.seat}"]
    E.spend(s, me)
    target = s.units[a.target]
    item = a.item  # read once: the move's attribute hook
    holder = next((u for u in s.units.values() if item in u.items), None)
    if holder:  # moving is free
        holder.items.remove(item)
        target.items.append(item)
        events.append(note(text=f"{p.name} moves {K.card(item).name} to {E.name(s, a.target)}."))
    else:
        cost = equip_cost(s, a.seat, item)
        p.en -= cost
        p.hand.remove(item)
        target.items.append(item)
        events.append(note(text=f"{p.name} equips {K.card(item).name} to {E.name(s, a.target)} for {cost} EN."))
        entry_choices(s, target, K.card(item).keywords)
        for f in s.order_from(a.seat)[1:]:
            if s.players[f].alive and s.players[f].en >= 1 and K.side_has(s, f, "9.1"):
                queue(s, f, "aware", f"{s.players[f].name}: Aware - pay 1 EN to draw?",
                      [("yes", "Pay 1 EN, draw 1"), ("no", "No")], context=C.aware(s, a.seat, a.item, f))
    after_action(s, me, events)


def karma(game, s: ResState, a: Karma, events: list[Event]) -> None:
    p = s.players[a.seat]
    if a.spend == "overclock":
        p.karma -= 1
        E.draw_cards(s, a.seat, 1, events, "Overclocks and draws")
    elif a.spend == "reengage":
        p.karma -= 1
        u = s.units[a.unit]
        if u.suppressed:
            u.suppressed = False
            u.readied_turn = s.turn
            if u.kind == "player":
                p.tokens = 0
            else:
                u.spent = False
        else:
            E.ready_unit(s, u)
        events.append(note(text=f"{p.name} spends 1 Karma to Re-engage {E.name(s, a.unit)}."))
    elif a.spend == "acquire":
        p.karma -= 3
        block = p.codex_deck.pop(0)
        p.active_codex.append(block)
        events.append(note(text=f"{p.name} spends 3 Karma and acquires {catalog().codex[block].name}."))
        kws = catalog().codex[block].keywords
        entry_choices(s, s.units[f"P{a.seat}"], list(kws))
    elif a.spend == "refine":
        p.karma -= p.base_focus + 1
        p.base_focus += 1
        events.append(note(text=f"{p.name} refines Focus to {p.base_focus}."))


def use_tag(game, s: ResState, a: UseTag, events: list[Event]) -> None:
    u = s.units[a.unit]
    E.remove_tag(u, a.tag)
    if a.tag == "Liberate":
        u.suppressed = False
        u.readied_turn = s.turn
        if u.kind == "player":
            s.players[u.owner].tokens = 0
        else:
            u.spent = False
    else:
        E.ready_unit(s, u)
    events.append(note(text=f"{E.name(s, a.unit)} uses its {a.tag} Tag and is ready again."))


def answer_slow(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    p = s.players[s.active]
    if option == "no":
        s.slow_kept = [o[4:] for o, _ in asked.options if o.startswith("pay:")]
    else:
        u = s.units[option[4:]]
        p.en -= 1
        E.remove_tag(u, "Slow")
        events.append(note(text=f"{p.name} pays 1 EN to remove the Slow Tag from {E.name(s, u.uid)}."))
    flow.ask_slow(s, events)


def answer_draft(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    m = int(option)
    s.pool.remove(m)
    s.players[asked.seat].modules.append(m)
    s.draft_order.pop(0)
    events.append(note(text=f"{s.players[asked.seat].name} drafts {catalog().modules[m].name}."))
    flow.next_draft(s, events)


def answer_codex_primary(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    s.players[asked.seat].primary = int(option)
    flow.next_codex(s, events)


def answer_codex_secondary(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    s.players[asked.seat].secondaries.append(int(option))
    flow.next_codex(s, events)


def answer_codex_drop(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    s.players[asked.seat].codex_dropped.append(option)
    flow.next_codex(s, events)


def answer_refresh(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    E.discard_from_hand(s, asked.seat, option, events, "hand refresh")
    flow.end_turn(s, events)


def answer_bane(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    uid, colour = option.split(":")
    if uid in s.units:
        s.units[uid].bane = int(colour)
        events.append(note(text=f"{E.name(s, uid)} takes Bane against {COLOURS[int(colour)]}."))


def answer_immunized(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    s.players[asked.seat].immunized.append(option)
    events.append(note(text=f"{s.players[asked.seat].name}'s units are Immunized against the {option} Tag."))


def answer_aware(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    if option == "yes":
        s.players[asked.seat].en -= 1
        E.draw_cards(s, asked.seat, 1, events, "pays 1 EN for Aware and draws")


def answer_charismatic(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    if option == "no":
        return
    foe = int(option)
    opts = [(f"card:{c}", f"Discard {E.card_name(c)}") for c in dict.fromkeys(s.players[foe].hand)]
    if opts:
        ask(s, foe, "charismatic_discard", f"{s.players[foe].name}: Charismatic makes you discard a card", opts,
            private=True, context=C.charismatic_discard(s, asked.seat))


def answer_charismatic_discard(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    E.discard_from_hand(s, asked.seat, option[5:], events, "Charismatic")


def answer_purge(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    uid, _, tag = option.partition("|")
    u = s.units[uid]
    if tag:
        E.remove_tag(u, tag)
        events.append(note(text=f"{E.name(s, uid)} removes its {tag} Tag."))
    after_action(s, u, events)


def answer_stubborn(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    if option == "yes":
        E.draw_cards(s, asked.seat, 1, events, "draws with Stubborn")


def answer_survivor(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    """A Blight marker held for the Survivor answer; in an attack the pipeline reads the answer itself."""
    if s.held is None:
        s.combat.params["@survivor"] = option
        return
    u = s.units.get(s.held)
    s.held = None
    if u is None:
        return
    if option.startswith("card:"):
        use_survivor(s, u, option[5:], events)
    else:
        E.place_markers(s, u, 1, events, "Blight Tag", None)


def answer_sensor(s: ResState, asked: Ask, option: str, events: list[Event]) -> None:
    if option == "bottom" and s.main_deck:
        s.main_deck.append(s.main_deck.pop(0))
        events.append(note(text=f"{s.players[asked.seat].name} puts the top card of the Main Deck on the bottom."))


def answer(game, s: ResState, a: Choose, events: list[Event]) -> None:
    """Close the open prompt and carry out the answer; a pipeline prompt's answer is left in the
    attack's params, where the stage that asked reads it when it runs again."""
    asked = answered(s)
    kind = asked.kind  # read once: pydantic's attribute hook
    handler = ANSWERS.get(kind)
    if handler:
        handler(s, asked, a.option, events)
    else:
        s.combat.params["@" + kind] = a.option


ANSWERS: dict[str, Callable[[ResState, Ask, str, list[Event]], None]] = {
    "slow": answer_slow, "draft": answer_draft, "codex_primary": answer_codex_primary,
    "codex_secondary": answer_codex_secondary, "codex_drop": answer_codex_drop, "refresh": answer_refresh,
    "bane": answer_bane, "immunized": answer_immunized, "aware": answer_aware, "charismatic": answer_charismatic,
    "charismatic_discard": answer_charismatic_discard, "purge": answer_purge, "stubborn": answer_stubborn,
    "survivor": answer_survivor, "sensor": answer_sensor,
}
