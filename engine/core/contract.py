"""The one contract every game implements, and the records that cross it.

setup(config, seats, seed) -> State
legal_actions(state, seat) -> list[Action]   the single source of truth for UI, AI and validation
apply(state, action) -> (State, list[Event]) pure: the input state is never changed
view(state, seat | None) -> dict             None is the public view; it never holds hidden cards
outcome(state) -> Outcome | None
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .copying import deep_copy
from .memo import finite_cache
from .moments import DEFAULT_PATTERNS, key_moments
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
        if other is self:
            return True
        if type(other) is not type(self):
            return False
        names = _identity(type(self))
        mine, theirs = self.__dict__, other.__dict__
        if names is None:  # every field names the move: one comparison of the field dicts
            return mine == theirs
        return all(mine[name] == theirs[name] for name in names)

    def __hash__(self) -> int:
        names = _identity(type(self)) or type(self).model_fields
        return hash(tuple(_hashable(self.__dict__[name]) for name in names))

    def label(self) -> str:
        return self.type.replace("_", " ").capitalize()

    def group(self) -> str:
        """Coarse menu the UI files this action under (e.g. "Build", "Attack")."""
        return self.type.replace("_", " ").capitalize()


@functools.lru_cache(maxsize=1 << 16, typed=True)  # typed: a move with True is not one with 1
def interned(cls: type[Action], **fields: Any) -> Action:
    """The one shared instance of a move, for legal-move lists rebuilt on every step: moves are
    frozen, so a move offered again is looked up instead of validated again. Field values must
    be hashable (use tuples, not lists)."""
    return cls(**fields)


@finite_cache
def _identity(cls: type[Action]) -> tuple[str, ...] | None:
    """The fields that say which move an action is: all but those excluded from its dumps
    (None when that is every field)."""
    names = tuple(name for name, f in cls.model_fields.items() if not f.exclude)
    return None if len(names) == len(cls.model_fields) else names


def _hashable(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, BaseModel) and not value.model_config.get("frozen"):
        return value.model_dump_json()
    return value


class EndTurn(Action):
    """The turn's last move, shared by the games whose turns end when the player says so."""

    type: Literal["end_turn"] = "end_turn"

    def label(self) -> str:
        return "End turn"

    def group(self) -> str:
        return "Turn"


class Pass(Action):
    """Decline a prompt or window: the one pass every game shares."""

    type: Literal["pass"] = "pass"

    def label(self) -> str:
        return "Pass"

    def group(self) -> str:
        return "Pass"


@dataclass(slots=True)
class Event:
    """Something that happened, with a sentence for the channel log.

    visible_to None means everyone may see it; otherwise only those seats. A plain record, not
    a pydantic model: moves log two or three a step, and the state that keeps the recent ones
    validates and dumps them as its own fields.
    """

    text: str
    kind: str = "info"
    visible_to: list[int] | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


class Decision(BaseModel):
    """A choice the game is waiting for: who must answer, and what about.

    `prompt` is public (the channel sees who is asked what). `context` is for the owner's eyes:
    lines in player words that say what the choice is about (the incoming attack, its numbers,
    what each answer does), built from what that seat may see. `reaction` marks an answer owed
    outside the owner's own turn; `timeout` is the move taken when such a prompt runs out
    (None: the AI chooses). `button` names the public button that opens the owner's panel.
    """

    seat: int
    kind: str
    prompt: str
    private: bool = False  # its options reveal hidden cards, so show them only to `seat`
    context: list[str] = Field(default_factory=list)
    reaction: bool = False
    timeout: dict[str, Any] | None = None
    button: str = ""
    # "Choose N": how many of the offered moves one answer makes (discard three, leave four
    # blocks out). The UI asks for them together in one select and the table plays them one
    # after another, each checked when its turn comes; the game re-asks for what is left, and
    # offers only the moves to pick from while such a decision is open.
    picks: int = 1
    # `picks` is the most one answer takes (declare any of your attackers): fewer are fine, and
    # the game asks again or a listed "done" move closes the choice.
    upto: bool = False


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
    active: int = 0  # whose turn it is; off-turn answers are asked through `asks`
    steps: int = 0  # moves applied so far: the step cap counts these
    asks: list[Decision] = Field(default_factory=list)  # queued prompts; the first is open
    pending: list[Decision] = Field(default_factory=list)
    recent: list[Event] = Field(default_factory=list)
    finished: Outcome | None = None

    RECENT_KEEP: ClassVar[int] = 12

    @classmethod
    def new_rng(cls, seed: str) -> tuple[Rng, str]:
        return Rng(seed=seed), commitment(seed)


