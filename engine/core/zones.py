"""Shared deck, hand and discard mechanics (lists of card instance ids)."""

from __future__ import annotations

from .rng import Rng


def draw(deck: list[str], discard: list[str], hand: list[str], rng: Rng) -> tuple[str | None, bool]:
    """Move the top card of `deck` to `hand`.

    An empty deck is first refilled by shuffling the discard pile. Returns the card drawn
    (None if both are empty) and whether a reshuffle happened.
    """
    reshuffled = False
    if not deck and discard:
        deck.extend(discard)
        discard.clear()
        rng.shuffle(deck)
        reshuffled = True
    if not deck:
        return None, reshuffled
    card = deck.pop(0)
    hand.append(card)
    return card, reshuffled


def move(card: str, source: list[str], target: list[str], *, to_bottom: bool = True) -> None:
    source.remove(card)
    if to_bottom:
        target.append(card)
    else:
        target.insert(0, card)
