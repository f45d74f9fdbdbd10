"""Resonance, assembled from its parts and registered as game "resonance": the rules (rules.py) with
the heuristic player and standing answers (ai.py), the refusals (explain.py) and the views (view.py).
Those modules read the rules; none of them is imported by the rules, so no import goes in a circle."""

from engine.core.registry import register

from . import ai, explain
from .rules import Resonance
from .view import board_text, build_view


class ResonanceGame(Resonance):
    ai_action = ai.choose
    standing_action = ai.standing
    explain_illegal = explain.explain
    view = staticmethod(build_view)
    board_text = staticmethod(board_text)

    def standing_answers(self) -> dict[str, dict[str, str]]:
        return ai.STANDING


GAME = register(ResonanceGame())
