"""The floor: a game with no rules to speak of, played through the engine contract, to show how
fast any game can go on it.

Two players in turn add 1, 2 or 3 to a shared count; whoever brings it to 100 wins. Each step
does only what the contract asks of every game, at its cheapest: a legal-move list (the same
three moves each time), one log line, one published prompt, the version bump and the random
pick. Its steps per second, beside the peers' in the same run, is the most any of our games could
reach if its rules cost nothing; the gap between a game and the floor is the rules' own cost.

It uses only the contract's oldest names, so `bench.peers --before TREE` can time the floor of
another checkout's core too. Not a registered game: the bot never offers it.
"""

from __future__ import annotations

from typing import Literal

from engine.core import Action, Decision, Game, GameState
from engine.core.contract import Event, finish

GOAL = 100


class Add(Action):
    type: Literal["add"] = "add"
    amount: int


class FloorState(GameState):
    game: str = "floor"
    count: int = 0


# The moves and prompts there can be, made once: a real game interns or caches these too.
MOVES = tuple(tuple(Add(seat=seat, amount=n) for n in (1, 2, 3)) for seat in (0, 1))
PROMPTS = tuple([Decision(seat=seat, kind="turn", prompt="Add 1, 2 or 3.")] for seat in (0, 1))


class Floor(Game):
    id = "floor"
    title = "Floor"
    state_model = FloorState
    action_model = Add

    def setup(self, config: dict, seats: list[str], seed: str) -> FloorState:
        rng, sealed = GameState.new_rng(seed)
        state = FloorState(seats=seats, rng=rng, seed_commitment=sealed)
        self.publish(state)
        return state

    def legal_actions(self, state: FloorState, seat: int) -> list[Action]:
        if state.finished or seat != state.active:
            return []
        return list(MOVES[seat])

    def decisions(self, state: FloorState) -> list[Decision]:
        return PROMPTS[state.active]

    def view(self, state: FloorState, seat: int | None) -> dict:
        return {"count": state.count}

    def _add(self, state: FloorState, action: Add, events: list[Event]) -> None:
        fields = state.__dict__  # set past pydantic's attribute hook, as the games' hot paths do
        fields["count"] += action.amount
        name = state.seats[action.seat]
        events.append(Event(text=f"{name} adds {action.amount}: {fields['count']}."))
        if fields["count"] >= GOAL:
            finish(state, events, [action.seat], f"{name} reached {GOAL}.")
        else:
            fields["active"] = 1 - action.seat

    moves = {Add: _add}


FLOOR = Floor()
