"""Moon Court: a bluffing game of face-down gifts for 2-4 courtiers, on the shared v2 flow.

The Game is assembled here from the game's modules (rules, prompts, explain, ai, view), none of
which imports this package back, and registered once.
"""

from __future__ import annotations

import random

from engine.core import Action, Decision, Event, Game, IllegalAction, Pass
from engine.core.registry import register

from . import ai, explain, rules, search, view
from .facts import could_be_true
from .prompts import CLAIM_KIND, turn_decision
from .state import Accuse, MoonAction, MoonConfig, MoonState, Present

NEVER, SURE = "never", "sure"


class MoonCourt(Game):
    id = "mooncourt"
    title = "Moon Court"
    min_players = 2
    max_players = 4
    state_model = MoonState
    action_model = MoonAction
    moves = {Present: rules.present, Accuse: rules.accuse, Pass: rules.pass_move}
    max_steps = 600  # §8.0: a court this long closes and most favour wins
    turn_rule = "4.2"
    end_rule = "8.1"
    # The end summary's key moments: the richest audiences won.
    key_patterns = ((r"wins the audience and (\d+) favour", 0),)

    def setup(self, config: dict, seats: list[str], seed: str) -> MoonState:
        state = rules.setup(config, seats, seed)
        self.publish(state)
        return state

    def config_model(self) -> type[MoonConfig]:
        return MoonConfig

    def legal_actions(self, state: MoonState, seat: int) -> list[Action]:
        return rules.legal(state, seat)

    def decisions(self, state: MoonState) -> list[Decision]:
        return [turn_decision(state)]

    def cap_result(self, state: MoonState) -> tuple[list[int], str, bool]:
        return rules.cap_result(state)

    def explain_illegal(self, state: MoonState, action: Action) -> IllegalAction:
        return explain.refusal(state, action)

    def view(self, state: MoonState, seat: int | None) -> dict:
        return view.build(state, seat)

    def hidden_tokens(self, state: MoonState, seat: int | None) -> list[str]:
        return view.hidden_tokens(state, seat)

    def board_text(self, v: dict) -> str:
        return view.board_text(v)

    def ai_action(self, state: MoonState, seat: int) -> Action:
        return ai.choose(state, seat)

    def redeal_loose(self, state: MoonState, seat: int, world: random.Random) -> None:
        search.redeal(state, seat, world)

    def evaluate(self, state: MoonState) -> list[float]:
        return search.evaluate(state)

    def search_budget(self) -> dict:
        return search.BUDGET

    def standing_answers(self) -> dict[str, dict[str, str]]:
        return {CLAIM_KIND: {NEVER: "Never accuse: every claim made to me stands",
                             SURE: "Accuse only a claim that the cards I have seen prove false; otherwise let it stand"}}

    def standing_action(self, state: MoonState, seat: int, kind: str, answer: str) -> Action | None:
        if kind != CLAIM_KIND or not state.asks or state.asks[0].seat != seat:
            return None
        if answer == SURE and could_be_true(state, seat, state.offers[-1].claim)[0] == 0:
            return Accuse(seat=seat)
        return Pass(seat=seat) if answer in (NEVER, SURE) else None

    def undoable(self, before: MoonState, after: MoonState, events: list[Event]) -> bool:
        """Presenting and letting a claim stand may be taken back; a move that ended the audience may
        not: it turned a gift over (or gave the table away), turned a new fashion and dealt cards."""
        return super().undoable(before, after, events) and after.audience == before.audience and not after.finished


GAME = register(MoonCourt())
