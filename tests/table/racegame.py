"""A tiny test-only game for three or four players: "Race". In turn, each player adds 1, 2 or 3
to a shared count; whoever brings it to `goal` or beyond wins. No dice, nothing hidden."""

from __future__ import annotations

from typing import Literal

from engine.core import Action, Decision, Event, Game, GameState, Outcome, register


class Add(Action):
    type: Literal["add"] = "add"
    amount: int

    def label(self) -> str:
        return f"Add {self.amount}"


class RaceState(GameState):
    game: str = "testrace"
    count: int = 0
    active: int = 0
    goal: int = 12


class Race(Game):
    id = "testrace"
    title = "Race (test game)"
    min_players = 3
    max_players = 4
    state_model = RaceState
    action_model = Add

    def setup(self, config: dict, seats: list[str], seed: str) -> RaceState:
        rng, sealed = GameState.new_rng(seed)
        state = RaceState(seats=seats, rng=rng, seed_commitment=sealed)
        state.pending = [Decision(seat=0, kind="turn", prompt="Add 1, 2 or 3.")]
        return state

    def legal_actions(self, state: RaceState, seat: int) -> list[Action]:
        if state.finished or seat != state.active:
            return []
        return [Add(seat=seat, amount=n) for n in (1, 2, 3)]

    def step(self, state: RaceState, action: Add) -> list[Event]:
        state.count += action.amount
        events = [Event(text=f"{state.seats[action.seat]} adds {action.amount}: {state.count}.")]
        if state.count >= state.goal:
            state.finished = Outcome(winners=[action.seat], reason=f"{state.seats[action.seat]} reached {state.goal}")
            return events
        state.active = (state.active + 1) % len(state.seats)
        state.pending = [Decision(seat=state.active, kind="turn", prompt="Add 1, 2 or 3.")]
        return events

    def view(self, state: RaceState, seat: int | None) -> dict:
        return {"game": self.id, "count": state.count, "active": state.active, "recent": self.recent_view(state, seat)}

    def ai_action(self, state: RaceState, seat: int) -> Action:
        return Add(seat=seat, amount=1)  # a patient AI: never the one to win early


RACE = register(Race())
