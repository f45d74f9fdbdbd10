"""The table service: the only door from the UI (cogs, console) to games and the store.

Every change to a game runs under that game's asyncio.Lock: load -> check -> engine.apply ->
store.save_move (which re-checks the version in SQL, for other processes) -> events. After a
person's move the AI seats play on while the game waits only on them.

The state continued from is always the stored JSON, so a game that survived a restart and one
that never stopped take exactly the same path (and a replay from the log matches both).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import AbstractContextManager, ExitStack, asynccontextmanager, nullcontext
from typing import Literal

from engine.core import (
    Action,
    EndTurn,
    Event,
    Game,
    GameState,
    Pass,
    PromptView,
    commitment,
    get_game,
    new_seed,
)
from store import (
    OPEN_STATUSES,
    AlreadySeated,
    ChannelBusy,
    GameRow,
    LobbyClosed,
    LoggedEvent,
    SeatRow,
    Store,
    TimerReset,
    TimerRow,
    TimerSpec,
)
from store import StaleVersion as StoreStaleVersion

from . import options
from .errors import GameBroken, NotYourMove, StaleVersion, TableError
from .helpers import (
    VersionMemo,
    _and,
    _channel_busy,
    _engine,
    _info,
    _loggable,
    _not_running,
    _require_creator,
    _require_free_seat,
    _require_lobby,
    _resolve,
    _seat_info,
    _seat_name,
    _unique_name,
    _UpdateBuilder,
    _valid_clock,
    _valid_config,
    _versus,
)
from .hints import HintOps
from .joined import Offer, moves_of, offers, warning
from .models import (
    AI_KEY,
    AI_LEVELS,
    CLOCK_KEY,
    ClockSettings,
    Notice,
    PanelFacts,
    TableInfo,
    TableSettings,
    Update,
    ai_level,
    clock_settings,
    engine_config,
)
from .people import PeopleOps
from .replay import ReplayMismatch
from .replay import verify as verify_replay
from .thinking import ThinkPool, shared_pool

log = logging.getLogger(__name__)
_UNKNOWN = object()  # a memo entry not worked out yet (None is an answer: no warning)

AI_STEP_LIMIT = 10_000  # AI moves per call; reaching it means an engine bug (a loop)
MAX_SLEEP = 600.0  # the dispatcher looks at the store at least this often (other processes' timers)
PASSES = (Pass, EndTurn)  # what "skip" on timeout looks for; a game offers its own pass only as these
HEAL_EVERY = 300.0  # seconds between checks that every awaited person has exactly one live clock
RETRY_AFTER = 60.0  # a timer whose firing failed is tried again this much later (never in a tight loop)
CLOCK_USER = "clock:"  # logged as the mover of a move the clock made for a player (then their id)
STANDING_AI = "ai"  # the standing answer any decision accepts: let the AI choose

NoticeHandler = Callable[[TableInfo, Notice], Awaitable[None]]


class TableService(HintOps, PeopleOps):
    def __init__(self, store: Store, *, ai_delay: float = 0.0, clock: Callable[[], float] = time.time,
                 thinking: ThinkPool | None = None):
        self.store = store
        self.ai_delay = ai_delay
        self.ai_step_limit = AI_STEP_LIMIT
        self.clock = clock  # "now" for deadlines; tests pass a fake
        self.on_notice: NoticeHandler | None = None  # the UI's ear for reminders and timeouts
        self.bugs: list[str] = []  # engine misbehaviour seen (AI loops, AI illegal moves)
        # A game's lock lives while someone holds or waits for it, so the table never grows.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._sound: dict[int, int] = {}  # game id -> hash of the stored state text known to load
        # Per game version: "state" -> the parsed state (for reading), ("offers", seat) -> what that
        # seat is offered, ("danger", offer) -> its warning.
        self._known = VersionMemo()
        self._timer_task: asyncio.Task | None = None
        # The longest the dispatcher sleeps without looking at the store: in a cluster other
        # processes add timers it is not woken for (run_bot shortens it on PostgreSQL).
        self.max_sleep = MAX_SLEEP
        self._wake = asyncio.Event()
        self.heal_every = HEAL_EVERY
        self.thinking = thinking or shared_pool()  # where the AI thinks (hard: a worker process)

    # --- lobby -------------------------------------------------------------------------

    def parse_options(self, game: str, text: str | None) -> dict:
        """A lobby's typed settings ("lab hp=25, setup=auto") as the game's config dict."""
        engine = _engine(game)
        level, text = options.take_level(text, AI_KEY, AI_LEVELS)
        config = options.parse(engine.config_model(), engine.title, text)
        return config | ({AI_KEY: level} if level else {})

    def option_choices(self, game: str | None, typed: str) -> list[tuple[str, str]]:
        """Autocomplete for the settings of `game`: (what the player reads, the text filled in)."""
        try:
            engine = get_game(game)
        except (KeyError, ModuleNotFoundError):
            return []
        both = options.suggestions(engine.config_model(), typed) + options.suggestions(TableSettings, typed)
        return both[:options.MAX_CHOICES]

    async def create(self, channel_id: str, guild_id: str | None, game: str, creator_id: str,
                     creator_name: str, config: dict | None = None, *, seat_creator: bool = True) -> TableInfo:
        """Open a lobby; the creator takes seat 0 (seat_creator=False: they only host)."""
        engine = _engine(game)
        allowed = await self.game_channels(guild_id)
        if allowed and channel_id not in allowed:
            raise TableError("This server hosts games only in " + ", ".join(f"<#{c}>" for c in allowed)
                             + "; someone with Manage Channels can change that with /game channels.")
        config = dict(config or {})
        clock = config.pop(CLOCK_KEY, None)
        level = config.pop(AI_KEY, None)
        if clock is None and guild_id is not None:
            clock = await self.server_clock_default(guild_id)
        config = _valid_config(engine, config)
        if level in AI_LEVELS:
            config[AI_KEY] = level
        if clock is not None:
            config[CLOCK_KEY] = _valid_clock(clock).model_dump(mode="json")
        existing = await self.store.open_game_in(channel_id)
        if existing is not None:
            raise _channel_busy(existing.id, existing.game)
        first = SeatRow(0, creator_id, creator_name) if seat_creator else None
        try:
            row = await self.store.create_game(game, channel_id, guild_id, creator_id, config, first)
        except ChannelBusy as busy:
            raise _channel_busy(busy.game_id, busy.game) from busy
        return _info(row)

    async def join(self, channel_id: str, user_id: str, name: str) -> TableInfo:
        async with self._open_table(channel_id) as row:
            _require_lobby(row)
            if row.seat_of(user_id) is not None:
                raise TableError(f"You are already seated at game #{row.id}.")
            _require_free_seat(row)
            try:
                await self.store.add_seat(row.id, user_id, _unique_name(row, name))
            except AlreadySeated as exc:
                raise TableError(f"You are already seated at game #{row.id}.") from exc
            except LobbyClosed as exc:
                raise TableError(f"Game #{row.id} has already started.") from exc
            return _info(await self.store.get_game(row.id))

    async def add_ai(self, channel_id: str, by_user_id: str) -> TableInfo:
        """Fill the next seat with the game's AI (user id "ai:<n>")."""
        async with self._open_table(channel_id) as row:
            _require_lobby(row)
            _require_creator(row, by_user_id, "add an AI player")
            _require_free_seat(row)
            taken = {s.user_id for s in row.seats}
            number = next(n for n in range(1, len(taken) + 2) if f"ai:{n}" not in taken)
            await self.store.add_seat(row.id, f"ai:{number}", _unique_name(row, f"AI {number}"), is_ai=True)
            return _info(await self.store.get_game(row.id))

    async def remove_ai(self, channel_id: str, by_user_id: str) -> TableInfo:
        """Take the last AI player out of the lobby."""
        async with self._open_table(channel_id) as row:
            _require_lobby(row)
            _require_creator(row, by_user_id, "remove an AI player")
            ais = [s for s in row.seats if s.is_ai]
            if not ais:
                raise TableError(f"Game #{row.id} has no AI player to remove.")
            await self.store.remove_seat(row.id, ais[-1].user_id)
            return _info(await self.store.get_game(row.id))

    async def leave(self, channel_id: str, user_id: str) -> TableInfo:
        """Leave a lobby. The creator leaving closes it (status aborted)."""
        async with self._open_table(channel_id) as row:
            if row.status != "lobby":
                raise TableError(f"Game #{row.id} has started; seats are fixed now. "
                                 "The creator or an admin can abort it.")
            if user_id == row.creator_id:
                await self.store.set_status(row.id, "aborted", only_from=("lobby",),
                                            events=[LoggedEvent("The creator left; the lobby is closed.")])
            elif not await self.store.remove_seat(row.id, user_id):
                raise TableError(f"You are not seated at game #{row.id}.")
            return _info(await self.store.get_game(row.id))

    async def start(self, channel_id: str, user_id: str, seed: str | None = None) -> Update:
        async with self._open_table(channel_id) as row:
            _require_lobby(row)
            _require_creator(row, user_id, "start the game")
            engine = _engine(row.game)
            if len(row.seats) < engine.min_players:
                raise TableError(f"{engine.title} needs at least {engine.min_players} players; "
                                 f"{len(row.seats)} seated.")
            seed = seed or new_seed()
            sealed = commitment(seed)
            names = [s.name for s in row.seats]
            state = engine.setup(engine_config(row.config), names, seed)
            state_json = state.model_dump_json()
            opening = [
                Event(text=f"Game #{row.id}: {engine.title} begins: {_versus(names)}."),
                Event(text=f"Seed commitment: {sealed}. The seed is revealed when the game ends."),
                *state.recent,  # what setup did (deals, first player), as the game words it
            ]
            clocks = self._clock_plan(row, engine, state, before=(), acted=None)
            try:
                await self.store.start_game(row.id, state_json, state.version, seed, sealed,
                                            _loggable(opening), timers=clocks)
            except StoreStaleVersion as exc:
                raise TableError(f"Game #{row.id} has already started.") from exc
            self._wake.set()  # the dispatcher may sleep past the first deadline otherwise
            row = await self._row(row.id)  # now active, with its seed
            update = _UpdateBuilder(opening)
            state = await self._let_ai_play(row, engine, engine.load_state(state_json), update)
            return update.build(row, engine, state)

    async def abort(self, channel_id: str, user_id: str, *, is_admin: bool = False) -> TableInfo:
        async with self._open_table(channel_id, broken_ok=True) as row:  # also ends a game set aside
            if not is_admin:
                _require_creator(row, user_id, "abort the game")
            seed_note = f" The seed was {row.seed}." if row.seed else ""
            await self.store.set_status(row.id, "aborted",
                                        events=[LoggedEvent(f"Game #{row.id} was aborted.{seed_note}")])
            await self.store.reset_timers(row.id)
            self._sound.pop(row.id, None)
            return _info(await self.store.get_game(row.id))

    # --- lookups -----------------------------------------------------------------------

    async def table_in(self, channel_id: str) -> TableInfo | None:
        row = await self.store.open_game_in(channel_id)
        return _info(row) if row else None

    async def get(self, game_id: int) -> TableInfo:
        return _info(await self._row(game_id))

    async def list_tables(self, guild_id: str | None = None, user_id: str | None = None, *,
                          include_closed: bool = False) -> list[TableInfo]:
        statuses = ("lobby", "active", "finished", "aborted") if include_closed else OPEN_STATUSES
        rows = await self.store.list_games(guild_id=guild_id, user_id=user_id, statuses=statuses)
        return [_info(r) for r in rows]

    async def seat_of(self, game_id: int, user_id: str) -> int | None:
        return (await self._row(game_id)).seat_of(user_id)

    async def turn_rule(self, game_id: int) -> str | None:
        """The section a refused move out of turn cites (the end-of-game rule once the game is over),
        for refusals made before the engine sees the move."""
        row = await self._row(game_id)
        engine = _engine(row.game)
        return (engine.end_rule if row.status == "finished" else engine.turn_rule) or None

    async def legal_for(self, game_id: int, user_id: str) -> tuple[int, int | None, list[Action]]:
        """(version, seat, the moves this user may make now); no moves if it is not their turn."""
        row = await self._row(game_id)
        seat = row.seat_of(user_id)
        return row.version, seat, self._legal(row, seat)

    async def offers_for(self, game_id: int, user_id: str) -> tuple[int, int | None, list[Offer]]:
        """(version, seat, the choices this user is offered): their legal moves, then the joined
        pairs of a step end and a move after it (table/joined.py), whose indices `act` takes too."""
        row = await self._row(game_id)
        seat = row.seat_of(user_id)
        return row.version, seat, self._offers(row, seat)

    async def panel_facts(self, game_id: int, user_id: str) -> PanelFacts:
        """Everything a player's private panel shows, from one read of the stored game: what get,
        prompts, offers_for, briefing and dangers answer, and for a "choose N" how many times one
        answer may pick each legal move (Game.copies: copies of one card in hand)."""
        row = await self._row(game_id)
        seat = row.seat_of(user_id)
        with self._steady(row):  # the offers' joined pairs and their warnings play each step end once
            choices, prompts = self._offers(row, seat), self._prompts(row, seat)
            dangers = self._seat_dangers(row, seat, choices)
        several = any(d.seat == seat and d.picks > 1 for d in prompts)
        return PanelFacts(table=_info(row), prompts=prompts, version=row.version, seat=seat, offers=choices,
                          briefing=self._briefing(row, seat), dangers=dangers,
                          copies=self._copies(row, seat) if several else [])

    def _steady(self, row: GameRow) -> AbstractContextManager:
        """Game.steady on the shared parsed state of an active game (nothing otherwise)."""
        if row.state is None or row.status != "active":
            return nullcontext()
        return _engine(row.game).steady(self._reading(row))

    def _legal(self, row: GameRow, seat: int | None) -> list[Action]:
        if row.status != "active" or seat is None:
            return []
        engine = _engine(row.game)
        state = self._reading(row)
        if seat not in engine.to_act(state):
            return []
        return engine.legal_actions(state, seat)

    def _offers(self, row: GameRow, seat: int | None) -> list[Offer]:
        known = self._known.of(row.id, row.version, row.state)
        if ("offers", seat) in known:
            return known["offers", seat]
        legal = self._legal(row, seat)
        if not legal:
            return legal
        engine = _engine(row.game)
        state = self._reading(row)
        with engine.steady(state):
            found = known["offers", seat] = offers(engine, state, seat)
        return found

    def _copies(self, row: GameRow, seat: int | None) -> list[int]:
        legal = self._legal(row, seat)
        if not legal:
            return []
        engine = _engine(row.game)
        state = self._reading(row)
        return [max(1, engine.copies(state, a)) for a in legal]

    async def verify(self, game_id: int) -> str:
        """Replay an ended game from its revealed seed and its log; a sentence saying whether the
        stored game, every snapshot and the seed commitment agree with the replay."""
        row = await self._row(game_id, broken_ok=True)  # a replay is also how a broken game is judged
        if row.status not in ("finished", "aborted") or row.seed is None:
            raise TableError(f"Game #{game_id} has not ended: its seed stays secret until then, so it can be "
                             "verified afterwards.")
        if commitment(row.seed) != row.seed_commitment:
            return f"❌ Game #{game_id} fails: its seed does not match the commitment announced at the start."
        try:
            state = await verify_replay(self.store, game_id)
        except ReplayMismatch as exc:
            return f"❌ Game #{game_id} fails: {exc}."
        return (f"✅ Game #{game_id} verifies: replaying its {state.version} moves from the seed {row.seed} "
                f"(SHA-256 {row.seed_commitment}, as announced) gives exactly the stored game, with all "
                f"{state.rng.counter} random draws.")

    async def log_text(self, game_id: int) -> str:
        """The public log of a game as plain text, one event per line (never private events)."""
        row = await self.store.get_game(game_id)
        if row is None:
            raise TableError(f"There is no game #{game_id}.")
        lines = [f"v{e.version}: {e.text}" for e in await self.store.events(game_id) if e.visible_to is None]
        head = f"{get_game(row.game).title}, game #{game_id} ({row.status})"
        return "\n".join([head, *lines]) + "\n"

    def board_text(self, game: str, view: dict) -> str | None:
        """The game's plain-text board for a view, for places without a picture."""
        return get_game(game).board_text(view)

    async def view(self, game_id: int, user_id: str | None) -> dict:
        """The public view, or a seated user's private view."""
        row = await self._row(game_id)
        if row.state is None:
            raise TableError(f"Game #{row.id} has not started yet.")
        engine = _engine(row.game)
        seat = row.seat_of(user_id) if user_id is not None else None
        return engine.view(engine.load_state(row.state), seat)

    async def prompts(self, game_id: int, user_id: str | None) -> list[PromptView]:
        """The decisions the game waits on, as this user (None: the channel) may see them: each
        prompt's context lines only for its owner."""
        row = await self._row(game_id)
        return self._prompts(row, row.seat_of(user_id) if user_id is not None else None)

    def _prompts(self, row: GameRow, seat: int | None) -> list[PromptView]:
        if row.state is None:
            return []
        return _engine(row.game).prompt_views(self._reading(row), seat)

    async def dangers(self, game_id: int, actions: list[Offer]) -> dict[int, str]:
        """Index -> the consequence the game warns of, for the moves among `actions` it marks
        (see Game.danger; never a player's only move); from the stored state."""
        return self._dangers(await self._row(game_id), actions)

    def _seat_dangers(self, row: GameRow, seat: int | None, choices: list[Offer]) -> dict[int, str]:
        """`_dangers` of the offers `_offers` keeps for this version and seat, kept beside them: a
        click asks its panel facts before the move, for the panel after it and for the turn message,
        and looking each offer up again hashes every move's fields (a fresh dict each time: callers
        may change theirs)."""
        if not choices:
            return {}
        known = self._known.of(row.id, row.version, row.state)
        if ("dangers", seat) not in known or known.get(("offers", seat)) is not choices:
            known["dangers", seat] = self._dangers(row, choices)
        return dict(known["dangers", seat])

    def _dangers(self, row: GameRow, actions: list[Offer]) -> dict[int, str]:
        if row.state is None or row.status != "active":
            return {}
        known = self._known.of(row.id, row.version, row.state)  # the turn message and the panel ask alike
        said: list[str | None] = []
        state = None
        with ExitStack() as steady:
            for a in actions:  # one lookup per move: hashing a move walks all its fields
                key = ("danger", a)
                found = known.get(key, _UNKNOWN)
                if found is _UNKNOWN:
                    engine = _engine(row.game)
                    if state is None:  # parsed and held steady only when a warning is worked out
                        state = self._reading(row)
                        steady.enter_context(engine.steady(state))
                    found = known[key] = warning(engine, state, a)
                said.append(found)
        return {i: s for i, s in enumerate(said) if s}

    async def briefing(self, game_id: int, user_id: str) -> list[str]:
        """What a player's own open prompt is about, for their private panel or the console: the
        game's context lines (from what that seat may see) and what running out of time does."""
        row = await self._row(game_id)
        return self._briefing(row, row.seat_of(user_id))

    def _briefing(self, row: GameRow, seat: int | None) -> list[str]:
        if row.state is None or row.status != "active" or seat is None:
            return []
        engine = _engine(row.game)
        state = self._reading(row)
        mine = [p for p in engine.prompt_views(state, seat) if p.seat == seat]
        if not mine:
            return []
        lines = [line for p in mine for line in p.context]
        return [*lines, self._timeout_words(row, engine, state, seat)]

    def _timeout_words(self, row: GameRow, engine: Game, state: GameState, seat: int) -> str:
        """One sentence on what the clock does for `seat` (the same choice as _timeout_move,
        without asking the AI for its move)."""
        clock = clock_settings(row.config)
        when = "If your clock runs out"
        reaction = engine.is_reaction(state, seat)
        if reaction:
            safe = engine.timeout_action(state, seat)
            if safe is not None:
                return f"{when}, the table answers for you: {safe.label()}."
        elif clock.on_timeout == "skip" and any(isinstance(a, PASSES) for a in engine.legal_actions(state, seat)):
            return f"{when}, the table passes for you."
        return f"{when}, the AI chooses for you."

    def pieces_first(self, game: str) -> bool:
        """Whether the game's moves are grouped by piece, so a panel starts by picking one."""
        return _engine(game).pieces

    async def highlight(self, game_id: int, actions: list[Action]) -> dict | None:
        """The board marks for a group of moves (see Game.highlight), from the public view."""
        row = await self._row(game_id)
        if row.state is None:
            return None
        engine = _engine(row.game)
        return engine.highlight(engine.view(engine.load_state(row.state), None), actions)

    async def suggest(self, game_id: int, user_id: str, *,
                      policy: Literal["ai", "random"] = "ai") -> tuple[int, Action]:
        """(version, a move for this user's seat) chosen by the game's AI or uniformly at random.

        For players who hand a move to the computer (console "random" seats, turn timeouts).
        """
        row = await self._row(game_id)
        engine, state, seat = self._waiting_seat(row, user_id)
        pick = engine.ai_action if policy == "ai" else engine.random_action
        return row.version, pick(state, seat)

    async def current(self, game_id: int) -> Update:
        """The game as it stands, as an Update with no events (re-post a turn after a restart)."""
        row = await self._row(game_id)
        if row.state is None:
            raise TableError(f"Game #{row.id} has not started yet.")
        engine = _engine(row.game)
        return _UpdateBuilder().build(row, engine, engine.load_state(row.state))

    # --- play --------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: str, action: Action | dict | int, *,
                  version: int | None = None) -> Update:
        """Apply a user's move. `action` may be an index into offers_for(...)[2] at `version`
        (a joined pair plays both of its moves, the second checked after the first)."""
        async with self._lock(game_id):
            row = await self._row(game_id)
            if version is not None and version != row.version:
                raise StaleVersion()
            engine, state, seat = self._waiting_seat(row, user_id)
            with engine.steady(state):  # a move by number and apply's check share one legal list
                chosen = self._offered(engine, state, seat, action)
                update = _UpdateBuilder(start=state, engine=engine)  # each save sets the clocks it leaves
                click = _click(state, moves_of(chosen))
                for move in moves_of(chosen):
                    if move.seat != seat:
                        raise NotYourMove(f"Only {_seat_name(row, move.seat)} can make that move.",
                                          engine.turn_rule or None)
                    state = await self._apply_and_save(row, engine, state, move, user_id, update, click=click)
            state = await self._let_ai_play(row, engine, state, update)
            return self._built(row, engine, state, update)

    def _built(self, row: GameRow, engine: Game, state: GameState, update: _UpdateBuilder) -> Update:
        """The click's Update; the state its moves left becomes the reading copy of its version
        (nothing changes it any more), so the panels and the turn message that follow do not
        parse the text just stored again."""
        built = update.build(row, engine, state)
        if update.saved is not None and update.saved[0] == state.version:
            self._known.of(row.id, state.version, update.saved[1])["state"] = state
        return built

    @staticmethod
    def _offered(engine: Game, state: GameState, seat: int, action: Action | dict | int) -> Offer:
        """The move (or joined pair) `action` names; an index past the legal moves is a joined pair."""
        if isinstance(action, int) and action >= len(engine.legal_actions(state, seat)):
            found = offers(engine, state, seat)
            if action < len(found):
                return found[action]
        return _resolve(engine, state, seat, action)

    async def act_many(self, game_id: int, user_id: str, indices: list[int], *, version: int) -> Update:
        """One answer to a "choose N" decision (Decision.picks): the moves at `indices` of
        legal_for(...)[2] at `version`, played one after another as one player's moves. Each is
        checked when its turn comes; if the game stops waiting on this player, or a pick is no
        longer legal, the rest are dropped (the moves already made stand)."""
        async with self._lock(game_id):
            row = await self._row(game_id)
            if version != row.version:
                raise StaleVersion()
            engine, state, seat = self._waiting_seat(row, user_id)
            picks = [_resolve(engine, state, seat, i) for i in indices]  # repeated: another copy of a card
            # A move that closes the choice ("Pass", "Done") goes last, wherever the game lists it.
            picks.sort(key=lambda move: isinstance(move, PASSES) or engine.ends_step(move))
            update = _UpdateBuilder(start=state, engine=engine)
            click = _click(state, picks)
            for n, move in enumerate(picks):
                if n and (seat not in engine.to_act(state) or move not in engine.legal_actions(state, seat)):
                    break
                state = await self._apply_and_save(row, engine, state, move, user_id, update, click=click)
            state = await self._let_ai_play(row, engine, state, update)
            return self._built(row, engine, state, update)

    async def run_ai(self, game_id: int) -> Update | None:
        """Let AI seats move now (after start or a restart); None if none had to."""
        async with self._lock(game_id):
            row = await self._row(game_id)
            if row.status != "active":
                return None
            return await self._play_on(row)

    async def _play_on(self, row: GameRow) -> Update | None:
        """Under the game's lock: let automatic seats (AI seats, standing answers) move now; an
        Update if any did."""
        engine = _engine(row.game)
        state = engine.load_state(row.state)
        update = _UpdateBuilder(start=state, engine=engine)
        state = await self._let_ai_play(row, engine, state, update)  # moves it in place
        if state.version == update.from_version:
            return None
        return update.build(await self._row(row.id), engine, state)

    async def remember_turn_message(self, game_id: int, channel_id: str, message_id: str, version: int) -> None:
        """The newest public turn message of a game (its buttons are the live ones)."""
        await self.store.set_turn_message(game_id, channel_id, message_id, version)

    async def turn_message(self, game_id: int) -> tuple[str, str, int] | None:
        return await self.store.turn_message(game_id)

    async def forget_turn_message(self, game_id: int) -> None:
        await self.store.forget_turn_message(game_id)

    async def close(self) -> None:
        await self.stop_timers()
        await self.store.close()

    # --- the clock ---------------------------------------------------------------------

    async def clock_of(self, game_id: int) -> ClockSettings:
        return clock_settings((await self._row(game_id)).config)

    async def deadlines(self, game_id: int) -> list[TimerRow]:
        """The game's pending reminders and timeouts, earliest first."""
        return await self.store.timers(game_id)

    def start_timers(self) -> asyncio.Task:
        """Start the dispatcher: one task that sleeps until the earliest timer and fires it."""
        if self._timer_task is None or self._timer_task.done():
            self._timer_task = asyncio.create_task(self._dispatch(), name="arbiter-timers")
        return self._timer_task

    async def stop_timers(self) -> None:
        task, self._timer_task = self._timer_task, None
        if task is not None and not task.done():
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass

    async def heal_clocks(self) -> int:
        """Check that every awaited person of every running game has exactly one live clock:
        missing ones get a fresh clock from now, doubled or stale ones (seats no longer awaited)
        go. A game that cannot be read is set aside and skipped. Returns how many were mended."""
        mended = 0
        for row in await self.store.list_games(statuses=("active",)):
            if row.broken:
                continue
            try:
                mended += await self._heal(row.id)
            except TableError:
                continue  # set aside (logged once when it was) or gone meanwhile
            except Exception:
                log.exception("could not check the clocks of game %s", row.id)
        return mended

    async def _heal(self, game_id: int) -> bool:
        async with self._lock(game_id):
            row = await self._row(game_id)
            if row.status != "active":
                return False
            engine = _engine(row.game)
            state = engine.load_state(row.state)
            timers = await self.store.timers(row.id)
            waiting = set() if engine.outcome(state) is not None else self._awaited_people(row, engine, state)
            healthy = {s for s in waiting if _one_clock([t for t in timers if t.seat == s])}
            if healthy == waiting and all(t.seat in waiting for t in timers):
                return False
            fresh = self._clock_plan(row, engine, state, before=(), acted=None)
            plan = TimerReset(frozenset(healthy), tuple(t for t in fresh.new if t.seat not in healthy))
            await self.store.reset_timers(row.id, keep_seats=plan.keep_seats, new=plan.new)
            self._wake.set()
            return True

    async def fire_due(self, now: float | None = None) -> list[Notice]:
        """Fire every timer due by `now` (default: the clock), earliest first; the notices
        also go to on_notice. The dispatcher calls this; tests call it directly."""
        now = self.clock() if now is None else now
        notices = []
        for timer in await self.store.claim_due_timers(now):  # other processes skip these
            try:
                notice = await self._fire(timer, now)
            except Exception:
                log.exception("timer %s (%s, game %s) failed", timer.id, timer.kind, timer.game_id)
                await self.store.postpone_timer(timer.id, now + RETRY_AFTER)
                continue
            if notice is None:
                continue
            notices.append(notice)
            if self.on_notice is not None:
                try:
                    await self.on_notice(await self.get(notice.game_id), notice)
                except Exception:
                    log.exception("on_notice failed for game %s", notice.game_id)
        return notices

    async def _dispatch(self) -> None:
        """Sleep until the earliest timer or the next clock check; nothing that goes wrong in
        one round (a bad game, a store hiccup) ends the loop."""
        next_heal = 0.0
        while True:
            try:
                if time.monotonic() >= next_heal:
                    next_heal = time.monotonic() + self.heal_every
                    await self.heal_clocks()
                await self._dispatch_once(next_heal - time.monotonic())
            except Exception:
                log.exception("the clock dispatcher hit an error; it carries on")
                await asyncio.sleep(1)

    async def _dispatch_once(self, until_heal: float) -> None:
        self._wake.clear()
        due = await self.store.next_due(self.clock())  # timers leased by another process wait for it
        delay = min(self.max_sleep, until_heal, self.max_sleep if due is None else due - self.clock())
        if delay > 0:
            try:
                await asyncio.wait_for(self._wake.wait(), delay)
            except TimeoutError:
                pass
            return  # look again: a sooner timer may have arrived
        await self.fire_due()

    async def _fire(self, timer: TimerRow, now: float | None = None) -> Notice | None:
        """One timer, under its game's lock; None when it no longer applies. A timeout is claimed
        by the move it makes, in that move's transaction: a crash before then leaves it due."""
        if timer.game_id is None:
            await self.store.take_timer(timer.id)
            return None
        async with self._lock(timer.game_id):
            if not await self.store.has_timer(timer.id):
                return None  # cancelled meanwhile: the player moved
            try:
                row = await self._row(timer.game_id)
            except GameBroken:
                return None  # set aside: its timers wait for a repair or an abort
            except TableError:
                await self.store.take_timer(timer.id)  # its game is gone: nothing left to time
                return None
            engine = _engine(row.game) if row.status == "active" else None
            state = engine.load_state(row.state) if engine else None
            if (state is None or timer.seat is None or timer.seat not in engine.to_act(state)
                    or row.seats[timer.seat].is_ai or timer.kind not in ("reminder", "timeout")):
                await self.store.take_timer(timer.id)  # no longer applies
                return None
            seat = _seat_info(row, timer.seat)
            if timer.kind == "reminder":
                return await self._remind(row, seat, timer, self.clock() if now is None else now)
            strikes = await self._clock_strikes(row.id, timer.seat) + 1
            limit = clock_settings(row.config).forfeit_after
            if limit and strikes >= limit:
                update = await self._concede(row, engine, state, timer.seat, seat.user_id, claim=timer.id,
                                             why=f"{seat.name}'s clock ran out {strikes} times in a row.")
                return Notice(kind="forfeit", game_id=row.id, seat=seat, strikes=strikes, update=update)
            move = await self._timeout_move(row, engine, state, timer.seat)
            if move is None:
                await self.store.take_timer(timer.id)
                return None
            label = None if getattr(move, "secret", False) else move.label()  # a secret move stays secret
            update = _UpdateBuilder([Event(text=f"{seat.name}'s clock ran out; the table chose for them.")])
            try:
                state = await self._apply_and_save(row, engine, state, move, CLOCK_USER + seat.user_id, update,
                                                   claim=timer.id)
            except StaleVersion:
                return None  # another process moved first; its move wins
            state = await self._let_ai_play(row, engine, state, update)
            return Notice(kind="timeout", game_id=row.id, seat=seat, move=label, strikes=strikes,
                          update=update.build(row, engine, state))

    async def _remind(self, row: GameRow, seat, timer: TimerRow, now: float) -> Notice | None:
        """Take a reminder and say it, unless the player turned reminders off or the clock has
        already run out (the bot was down): then the timeout speaks instead."""
        if not await self.store.take_timer(timer.id):
            return None
        deadline = next((t.due_at for t in await self.store.timers(row.id)
                         if t.kind == "timeout" and t.seat == timer.seat), None)
        if deadline is not None and deadline <= now:
            return None
        if not (await self.notify_settings(seat.user_id))["reminders"]:
            return None
        return Notice(kind="reminder", game_id=row.id, seat=seat, deadline=deadline)

    async def _clock_strikes(self, game_id: int, seat: int) -> int:
        """How many of the seat's latest moves in a row the clock made for them."""
        strikes = 0
        for logged in reversed(await self.store.actions(game_id)):
            if logged.seat != seat:
                continue
            if not logged.user_id.startswith(CLOCK_USER):
                break
            strikes += 1
        return strikes

    async def _timeout_move(self, row: GameRow, engine: Game, state: GameState, seat: int) -> Action | None:
        """A pass when the settings say "skip", it is the seat's turn and the game offers one;
        for a decision owed off-turn, the game's safe default (no cost, nothing spent) if it
        names one; otherwise the AI's move."""
        reaction = engine.is_reaction(state, seat)
        if clock_settings(row.config).on_timeout == "skip" and not reaction:
            passes = [a for a in engine.legal_actions(state, seat) if isinstance(a, PASSES)]
            if passes:
                return passes[0]
        if reaction:
            safe = engine.timeout_action(state, seat)
            if safe is not None and safe in engine.legal_actions(state, seat):
                return safe
        return await self._ai_choice(row, engine, state, seat)

    async def _reclock(self, row: GameRow, engine: Game, state: GameState, *, before: Iterable[int],
                       acted: int | None) -> bool:
        """Set the clocks a change outside a move leaves (see _clock_plan); whether any was set."""
        plan = self._clock_plan(row, engine, state, before=before, acted=acted)
        await self.store.reset_timers(row.id, keep_seats=plan.keep_seats, new=plan.new)
        if plan.new:
            self._wake.set()
        return bool(plan.new)

    def _clock_plan(self, row: GameRow, engine: Game, state: GameState, *, before: Iterable[int],
                    acted: int | None) -> TimerReset:
        """The clocks `state` needs: seats newly awaited (or that just moved and are awaited again)
        get a fresh reminder and timeout; seats still awaited keep theirs; the rest lose theirs."""
        if engine.outcome(state) is not None:
            return TimerReset()
        waiting = self._awaited_people(row, engine, state)
        keep = (set(before) & waiting) - {acted}
        settings = clock_settings(row.config)
        now = self.clock()
        new: list[TimerSpec] = []
        for seat in sorted(waiting - keep):
            payload = {"version": state.version}
            if settings.reminder_after is not None:
                new.append(TimerSpec("reminder", seat, now + settings.reminder_after, payload))
            new.append(TimerSpec("timeout", seat, now + settings.seconds, payload))
        return TimerReset(frozenset(keep), tuple(new))

    @staticmethod
    def _awaited_people(row: GameRow, engine: Game, state: GameState) -> set[int]:
        return set(engine.to_act(state)) & {s.seat for s in row.seats if not s.is_ai}

    # --- internals ---------------------------------------------------------------------

    @asynccontextmanager
    async def _lock(self, game_id: int) -> AsyncIterator[None]:
        """One move of a game at a time: within this process, then across processes sharing the
        store (PostgreSQL advisory lock; SQLite has one process and the version check)."""
        async with self._locks.setdefault(game_id, asyncio.Lock()), self.store.game_lock(game_id):
            yield

    async def claim_resume(self, game_id: int, version: int, *, hold: float = 60.0) -> bool:
        """Whether this process should resume a game at start-up (AI seats, unposted turns): the
        first process to ask gets it, others sharing the store skip it while the claim holds."""
        now = self.clock()
        return await self.store.claim(f"resume:{game_id}:{version}", now=now, until=now + hold)

    async def _row(self, game_id: int, *, broken_ok: bool = False) -> GameRow:
        """The stored game; GameBroken (a sentence, never a traceback) if it cannot be read,
        unless the caller is one of the ways out of that (abort, repair, verify)."""
        row = await self.store.get_game(game_id)
        if row is None:
            raise TableError(f"There is no game #{game_id}.")
        return row if broken_ok else await self._sound_row(row)

    async def _row_and_answers(self, game_id: int) -> tuple[GameRow, dict[int, dict[str, str]]]:
        """`_row` and the game's standing answers, read together."""
        row, answers = await self.store.game_and_answers(game_id)
        if row is None:
            raise TableError(f"There is no game #{game_id}.")
        return await self._sound_row(row), answers

    def _reading(self, row: GameRow) -> GameState:
        """The stored state of `row`, parsed once per version and shared by every read of it
        (moves, warnings, prompts): for reading only. A move parses its own copy to change."""
        known = self._known.of(row.id, row.version, row.state)
        if "state" not in known:
            known["state"] = _engine(row.game).load_state(row.state)
        return known["state"]

    def _owned(self, row: GameRow) -> GameState:
        """The stored state of `row` for a move to change: the parsed reading copy, taken out of
        the memo (no reader holds it across an await, and what they built from it does not share
        its lists), or a fresh parse."""
        return self._known.of(row.id, row.version, row.state).pop("state", None) or _engine(row.game).load_state(row.state)

    async def _sound_row(self, row: GameRow) -> GameRow:
        """Check once per stored text that the state loads; set the game aside if not."""
        if row.broken is None and row.state is not None and self._sound.get(row.id) != hash(row.state):
            try:
                self._reading(row)
                self._sound[row.id] = hash(row.state)
            except TableError:
                raise
            except Exception as exc:
                row = dataclasses.replace(row, broken=f"its state cannot be read ({type(exc).__name__})")
        if row.broken is not None:
            if await self.store.mark_broken(row.id, row.broken):
                log.error("game %s (%s) is set aside: %s", row.id, row.game, row.broken)
            self._sound.pop(row.id, None)
            raise GameBroken(row.id)
        return row

    @asynccontextmanager
    async def _open_table(self, channel_id: str, *, broken_ok: bool = False) -> AsyncIterator[GameRow]:
        """The channel's lobby or running game, locked and freshly loaded."""
        row = await self.store.open_game_in(channel_id)
        if row is None:
            raise TableError("There is no game in this channel.")
        async with self._lock(row.id):
            row = await self._row(row.id, broken_ok=broken_ok)
            if row.status not in OPEN_STATUSES:
                raise TableError(f"Game #{row.id} has just ended.")
            yield row

    def _waiting_seat(self, row: GameRow, user_id: str) -> tuple[Game, GameState, int]:
        """The engine, state and seat of a user the running game is waiting on."""
        engine = _engine(row.game)
        if row.status != "active":  # cites the rule that ends the game, so Why? opens it
            raise TableError(_not_running(row), engine.end_rule if row.status == "finished" else None)
        seat = row.seat_of(user_id)
        if seat is None:
            raise NotYourMove(f"You are not playing in game #{row.id}.", engine.turn_rule or None)
        state = self._owned(row)
        waiting = engine.to_act(state)
        if row.seats[seat].is_ai:
            raise NotYourMove(f"Your seat in game #{row.id} is played by the AI now.")
        if seat not in waiting:
            who = _and([_seat_name(row, s) for s in waiting]) or "nobody"
            raise NotYourMove(f"Only {who} can move now.", engine.turn_rule or None)
        return engine, state, seat

    async def _apply_and_save(self, row: GameRow, engine: Game, state: GameState, action: Action,
                              user_id: str, update: _UpdateBuilder, *, claim: int | None = None,
                              click: int | None = None) -> GameState:
        # `state` was parsed for this move (or made by the move before): it is stepped in place,
        # not copied. IllegalAction goes to the caller with `state` untouched.
        before, events = engine.apply_owned(state, action)
        return await self._save(row, engine, before, state, events, action.model_dump_json(), action.seat,
                                user_id, update, claim=claim, click=click)

    async def _save(self, row: GameRow, engine: Game, state: GameState, new: GameState, events: list[Event],
                    move_json: str, seat: int, user_id: str, update: _UpdateBuilder, *,
                    claim: int | None = None, click: int | None = None) -> GameState:
        """Store one move (the game's or the table's) that took `state` to `new`, with the clocks
        it leaves and the claim of the timer that caused it (and the click it belongs to), in one
        transaction; the game's result is rated in the same breath."""
        outcome = engine.outcome(new)
        if outcome is not None:
            events = [*events, Event(text=f"The seed was {row.seed}; its SHA-256 is the commitment "
                                          f"{row.seed_commitment} announced at the start.")]
        new_json = new.model_dump_json()
        clocks = self._clock_plan(row, engine, new, before=engine.to_act(state), acted=seat)
        try:
            await self.store.save_move(row.id, state.version, new.version, seat, user_id, move_json,
                                       _loggable(events), new_json,
                                       status="finished" if outcome is not None else None,
                                       timers=clocks, claim=claim, click=click)
        except StoreStaleVersion as exc:
            raise StaleVersion() from exc
        self._sound[row.id] = hash(new_json)
        update.saved = (new.version, new_json)
        if clocks.new:
            self._wake.set()
        update.add(events)
        update.moved(engine, new, engine.undoable(state, new, events))
        if outcome is not None:
            update.moments = await self._key_moments(row.id, engine, outcome, events[-1].text)
            update.add([Event(text=line) for line in await self._rate(row.id, outcome)])  # told, not logged
        return new  # no need to parse what we just wrote

    async def _key_moments(self, game_id: int, engine: Game, outcome, seed_line: str) -> list[str]:
        """The finished game's largest swings, from its whole public log (the result and the seed
        line are told anyway)."""
        told = {outcome.reason, seed_line}
        lines = [e.text for e in await self.store.events(game_id) if e.visible_to is None and e.text not in told]
        return engine.key_moments(lines)

    async def _let_ai_play(self, row: GameRow, engine: Game, state: GameState,
                           update: _UpdateBuilder) -> GameState:
        """Seats that need no person move by themselves: AI seats, and players whose standing
        answer (/autopilot) covers the decision they owe. Stops when only people are awaited."""
        row, answers = await self._row_and_answers(row.id)  # seats may have changed hands (replacement, concession)
        steps = 0
        while engine.outcome(state) is None:
            auto = await self._automatic_move(row, engine, state, answers)
            if auto is None:
                return state
            if steps >= self.ai_step_limit:
                self._bug(row, f"automatic seats made {steps} moves in a row without a human turn; stopped")
                return state
            steps += 1
            if self.ai_delay and row.seats[auto.seat].is_ai:
                await asyncio.sleep(self.ai_delay)
            try:
                state = await self._apply_and_save(row, engine, state, auto, row.seats[auto.seat].user_id, update)
            except StaleVersion:
                log.warning("game %s moved on under an automatic move (another process?); stopping", row.id)
                # The move changed `state` in place but was not stored: the stored game is the truth.
                return engine.load_state((await self._row(row.id)).state)
        return state

    async def _automatic_move(self, row: GameRow, engine: Game, state: GameState,
                        answers: dict[int, dict[str, str]]) -> Action | None:
        """The first move some awaited seat makes without a person, if any."""
        for seat in engine.to_act(state):
            if row.seats[seat].is_ai:
                return await self._ai_choice(row, engine, state, seat)
            kinds = [d.kind for d in state.pending if d.seat == seat]
            answer = answers.get(seat, {}).get(kinds[0]) if kinds else None
            if answer is None:
                continue
            move = await self._standing_move(row, engine, state, seat, kinds[0], answer)
            if move is not None:
                return move
        return None

    async def _standing_move(self, row: GameRow, engine: Game, state: GameState, seat: int, kind: str,
                       answer: str) -> Action | None:
        if answer == STANDING_AI:
            return await self._ai_choice(row, engine, state, seat)
        try:
            move = engine.standing_action(state, seat, kind, answer)
            if move is not None:
                engine.check(state, move)
            return move
        except Exception as exc:  # the game's standing answer is at fault: ask the player instead
            self._bug(row, f"standing answer {kind}={answer} for seat {seat} failed: {exc!r}")
            return None

    async def _ai_choice(self, row: GameRow, engine: Game, state: GameState, seat: int) -> Action | None:
        """The AI's move at the game's level (AI seats and stand-ins alike; the search level thinks
        in a worker process), or a random legal one if the AI fails (a bug, recorded)."""
        try:
            move = await self.thinking.choose(engine, state, seat, ai_level(row.config))
            engine.check(state, move)
            return move
        except Exception as exc:  # the engine's AI is at fault; keep the game going
            self._bug(row, f"AI for seat {seat} failed at version {state.version}: {exc!r}")
        try:
            return engine.random_action(state, seat)
        except Exception as exc:
            self._bug(row, f"no random move for seat {seat} at version {state.version}: {exc!r}")
            return None

    def _bug(self, row: GameRow, what: str) -> None:
        message = f"game #{row.id} ({row.game}): {what}"
        log.error(message)
        self.bugs.append(message)


def _click(state: GameState, moves: list) -> int | None:
    """The version a click of several moves starts from: its moves are one unit for undo."""
    return state.version if len(moves) > 1 else None


def _one_clock(timers: list[TimerRow]) -> bool:
    """A seat's clock is live when it has exactly one timeout and at most one reminder."""
    kinds = [t.kind for t in timers]
    return kinds.count("timeout") == 1 and kinds.count("reminder") <= 1 and len(kinds) == len(set(kinds))