Handler = Callable[[Any, Any, Any, list[Event]], None]


def finish(state: GameState, events: list[Event], winners: Iterable[int], reason: str,
           *, draw: bool = False) -> None:
    """End the game: record the outcome, close every prompt and tell the channel why."""
    state.finished = Outcome(winners=sorted(set(winners)), draw=draw, reason=reason)
    state.asks = []
    state.pending = []
    events.append(Event(kind="end", text=reason))


def ask(state: GameState, decision: Decision, *, first: bool = False) -> Decision:
    """Queue a prompt for any seat; the first queued prompt is the one the game waits on."""
    if first:
        state.asks.insert(0, decision)
    else:
        state.asks.append(decision)
    return decision


def answered(state: GameState) -> Decision | None:
    """Close the open prompt (its owner has answered it) and return it."""
    return state.asks.pop(0) if state.asks else None


def as_decision(prompt: Decision) -> Decision:
    """The shared fields of a game's own prompt class, so `pending` survives a JSON round trip.

    Published after every move, so it is put together directly: the fields were validated when
    the game's prompt was made, and the lists are copied as validation would copy them."""
    if type(prompt) is Decision:
        return prompt
    fields = prompt.__dict__
    values = {name: fields[name] for name in _DECISION_FIELDS}
    values["context"] = list(values["context"])
    if values["timeout"] is not None:
        values["timeout"] = dict(values["timeout"])
    return built(Decision, values, set(_DECISION_FIELDS))


def built(cls: type[BaseModel], values: dict[str, Any], given: set[str]) -> Any:
    """An instance of `cls` holding exactly `values` (every field, in the model's order), put
    together without validation: for records a hot path makes again and again from values the
    rules produced themselves (published prompts, moves, log lines). `given` is what
    `model_fields_set` reports; it may be shared by instances that never change."""
    made = _new(cls)
    _set_dict(made, values)
    _set_given(made, given)
    _set_extra(made, None)
    _set_private(made, None)
    return made


def plain_setattr(self: BaseModel, name: str, value: Any) -> None:
    """`__setattr__ = plain_setattr` on a model that validates no assignment, is not frozen and
    has no private attributes: a field is set as BaseModel would set it, in one call instead of
    pydantic's handler lookup and call (rules set several fields a step). Any other name goes
    through BaseModel, which refuses it."""
    if name in self.__pydantic_fields__:
        self.__dict__[name] = value
        self.__pydantic_fields_set__.add(name)
    else:
        BaseModel.__setattr__(self, name, value)


def made(cls: type[BaseModel], **fields: Any) -> Any:
    """`cls(**fields)` without validation, every other field at its default (a fresh one from a
    default factory), reporting the same fields as given: for records the rules make themselves
    every step (moves offered, log lines). Fields must be plain values, lists and dicts of them;
    pass fresh lists and dicts. Records of a frozen class given the same fields share one set of
    given fields: nothing changes it (model_copy copies it first), and a move kept in a cache
    then holds one object less for the garbage collector to walk."""
    defaults, factories, given = _shape(cls, tuple(fields))
    values = {**defaults, **fields}  # every field, in the model's order
    for name, factory in factories:
        if name not in fields:
            values[name] = factory()
    return built(cls, values, set(fields) if given is None else given)


