"""Helpers the table service's parts share: turning rows and events into what the UI gets,
engine lookup, settings validation, and the sentences of common refusals."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

from pydantic import ValidationError

from engine.core import Action, Event, Game, GameState, Outcome, get_game
from engine.core.registry import playable_games
from store import GameRow, LoggedEvent

from .errors import TableError
from .models import ClockSettings, SeatInfo, TableInfo, Update
from .options import reworded


class _UpdateBuilder:
    """Sorts events into public lines and per-seat private lines as moves are applied."""

    def __init__(self, events: Iterable[Event] = (), *, start: GameState | None = None,
                 engine: Game | None = None):
        self.public: list[str] = []
        self.private: dict[int, list[str]] = defaultdict(list)
        # Whom the game waited on before the first move and after each one: the turn message
        # is edited in place only while that set never changed (see Update.same_awaited).
        self.from_version = start.version if start is not None else None
        self.awaited: list[frozenset[int]] = [frozenset(engine.to_act(start))] if start and engine else []
        self.undoable = start is not None  # a person's move (and what it set off) may be taken back
        self.moments: list[str] = []  # set when a move ends the game
        self.saved: tuple[int, str] | None = None  # (version, state text) of the last move stored
        self.add(events)

    def moved(self, engine: Game, state: GameState, undoable: bool) -> None:
        """Note whom the game waits on after one saved move, and whether the move can be undone."""
        self.awaited.append(frozenset(engine.to_act(state)))
        self.undoable = self.undoable and undoable

    def add(self, events: Iterable[Event]) -> None:
        for e in events:
            if e.kind == "trace":  # audit detail: logged in the store, not told to players
                continue
            if e.visible_to is None:
                self.public.append(e.text)
            else:
                for seat in e.visible_to:
                    self.private[seat].append(e.text)

    def build(self, row: GameRow, engine: Game, state: GameState) -> Update:
        outcome = engine.outcome(state)
        return Update(
            game_id=row.id, version=state.version, public_events=self.public,
            private_events=dict(self.private),
            to_act=[_seat_info(row, s) for s in engine.to_act(state)],
            finished=outcome is not None,
            result_text=result_text(outcome, [s.name for s in row.seats]) if outcome else None,
            public_view=engine.view(state, None),
            prompts=engine.prompt_views(state, None),
            from_version=self.from_version,
            same_awaited=len(self.awaited) > 1 and len(set(self.awaited)) == 1,
            undoable=self.undoable and len(self.awaited) > 1 and outcome is None,
            moments=self.moments if outcome is not None else [],
            turn_key=(state.turn, state.active),
        )


# --- small helpers ---------------------------------------------------------------------

def result_text(outcome: Outcome, names: list[str]) -> str:
    """"Alice wins: Bob's lab fell to 0 HP." from the engine's outcome and the seat names."""
    reason = re.sub(r"\s*\(§\s*[\w.-]+\)", "", outcome.reason).strip()  # a bare section number tells players nothing
    if reason and reason[-1] not in ".!?":
        reason += "."
    if outcome.winners:
        who = _and([names[s] for s in outcome.winners])
        head = f"{who} {'wins' if len(outcome.winners) == 1 else 'win'}"
    elif outcome.draw:
        head = "The game is a draw"
    else:
        head = "The game ended without a winner"
    if reason.startswith(head):  # the game already worded the whole sentence
        return reason
    return f"{head}: {reason}" if reason else f"{head}."


def _engine(game: str) -> Game:
    try:
        return get_game(game)
    except (KeyError, ModuleNotFoundError) as exc:
        playable = ", ".join(_playable()) or "none yet"
        raise TableError(f"There is no playable game called {game!r}. Playable games: {playable}.") from exc


def _playable() -> list[str]:
    return [g.id for g in playable_games()]


def _title(game: str) -> str:
    try:
        return get_game(game).title
    except (KeyError, ModuleNotFoundError):
        return game


def _valid_config(engine: Game, config: dict) -> dict:
    model = engine.config_model()
    if model is None:
        return dict(config)
    try:
        return model.model_validate(config).model_dump(mode="json")
    except ValidationError as exc:
        raise TableError(f"Those settings do not fit {engine.title}: {reworded(exc, model)}.") from exc


def _valid_clock(clock: object) -> ClockSettings:
    try:
        return ClockSettings.model_validate(clock)
    except ValidationError as exc:
        raise TableError(f"Those clock settings do not work: {reworded(exc, ClockSettings)}.") from exc


