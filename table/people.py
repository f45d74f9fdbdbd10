"""The table service's dealings with people around a game: settings, standing answers, undo with
approval, conceding, replacing a player, rematches, the user's game list and ratings.

A mixin of TableService: it shares the service's store, per-game locks and move path.
"""

from __future__ import annotations

import json
import logging

from pydantic import ValidationError

from engine.core import Event, Game, GameState, Outcome
from store import (
    DEFAULT_RATING,
    UNREADABLE_SETTINGS,
    AlreadySeated,
    ChannelBusy,
    GameRow,
    LoggedEvent,
    RatingRow,
    RequestRow,
)

from .errors import GameBroken, NotYourMove, TableError
from .helpers import (
    _and,
    _engine,
    _info,
    _not_running,
    _seat_info,
    _title,
    _UpdateBuilder,
    _valid_clock,
)
from .models import CLOCK_KEY, ClockSettings, GameSummary, TableInfo, Update, clock_settings
from .ratings import new_ratings
from .replay import ReplayMismatch, replay
from .tablemoves import apply_table_move, concede_move, is_table_move, undo_move

ADMIN_ONLY = "the game's creator or someone with Manage Channels"
NOTIFY_DEFAULTS = {"dm": False, "reminders": True}
log = logging.getLogger(__name__)