@finite_cache  # by class and the names of the fields given: the few shapes the rules make
def _shape(cls: type[BaseModel], names: tuple[str, ...]) -> tuple[dict[str, Any], tuple[tuple[str, Any], ...],
                                                                  set[str] | None]:
    """A model's fields with their plain defaults, in order; the fields made by a factory; and, for
    a frozen model, the set of given fields every record of this shape shares (None: a fresh one)."""
    fields = cls.model_fields
    return ({name: None if f.default_factory else f.default for name, f in fields.items()},
            tuple((name, f.default_factory) for name, f in fields.items() if f.default_factory),
            set(names) if cls.model_config.get("frozen") else None)


# The rules log through either name; an alias, not a wrapper: two or three events a step.
note = Event


# BaseModel's own slots, set through their descriptors: what object.__setattr__ ends up calling,
# without looking each name up every time.
_new = object.__new__
_set_dict, _set_given, _set_extra, _set_private = (
    BaseModel.__dict__[name].__set__
    for name in ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__"))
_DECISION_FIELDS = tuple(Decision.model_fields)


@functools.lru_cache(maxsize=1 << 10)
def _seed_hash(seed: str) -> Any:
    """blake2b fed "<seed>:", for `random_action` to copy: one per game being played."""
    return hashlib.blake2b(f"{seed}:".encode(), digest_size=8)


@functools.lru_cache(maxsize=1 << 12, typed=True)
def plain_decision(**fields: Any) -> Decision:
    """One shared Decision for a routine prompt asked again and again (the turn's own step), for
    `decisions` on every move. Nothing changes a published Decision in place (they are replaced),
    so the same object may stand in many states; field values must be hashable."""
    return Decision(**fields)


def open_ask(state: GameState) -> Decision | None:
    return state.asks[0] if state.asks else None


class PromptView(BaseModel):
    """A pending decision as a seat may see it: `context` only in its owner's view."""

    seat: int
    player: str
    kind: str
    prompt: str
    reaction: bool = False
    button: str = ""
    context: list[str] = Field(default_factory=list)
    picks: int = 1  # moves one answer makes (Decision.picks)
    upto: bool = False  # picks is a maximum (Decision.upto)


class TableView(BaseModel):
    """The shared part of every game's view, which the table and the cogs read.

    `board` is the game's own view (public, or the seat's) that its renderer draws."""

    game: str
    title: str
    version: int
    turn: int
    seat: int | None
    players: list[str]
    active: int
    awaiting: list[int]
    prompts: list[PromptView]
    recent: list[str]
    outcome: Outcome | None
    board: dict


@dataclass
class HiddenSlot:
    """For search: a hidden card in a place of its own (face-down gear, a stored card), redealt with
    the cards of group `group` of `Game.unknown_groups`. Only a card of `kind` may go there (what
    onlookers can tell of the place, e.g. "armour"; None: any card); `put` lays a card there and
    gives it what belongs to the place rather than to the card (damage taken, say)."""

    group: int
    card: str
    kind: str | None
    put: Callable[[str], None]


class Game:
    """Base for a game's rules. Subclasses fill in the hooks below; the flow is shared.

    A move is applied as: `check` (legal for this seat now?) -> the handler the game's `moves`
    table names for the action's class -> `after_move` -> step cap -> `publish` (who is asked
    next: the first queued prompt, else the game's ordinary `decisions`).
    """

    id: ClassVar[str]
    title: ClassVar[str]
    playable: ClassVar[bool] = True  # False: rules lookup only, no engine yet
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    pieces: ClassVar[bool] = False  # action groups are pieces on a board: the UI picks one first
    state_model: ClassVar[type[GameState]]
    action_model: ClassVar[Any]  # a discriminated Union of the game's Action classes
    moves: ClassVar[dict[type, Handler]] = {}  # action class -> handler(game, state, action, events)
    max_steps: ClassVar[int] = 20_000  # moves before the game is stopped and scored (cap_result)
    turn_rule: ClassVar[str] = ""  # section cited when someone moves out of turn
    end_rule: ClassVar[str] = ""  # section cited for moves after the game ended
    lookup_kinds: ClassVar[dict[str, tuple[str, ...]]] = {}  # extra lookups, e.g. {"keyword": ("keyword", "tag")}
    # What the end summary calls a key moment in this game's log: (pattern, weight), see moments.py.
    key_patterns: ClassVar[tuple[tuple[str, int], ...]] = DEFAULT_PATTERNS
    # Moves that only close a step of the mover's own turn ("End Creation Units"): the table may
    # offer one joined with a move of the next step, one click for both (see `joined_moves`).
    step_ends: ClassVar[tuple[type, ...]] = ()

    def __init__(self) -> None:
        self._action_adapter = TypeAdapter(self.action_model) if self.playable else None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A game's own `legal_actions` is computed once per state version and seat: `check`,
        # the AI and the table's buttons all ask for the same list within one step.
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("legal_actions")
        if own is not None:
            cls.legal_actions = _memoised(own)
            cls._legal_shared = _memoised(own, shared=True)

    # --- hooks a game implements -------------------------------------------------------
    def setup(self, config: dict, seats: list[str], seed: str) -> GameState:
        raise NotImplementedError

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        raise NotImplementedError

    def _legal_shared(self, state: GameState, seat: int) -> list[Action]:
        """`legal_actions` for the core's own reads on every step (the random pick, `check`):
        in a steady block the remembered list itself rather than a copy. Never changed by them."""
        return self.legal_actions(state, seat)

    def decisions(self, state: GameState) -> list[Decision] | None:
        """The ordinary decision when no prompt is queued (usually: the active player's turn).
        None keeps `pending` as the game set it (games not yet on the shared flow)."""
        return None

    def after_move(self, state: GameState, events: list[Event]) -> None:
        """Bookkeeping after any move's handler (turn ends, eliminations)."""

    def cap_result(self, state: GameState) -> tuple[list[int], str, bool]:
        """Who wins when the game hits its length cap: (winners, reason, draw)."""
        return [], "The game reached its length limit: a draw.", True

    def explain_illegal(self, state: GameState, action: Action) -> IllegalAction:
        """Why `action` is not legal now, in a player's words with the rule it breaks."""
        return IllegalAction("That move is not available right now.", self.turn_rule)

    def view(self, state: GameState, seat: int | None) -> dict:
        raise NotImplementedError

    def hidden_tokens(self, state: GameState, seat: int | None) -> list[str]:
        """Strings that must not appear in anything `seat` sees (None: the public): the ids and
        names of cards hidden from that seat (others' hands, face-down cards, deck order) that are
        not also visible some other way. The contract test searches views and events for them;
        a game with nothing hidden returns []."""
        return []

    def concede_action(self, state: GameState, seat: int) -> Action | None:
        """The game's own concession move for `seat`, applied whenever that player concedes (in or out
        of turn), for a game whose rules say what a concession does; None lets the table end a duel
        for them or hand a bigger game's seat to the AI."""
        return None

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

    def danger(self, state: GameState, action: Action) -> str | None:
        """A short consequence, in player words, when `action` may lose the game, ends the turn
        with something still unspent, or cannot be taken back ("Aurelius (3 HP) will take a
        counter-attack of up to 5"); the UI shows such moves red and asks once. None: ordinary."""
        return None

    def timeout_action(self, state: GameState, seat: int) -> Action | None:
        """The safe answer when `seat` lets an off-turn decision run out: the prompt's own
        `timeout` move when it is still legal. None: let the AI choose."""
        for d in state.pending:
            if d.seat == seat and d.timeout is not None:
                action = self.parse_action({"seat": seat, **d.timeout})
                if action in self.legal_actions(state, seat):
                    return action
        return None

    def undoable(self, before: GameState, after: GameState, events: list[Event]) -> bool:
        """May this move be taken back? Not once a die was rolled or hidden information was shown.
        `before` may be a `snapshot`: compare its plain fields, not its nested lists.

        A private event shows something hidden unless its kind is "aside": a note to a player about
        what they already knew (the card they just played, say)."""
        return after.rng.counter == before.rng.counter and all(
            e.visible_to is None or e.kind == "aside" for e in events)

    def joined_moves(self, state: GameState, seat: int) -> list[tuple[Action, list[Action]]]:
        """(a step end, the moves after it) for each of `seat`'s `step_ends` moves that decides
        nothing by itself: it rolls nothing, shows nothing hidden (it could be taken back) and
        leaves the same player alone to act. Playing it and a move after it in one click then
        tells nobody anything the two clicks would not."""
        joined = []
        for move in self.legal_actions(state, seat):
            if not self.ends_step(move):
                continue
            after, events = self.played(state, move)
            if not after.finished and self.to_act(after) == [seat] and self.undoable(state, after, events):
                joined.append((move, self.legal_actions(after, seat)))
        return joined

    def played(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        """A copy of `state` with the legal `action` applied, and its events: for judging a move
        (warnings, joined pairs), never to be changed. In a steady block each move is played once
        per version of `state`, so the warnings of a panel and its joined pairs share the copy."""
        key = id(state)
        if key not in _steady or key in _changing_now:
            return self._played_copy(state, action)
        entry = _memo_entry(key, state.__dict__["version"])
        found = entry.get(("played", action))
        if found is None:
            found = entry["played", action] = self._played_copy(state, action)
        return found

    def _played_copy(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        after = self.clone(state)
        return after, self.advance(after, action)

    def ends_step(self, action: Action) -> bool:
        """Whether `action` only closes a step of its mover's turn (by default: one of `step_ends`)."""
        return isinstance(action, self.step_ends)

    def copies(self, state: GameState, action: Action) -> int:
        """How many times one "choose N" answer may pick `action` (copies of one card in hand
        to discard); 1 for most moves."""
        return 1

    def key_moments(self, lines: list[str], limit: int = 3) -> list[str]:
        """The largest swings of a finished game (a leader destroyed, the biggest attack), picked
        from its public log lines by the game's `key_patterns`, in the order they happened."""
        return key_moments(lines, self.key_patterns, limit)

    def content(self, state: GameState) -> dict[int, list[str]]:
        """What each seat brought to this game (deck, clan, modules, leader), named for players:
        the balance report counts wins per item. Empty: the game has no such choices."""
        return {}

    def unknown_groups(self, state: GameState, seat: int) -> list[list[list]]:
        """For search: the zones of `state` whose cards `seat` cannot see, in groups whose cards
        could be in any of the group's zones (an opponent's hand and deck; one's own deck alone).
        The lists are the state's own, so a search can redeal them. Empty: nothing is hidden."""
        return []

    def hidden_slots(self, state: GameState, seat: int) -> list[HiddenSlot]:
        """For search: the hidden cards of `state` that lie in typed places, redealt together with
        the pools of `unknown_groups` so that only the pool, never where a card really lies, shapes
        a world. `card_kind` names each card's kind. Most games keep every hidden card in lists."""
        return []

    def card_kind(self, state: GameState, card: str) -> str:
        """For search: the kind a `HiddenSlot` asks of a card (only with `hidden_slots`)."""
        return ""

    def redeal_loose(self, state: GameState, seat: int, world: random.Random) -> None:
        """For search: redeal in place the hidden cards held outside lists (a face-down gift on
        the table), after `unknown_groups` was redealt. Most games keep every hidden card in lists."""

    def search_budget(self) -> dict[str, Any]:
        """How hard the search AI thinks for this game: fields of engine.core.search.Budget."""
        return {}

    def evaluate(self, state: GameState) -> list[float]:
        """For search: each seat's chance of winning from an unfinished position, in [0, 1]
        (the game's own heuristic; by default an equal share)."""
        return [1 / len(state.seats)] * len(state.seats)

    def ai_action(self, state: GameState, seat: int) -> Action:
        """The game's heuristic player. Games override; the base plays a random legal move."""
        return self.random_action(state, seat)

    # --- shared behaviour --------------------------------------------------------------
    def random_action(self, state: GameState, seat: int) -> Action:
        """A uniformly random legal move, reproducible for a given state version."""
        legal = self._legal_shared(state, seat)
        # A hash of "seed:version:seat" picks: as reproducible as a seeded random.Random and
        # several times cheaper than seeding one per move (the bias of 64 bits mod n is nil).
        # The seed's part of the hash is worked out once per game and copied.
        fields = state.__dict__
        hashed = _seed_hash(fields["rng"].__dict__["seed"]).copy()
        hashed.update(b"%d:%d" % (fields["version"], seat))
        return legal[int.from_bytes(hashed.digest(), "big") % len(legal)]

    def outcome(self, state: GameState) -> Outcome | None:
        return state.finished

    def waits_on(self, state: GameState, seat: int) -> bool:
        """`seat in to_act(state)`, without building the sorted list: every step asks it."""
        fields = state.__dict__  # read past pydantic's attribute hook
        if fields["finished"]:
            return False
        for decision in fields["pending"]:
            if decision.seat == seat:
                return True
        return False

    def to_act(self, state: GameState) -> list[int]:
        """Seats the game is waiting on (the owners of the pending decisions)."""
        fields = state.__dict__  # read past pydantic's attribute hook: asked several times a move
        if fields["finished"]:
            return []
        pending = fields["pending"]
        if len(pending) == 1:
            return [pending[0].seat]
        return sorted({d.seat for d in pending})

    def is_reaction(self, state: GameState, seat: int) -> bool:
        """Whether `seat` owes an off-turn answer rather than its own turn."""
        return any(d.seat == seat and (d.reaction or d.seat != state.active) for d in state.pending)

    def parse_action(self, data: dict | str) -> Action:
        if isinstance(data, str):
            return self._action_adapter.validate_json(data)
        return self._action_adapter.validate_python(data)

    def unknown_move(self) -> IllegalAction:
        """The refusal for input that is no move of this game at all."""
        return IllegalAction(f"That is not a move in {self.title}.", self.turn_rule)

    def load_state(self, data: dict | str) -> GameState:
        if isinstance(data, str):
            return self.state_model.model_validate_json(data)
        return self.state_model.model_validate(data)

    def check(self, state: GameState, action: Action) -> None:
        fields = state.__dict__  # read past pydantic's attribute hook: every move asks
        if fields["finished"]:
            raise IllegalAction("The game is over: no more moves can be made.", self.end_rule or None)
        if not self.waits_on(state, action.seat):
            names = " and ".join(state.seats[s] for s in self.to_act(state)) or "nobody"
            raise IllegalAction(f"It is not your move: the game is waiting on {names}.", self.turn_rule or None)
        legal = self._legal_shared(state, action.seat)
        # The move picked from this very list (simulation, search) is found by identity, in C,
        # before any field-by-field comparison runs.
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            refusal = self.explain_illegal(state, action)
            refusal.rule = refusal.rule or self.turn_rule or None
            raise refusal

    def apply(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        """Pure: validate, copy, step, bump the version. Raises IllegalAction."""
        self.check(state, action)
        new = self.clone(state)
        events = self.advance(new, action)
        return new, events

    def apply_owned(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        """`apply` for a caller that hands `state` over (the table, which parsed it for this very
        move): validate, then step it in place, with no whole-state copy. Returns `snapshot`
        of the state as it was, and the events. Raises IllegalAction with `state` untouched."""
        self.check(state, action)
        before = self.snapshot(state)
        return before, self.advance(state, action)

    def snapshot(self, state: GameState) -> GameState:
        """A shallow copy of `state`: its plain fields, dice and pending decisions stay as they
        are now, while nested lists and objects are shared with it (so a later move shows in
        them too). `undoable` and `to_act` read it as the state before a move; the contract
        test checks they answer as they would for a deep copy."""
        return state.model_copy(update={"rng": state.rng.model_copy(), "pending": list(state.pending)})

    def steady(self, state: GameState, quiet: bool = False) -> _Steady:
        """`with game.steady(state):` legal moves are computed once per version and seat, for
        callers that change `state` only through `advance` (simulation, search, the table).

        `quiet=True` also promises that no player reads this state's prompts (self-play): games
        may then leave each Decision's player-words `context` empty instead of building it on
        every move (see `quiet`). Moves, prompts and outcomes are the same either way."""
        return _Steady(state, quiet)

    def known_legal(self, state: GameState, seat: int) -> list[Action] | None:
        """The legal moves of `seat` already worked out for this version of `state` (in a
        steady block), or None: lets a game's own `check` skip work the player just did."""
        compute = getattr(type(self).legal_actions, "__wrapped__", None)
        entry = _memo.get(id(state))
        if compute is None or entry is None or entry[0] != state.version or id(state) in _changing_now:
            return None
        found = entry[1].get((compute, seat))
        return None if found is None else list(found)

    def clone(self, state: GameState) -> GameState:
        """An independent deep copy of `state` (for `apply`, judging a move, and search).

        Copied by a function planned once per class from its field types (engine/core/copying.py):
        immutable fields are shared, lists of them copied flat, records by their own copier,
        with no validation. Measured against pydantic's own dump and validation (compiled code,
        which rebuilds and checks every card record) it is 2-3x faster on every game's states;
        the contract test checks that every game's copies are equal and share nothing mutable."""
        return deep_copy(state)

    def step(self, state: GameState, action: Action) -> list[Event]:
        """Apply a legal action to `state` in place through the game's move table."""
        events: list[Event] = []
        self.moves[type(action)](self, state, action, events)
        return events

    def advance(self, state: GameState, action: Action) -> list[Event]:
        """Apply an action already known to be legal, in place (simulation fast path)."""
        key = id(state)  # while the move is applied nothing about the state is remembered
        _changing_now[key] = _changing_now.get(key, 0) + 1
        _memo.pop(key, None)
        try:
            return self._advance(state, action)
        finally:  # _leave(_changing_now, key), inline: every move
            left = _changing_now.pop(key) - 1
            if left:
                _changing_now[key] = left

    def _advance(self, state: GameState, action: Action) -> list[Event]:
        events = self.step(state, action)
        fields = state.__dict__  # read and set directly: pydantic's attribute hooks, every move
        if not fields["finished"]:
            self.after_move(state, events)
        fields["version"] += 1
        fields["steps"] += 1
        given = state.__pydantic_fields_set__
        given.update(_COUNTERS)
        if not fields["finished"] and fields["steps"] >= self.max_steps:
            winners, reason, draw = self.cap_result(state)
            finish(state, events, winners, reason, draw=draw)
        self.publish(state)
        shown = [e for e in events if e.kind != "trace"]
        if shown:
            recent = fields["recent"] + shown  # a new list: a snapshot keeps the old one
            del recent[:-state.RECENT_KEEP]
            fields["recent"] = recent
            given.add("recent")
        return events

    def publish(self, state: GameState) -> None:
        """Set whom the game waits on: nobody once it is over, else the open prompt, else the
        game's ordinary decisions. (Every move: the fields are set as BaseModel sets them, in
        the state's dict and its set of given fields, without its attribute hook.)"""
        fields, given = state.__dict__, state.__pydantic_fields_set__
        if fields["finished"]:
            fields["asks"] = []
            fields["pending"] = []
            given.update(_PROMPTS)
        elif fields["asks"]:
            fields["pending"] = [as_decision(fields["asks"][0])]  # plain: a game's richer prompt stays in asks
            given.add("pending")
        else:
            ordinary = self.decisions(state)
            if ordinary is not None:
                fields["pending"] = ordinary
                given.add("pending")

    def public_events(self, events: list[Event]) -> list[Event]:
        return [e for e in events if e.visible_to is None]

    def recent_view(self, state: GameState, seat: int | None) -> list[str]:
        return [e.text for e in state.recent if e.visible(seat)]

    def prompt_views(self, state: GameState, seat: int | None) -> list[PromptView]:
        """The pending decisions as `seat` (None: the public) may see them: context for their owner only."""
        return [PromptView(seat=d.seat, player=state.seats[d.seat], kind=d.kind, prompt=d.prompt,
                           reaction=d.reaction or d.seat != state.active, button=d.button,
                           context=d.context if d.seat == seat else [], picks=d.picks,
                           upto=d.upto)
                for d in state.pending]

    def table_view(self, state: GameState, seat: int | None) -> TableView:
        """The typed shared view: turn, whom we wait on, prompts (context for their owner only),
        recent events and outcome, with the game's own view as `board`."""
        return TableView(game=self.id, title=self.title, version=state.version, turn=state.turn, seat=seat,
                         players=list(state.seats), active=state.active, awaiting=self.to_act(state),
                         prompts=self.prompt_views(state, seat), recent=self.recent_view(state, seat),
                         outcome=state.finished, board=self.view(state, seat))


# --- legal moves, once per state version ---------------------------------------------------------------
#
# Only inside `Game.steady(state)`: its caller promises to change the state only through
# `advance` (which bumps the version), so a list remembered for a version stays true. Outside
# such a block (a scenario test poking a field, say) every call computes afresh.

_memo: dict[int, tuple[int, dict]] = {}  # id(state) -> (its version, {(compute, seat): moves, ("played", move): ...})
_steady: dict[int, int] = {}  # id(state) -> open steady blocks
_quiet: dict[int, int] = {}  # id(state) -> open quiet steady blocks
_changing_now: dict[int, int] = {}  # id(state) -> advances under way: its version is not yet final
_COUNTERS = ("version", "steps")
_PROMPTS = ("asks", "pending")


def _enter(counts: dict[int, int], key: int) -> None:
    counts[key] = counts.get(key, 0) + 1


def _leave(counts: dict[int, int], key: int) -> bool:
    """Close one block; True when it was the last one open."""
    left = counts.pop(key) - 1
    if left:
        counts[key] = left
    return not left


def quiet(state: GameState) -> bool:
    """Whether nobody will read the player-words context of `state`'s prompts (inside
    `steady(state, quiet=True)`): a game may then skip building it."""
    return id(state) in _quiet


class _Steady:
    def __init__(self, state: GameState, quiet: bool = False):
        self.state = state  # held, so its id cannot be reused while the block is open
        self.key = id(state)
        self.quiet = quiet

    def __enter__(self) -> GameState:
        _enter(_steady, self.key)
        if self.quiet:
            _enter(_quiet, self.key)
        return self.state

    def __exit__(self, *exc: object) -> None:
        if self.quiet:
            _leave(_quiet, self.key)
        if _leave(_steady, self.key):
            _memo.pop(self.key, None)


def _memoised(compute: Callable, shared: bool = False) -> Callable:
    """Wrap a game's `legal_actions`: in a steady block the list for (version, seat) is computed
    once; every caller gets its own copy of the list (`shared`: the remembered list itself, for
    the core's own reads, which never change it)."""

    @functools.wraps(compute)
    def legal_actions(self: Game, state: GameState, seat: int) -> list[Action]:
        key = id(state)
        if key not in _steady or key in _changing_now:
            return compute(self, state, seat)
        entry = _memo_entry(key, state.__dict__["version"])
        found = entry.get((compute, seat))
        if found is None:
            found = entry[compute, seat] = compute(self, state, seat)
        return found if shared else list(found)

    return legal_actions


def _memo_entry(key: int, version: int) -> dict:
    """What is remembered of the state with this id at this version (a fresh dict for a new one)."""
    entry = _memo.get(key)
    if entry is None or entry[0] != version:
        entry = _memo[key] = (version, {})
    return entry[1]