def _resolve(engine: Game, state: GameState, seat: int, action: Action | dict | int) -> Action:
    if isinstance(action, Action):
        return action
    if isinstance(action, int):
        legal = engine.legal_actions(state, seat)
        if not 0 <= action < len(legal):
            raise TableError(f"There is no move number {action}; there are {len(legal)} moves to choose from.")
        return legal[action]
    try:
        return engine.parse_action({"seat": seat, **action})
    except ValidationError as exc:
        raise TableError(f"That is not a move in {engine.title}.") from exc


def _info(row: GameRow) -> TableInfo:
    try:
        engine = get_game(row.game)
        low, high = engine.min_players, engine.max_players
    except (KeyError, ModuleNotFoundError):  # a stored game whose engine is gone
        low = high = len(row.seats)
    return TableInfo(
        game_id=row.id, game=row.game, title=_title(row.game), channel_id=row.channel_id,
        guild_id=row.guild_id, creator_id=row.creator_id, status=row.status,
        seats=[SeatInfo(seat=s.seat, user_id=s.user_id, name=s.name, is_ai=s.is_ai) for s in row.seats],
        config=dict(row.config), version=row.version, min_players=low, max_players=high,
        seed_commitment=row.seed_commitment,
        seed=row.seed if row.status in ("finished", "aborted") else None, broken=row.broken,
    )


def _seat_info(row: GameRow, seat: int) -> SeatInfo:
    s = row.seats[seat]
    return SeatInfo(seat=s.seat, user_id=s.user_id, name=s.name, is_ai=s.is_ai)


def _seat_name(row: GameRow, seat: int) -> str:
    return row.seats[seat].name if 0 <= seat < len(row.seats) else f"seat {seat}"


def _loggable(events: Iterable[Event]) -> list[LoggedEvent]:
    return [LoggedEvent(e.text, e.visible_to) for e in events]


def _and(names: list[str]) -> str:
    return " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]


def _versus(names: list[str]) -> str:
    return " vs ".join(names) if len(names) == 2 else ", ".join(names)


def _unique_name(row: GameRow, name: str) -> str:
    """Seat names appear in every event, so two players may not share one."""
    taken = {s.name for s in row.seats}
    candidate, n = name, 2
    while candidate in taken:
        candidate, n = f"{name} ({n})", n + 1
    return candidate


def _channel_busy(game_id: int, game: str) -> TableError:
    return TableError(f"A game of {_title(game)} is already running here (game #{game_id}).")


def _not_running(row: GameRow) -> str:
    return {"lobby": f"Game #{row.id} has not started yet.",
            "finished": f"Game #{row.id} is over.",
            "aborted": f"Game #{row.id} was aborted."}.get(row.status, f"Game #{row.id} is not running.")


def _require_lobby(row: GameRow) -> None:
    if row.status != "lobby":
        raise TableError(f"Game #{row.id} has already started.")


def _require_free_seat(row: GameRow) -> None:
    engine = _engine(row.game)
    if len(row.seats) >= engine.max_players:
        raise TableError(f"Game #{row.id} is full ({len(row.seats)} of {engine.max_players} seats).")


def _require_creator(row: GameRow, user_id: str, to_do: str) -> None:
    if user_id != row.creator_id:
        creator = next((s.name for s in row.seats if s.user_id == row.creator_id), "the creator")
        raise TableError(f"Only the game's creator ({creator}) can {to_do}.")


class VersionMemo:
    """Answers worked out from one stored version of each game (its parsed state, what a seat is
    offered, what a move warns of), kept until the game moves on: a newer version drops the
    game's older answers, so the memo holds one version per game, for the `limit` games that
    moved last. A version is known by its number and the hash of its stored text, so a state
    rewritten under the same number (a repair) is never answered from the old one."""

    def __init__(self, limit: int = 2048) -> None:
        self.limit = limit
        self._games: dict[int, tuple[int, int, dict]] = {}

    def of(self, game_id: int, version: int, text: str | None = None) -> dict:
        """The answers known for this version of the game (a dict to read and fill)."""
        mark = hash(text)
        known = self._games.get(game_id)
        if known is None or known[:2] != (version, mark):
            if known is not None and known[0] > version:
                return {}  # an older version asked late: answer it, but keep the newer answers
            self._games.pop(game_id, None)  # re-inserted last: the dict's order is recency
            known = self._games[game_id] = (version, mark, {})
            if len(self._games) > self.limit:
                del self._games[next(iter(self._games))]
        return known[2]
