"""Small helpers shared by the action pipeline: prompts, answers and a few lookups."""

from __future__ import annotations

from . import effects as E
from . import keywords as K
from .cards import catalog
from .state import Ask, Combat, ResState, Unit


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


def card_options(s: ResState, seat: int, verb: str) -> list[tuple[str, str]]:
    """One option per card in hand, for discards whose only effect is losing the card (Awkward, Trickster)."""
    return [(f"card:{cid}", f"{verb} {E.card_name(cid)}") for cid in sorted(dict.fromkeys(s.players[seat].hand))]


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
