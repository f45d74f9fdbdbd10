"""The one contract every game implements, and the records that cross it.

setup(config, seats, seed) -> State
legal_actions(state, seat) -> list[Action]   the single source of truth for UI, AI and validation
apply(state, action) -> (State, list[Event]) pure: the input state is never changed
view(state, seat | None) -> dict             None is the public view; it never holds hidden cards
outcome(state) -> Outcome | None
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .rng import Rng, commitment


class IllegalAction(Exception):
    """A move the rules forbid: `reason` is a plain sentence, `rule` the book's section."""

    def __init__(self, reason: str, rule: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}" if self.rule else self.reason


class Action(BaseModel):
    """A move by one seat. Games subclass it with a Literal `type` and their own fields."""

    model_config = ConfigDict(frozen=True)
    type: str
    seat: int
    # True when the label names something hidden from the other players (a card in hand):
    # such actions are only ever offered in the acting player's private panel.
    secret: ClassVar[bool] = False

    def __eq__(self, other: object) -> bool:
        # Fields excluded from dumps only decorate labels; they never change which move it is.
        return type(other) is type(self) and self.model_dump() == other.model_dump()

    def __hash__(self) -> int:
        return hash(self.model_dump_json())

    def label(self) -> str:
        return self.type.replace("_", " ").capitalize()

    def group(self) -> str:
        """Coarse menu the UI files this action under (e.g. "Build", "Attack")."""
        return self.type.replace("_", " ").capitalize()


class EndTurn(Action):
    """The turn's last move, shared by the games whose turns end when the player says so."""

    type: Literal["end_turn"] = "end_turn"

    def label(self) -> str:
        return "End turn"

    def group(self) -> str:
        return "Turn"


class Event(BaseModel):
    """Something that happened, with a sentence for the channel log.

    visible_to None means everyone may see it; otherwise only those seats.
    """

    text: str
    kind: str = "info"
    visible_to: list[int] | None = None
    data: dict[str, Any] = Field(default_factory=dict)

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


class Decision(BaseModel):
    """A choice the game is waiting for: who must answer, and what about."""

    seat: int
    kind: str
    prompt: str
    private: bool = False  # its options reveal hidden cards, so show them only to `seat`


class Outcome(BaseModel):
    winners: list[int] = Field(default_factory=list)
    draw: bool = False
    reason: str = ""


class GameState(BaseModel):
    """Fields every game's state carries. Games subclass and add their own."""

    game: str
    version: int = 0
    seats: list[str]
    rng: Rng
    seed_commitment: str = ""
    turn: int = 1
    pending: list[Decision] = Field(default_factory=list)
    recent: list[Event] = Field(default_factory=list)
    finished: Outcome | None = None

    RECENT_KEEP: ClassVar[int] = 12

    @classmethod
    def new_rng(cls, seed: str) -> tuple[Rng, str]:
        return Rng(seed=seed), commitment(seed)


