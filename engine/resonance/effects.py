"""State changes shared by every action: drawing, damage, destruction, tags, Karma and the win check."""

from __future__ import annotations

from engine.core import Event, draw, finish, note

from . import context as C
from . import keywords as K
from .names import card_name, name
from .prompts import queue
from .state import ResState, Unit


def draw_cards(s: ResState, seat: int, n: int, events: list[Event], why: str = "draws") -> list[str]:
    """Draw from the Main Deck; an empty deck is rebuilt from the discard pile first (§2.8)."""
    p = s.players[seat]
    got = []
    for _ in range(n):
        c, reshuffled = draw(s.main_deck, s.discard, p.hand, s.rng)
        if reshuffled:
            events.append(note(kind="shuffle", text="The Main Deck is empty: the discard pile is shuffled into a "
                                                     "new Main Deck (§2.8)."))
        if c is None:
            break
        got.append(c)
    if got:
        events.append(note(text=f"{p.name} {why} {len(got)} card(s)."))
        events.append(note(text="You draw " + ", ".join(map(card_name, got)) + ".", visible_to=[seat]))  # no generator
    return got


def reveal_top(s: ResState, events: list[Event], why: str) -> str | None:
    """Take the top card of the Main Deck face up (the caller decides where it goes)."""
    if not s.main_deck and s.discard:
        s.main_deck.extend(s.discard)
        s.discard.clear()
        s.rng.shuffle(s.main_deck)
        events.append(note(kind="shuffle", text="The Main Deck is empty: the discard pile becomes the new deck (§2.8)."))
    if not s.main_deck:
        return None
    c = s.main_deck.pop(0)
    events.append(note(kind="reveal", text=f"{why}: revealed {card_name(c)}.", data={"card": c}))
    return c


def discard_from_hand(s: ResState, seat: int, c: str, events: list[Event], why: str) -> None:
    s.players[seat].hand.remove(c)
    s.discard.append(c)
    events.append(note(text=f"{s.players[seat].name} discards {card_name(c)} ({why})."))


def gain_karma(s: ResState, seat: int, events: list[Event], why: str) -> None:
    p = s.players[seat]
    p.karma += 1
    p.karma_turn = s.turn
    events.append(note(text=f"{p.name} gains 1 Karma ({why}); now {p.karma}."))


def remove_markers(s: ResState, u: Unit, n: int, events: list[Event], why: str) -> int:
    """Curse stops every removal (App D 10)."""
    if "Curse" in u.tags and K.tag_active(s, u, "Curse"):  # a rare tag: the call only when there
        events.append(note(text=f"{name(s, u.uid)} is Cursed: no damage marker comes off ({why})."))
        return 0
    n = min(n, u.damage)
    u.damage -= n
    if n:
        events.append(note(text=f"{name(s, u.uid)} removes {n} damage marker(s) ({why})."))
    return n


def place_markers(s: ResState, u: Unit, n: int, events: list[Event], why: str, by: int | None) -> int:
    """Put markers on a unit (a Suppressed unit takes none, A-28) and check destruction."""
    if n <= 0 or s.finished:
        return 0
    if u.suppressed:
        events.append(note(text=f"{name(s, u.uid)} is Suppressed and takes no damage ({why}, §2.10)."))
        return 0
    u.damage += n
    events.append(note(kind="damage", text=f"{name(s, u.uid)} takes {n} damage ({why}): "
                                            f"{u.damage}/{K.max_hp(s, u)}."))
    check_destroyed(s, u, events, by)
    return n


def check_destroyed(s: ResState, u: Unit, events: list[Event], by: int | None) -> bool:
    if not u.damage or u.uid not in s.units or u.damage < K.max_hp(s, u):
        return False  # every unit has at least 1 HP, so an undamaged one stands
    if u.kind == "player":
        player_destroyed(s, u.owner, events, by)
    else:
        destroy_unit(s, u.uid, events, by)
    return True


