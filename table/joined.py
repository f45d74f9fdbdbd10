"""Joined moves: a move that closes a step of a player's turn and a move of the next step, offered
as one choice (one click) when the first decides nothing by itself (Game.joined_moves says when).

The moves a player is offered are their legal moves, in the game's order, followed by the joined
ones: an index below len(legal) is an ordinary move, so buttons and lists built from the legal
moves alone keep their numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Action, Game, GameState


@dataclass(frozen=True)
class Joined:
    """`first` (a step end) then `then` (a move of the next step), played under one lock."""

    first: Action
    then: Action

    @property
    def seat(self) -> int:
        return self.first.seat

    @property
    def secret(self) -> bool:  # a hidden card in either label keeps the pair in the private panel
        return self.first.secret or self.then.secret

    def moves(self) -> list[Action]:
        return [self.first, self.then]

    def label(self) -> str:
        return f"{self.first.label()}, then {self.then.label()}"

    def group(self) -> str:
        return f"{self.first.label()}, then {self.then.group() or 'more'}"


Offer = Action | Joined


def offers(engine: Game, state: GameState, seat: int) -> list[Offer]:
    """`seat`'s legal moves, then the joined pairs (none while an exact "choose N" answer is open:
    its select lists the moves to pick from alone)."""
    legal: list[Offer] = list(engine.legal_actions(state, seat))
    if any(d.seat == seat and d.picks > 1 and not d.upto for d in state.pending):
        return legal
    return legal + [Joined(first, then) for first, after in engine.joined_moves(state, seat) for then in after]


def moves_of(offer: Offer) -> list[Action]:
    return offer.moves() if isinstance(offer, Joined) else [offer]


def warning(engine: Game, state: GameState, offer: Offer) -> str | None:
    """What the game warns of for an offer: each of its moves judged in the state it is played
    from. A move that is the player's only one asks nothing: there is nothing else to choose.
    In a steady block a pair's first move is played once for every offer it starts, and for its
    own warning and the joined pairs too (Game.played)."""
    said = []
    moves = moves_of(offer)
    for n, move in enumerate(moves):
        if len(engine.legal_actions(state, move.seat)) > 1:
            said.append(engine.danger(state, move))
        if n < len(moves) - 1:
            state = engine.played(state, move)[0]
    return " ".join(s for s in said if s) or None
