"""What the owner of an off-turn prompt reads before answering: what is happening, the numbers from
their side, and what each answer does. Built only from what that seat may see: the public table,
the attack's public EV, and the seat's own hand (through the options it is offered)."""

from __future__ import annotations

from . import keywords as K
from .names import card_name, name
from .state import Combat, ResState, Unit

LOSES = "No: you are destroyed and lose the game."  # a Survivor answer that ends the game (Game.danger reads it)
VERB = {"attack": "attacks", "cs": "makes a Critical Strike on", "support": "supports"}


def yours(s: ResState, u: Unit) -> str:
    """The owner's own unit as they read it: "you" for their Player."""
    return "you" if u.kind == "player" else f"your {name(s, u.uid)}"


def hp_left(s: ResState, u: Unit) -> str:
    return f"{K.max_hp(s, u) - u.damage} HP left"


def outcome(damage: int) -> str:
    return "no damage" if damage <= 0 else f"{damage} damage"


def attack_line(s: ResState, c: Combat, t: Unit) -> str:
    keywords = f" with {', '.join(K.kw_name(k) for k in c.kws)}" if c.kws else ""
    return f"{name(s, c.actor)} {VERB[c.action]} {yours(s, t)} ({hp_left(s, t)}){keywords}."


def react(s: ResState, c: Combat, t: Unit, ev: int, rv: int, rv_parts: list[str], damage, options,
          extras: int) -> list[str]:
    """The defender's reaction: the EV it faces, its RV and the damage for each answer.
    `damage(rv)` is the raw damage the attack would deal against that RV."""
    lines = [attack_line(s, c, t), f"Attack EV {ev}; your RV before any reaction is {rv} ({' + '.join(rv_parts)}).",
             f"No reaction: {outcome(damage(rv))}."]
    for option, label in options:
        if option.startswith("card:"):
            extra = K.card(option[5:]).power
        elif option.startswith("sac:"):
            extra = K.card(option[4:]).power
        elif option == "reveal":
            lines.append(f"{label}: adds the revealed card's Power, unknown until it is turned over.")
            continue
        else:
            continue
        lines.append(f"{label}: RV {rv + extra}, {outcome(damage(rv + extra))}.")
    if any(o.startswith("sac:") for o, _ in options):
        lines.append("A sacrificed Item is destroyed.")
    if extras:
        lines.append(f"After this you may discard up to {extras} more card(s) for RV (Defensive, Enhance Tag).")
    lines.append("Ward, Bless or Survivor may still stop damage after the roll.")
    return lines


def extra(s: ResState, c: Combat, t: Unit, ev: int, damage: int, left: int) -> list[str]:
    """A further defence card: `damage` is what the attack deals against the RV so far."""
    return [attack_line(s, c, t),
            f"Attack EV {ev}; your RV so far is {c.rv} ({' + '.join(c.rv_parts)}): {outcome(damage)} "
            "as things stand.",
            f"Each card you discard adds its Power to the RV ({left} more allowed). No: keep your cards."]


def reactive(s: ResState, c: Combat, t: Unit) -> list[str]:
    return [attack_line(s, c, t),
            "Reactive: a card you discard now adds its Power to your RV against this attack, on top of "
            f"Focus {K.focus(s, t)} and any defence card you add later.",
            "The attacker has not paid the fuel yet, so the EV is still open. No: keep your cards."]


def trickster(s: ResState, c: Combat, t: Unit) -> list[str]:
    held = len(s.players[c.seat].hand)
    return [attack_line(s, c, t),
            f"Trickster: discard a card and {s.players[c.seat].name} must discard one of theirs (they hold {held}), "
            "or the attack is cancelled. No: the attack goes on."]


def survivor(s: ResState, u: Unit, amount: int) -> list[str]:
    player = u.kind == "player"
    return [f"{amount} damage would destroy {yours(s, u)} ({u.damage}/{K.max_hp(s, u)} damage now).",
            "Survivor (once per unit): discard a card to survive, Suppressed: no damage can be placed and no "
            "action taken until it recovers.",
            LOSES if player else "No: the unit is destroyed."]


def area(s: ResState, c: Combat, u: Unit) -> list[str]:
    p = s.players[u.owner]
    lethal = u.damage + 1 >= K.max_hp(s, u)
    return [f"Area: {name(s, c.actor)}'s attack puts 1 damage on each of your Animations.",
            f"{name(s, u.uid)} has {u.damage}/{K.max_hp(s, u)} damage" + (": 1 more destroys it." if lethal else "."),
            f"Pay 1 EN (you have {p.en}) to spare it, or take the damage."]


def bless(s: ResState, u: Unit, amount: int) -> list[str]:
    return [f"{amount} damage is about to reach {yours(s, u)} ({u.damage}/{K.max_hp(s, u)} damage now).",
            "Spend Bless: the tag is removed and 1 of that damage is prevented. Keep: the tag stays for later."]


def adaptive_discard(s: ResState, c: Combat, t: Unit) -> list[str]:
    return [f"{name(s, c.actor)}'s attack hit {yours(s, t)}; with Adaptive, {s.players[c.seat].name} chose "
            f"that you discard a card instead of taking {c.raw} damage.", "Choose which card you discard."]


def charismatic_discard(s: ResState, by: int) -> list[str]:
    return [f"{s.players[by].name} deployed an Animation and used Charismatic on you.",
            "You must discard one card; which one is your choice."]


def aware(s: ResState, by: int, item: str, seat: int) -> list[str]:
    return [f"{s.players[by].name} equipped {card_name(item)}.",
            f"Aware: pay 1 EN (you have {s.players[seat].en}) to draw 1 card, or decline."]


def stubborn(s: ResState, gone: str, seat: int) -> list[str]:
    return [f"Your {gone} was destroyed. Stubborn lets you draw 1 card (you hold {len(s.players[seat].hand)}).",
            "Draw 1: take the card. No: draw nothing."]