def destroy_unit(s: ResState, uid: str, events: list[Event], by: int | None) -> None:
    """An Animation leaves play: it and its Items go to the discard pile, Echoes leave the game (A-33)."""
    u = s.units.pop(uid)
    s.discard.extend(u.items)
    if u.kind == "echo":
        s.removed.append(uid)
    else:
        s.discard.append(u.card)
    events.append(note(kind="destroy", text=f"{name(s, uid) if u.kind != 'animation' else K.card(u.card).name} "
                                             f"[{uid}] is destroyed."))
    if by is not None and by != u.owner:
        gain_karma(s, by, events, "destroyed an enemy Animation")
    if K.side_has(s, u.owner, "3.3") and s.players[u.owner].alive:  # App C 3.3: may draw, asked next
        gone = f"Echo [{uid}]" if u.kind == "echo" else f"{K.card(u.card).name} [{uid}]"
        queue(s, u.owner, "stubborn", f"{s.players[u.owner].name}: Stubborn - draw a card?",
              [("yes", "Draw 1"), ("no", "No")], context=C.stubborn(s, gone, u.owner))


def player_destroyed(s: ResState, seat: int, events: list[Event], by: int | None) -> None:
    """The game ends at once (§1.0, A-36)."""
    s.players[seat].alive = False
    alive = [p.seat for p in s.players if p.alive]
    if len(s.players) == 2:
        winners = alive
    elif by is not None and by != seat:
        winners = [by]
    else:
        winners = alive
    who = " and ".join(s.players[w].name for w in winners)
    s.phase = "over"
    s.combat = None
    finish(s, events, winners, f"{s.players[seat].name} is reduced to 0 HP: {who} "
                               f"win{'s' if len(winners) == 1 else ''} (§1.0).")


def apply_tag(s: ResState, u: Unit, tag: str, events: list[Event], lock_until: int | None = None) -> bool:
    """Give a tag (at most one of each name, A-22). Waiting Cure/Nullify block first, then on-gain effects."""
    if u.uid not in s.units:
        return False
    status = tag in K.STATUS_TAGS
    if status and K.immune(s, u, tag):
        events.append(note(text=f"{name(s, u.uid)} is Immunized against {tag}."))
        return False
    blocker = "Cure" if status else "Nullify"
    if blocker in u.tags and tag != blocker and not (blocker in K.STATUS_TAGS and not K.tag_active(s, u, blocker)):
        u.tags.remove(blocker)
        events.append(note(text=f"{name(s, u.uid)}'s waiting {blocker} Tag cancels the {tag} Tag."))
        return False
    if tag in u.tags:
        return False
    if tag in ("Cure", "Nullify"):
        strip = K.STATUS_TAGS if tag == "Cure" else K.BOOST_TAGS
        present = [t for t in u.tags if t in strip and not locked(s, u, t)]
        if present:
            u.tags.remove(present[0])
            u.locked.pop(present[0], None)
            events.append(note(text=f"{tag} Tag removes {name(s, u.uid)}'s {present[0]} Tag and is spent."))
            return True
    u.tags.append(tag)
    if lock_until is not None and status:
        u.locked[tag] = lock_until
    article = "an" if tag[0] in "AEIOU" else "a"
    events.append(note(text=f"{name(s, u.uid)} gains {article} {tag} Tag."))
    return True


def locked(s: ResState, u: Unit, tag: str) -> bool:
    return tag in u.locked and s.turn <= u.locked[tag]


def remove_tag(u: Unit, tag: str) -> None:
    if tag in u.tags:
        u.tags.remove(tag)
    u.locked.pop(tag, None)


def ready_unit(s: ResState, u: Unit) -> None:
    """Ready outside the Ready Phase (Haste, Liberate, Re-engage): once per turn per unit (A-23)."""
    u.readied_turn = s.turn
    if u.kind == "player":
        s.players[u.owner].tokens = max(0, s.players[u.owner].tokens - 1)
    else:
        u.spent = False


def spend(s: ResState, u: Unit) -> None:
    if u.kind == "player":
        s.players[u.owner].tokens += 1
    else:
        u.spent = True
