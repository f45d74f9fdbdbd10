"""Resonance, assembled from its parts and registered as game "resonance": the rules (rules.py) with
the heuristic player and standing answers (ai.py), the refusals (explain.py) and the views (view.py).
Those modules read the rules; none of them is imported by the rules, so no import goes in a circle."""

from engine.core.registry import register

from . import ai, explain
from . import search as for_search
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

    def unknown_groups(self, state, seat: int) -> list[list[list[str]]]:
        return for_search.unknown_groups(state, seat)

    def evaluate(self, state) -> list[float]:
        return for_search.evaluate(state)

    def content(self, state) -> dict[int, list[str]]:
        return for_search.content(state)

    def search_budget(self) -> dict:
        return for_search.BUDGET

    def hidden_tokens(self, state, seat: int | None) -> list[str]:
        """Card ids in the other players' hands and secret Codex decks that `seat` cannot see some
        other way: Codex ids repeat from player to player (each holds the same blocks), so the
        seat's own cards, every revealed Codex card and any card the public log still names (an
        Item that was equipped, then went back to hand) are left out."""
        seen = {c for p in state.players for c in p.active_codex + p.codex_dropped}
        log = " ".join(e.text for e in state.recent if e.visible(seat))
        if seat is not None:
            me = state.players[seat]
            seen.update(me.hand + me.codex_deck)
        return [c for p in state.players if p.seat != seat for c in p.hand + p.codex_deck
                if c not in seen and c not in log]


GAME = register(ResonanceGame())