class PeopleOps:
    # --- settings ----------------------------------------------------------------------

    async def server_clock(self, guild_id: str | None) -> ClockSettings:
        """The clock new games on this server start with."""
        return ClockSettings.model_validate(await self.server_clock_default(guild_id) or {})

    async def server_clock_default(self, guild_id: str | None) -> dict | None:
        """The server's stored clock defaults, checked; one stored before the checks were this
        strict (an endless clock) is ignored, so it cannot break every later game."""
        stored = await self.store.guild_setting(guild_id, CLOCK_KEY)
        if stored is None:
            return None
        try:
            return ClockSettings.model_validate(stored).model_dump(mode="json")
        except ValidationError:
            log.warning("server %s has unusable clock defaults %r; using the normal clock", guild_id, stored)
            return None

    async def change_clock(self, channel_id: str, user_id: str, changes: dict, *,
                           is_admin: bool = False) -> TableInfo:
        """Change the clock of the channel's game; waiting players get a fresh clock from now."""
        async with self._open_table(channel_id) as row:
            _require_authority(row, user_id, is_admin, "change the game's settings")
            clock = _valid_clock({**clock_settings(row.config).model_dump(), **changes})
            config = {**row.config, CLOCK_KEY: clock.model_dump(mode="json")}
            await self.store.set_config(row.id, config)
            if row.status == "active":
                row = await self._row(row.id)
                engine = _engine(row.game)
                await self.store.reset_timers(row.id)
                await self._reclock(row, engine, engine.load_state(row.state), before=(), acted=None)
            return _info(await self._row(row.id))

    async def change_server_clock(self, guild_id: str | None, changes: dict, *, is_admin: bool) -> ClockSettings:
        if not is_admin:
            raise TableError("Only someone with Manage Channels can change the server's game defaults.")
        clock = _valid_clock({**(await self.server_clock(guild_id)).model_dump(), **changes})
        await self.store.set_guild_setting(guild_id, CLOCK_KEY, clock.model_dump(mode="json"))
        return clock

    async def game_channels(self, guild_id: str | None) -> list[str]:
        """Channels allowed to host games on this server; empty means any channel."""
        return list(await self.store.guild_setting(guild_id, "channels", []))

    async def set_game_channels(self, guild_id: str | None, channel_ids: list[str], *, is_admin: bool) -> list[str]:
        if not is_admin:
            raise TableError("Only someone with Manage Channels can choose which channels host games.")
        unique = list(dict.fromkeys(channel_ids))
        await self.store.set_guild_setting(guild_id, "channels", unique or None)
        return unique

    async def notify_settings(self, user_id: str) -> dict[str, bool]:
        return {key: bool(await self.store.user_setting(user_id, key, default))
                for key, default in NOTIFY_DEFAULTS.items()}

    async def set_notify(self, user_id: str, **changes: bool | None) -> dict[str, bool]:
        for key, value in changes.items():
            if key not in NOTIFY_DEFAULTS:
                raise TableError(f"There is no notification setting called {key!r}.")
            if value is not None:
                await self.store.set_user_setting(user_id, key, bool(value))
        return await self.notify_settings(user_id)

    # --- standing answers --------------------------------------------------------------

    async def autopilot_options(self, game_id: int) -> dict[str, dict[str, str]]:
        """Decision kind -> {answer: description}; "ai" (let the AI answer) fits every kind."""
        return self.routine_options((await self._row(game_id)).game)

    @staticmethod
    def routine_options(game: str) -> dict[str, dict[str, str]]:
        """autopilot_options of a game known by its engine id (the game's, not a table's)."""
        return {kind: {**answers, "ai": "Let the AI choose for me"}
                for kind, answers in _engine(game).standing_answers().items()}

    async def autopilot_of(self, game_id: int, user_id: str) -> dict[str, str]:
        row = await self._row(game_id)
        seat = row.seat_of(user_id)
        return {} if seat is None else dict((await self.store.standing_answers(game_id)).get(seat, {}))

    async def set_autopilot(self, game_id: int, user_id: str, kind: str, answer: str | None) -> Update | None:
        """Set (or with None clear) a standing answer; if it already covers what the game waits
        for, it is used at once and the Update says what happened."""
        options = await self.autopilot_options(game_id)
        if kind not in options:
            raise TableError(f"{_title((await self._row(game_id)).game)} has no routine prompt called {kind!r}; "
                             f"there are: {', '.join(options) or 'none'}.")
        if answer is not None and answer not in options[kind]:
            raise TableError(f"{answer!r} is not an answer to {kind!r}; choose from {', '.join(options[kind])}.")
        async with self._lock(game_id):
            row = await self._row(game_id)
            seat = row.seat_of(user_id)
            if seat is None or row.status not in ("lobby", "active"):
                raise NotYourMove(f"You are not playing in a running game #{game_id}.")
            await self.store.set_standing_answer(game_id, seat, kind, answer)
            if row.status != "active" or answer is None:
                return None
            return await self._play_on(row)

    # --- undo --------------------------------------------------------------------------

    async def request_undo(self, game_id: int, user_id: str) -> tuple[RequestRow | None, Update | None]:
        """Ask to take back your latest move. Against only AI seats it happens at once (an
        Update); otherwise the other players are asked (a RequestRow to approve)."""
        async with self._lock(game_id):
            row = await self._row(game_id)
            seat = _human_seat(row, user_id)
            engine = _engine(row.game)
            target = await self._undo_target(row, engine, seat, user_id)
            needs = [s.user_id for s in row.seats if not s.is_ai and s.seat != seat]
            if not needs or await self._still_yours(row, engine, seat, target):
                return None, await self._undo(row, engine, seat, user_id, target, approved_by=[])
            ask = await self.store.open_request(row.id, "undo", user_id, row.version, needs,
                                                {"seat": seat, "to": target})
            await self.store.log_events(row.id, [LoggedEvent(
                f"{row.seats[seat].name} asks to take back their last move; waiting for "
                f"{_and([_name_of(row, u) for u in needs])} to agree.")])
            return ask, None

    async def _still_yours(self, row: GameRow, engine: Game, seat: int, target: int) -> bool:
        """Whether the step an undo would take back is still the seat's own business: nobody else
        has moved since and the game waits only on that seat. Then no one need approve it."""
        if engine.to_act(engine.load_state(row.state)) != [seat]:
            return False
        return all(a.seat == seat for a in await self.store.actions(row.id) if a.seq >= target)

    async def _undo_target(self, row: GameRow, engine: Game, seat: int, user_id: str) -> int:
        """The version before the seat's latest own move, if everything since may be undone."""
        actions = await self.store.actions(row.id)
        table_moves = [i for i, a in enumerate(actions) if is_table_move(json.loads(a.action))]
        mine = [i for i, a in enumerate(actions)
                if a.seat == seat and a.user_id == user_id and i not in table_moves]
        if not mine or (table_moves and mine[-1] < table_moves[-1]):
            raise TableError("There is no move of yours to take back (an undo only goes one click back, "
                             "and not past an earlier undo).")
        first = _click_start(actions, mine[-1])  # a click that made several moves is undone whole
        target = actions[first].seq
        state = await replay(self.store, row.id, check_snapshots=False, until=target)
        for logged in actions[first:]:
            after, events = engine.apply(state, engine.parse_action(logged.action))
            if after.rng.counter != state.rng.counter:
                raise TableError("That move can't be taken back: dice were rolled (or cards shuffled) since.")
            if not engine.undoable(state, after, events):
                raise TableError("That move can't be taken back: hidden information was shown since.")
            state = after
        return target

    async def _undo(self, row: GameRow, engine: Game, seat: int, user_id: str, target: int,
                    approved_by: list[str]) -> Update:
        state = engine.load_state(row.state)
        back = await replay(self.store, row.id, check_snapshots=False, until=target)
        move = undo_move(seat, target)
        new, events = apply_table_move(engine, state, move, lambda _version: back)
        if approved_by:
            events.append(Event(text=f"Approved by {_and([_name_of(row, u) for u in approved_by])}."))
        update = _UpdateBuilder()
        new = await self._save(row, engine, state, new, events, json.dumps(move), seat, user_id, update)
        return update.build(row, engine, new)

    async def answer_request(self, request_id: int, user_id: str, approve: bool) -> tuple[RequestRow, Update | None]:
        """Approve or refuse an undo or replacement request; the last approval carries it out."""
        ask = await self.store.request(request_id)
        if ask is None or ask.status != "open":
            raise TableError("That request has already been settled.")
        if user_id not in ask.needs:
            raise NotYourMove("This request is not yours to answer.")
        async with self._lock(ask.game_id):
            row = await self._row(ask.game_id)
            if row.status != "active" or row.version != ask.version:
                await self.store.close_request(ask.id, "expired")
                raise TableError("The game has moved on since that request; ask again if it still matters.")
            if not approve:
                await self.store.close_request(ask.id, "refused")
                await self.store.log_events(row.id, [LoggedEvent(f"{_name_of(row, user_id)} said no to the "
                                                                 f"{ask.kind} request.")])
                return await self.store.request(ask.id), None
            ask = await self.store.approve_request(ask.id, user_id)
            if ask is None or ask.missing:
                return ask, None
            await self.store.close_request(ask.id, "done")
            engine = _engine(row.game)
            if ask.kind == "undo":
                update = await self._undo(row, engine, ask.payload["seat"], ask.user_id, ask.payload["to"],
                                          list(ask.approved))
            else:
                update = await self._replace(row, engine, ask.payload["seat"], ask.payload.get("user_id"),
                                             ask.payload.get("name"))
            return await self.store.request(ask.id), update

    # --- concede and replace -----------------------------------------------------------

    async def concede(self, game_id: int, user_id: str) -> Update:
        async with self._lock(game_id):
            row = await self._row(game_id)
            seat = _human_seat(row, user_id)
            engine = _engine(row.game)
            return await self._concede(row, engine, engine.load_state(row.state), seat, user_id)

    async def _concede(self, row: GameRow, engine: Game, state: GameState, seat: int, user_id: str,
                       why: str | None = None, claim: int | None = None) -> Update:
        """A game with its own concession move gets it; otherwise in a duel the other player wins, and
        in a bigger game the AI plays the seat to the end. Either way the player counts as having
        lost. `claim`: the timer that ran out (a forfeit)."""
        update = _UpdateBuilder([Event(text=why)] if why else [])
        before = engine.to_act(state)
        await self.store.mark_conceded(row.id, seat)
        own = engine.concede_action(state, seat)
        if own is not None:  # the game's rules say what a concession does: a move like any other
            state = await self._apply_and_save(row, engine, state, own, user_id, update, claim=claim)
            state = await self._let_ai_play(row, engine, state, update)
        elif len(row.seats) == 2:
            move = concede_move(seat)
            new, events = apply_table_move(engine, state, move, lambda _version: state)
            state = await self._save(row, engine, state, new, events, json.dumps(move), seat, user_id, update,
                                     claim=claim)
        else:
            if claim is not None:
                await self.store.take_timer(claim)
            await self.store.replace_seat(row.id, seat, user_id, is_ai=True)
            text = f"{row.seats[seat].name} concedes; the AI plays their seat to the end."
            await self.store.log_events(row.id, [LoggedEvent(text)])
            update.add([Event(text=text)])
            state = await self._let_ai_play(row, engine, state, update)
        await self._reclock(await self._row(row.id), engine, state, before=before, acted=seat)
        return update.build(await self._row(row.id), engine, state)

    async def replace_player(self, game_id: int, by_user_id: str, old_user_id: str, new_user_id: str | None,
                             new_name: str | None = None, *, is_admin: bool = False
                             ) -> tuple[RequestRow | None, Update | None]:
        """Hand a seat to another member (new_user_id) or to the AI (None). The creator or an
        admin decides alone; otherwise the player and the newcomer must both agree."""
        async with self._lock(game_id):
            row = await self._row(game_id)
            if row.status != "active":
                raise TableError(_not_running(row))
            seat = row.seat_of(old_user_id)
            if seat is None:
                raise TableError(f"{_name_of(row, old_user_id)} is not playing in game #{row.id}.")
            if new_user_id is not None and row.seat_of(new_user_id) is not None:
                raise TableError(f"{new_name or 'That member'} already plays in game #{row.id}.")
            engine = _engine(row.game)
            authority = is_admin or by_user_id == row.creator_id
            if authority or (new_user_id is None and by_user_id == old_user_id):
                return None, await self._replace(row, engine, seat, new_user_id, new_name)
            if new_user_id is None or by_user_id not in (old_user_id, new_user_id) or row.seats[seat].is_ai:
                raise TableError(f"Only the player and their replacement together, or {ADMIN_ONLY}, "
                                 "can hand a seat to someone else.")
            other = new_user_id if by_user_id == old_user_id else old_user_id
            ask = await self.store.open_request(row.id, "replace", by_user_id, row.version, [other],
                                                {"seat": seat, "user_id": new_user_id, "name": new_name})
            return ask, None

    async def _replace(self, row: GameRow, engine: Game, seat: int, new_user_id: str | None,
                       new_name: str | None) -> Update:
        state = engine.load_state(row.state)
        if new_user_id is None:
            taken = {s.user_id for s in row.seats}
            new_user_id = next(f"ai:{n}" for n in range(1, len(taken) + 2) if f"ai:{n}" not in taken)
            new_name = "the AI"
        try:
            await self.store.replace_seat(row.id, seat, new_user_id, is_ai=new_user_id.startswith("ai:"))
        except AlreadySeated as exc:
            raise TableError(f"{new_name} already plays in game #{row.id}.") from exc
        text = f"{row.seats[seat].name}'s seat is now played by {new_name}."
        await self.store.log_events(row.id, [LoggedEvent(text)])
        update = _UpdateBuilder([Event(text=text)])
        row = await self._row(row.id)
        moved = await self._let_ai_play(row, engine, state, update)
        await self._reclock(row, engine, moved, before=[s for s in engine.to_act(state) if s != seat], acted=seat)
        return update.build(row, engine, moved)

    # --- quarantine --------------------------------------------------------------------

    async def repair(self, game_id: int, user_id: str, *, is_admin: bool = False) -> str:
        """Rebuild a game that was set aside from its seed and its move log; a sentence."""
        async with self._lock(game_id):
            row = await self._row(game_id, broken_ok=True)
            _require_authority(row, user_id, is_admin, "rebuild the game from its log")
            try:
                await self._sound_row(row)
                return f"Game #{row.id} reads fine; there is nothing to repair."
            except GameBroken:
                row = await self._row(game_id, broken_ok=True)
            state = await self._rebuilt(row)
            await self.store.restore_state(row.id, state.version, state.model_dump_json(),
                                           [LoggedEvent(f"Game #{row.id} was rebuilt from its move log.")])
            row = await self._row(row.id)
            if row.status == "active":
                await self._reclock(row, _engine(row.game), state, before=(), acted=None)
            return f"Game #{row.id} was rebuilt from its move log ({state.version} moves) and is back."

    async def _rebuilt(self, row: GameRow) -> GameState:
        cannot = f"Game #{row.id} cannot be rebuilt from its log"
        if (row.broken or "").startswith(UNREADABLE_SETTINGS) or row.seed is None:
            raise TableError(f"{cannot}: its settings or seed are lost. `/game abort` ends it.")
        try:
            state = await replay(self.store, row.id, check_snapshots=False)
        except (ReplayMismatch, ValueError, KeyError, TypeError) as exc:
            log.warning("game %s could not be replayed: %r", row.id, exc)
            raise TableError(f"{cannot}: the log does not replay. `/game abort` ends it.") from exc
        if state.version != row.version:
            raise TableError(f"{cannot}: the log stops at move {state.version} of {row.version}. "
                             "`/game abort` ends it.")
        return state

    # --- after the game ----------------------------------------------------------------

    async def rematch(self, game_id: int, user_id: str) -> Update:
        """The same game with the same seats and a new seed, started at once in the same channel."""
        old = await self._row(game_id)
        if old.status not in ("finished", "aborted"):
            raise TableError(f"Game #{old.id} is still running; a rematch comes after it ends.")
        if old.seat_of(user_id) is None:
            raise NotYourMove(f"Only the players of game #{old.id} can start a rematch.")
        try:
            new = await self.store.create_game(old.game, old.channel_id, old.guild_id, user_id, old.config)
        except ChannelBusy as busy:
            raise TableError(f"This channel already has game #{busy.game_id}.") from busy
        for s in old.seats:
            await self.store.add_seat(new.id, s.user_id, s.name, is_ai=s.user_id.startswith("ai:"))
        await self.store.log_events(new.id, [LoggedEvent(f"A rematch of game #{old.id}.")])
        return await self.start(old.channel_id, user_id)

    async def _rate(self, game_id: int, outcome: Outcome) -> list[str]:
        """Count a finished game in the server's ratings. Only people are rated, and only when at
        least two played; a player who conceded counts as a loss whatever their side did. Returns
        a line saying how each rating moved (none if the game was not rated)."""
        row = await self._row(game_id)
        results: dict[str, tuple[str, float]] = {}
        for s in row.seats:
            if s.user_id.startswith("ai:") or (s.is_ai and not s.conceded):
                continue
            score = 0.5 if outcome.draw else 1.0 if s.seat in outcome.winners else 0.0
            results[s.user_id] = (s.name, 0.0 if s.conceded else score)
        if len(results) < 2:
            return []
        before = {uid: await self.store.rating_of(row.guild_id, row.game, uid) for uid in results}
        await self.store.rate_game(row.id, row.guild_id, row.game, results, new_ratings)
        moved = []
        for uid, (name, _) in results.items():
            now, was = await self.store.rating_of(row.guild_id, row.game, uid), before[uid]
            if now is not None:
                old = was.rating if was is not None else DEFAULT_RATING
                moved.append(f"{name} {now.rating:.0f} ({now.rating - old:+.0f})")
        return [f"Ratings: {', '.join(moved)}."] if moved else []

    async def leaderboard(self, guild_id: str | None, game: str, limit: int = 10) -> list[RatingRow]:
        _engine(game)
        return await self.store.leaderboard(guild_id, game, limit)

    async def rating_of(self, guild_id: str | None, game: str, user_id: str) -> RatingRow | None:
        return await self.store.rating_of(guild_id, game, user_id)

    async def my_games(self, user_id: str, guild_id: str | None = None) -> list[GameSummary]:
        """The user's lobbies and running games, those waiting on them first."""
        found = []
        for row in await self.store.list_games(user_id=user_id, guild_id=guild_id):
            waiting: list[int] = []
            table = _info(row)
            try:
                if row.status == "active":
                    row = await self._sound_row(row)
                    engine = _engine(row.game)
                    waiting = engine.to_act(engine.load_state(row.state))
            except GameBroken:
                table.broken = table.broken or "its saved data cannot be read"
            except TableError:  # a game whose engine is gone: listed, waiting on nobody
                pass
            seat = row.seat_of(user_id)
            message = await self.store.turn_message(row.id)
            found.append(GameSummary(table=table, your_move=seat is not None and seat in waiting,
                                     waiting_on=[_seat_info(row, s) for s in waiting],
                                     turn_message=(message[0], message[1]) if message else None))
        return sorted(found, key=lambda g: (not g.your_move, g.table.game_id))


def _human_seat(row: GameRow, user_id: str) -> int:
    if row.status != "active":
        raise TableError(_not_running(row))
    seat = row.seat_of(user_id)
    if seat is None:
        raise NotYourMove(f"You are not playing in game #{row.id}.")
    if row.seats[seat].is_ai:
        raise NotYourMove(f"Your seat in game #{row.id} is played by the AI now.")
    return seat


def _require_authority(row: GameRow, user_id: str, is_admin: bool, to_do: str) -> None:
    if not (is_admin or user_id == row.creator_id):
        raise TableError(f"Only {ADMIN_ONLY} can {to_do}.")


def _name_of(row: GameRow, user_id: str) -> str:
    seat = row.seat_of(user_id)
    return row.seats[seat].name if seat is not None else f"<@{user_id}>"


def _click_start(actions: list, last: int) -> int:
    """The index of the first move of the click that made `actions[last]` (the click's moves are
    stored one after another, each naming the version the click started from)."""
    start = actions[last].click
    first = last
    while start is not None and first > 0 and actions[first - 1].click == start:
        first -= 1
    return first