class Game:
    """Base for a game's rules. Subclasses implement the hooks below; `apply` is shared."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    pieces: ClassVar[bool] = False  # action groups are pieces on a board: the UI picks one first
    state_model: ClassVar[type[GameState]]
    action_model: ClassVar[Any]  # a discriminated Union of the game's Action classes

    def __init__(self) -> None:
        self._action_adapter = TypeAdapter(self.action_model)

    # --- hooks a game implements -------------------------------------------------------
    def setup(self, config: dict, seats: list[str], seed: str) -> GameState:
        raise NotImplementedError

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        raise NotImplementedError

    def step(self, state: GameState, action: Action) -> list[Event]:
        """Apply a legal action to `state` in place and return the events."""
        raise NotImplementedError

    def explain_illegal(self, state: GameState, action: Action) -> IllegalAction:
        """Why `action` is not legal now, in a player's words with the rule it breaks."""
        return IllegalAction("That move is not available right now.")

    def view(self, state: GameState, seat: int | None) -> dict:
        raise NotImplementedError

    def board_text(self, view: dict) -> str | None:
        """A plain-text board from a view, for the console; None means "use a generic dump"."""
        return None

    def config_model(self) -> type[BaseModel] | None:
        return None

    def standing_answers(self) -> dict[str, dict[str, str]]:
        """Routine prompts a player may answer in advance: {decision kind: {answer id: description}}.

        The table layer offers these in /autopilot (plus "ai" for any kind: let the AI answer)."""
        return {}

    def standing_action(self, state: GameState, seat: int, kind: str, answer: str) -> Action | None:
        """The legal move a standing answer makes for `seat`'s pending `kind` decision, or None to ask."""
        return None

    def highlight(self, view: dict, actions: list[Action]) -> dict | None:
        """What to mark on the board for a group of one piece's moves (a chosen unit: its square,
        where it can go, whom it can hit), as plain data for the game's renderer; from public
        facts only. None: the game has no such picture."""
        return None

    def timeout_action(self, state: GameState, seat: int) -> Action | None:
        """The safe answer when `seat` lets an off-turn decision run out (a reaction window: pass,
        spend nothing). None: let the AI choose."""
        return None

    def undoable(self, before: GameState, after: GameState, events: list[Event]) -> bool:
        """May this move be taken back? Not once a die was rolled or hidden information was shown.

        A private event shows something hidden unless its kind is "aside": a note to a player about
        what they already knew (the card they just played, say)."""
        return after.rng.counter == before.rng.counter and all(
            e.visible_to is None or e.kind == "aside" for e in events)

    def ai_action(self, state: GameState, seat: int) -> Action:
        """The game's heuristic player. Games override; the base plays a random legal move."""
        return self.random_action(state, seat)

    # --- shared behaviour --------------------------------------------------------------
    def random_action(self, state: GameState, seat: int) -> Action:
        """A uniformly random legal move, reproducible for a given state version."""
        legal = self.legal_actions(state, seat)
        return legal[random.Random(f"{state.rng.seed}:{state.version}:{seat}").randrange(len(legal))]

    def outcome(self, state: GameState) -> Outcome | None:
        return state.finished

    def to_act(self, state: GameState) -> list[int]:
        """Seats the game is waiting on (the owners of the pending decisions)."""
        if state.finished:
            return []
        return sorted({d.seat for d in state.pending})

    def parse_action(self, data: dict | str) -> Action:
        if isinstance(data, str):
            return self._action_adapter.validate_json(data)
        return self._action_adapter.validate_python(data)

    def load_state(self, data: dict | str) -> GameState:
        if isinstance(data, str):
            return self.state_model.model_validate_json(data)
        return self.state_model.model_validate(data)

    def check(self, state: GameState, action: Action) -> None:
        if state.finished:
            raise IllegalAction("The game is over.")
        if action.seat not in self.to_act(state):
            raise IllegalAction("It is not your move: the game is waiting on someone else.")
        if action not in self.legal_actions(state, action.seat):
            raise self.explain_illegal(state, action)

    def apply(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        """Pure: validate, copy, step, bump the version. Raises IllegalAction."""
        self.check(state, action)
        new = state.model_copy(deep=True)
        events = self.advance(new, action)
        return new, events

    def advance(self, state: GameState, action: Action) -> list[Event]:
        """Apply an action already known to be legal, in place (simulation fast path)."""
        events = self.step(state, action)
        state.version += 1
        state.recent = (state.recent + [e for e in events if e.kind != "trace"])[-state.RECENT_KEEP:]
        if state.finished:
            state.pending = []
        return events

    def public_events(self, events: list[Event]) -> list[Event]:
        return [e for e in events if e.visible_to is None]

    def recent_view(self, state: GameState, seat: int | None) -> list[str]:
        return [e.text for e in state.recent if e.visible(seat)]
