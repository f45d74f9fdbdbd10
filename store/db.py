"""The one place Arbiter talks SQL: games, seats, the move log, snapshots, timers.

A Store runs the same SQL over SQLite (one file, one process) or PostgreSQL (several processes);
store/backend.py holds what differs. Several Stores (or processes) may share one database: the
version check in `save_move` is done by SQL, so it holds across connections too.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import socket
import time
import uuid
import zlib
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

import aiosqlite

from .backend import SYNC_LEVELS, Backend, Body, Conn, PostgresBackend, SqliteBackend, T, is_postgres
from .errors import AlreadySeated, ChannelBusy, EmptyDatabase, LobbyClosed, StaleVersion
from .migrations import MIGRATIONS, PG_MIGRATIONS, migrate
from .people import PeopleStore

OPEN_STATUSES = ("lobby", "active")
# Versions between stored snapshots (replay checkpoints of a running game). Sparse: the log and
# the seed rebuild any state, and a game's snapshots are dropped when it ends.
SNAPSHOT_EVERY = 100
MAX_ID = 2 ** 63 - 1  # the largest id either database holds; a larger one finds nothing rather than raising
# How long a process holds a due timer it claimed before another may take it: a process that
# died mid-fire lets go after this. Firing is done well within it; if not, the claim of the
# timer in the move's own transaction still lets only one process make the move.
TIMER_LEASE = 120.0
UNREADABLE_SETTINGS = "its settings cannot be read"  # how a row with broken settings is marked
KEEP_GAMES = 512  # games whose latest rows the store keeps in memory (the ones that moved last)
# What the store keeps in memory per game, by the tables it comes from: a write to one of these
# tables that the store does not account for itself forgets every entry of that kind.
MEMORY_KINDS = {"games": "game", "seats": "game", "standing_answers": "answers", "turn_messages": "turn"}
_WRITES = re.compile(r"\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+(\w+)", re.IGNORECASE)


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: str
    name: str
    is_ai: bool = False
    conceded: bool = False


@dataclass(frozen=True)
class GameRow:
    id: int
    game: str
    channel_id: str
    guild_id: str | None
    creator_id: str
    status: str
    config: dict
    version: int
    state: str | None  # engine state JSON, None while in the lobby
    seed: str | None
    seed_commitment: str | None
    created_at: float
    updated_at: float
    seats: tuple[SeatRow, ...]
    broken: str | None = None  # why the stored game cannot be read (quarantined), None when sound

    def seat_of(self, user_id: str) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)


@dataclass(frozen=True)
class ActionRow:
    seq: int  # the version the action was applied to
    seat: int
    user_id: str
    action: str  # JSON
    at: float
    click: int | None = None  # the version the click that made this move started from (None: its own)


@dataclass(frozen=True)
class TimerRow:
    id: int
    game_id: int | None
    seat: int | None
    kind: str
    due_at: float
    payload: dict


class TimerSpec(NamedTuple):
    """A timer to schedule: what (kind), for whom (seat), when (due_at), with what payload."""

    kind: str
    seat: int | None
    due_at: float
    payload: dict = {}


class TimerReset(NamedTuple):
    """How a change leaves a game's timers: every timer goes except those of `keep_seats`, then
    `new` are added (a seat in `new` loses its old timers first)."""

    keep_seats: frozenset[int] = frozenset()
    new: tuple[TimerSpec, ...] = ()


class LoggedEvent(NamedTuple):
    """An event sentence as the log keeps it; visible_to None means public."""

    text: str
    visible_to: list[int] | None = None


@dataclass(frozen=True)
class EventRow:
    version: int
    text: str
    visible_to: list[int] | None


@lru_cache(maxsize=1024)
def _kinds_written(sql: str) -> frozenset[str]:
    """The kinds of kept entries (MEMORY_KINDS) a statement may change."""
    return frozenset(MEMORY_KINDS[t.lower()] for t in _WRITES.findall(sql) if t.lower() in MEMORY_KINDS)


class _TouchConn:
    """A Conn that notes which kinds of kept entries its statements write (its coroutines add no
    suspension of their own, so a SQLite body still runs in one go)."""

    def __init__(self, conn: Conn, touched: set[str]):
        self._conn, self.touched = conn, touched

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        self.touched |= _kinds_written(sql)  # INSERT ... RETURNING comes through fetch
        return await self._conn.fetch(sql, params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        self.touched |= _kinds_written(sql)
        return await self._conn.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self.touched |= _kinds_written(sql)
        await self._conn.executemany(sql, rows)


class _Memory:
    """The latest game rows, standing answers and turn messages this store read or wrote, per
    game, served without a trip to the database while that is exact: the backend keeps memory
    at all (SQLite; see Backend.cacheable), nobody committed since the last run (`unchanged`),
    and no other connection committed before it (`foreign`). Every write this store makes either
    puts what it wrote in its entry (a move, a turn message) or forgets the kind it touched."""

    def __init__(self, db: Backend, limit: int = KEEP_GAMES):
        self._db, self.limit = db, limit
        self._entries: dict[tuple[str, int], Any] = {}
        self._foreign = db.foreign
        # Bumped by every forgetting (of all games, of one game): an answer read before one is not kept.
        self._generation = 0
        self._game_generation: dict[int, int] = {}
        self.hits = 0  # reads answered from memory (tests and benches count them)

    def get(self, kind: str, game_id: int) -> tuple[bool, Any]:
        """(found, value); found only while the value is exactly what the database holds."""
        quiet = self._db.unchanged()  # before `foreign`: see SqliteBackend._note
        if self._db.foreign != self._foreign:
            self.forget()
        key = (kind, game_id)
        if not quiet or key not in self._entries:
            return False, None
        self.hits += 1
        return True, self._entries[key]

    def mark(self, game_id: int) -> tuple[int, int, int]:
        """Taken before a read: `put` keeps its answer only if nothing of the game was forgotten
        meanwhile."""
        return self._generation, self._game_generation.get(game_id, 0), self._db.foreign

    def put(self, kind: str, game_id: int, value: Any, mark: tuple[int, int, int]) -> None:
        if not self._db.cacheable or mark != self.mark(game_id):
            return
        key = (kind, game_id)
        self._entries.pop(key, None)  # re-inserted last: the dict's order is recency
        self._entries[key] = value
        if len(self._entries) > self.limit * len(set(MEMORY_KINDS.values())):
            del self._entries[next(iter(self._entries))]

    def forget(self, kinds: Iterable[str] | None = None, game_id: int | None = None) -> None:
        """Forget entries: of `kinds` (None: every kind), of `game_id` (None: every game)."""
        if game_id is None:
            self._generation += 1
            self._foreign = self._db.foreign
            self._game_generation.clear()  # the bumped generation voids every earlier mark
        else:
            self._game_generation[game_id] = self._game_generation.get(game_id, 0) + 1
        if kinds is None and game_id is None:
            self._entries.clear()
            return
        kinds = set(MEMORY_KINDS.values()) if kinds is None else set(kinds)
        for key in [k for k in self._entries if k[0] in kinds and game_id in (None, k[1])]:
            del self._entries[key]


class _Tracked:
    """The backend as the store's code sees it: a write whose statements touch a kept kind
    forgets that kind, unless the caller accounts for the write itself (`own`)."""

    def __init__(self, backend: Backend, memory: _Memory):
        self._backend, self._memory = backend, memory

    def __getattr__(self, name: str) -> Any:
        return getattr(self._backend, name)

    async def run(self, body: Body[T], *, write: bool, own: bool = False) -> T:
        """`own`: the caller forgot the entries its write changes before calling, and puts what
        it wrote back afterwards."""
        if not write or own:
            return await self._backend.run(body, write=write, early=True)
        touched: set[str] = set()
        try:
            return await self._backend.run(lambda c: body(_TouchConn(c, touched)), write=True)
        finally:
            if touched:
                self._memory.forget(touched)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Conn]:
        touched: set[str] = set()
        try:
            async with self._backend.transaction() as conn:
                yield _TouchConn(conn, touched)
        finally:
            if touched:
                self._memory.forget(touched)


class Store(PeopleStore):
    def __init__(self, db: Backend, path: str):
        self.memory = _Memory(db)
        self._db = _Tracked(db, self.memory)
        self.path = path  # what Store.open was given: a file path or a postgresql:// URL
        self.kind = db.kind
        # Who holds a timer claim: unique per open store, readable in the database.
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.timer_lease = TIMER_LEASE  # how long a claimed timer is this store's (see claim_due_timers)

    @classmethod
    async def open(cls, path: str | Path = ":memory:", *, migrations: list[str] | None = None,
                   synchronous: str = "NORMAL") -> Store:
        """Open (and migrate) the database: a `postgresql://` URL or a SQLite file path.
        `synchronous` (SQLite): NORMAL survives any process crash and may lose the last commits
        on a power cut; FULL also keeps those (see the README)."""
        if is_postgres(path):
            return cls(await PostgresBackend.open(str(path), PG_MIGRATIONS if migrations is None else migrations),
                       str(path))
        synchronous = synchronous.upper()
        if synchronous not in SYNC_LEVELS:
            raise ValueError(f"synchronous must be one of {', '.join(SYNC_LEVELS)}, not {synchronous!r}")
        migrations = MIGRATIONS if migrations is None else migrations
        _refuse_empty_file(path)
        await _create_whole(path, migrations)
        return cls(await SqliteBackend.open(path, migrations, synchronous), str(path))

    async def close(self) -> None:
        await self._db.close()

    # --- plumbing ----------------------------------------------------------------------

    def _transaction(self):
        return self._db.transaction()

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self._db.run(lambda c: c.fetch(sql, params), write=False)

    async def raw_execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement in its own transaction (tests and tools that must reach under the
        store, e.g. to damage a row on purpose); returns the rows touched."""
        async with self._transaction() as c:
            return await c.execute(sql, params)

    def game_lock(self, game_id: int):
        """Held while one move of the game is read, applied and saved: across processes on
        PostgreSQL (an advisory lock), a no-op on SQLite."""
        return self._db.game_lock(game_id)

    @staticmethod
    async def _game(c: Conn, game_id: int) -> GameRow | None:
        if not _fits(game_id):
            return None
        rows = await c.fetch("SELECT * FROM games WHERE id = ?", (game_id,))
        if not rows:
            return None
        seats = await c.fetch("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        return _game_row(rows[0], seats)

    async def _games(self, c: Conn, ids: Iterable[int]) -> list[GameRow]:
        found = [await self._game(c, i) for i in ids]
        return [g for g in found if g is not None]

    @staticmethod
    async def _log_events(conn: Conn, game_id: int, version: int,
                          events: Iterable[LoggedEvent], now: float) -> None:
        await conn.executemany(
            "INSERT INTO events (game_id, version, text, visible_to, at) VALUES (?, ?, ?, ?, ?)",
            [(game_id, version, e.text, None if e.visible_to is None else json.dumps(e.visible_to), now)
             for e in events],
        )

    @staticmethod
    async def _insert(conn: Conn, sql: str, params: Sequence[Any]) -> int:
        """An INSERT that returns the new row's id (both databases speak RETURNING)."""
        return (await conn.fetch(sql + " RETURNING id", params))[0][0]

    # --- games and seats ---------------------------------------------------------------

    async def create_game(self, game: str, channel_id: str, guild_id: str | None, creator_id: str,
                          config: dict, first_seat: SeatRow | None = None) -> GameRow:
        """A new lobby. Raises ChannelBusy if the channel already has a lobby or running game."""
        now = time.time()
        try:
            async with self._transaction() as conn:
                game_id = await self._insert(
                    conn, "INSERT INTO games (game, channel_id, guild_id, creator_id, status, config,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?)",
                    (game, channel_id, guild_id, creator_id, json.dumps(config), now, now),
                )
                if first_seat is not None:
                    await conn.execute(
                        "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, 0, ?, ?, ?)",
                        (game_id, first_seat.user_id, first_seat.name, int(first_seat.is_ai)),
                    )
        except self._db.integrity as exc:
            existing = await self.open_game_in(channel_id)
            if existing is None:
                raise
            raise ChannelBusy(existing.id, existing.game) from exc
        return await self.get_game(game_id)

    async def get_game(self, game_id: int) -> GameRow | None:
        found, row = self.memory.get("game", game_id)
        if found:
            return row
        mark = self.memory.mark(game_id)
        row = await self._db.run(lambda c: self._game(c, game_id), write=False)
        if row is not None:
            self.memory.put("game", game_id, row, mark)
        return row

    async def open_game_in(self, channel_id: str) -> GameRow | None:
        """The channel's lobby or running game, if any."""
        async def body(c: Conn) -> GameRow | None:
            rows = await c.fetch(
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
            )
            return await self._game(c, rows[0]["id"]) if rows else None

        return await self._db.run(body, write=False)

    async def list_games(self, *, guild_id: str | None = None, user_id: str | None = None,
                         statuses: Sequence[str] = OPEN_STATUSES) -> list[GameRow]:
        """Games filtered by guild and by a user who plays in or created them, oldest first."""
        marks = ", ".join("?" for _ in statuses)
        sql = f"SELECT DISTINCT g.id FROM games g WHERE g.status IN ({marks})"
        params: list[Any] = list(statuses)
        if guild_id is not None:
            sql += " AND g.guild_id = ?"
            params.append(guild_id)
        if user_id is not None:
            sql += (" AND (g.creator_id = ? OR EXISTS"
                    " (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?))")
            params += [user_id, user_id]
        async def body(c: Conn) -> list[GameRow]:
            ids = [r["id"] for r in await c.fetch(sql + " ORDER BY g.id", params)]
            return await self._games(c, ids)

        return await self._db.run(body, write=False)

    async def add_seat(self, game_id: int, user_id: str, name: str, is_ai: bool = False) -> int:
        """Seat a player at the next free seat number; returns it. The game must be a lobby."""
        try:
            async with self._transaction() as conn:
                # The game row stays locked until COMMIT, so two joins never pick the same seat.
                rows = await conn.fetch("SELECT status FROM games WHERE id = ?" + self._db.lock_rows, (game_id,))
                if not rows or rows[0]["status"] != "lobby":
                    raise LobbyClosed(f"game {game_id} is not a lobby")
                (seat,) = (await conn.fetch(
                    "SELECT COALESCE(MAX(seat) + 1, 0) FROM seats WHERE game_id = ?", (game_id,)))[0]
                await conn.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, ?, ?, ?, ?)",
                    (game_id, seat, user_id, name, int(is_ai)),
                )
                await conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (time.time(), game_id))
        except self._db.integrity as exc:
            raise AlreadySeated(f"{user_id} already sits at game {game_id}") from exc
        return seat

    async def remove_seat(self, game_id: int, user_id: str) -> bool:
        """Unseat a lobby player and close the gap, so seats stay numbered 0..n-1."""
        async with self._transaction() as conn:
            await conn.fetch("SELECT id FROM games WHERE id = ?" + self._db.lock_rows, (game_id,))
            rows = await conn.fetch(
                "SELECT s.seat FROM seats s JOIN games g ON g.id = s.game_id"
                " WHERE s.game_id = ? AND s.user_id = ? AND g.status = 'lobby'", (game_id, user_id))
            if not rows:
                return False
            seat = rows[0]["seat"]
            await conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
            # One row at a time in seat order, so the primary key never sees two equal seats.
            later = await conn.fetch(
                "SELECT seat FROM seats WHERE game_id = ? AND seat > ? ORDER BY seat", (game_id, seat))
            for row in later:
                await conn.execute("UPDATE seats SET seat = seat - 1 WHERE game_id = ? AND seat = ?",
                                   (game_id, row["seat"]))
            await conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (time.time(), game_id))
        return True

    async def set_status(self, game_id: int, status: str, *, only_from: Sequence[str] = OPEN_STATUSES,
                         events: Iterable[LoggedEvent] = ()) -> bool:
        """Move a game to `status` if it is currently in one of `only_from`; False otherwise."""
        now = time.time()
        marks = ", ".join("?" for _ in only_from)
        async with self._transaction() as conn:
            touched = await conn.execute(
                f"UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status IN ({marks})",
                (status, now, game_id, *only_from),
            )
            if touched != 1:
                return False
            (version,) = (await conn.fetch("SELECT version FROM games WHERE id = ?", (game_id,)))[0]
            await self._log_events(conn, game_id, version, events, now)
            if status not in OPEN_STATUSES:
                await conn.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
        return True

    # --- quarantine --------------------------------------------------------------------

    async def mark_broken(self, game_id: int, reason: str) -> bool:
        """Set a game aside as unreadable; True only the first time (so it is logged once)."""
        async with self._transaction() as conn:
            return await conn.execute("UPDATE games SET broken = ? WHERE id = ? AND broken IS NULL",
                                      (reason or "unreadable", game_id)) == 1

    async def restore_state(self, game_id: int, version: int, state_json: str,
                            events: Iterable[LoggedEvent] = ()) -> None:
        """Put back a game's state (rebuilt from its log) and lift the quarantine."""
        async with self._transaction() as conn:
            await conn.execute("UPDATE games SET state = ?, version = ?, broken = NULL, updated_at = ? WHERE id = ?",
                               (state_json, version, time.time(), game_id))
            await self._log_events(conn, game_id, version, events, time.time())

    # --- play --------------------------------------------------------------------------

    async def start_game(self, game_id: int, state_json: str, version: int, seed: str,
                         seed_commitment: str, events: Iterable[LoggedEvent] = (), *,
                         timers: TimerReset | None = None) -> None:
        """Lobby -> active with the engine's first state and its first clocks, in one
        transaction. StaleVersion if it is no longer a lobby."""
        now = time.time()
        async with self._transaction() as conn:
            touched = await conn.execute(
                "UPDATE games SET status = 'active', state = ?, version = ?, seed = ?, seed_commitment = ?,"
                " updated_at = ? WHERE id = ? AND status = 'lobby'",
                (state_json, version, seed, seed_commitment, now, game_id),
            )
            if touched != 1:
                raise StaleVersion(f"game {game_id} is no longer a lobby")
            await conn.execute("INSERT INTO snapshots (game_id, version, state) VALUES (?, ?, ?)",
                               (game_id, version, _pack(state_json)))
            await self._log_events(conn, game_id, version, events, now)
            if timers is not None:
                await self._reset_timers(conn, game_id, timers)

    async def save_move(self, game_id: int, expected_version: int, new_version: int, seat: int,
                        user_id: str, action_json: str, events: Iterable[LoggedEvent], state_json: str,
                        *, status: str | None = None, timers: TimerReset | None = None,
                        claim: int | None = None, click: int | None = None) -> None:
        """Store one applied action, atomically, if the game is still at `expected_version`.

        The version test is in the UPDATE's WHERE clause, so two writers that both read the
        same version cannot both succeed: the second matches no row and gets StaleVersion.
        In the same transaction: `status` ("finished") closes the game and drops its snapshots,
        `timers` sets the clocks the move leaves, and `claim` deletes the timer that caused the
        move (StaleVersion if it is already gone), so a crash never keeps half of a move.
        `click`: the version the click that made several moves started from (undone together).
        """
        if new_version <= expected_version:
            raise ValueError("a move must raise the version")
        now = time.time()
        _, before = self.memory.get("game", game_id)
        self.memory.forget(("game",), game_id)  # before the run, which makes its commit known at once
        mark = self.memory.mark(game_id)

        async def body(conn: Conn) -> None:
            # An ended game's state is only read again to show or verify it: keep it deflated.
            stored = state_json if status is None else _pack(state_json)
            touched = await conn.execute(
                "UPDATE games SET version = ?, state = ?, status = COALESCE(?, status), updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (new_version, stored, status, now, game_id, expected_version),
            )
            if touched != 1:
                raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")
            await conn.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, at, click) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, expected_version, seat, user_id, action_json, now, click),
            )
            if claim is not None and await conn.execute(
                    "DELETE FROM timers WHERE id = ? AND game_id = ?", (claim, game_id)) != 1:
                raise StaleVersion(f"timer {claim} of game {game_id} was already taken")
            await self._log_events(conn, game_id, new_version, events, now)
            if status is not None:  # ended: the log and the seed replay it, no checkpoints needed
                await conn.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
            elif new_version % SNAPSHOT_EVERY == 0:
                await conn.execute(
                    "INSERT INTO snapshots (game_id, version, state) VALUES (?, ?, ?)"
                    " ON CONFLICT (game_id, version) DO UPDATE SET state = excluded.state",
                    (game_id, new_version, _pack(state_json)),
                )
            if timers is not None:
                await self._reset_timers(conn, game_id, timers)

        await self._db.run(body, write=True, own=True)  # a failed move leaves the game forgotten
        if before is not None and before.version == expected_version:
            # Exactly what the UPDATE left: the row at `expected_version` it matched, moved on.
            after = dataclasses.replace(before, version=new_version, state=state_json,
                                        status=status or before.status, updated_at=now)
            self.memory.put("game", game_id, after, mark)

    # --- the log -----------------------------------------------------------------------

    async def actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._all(
            "SELECT seq, seat, user_id, action, at, click FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
        return [ActionRow(r["seq"], r["seat"], r["user_id"], r["action"], r["at"], r["click"]) for r in rows]

    async def events(self, game_id: int, *, since_version: int = -1) -> list[EventRow]:
        rows = await self._all(
            "SELECT version, text, visible_to FROM events WHERE game_id = ? AND version > ? ORDER BY id",
            (game_id, since_version),
        )
        return [EventRow(r["version"], r["text"], None if r["visible_to"] is None else json.loads(r["visible_to"]))
                for r in rows]

    async def snapshots(self, game_id: int) -> dict[int, str]:
        rows = await self._all(
            "SELECT version, state FROM snapshots WHERE game_id = ? ORDER BY version", (game_id,))
        return {r["version"]: _unpack(r["state"]) for r in rows}

    # --- turn messages -----------------------------------------------------------------

    async def set_turn_message(self, game_id: int, channel_id: str, message_id: str, version: int) -> None:
        async def body(conn: Conn) -> None:
            await conn.execute(
                "INSERT INTO turn_messages (game_id, channel_id, message_id, version) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id, version = excluded.version",
                (game_id, channel_id, message_id, version))

        await self._wrote_turn(game_id, body, (channel_id, message_id, version))

    async def turn_message(self, game_id: int) -> tuple[str, str, int] | None:
        """(channel id, message id, version) of the game's newest turn message, if any."""
        found, last = self.memory.get("turn", game_id)
        if found:
            return last
        mark = self.memory.mark(game_id)
        rows = await self._all("SELECT channel_id, message_id, version FROM turn_messages WHERE game_id = ?",
                               (game_id,))
        last = tuple(rows[0]) if rows else None
        self.memory.put("turn", game_id, last, mark)
        return last

    async def forget_turn_message(self, game_id: int) -> None:
        await self._wrote_turn(game_id, lambda c: c.execute("DELETE FROM turn_messages WHERE game_id = ?",
                                                            (game_id,)), None)

    async def _wrote_turn(self, game_id: int, body: Body[Any], now_stored: tuple[str, str, int] | None) -> None:
        """Run a write of the game's turn message row and remember what it left."""
        self.memory.forget(("turn",), game_id)
        mark = self.memory.mark(game_id)
        await self._db.run(body, write=True, own=True)
        self.memory.put("turn", game_id, now_stored, mark)

    # --- timers ------------------------------------------------------------------------

    async def schedule_timer(self, game_id: int | None, kind: str, due_at: float, *, seat: int | None = None,
                             payload: dict | None = None) -> int:
        spec = TimerSpec(kind, seat, due_at, payload or {})
        return await self._db.run(lambda c: self._insert_timer(c, game_id, spec), write=True)

    async def cancel_timers(self, game_id: int, *, kind: str | None = None, seat: int | None = None) -> int:
        """Delete a game's timers (only of `kind` / only `seat`'s if given); returns how many."""
        sql, params = "DELETE FROM timers WHERE game_id = ?", [game_id]
        if kind is not None:
            sql, params = sql + " AND kind = ?", [*params, kind]
        if seat is not None:
            sql, params = sql + " AND seat = ?", [*params, seat]
        return await self._db.run(lambda c: c.execute(sql, params), write=True)

    async def reset_timers(self, game_id: int, *, keep_seats: Iterable[int] = (),
                           new: Iterable[TimerSpec] = ()) -> None:
        """In one transaction: drop the game's timers except those of `keep_seats`, then add `new`
        (a seat in `new` loses its old timers first)."""
        plan = TimerReset(frozenset(keep_seats), tuple(new))
        await self._db.run(lambda c: self._reset_timers(c, game_id, plan), write=True)

    async def _reset_timers(self, conn: Conn, game_id: int, plan: TimerReset) -> None:
        keep = set(plan.keep_seats) - {t.seat for t in plan.new}
        rows = await conn.fetch("SELECT id, seat FROM timers WHERE game_id = ?", (game_id,))
        await conn.executemany("DELETE FROM timers WHERE id = ?", [(r["id"],) for r in rows if r["seat"] not in keep])
        for spec in plan.new:
            await self._insert_timer(conn, game_id, spec)

    async def postpone_timer(self, timer_id: int, due_at: float) -> None:
        """Try a timer again later (its firing failed); whoever comes then may claim it."""
        async with self._transaction() as conn:
            await conn.execute("UPDATE timers SET due_at = ?, claimed_by = NULL, claimed_until = NULL WHERE id = ?",
                               (due_at, timer_id))

    async def has_timer(self, timer_id: int) -> bool:
        return bool(await self._all("SELECT 1 FROM timers WHERE id = ?", (timer_id,)))

    async def take_timer(self, timer_id: int) -> bool:
        """Delete a timer that is about to fire; False if it was already gone (cancelled meanwhile)."""
        return await self._db.run(lambda c: c.execute("DELETE FROM timers WHERE id = ?", (timer_id,)), write=True) == 1

    async def due_timers(self, now: float) -> list[TimerRow]:
        """Timers due at or before `now`, earliest first (claimed or not)."""
        rows = await self._all(f"SELECT * FROM timers WHERE due_at <= ? AND {_NOT_BROKEN} ORDER BY due_at, id",
                               (now,))
        return [_timer_row(r) for r in rows]

    async def claim_due_timers(self, now: float, *, lease: float | None = None, limit: int = 100) -> list[TimerRow]:
        """Due timers that no live process holds, now leased to this store until now + lease,
        earliest first (this store's own earlier claims included: it may try again). Processes
        sharing the database never get the same timer while its lease runs (SKIP LOCKED passes over rows another process is claiming right now); a process
        that dies before firing one leaves it to be claimed again once the lease is over."""
        lease = self.timer_lease if lease is None else lease
        async with self._transaction() as conn:
            rows = await conn.fetch(
                "SELECT id FROM timers WHERE due_at <= ?"
                " AND (claimed_until IS NULL OR claimed_until < ? OR claimed_by = ?)"
                f" AND {_NOT_BROKEN} ORDER BY due_at, id LIMIT ?{self._db.skip_locked}",
                (now, now, self.owner, limit))
            ids = [r["id"] for r in rows]
            await conn.executemany("UPDATE timers SET claimed_by = ?, claimed_until = ? WHERE id = ?",
                                   [(self.owner, now + lease, i) for i in ids])
            marks = ", ".join("?" for _ in ids)
            claimed = await conn.fetch(f"SELECT * FROM timers WHERE id IN ({marks}) ORDER BY due_at, id", ids) \
                if ids else []
        return [_timer_row(r) for r in claimed]

    async def claim(self, name: str, *, now: float, until: float) -> bool:
        """Take a named one-off claim (say, resuming a game at a version) until `until`; False if
        another holder's claim is still running. A claim past its `until` may be taken again."""
        async with self._transaction() as conn:
            return await conn.execute(
                "INSERT INTO claims (name, owner, until) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE"
                " SET owner = excluded.owner, until = excluded.until WHERE claims.until < ?",
                (name, self.owner, until, now)) == 1

    async def next_due(self, now: float | None = None) -> float | None:
        """When the earliest timer is due; with `now`, timers another process holds a lease on
        count from the end of that lease."""
        if now is None:
            rows = await self._all(f"SELECT MIN(due_at) FROM timers WHERE {_NOT_BROKEN}")
        else:
            rows = await self._all(
                "SELECT MIN(CASE WHEN claimed_until IS NOT NULL AND claimed_until >= ? AND claimed_by <> ?"
                f" THEN claimed_until ELSE due_at END) FROM timers WHERE {_NOT_BROKEN}", (now, self.owner))
        return rows[0][0]

    async def timers(self, game_id: int) -> list[TimerRow]:
        rows = await self._all("SELECT * FROM timers WHERE game_id = ? ORDER BY due_at, id", (game_id,))
        return [_timer_row(r) for r in rows]

    @classmethod
    async def _insert_timer(cls, conn: Conn, game_id: int | None, spec: TimerSpec) -> int:
        return await cls._insert(
            conn, "INSERT INTO timers (game_id, seat, kind, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, spec.seat, spec.kind, float(spec.due_at), json.dumps(spec.payload), time.time()))

    async def schema_version(self) -> int:
        return await self._db.schema_version()


# Timers of a quarantined game wait: no loop walks into a game that cannot be read.
_NOT_BROKEN = "(game_id IS NULL OR game_id NOT IN (SELECT id FROM games WHERE broken IS NOT NULL))"


def _fits(number: object) -> bool:
    """Whether an id can be a SQLite integer (a larger one would raise OverflowError)."""
    return isinstance(number, int) and -MAX_ID - 1 <= number <= MAX_ID


def _pack(state_json: str) -> bytes:
    """Snapshots are kept deflated: state JSON is repetitive and shrinks several times over."""
    return zlib.compress(state_json.encode(), 6)


def _unpack(value: str | bytes) -> str:
    """A stored state as text. SQLite hands back text as str; PostgreSQL keeps every state as
    BYTEA, where a running game's is plain UTF-8 JSON (it opens with "{") and an ended one's is a
    zlib stream (it opens with 0x78)."""
    if isinstance(value, str):
        return value
    if value[:1] == b"\x78":
        try:
            return zlib.decompress(value).decode()
        except zlib.error:
            pass  # text that merely starts with "x"
    return value.decode()


async def _create_whole(path: str | Path, migrations: list[str]) -> None:
    """A new database file is built under a temporary name and renamed into place, so a crash
    while creating it never leaves an empty file behind (which _refuse_empty_file would refuse)."""
    if str(path) == ":memory:" or str(path).startswith("file:") or Path(path).exists():
        return
    target = Path(path)
    fresh = target.with_name(target.name + ".creating")
    fresh.unlink(missing_ok=True)
    async with aiosqlite.connect(str(fresh), isolation_level=None) as conn:
        await migrate(conn, migrations)
    fresh.replace(target)


def _refuse_empty_file(path: str | Path) -> None:
    """A 0-byte database file (a truncated copy, a failed restore) would open as a new empty
    database and every game would silently be gone; refuse it instead."""
    if str(path) == ":memory:" or str(path).startswith("file:"):
        return
    main, wal = Path(path), Path(f"{path}-wal")
    if main.is_file() and main.stat().st_size == 0 and not (wal.is_file() and wal.stat().st_size > 0):
        raise EmptyDatabase(f"The database file {main} exists but is empty (0 bytes), so it holds no games. "
                            "Restore it from a backup, or delete it to start with a new database.")


def _timer_row(r: Any) -> TimerRow:
    return TimerRow(id=r["id"], game_id=r["game_id"], seat=r["seat"], kind=r["kind"], due_at=r["due_at"],
                    payload=json.loads(r["payload"]))


def _game_row(row: Any, seats: list[Any]) -> GameRow:
    """A games row as a GameRow; one whose settings cannot be read comes back marked broken
    (with empty settings) instead of raising, so one bad row never breaks a listing."""
    broken = row["broken"]
    try:
        config = json.loads(row["config"])
        if not isinstance(config, dict):
            raise ValueError("the settings are not an object")
    except (ValueError, TypeError) as exc:
        config, broken = {}, broken or f"{UNREADABLE_SETTINGS} ({exc})"
    return GameRow(
        id=row["id"], game=row["game"], channel_id=row["channel_id"], guild_id=row["guild_id"],
        creator_id=row["creator_id"], status=row["status"], config=config,
        version=row["version"], state=None if row["state"] is None else _unpack(row["state"]), seed=row["seed"],
        seed_commitment=row["seed_commitment"], created_at=row["created_at"], updated_at=row["updated_at"],
        seats=tuple(SeatRow(s["seat"], s["user_id"], s["name"], bool(s["is_ai"]), bool(s["conceded"])) for s in seats),
        broken=broken,
    )
