"""Asking players through the core prompt queue, and small helpers the action pipeline shares.

`ask` opens a prompt now (ahead of any waiting ones); `queue` puts it behind them (triggers raised
mid-action, answered once the current step has finished asking). An answer to a pipeline prompt is
stored in combat.params["@kind"]; `take` reads it when the stage runs again."""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat

from engine.core import ask as enqueue
from engine.core import quiet
from engine.core.contract import built

from . import keywords as K
from .cards import catalog
from .kinds import prompt_fields
from .names import card_name
from .state import Ask, Combat, ResState, Unit

Options = list[tuple[str, str]]


def new_ask(s: ResState, seat: int, kind: str, prompt: str, options: Options, private: bool = False,
            context: list[str] | None = None, picks: int = 1, upto: bool = False) -> Ask:
    """A prompt with its answers, its button, its timeout answer and the owner's context;
    `picks`: how many of the answers one submit may give (each re-asks for the rest; `upto`:
    at most that many)."""
    options = list(map(tuple, options))  # as validation stores them (a tuple is kept as it is)
    shared = prompt_fields(kind, seat, s.active, private, options, context, quiet(s))
    return built(Ask, {"seat": seat, "kind": kind, "prompt": prompt, "private": private, "context": shared["context"],
                       "reaction": shared["reaction"], "timeout": shared["timeout"], "button": shared["button"],
                       "picks": picks, "upto": upto, "options": options}, set(_ASK_FIELDS))


_ASK_FIELDS = frozenset(Ask.model_fields)  # new_ask gives every field of an Ask


def ask(s: ResState, seat: int, kind: str, prompt: str, options: Options, private: bool = False,
        context: list[str] | None = None, picks: int = 1, upto: bool = False) -> None:
    """Open a prompt now: it is answered before any prompt already waiting."""
    enqueue(s, new_ask(s, seat, kind, prompt, options, private, context, picks, upto), first=True)


def queue(s: ResState, seat: int, kind: str, prompt: str, options: Options, private: bool = False,
          context: list[str] | None = None) -> None:
    """Queue a prompt behind the open one and any already waiting."""
    enqueue(s, new_ask(s, seat, kind, prompt, options, private, context))


def take(c: Combat, kind: str) -> str | None:
    return c.params.pop("@" + kind, None)


def actor(s: ResState, c: Combat) -> Unit | None:
    return s.units.get(c.actor)


def source(s: ResState, c: Combat) -> Unit | None:
    return s.units.get(c.source)


def hand_options(s: ResState, seat: int, verb: str) -> list[tuple[str, str]]:
    """One option per card in hand, highest Power first: equal Powers add alike, but which card is
    kept (an Animation to deploy, an Item to equip) is the player's choice."""
    cards = sorted(dict.fromkeys(s.players[seat].hand), key=_by_power)
    return list(map(_card_option, cards, repeat(verb)))  # no Python loop: most prompts offer the hand


@lru_cache(maxsize=1 << 12)
def _by_power(card: str) -> tuple[int, str]:
    return -K.card(card).power, card


@lru_cache(maxsize=1 << 14)
def _card_option(card: str, verb: str) -> tuple[str, str]:
    """A card offered as an answer: the same cards are offered prompt after prompt."""
    return f"card:{card}", f"{verb} {card_name(card)}"


def card_options(s: ResState, seat: int, verb: str) -> list[tuple[str, str]]:
    """One option per card in hand, for discards that add nothing (Awkward, the Trickster reply)."""
    return list(map(_card_option, sorted(dict.fromkeys(s.players[seat].hand)), repeat(verb)))


WAIT = "wait"


def discard_prompt(s: ResState, c: Combat, seat: int, kind: str, prompt: str,
                   context: list[str] | None = None) -> str | None:
    """An optional "discard a card for ..." question: WAIT while asked, then None ("no") or the card id."""
    ans = take(c, kind)
    if ans is None:
        ask(s, seat, kind, f"{s.players[seat].name}: {prompt}", [("no", "No")] + hand_options(s, seat, "Discard"),
            private=True, context=context)
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
