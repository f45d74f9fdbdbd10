"""Gods & Clans battlemap game, assembled here from its rules, its AI and its refusals.

The rules module knows neither of the others; each of them reads the board through `board.py`,
so no module of the game imports one that imports it back.
"""

from engine.core import Action, IllegalAction
from engine.core.registry import register

from .ai import choose
from .explain import explain
from .rules import Clans
from .state import ClansState


class GodsAndClans(Clans):
    """The registered game: the rules, with the heuristic player and the reasons for refusals."""

    def ai_action(self, state: ClansState, seat: int) -> Action:
        return choose(self, state, seat)

    def explain_illegal(self, state: ClansState, action: Action) -> IllegalAction:
        return explain(state, action)


GAME = register(GodsAndClans())
