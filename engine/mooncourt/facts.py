"""Small facts about a Moon Court state that the rules, prompts, AI and views all read."""

from __future__ import annotations

from engine.core.memo import finite_cache

from .cards import catalog, gift
from .state import MoonState


def judged(s: MoonState, card: str) -> int:
    """A gift's worth when it is turned over: its printed worth, plus the bonus in fashion (§4.1)."""
    return _worths(s.fashion)[card]


def worths(s: MoonState) -> dict[str, int]:
    """`judged` for every gift at once, for a caller weighing many cards: do not change it."""
    return _worths(s.fashion)


@finite_cache
def _worths(fashion: str | None) -> dict[str, int]:
    """Every gift's judged worth under one fashion card (a prompt weighs the whole unseen deck)."""
    house = gift(fashion).house if fashion is not None else None
    bonus = catalog().fashion_bonus
    return {card: g.worth + (bonus if g.house == house else 0) for card, g in catalog().gifts.items()}


def standard(s: MoonState) -> int:
    """The claim to beat (§5.1): the latest claim of this audience, 0 before the first."""
    return s.offers[-1].claim if s.offers else 0


def next_seat(s: MoonState, seat: int) -> int:
    return (seat + 1) % len(s.seats)


def unseen(s: MoonState, seat: int) -> list[str]:
    """Cards `seat` cannot place: not in its hand, not face up, not a gift it laid this audience."""
    known = set(s.hands[seat]) | set(s.face_up) | {o.card for o in s.offers if o.seat == seat}
    if s.fashion is not None:
        known.add(s.fashion)
    return [c for c in catalog().gifts if c not in known]


def could_be_true(s: MoonState, seat: int, claim: int) -> tuple[int, int]:
    """(how many of the cards `seat` has not seen would make `claim` true, how many it has not seen)."""
    pool, worth = unseen(s, seat), worths(s)
    return sum(worth[c] >= claim for c in pool), len(pool)
