"""Why a move of a seat the game is waiting on is refused, with the section it breaks.

(Moves out of turn and after the end are refused by the core with Game.turn_rule / end_rule.)"""

from __future__ import annotations

from engine.core import Action, IllegalAction, Pass, open_ask

from .cards import catalog
from .facts import standard
from .state import Accuse, MoonState, Present


def refusal(s: MoonState, a: Action) -> IllegalAction:
    claim = open_ask(s)
    if claim is not None and isinstance(a, Present):
        presenter = s.seats[s.offers[-1].seat]
        return IllegalAction(f"First answer {presenter}'s claim: accuse it, or pass to let it stand.", "6.0")
    if isinstance(a, Accuse):
        return IllegalAction("There is no claim for you to answer: only the courtier right after the one who "
                             "just presented may accuse, before their own turn starts.", "6.0")
    if isinstance(a, Pass) and not s.offers:
        return IllegalAction("You open this audience, so you must present a gift; passing is allowed once a "
                             "gift is on the table.", "5.2")
    if isinstance(a, Present):
        return _present_refusal(s, a)
    return IllegalAction("That move is not available right now.", "4.2")


def _present_refusal(s: MoonState, a: Present) -> IllegalAction:
    high = catalog().max_claim
    if a.card not in s.hands[a.seat]:
        return IllegalAction("That gift is not in your hand.", "5.0")
    if not 1 <= a.claim <= high:
        return IllegalAction(f"Claims run from 1 to {high}.", "5.0")
    if a.claim <= standard(s):
        low = standard(s) + 1
        return IllegalAction(f"Your claim must beat the standard of {low - 1}: claim {low} or more, or pass.", "5.1")
    return IllegalAction("That move is not available right now.", "4.2")
