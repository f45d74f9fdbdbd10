"""A hint: the move the search AI would make in the asker's place, with a one-line reason.

The search reads only the asker's information set (engine.core.search redeals what they cannot
see), so a hint can never tell them anything about another player's hidden cards; its reason
speaks only of how the move did in imagined games.
"""

from __future__ import annotations

from .contract import Action, Game, GameState
from .search import Budget, Thought, think


def hint(game: Game, state: GameState, seat: int, budget: Budget | None = None) -> tuple[Action, str]:
    """(the suggested move, why) for `seat`, from what `seat` can see."""
    move, thought = think(game, state, seat, budget or Budget(**game.search_budget()))
    return move, reason(thought)


def reason(t: Thought) -> str:
    if t.moves == 1:
        return "It is the only move you have right now."
    if not t.tried:
        return "It is what a steady player would do here (there was no time to look further)."
    share = round(100 * t.share)
    told = (f"In {t.tried} imagined games played out from what you can see, it came out ahead about "
            f"{share}% of the time")
    return told + ("." if t.usual else ", more often than the obvious move.")
