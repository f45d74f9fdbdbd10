"""The dialect layer: one body of store logic (db.py, people.py) over SQLite or PostgreSQL.

The store writes its SQL once, with `?` placeholders, `RETURNING id` and `ON CONFLICT` upserts
(both databases speak them). What differs lives here: how a transaction starts, how
placeholders are spelled, how a row is locked, which exception means a constraint said no, and
how the schema version is kept. `open_backend(url)` picks one: `postgresql://...` is PostgreSQL,
anything else is a SQLite file path (or ":memory:").
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

import aiosqlite

from .migrations import migrate, migrate_pg

SYNC_LEVELS = ("NORMAL", "FULL", "EXTRA")  # PRAGMA synchronous choices that are safe with WAL
PG_SCHEMES = ("postgresql://", "postgres://")
# Advisory lock namespace (PostgreSQL) of per-game locks (migrations use MIGRATION_LOCK).
GAME_LOCK_SPACE = 0x6761  # "ga": pg_advisory_lock(space, game id)


T = TypeVar("T")
Body = Callable[["Conn"], Awaitable[T]]  # store code that runs inside one read or transaction


def is_postgres(url: str | Path) -> bool:
    return str(url).startswith(PG_SCHEMES)


class Conn(Protocol):
    """What store code may do inside a read or a transaction."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int: ...  # rows touched
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...


class Backend(Protocol):
    kind: str  # "sqlite" or "postgresql"
    integrity: tuple[type[Exception], ...]  # a constraint (unique, foreign key) refused a write
    lock_rows: str  # appended to a SELECT that is about to change what it read
    skip_locked: str  # appended to a SELECT whose rows another process may be claiming

    def read(self) -> Any: ...  # async context manager -> Conn
    def transaction(self) -> Any: ...  # async context manager -> Conn
    def game_lock(self, game_id: int) -> Any: ...  # async context manager: one holder across processes
    async def run(self, body: Body[T], *, write: bool, early: bool = False) -> T: ...  # body(conn) in one read or transaction
    cacheable: bool  # whether the store may serve rows from memory (see unchanged)
    foreign: int  # how many times another connection was seen to commit (each voids that memory)
    def unchanged(self) -> bool: ...  # nobody committed since the last run ended
    async def schema_version(self) -> int: ...
    async def close(self) -> None: ...


# --- SQLite ------------------------------------------------------------------------------------

class _SqliteConn:
    def __init__(self, conn: aiosqlite.Connection):
        self._conn = conn

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._conn.execute(sql, params) as cur:
            return cur.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._conn.executemany(sql, rows)


class _SqliteThreadConn:
    """The Conn protocol over the raw sqlite3 connection, for bodies run in aiosqlite's own thread
    (SqliteBackend.run): its coroutines finish without ever suspending."""

    def __init__(self, db: sqlite3.Connection):
        self._db = db

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return self._db.execute(sql, params).fetchall()

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._db.execute(sql, params).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._db.executemany(sql, rows)


def _finish_now(coro: Awaitable[T]) -> T:
    """Drive a coroutine that never suspends (one that awaits only _SqliteThreadConn) to its end."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value
    coro.close()
    raise RuntimeError("a store body awaited something other than its connection")


def _data_version(db: sqlite3.Connection) -> int:
    # fetchall steps the pragma to its end, so no read transaction stays open (and holds back
    # checkpoints) after it.
    return db.execute("PRAGMA data_version").fetchall()[0][0]


class _Watcher:
    """A second connection to the same file, asked only for PRAGMA data_version: it changes
    whenever anyone (this process included) commits to the file. Asking costs microseconds and no
    hop to aiosqlite's thread, so the store can tell that nothing at all was committed since it
    last looked before it serves a game from memory. Used from both threads, hence the lock."""

    def __init__(self, path: str):
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()

    def version(self) -> int:
        with self._lock:
            return _data_version(self._db)

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _run_in_thread(db: sqlite3.Connection, body: Body[T], write: bool, watcher: _Watcher | None,
                   marks: Callable[[int, int], None]) -> T:
    """`body` as a read or a transaction, then `marks(watcher's data_version, the main
    connection's)`, read in that order while still in the thread (see SqliteBackend._note)."""
    if not write:
        result = _finish_now(body(_SqliteThreadConn(db)))
    else:
        db.execute("BEGIN IMMEDIATE")
        try:
            result = _finish_now(body(_SqliteThreadConn(db)))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    seen = watcher.version() if watcher is not None else 0
    marks(seen, _data_version(db))
    return result


class SqliteBackend:
    """One aiosqlite connection in autocommit mode; every transaction is an explicit BEGIN
    IMMEDIATE ... COMMIT, and coroutines sharing the connection take `_lock` so one coroutine's
    statements never land inside another's transaction. Several processes may open one file:
    the version check in the UPDATE holds across connections, and IMMEDIATE serialises writers."""

    kind = "sqlite"
    integrity = (sqlite3.IntegrityError,)
    lock_rows = ""  # BEGIN IMMEDIATE already holds the only write lock
    skip_locked = ""

    def __init__(self, conn: aiosqlite.Connection, watcher: _Watcher | None = None, *, alone: bool = False):
        self._raw = conn
        self._conn = _SqliteConn(conn)
        self._lock = asyncio.Lock()
        # Whether the store may keep rows in memory: a file with a watcher, or a private
        # in-memory database (`alone`: no other connection can reach it).
        self.cacheable = watcher is not None or alone
        self._watcher = watcher
        self.foreign = 0  # commits by other connections seen so far (each one voids the store's memory)
        self._main_seen: int | None = None  # the main connection's data_version after the last run
        self._quiet: int | None = None  # the watcher's data_version when the last run ended (None: unknown)

    @classmethod
    async def open(cls, path: str | Path, migrations: list[str], synchronous: str) -> SqliteBackend:
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            # WAL lets readers run beside the one writer; NORMAL sync is the usual WAL pairing.
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA synchronous = {synchronous}")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA busy_timeout = 10000")  # wait for other writers, don't fail
            await migrate(conn, migrations)
            watcher = None if _private(path) or str(path).startswith("file:") else _Watcher(str(path))
        except BaseException:
            await conn.close()
            raise
        return cls(conn, watcher, alone=_private(path))

    @asynccontextmanager
    async def read(self) -> AsyncIterator[_SqliteConn]:
        async with self._lock:
            try:
                yield self._conn
            finally:
                self._quiet = None  # not followed by data_version: the next run looks again

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_SqliteConn]:
        """IMMEDIATE takes the write lock up front so two writers never both read the old
        version and then collide at COMMIT."""
        async with self._lock:
            try:
                await self._raw.execute("BEGIN IMMEDIATE")
                try:
                    yield self._conn
                    await self._raw.execute("COMMIT")
                except BaseException:
                    if self._raw.in_transaction:
                        await self._raw.execute("ROLLBACK")
                    raise
            finally:
                self._quiet = None

    async def run(self, body: Body[T], *, write: bool, early: bool = False) -> T:
        """`body(conn)` as one read, or one IMMEDIATE transaction (`write`), in a single hop to
        aiosqlite's thread instead of one hop per statement, fetch, BEGIN and COMMIT: those round
        trips were most of the store's time per move. `_execute` is the call aiosqlite's own
        methods queue their work with (aiosqlite 0.20-0.22); the raw connection lives in that
        thread."""
        async with self._lock:
            later: list[tuple[int, int]] = []
            try:
                result = await self._raw._execute(_run_in_thread, self._raw._conn, body, write, self._watcher,
                                                  self._note if early else lambda *marks: later.append(marks))
            except BaseException:
                self._quiet = None
                raise
            if later:
                self._note(*later[0])  # on the loop: after the caller's memory was set right
            return result

    def _note(self, seen: int, main: int) -> None:
        """After a run: count a commit by another connection (the main connection's
        data_version `main` moved), then take the watcher's data_version `seen`, which includes
        this run's commit, as the quiet mark. The watcher was read first, so a commit slipping
        in between still counts as foreign; `foreign` is set before `_quiet`, so a reader on the
        loop that sees the new mark sees the count too. `early` runs note this in the thread,
        the moment the commit is out: reads, and writes whose caller forgot what they change
        before the run (the memory holds nothing their commit made untrue)."""
        if self._main_seen is not None and main != self._main_seen:
            self.foreign += 1
        self._main_seen, self._quiet = main, seen

    def unchanged(self) -> bool:
        """Whether nobody has committed to the database since the last run ended (so what the
        store remembers from runs is still what is stored). One data_version on the watcher.
        Ask this before looking at `foreign` (see _note)."""
        if not self.cacheable or self._quiet is None:
            return False
        return self._watcher is None or self._watcher.version() == self._quiet

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        yield  # one process per file in practice; the version check guards the rest

    async def schema_version(self) -> int:
        async with self.read() as c:
            return (await c.fetch("PRAGMA user_version"))[0][0]

    async def close(self) -> None:
        async with self._lock:
            self.cacheable = False
            if self._watcher is not None:
                self._watcher.close()
            await self._raw.close()


def _private(path: str | Path) -> bool:
    return str(path) == ":memory:"


# --- PostgreSQL ----------------------------------------------------------------------------------

@lru_cache(maxsize=512)
def to_numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's $1, $2, ... (none of our SQL has a ? inside a string)."""
    count = 0

    def number(_: re.Match) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", number, sql)


def _rows_touched(status: str) -> int:
    """asyncpg reports "UPDATE 3" / "INSERT 0 1" / "DELETE 0": the last number is the count."""
    tail = status.rsplit(" ", 1)[-1]
    return int(tail) if tail.isdigit() else 0


class _PgConn:
    def __init__(self, conn):
        self._conn = conn

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self._conn.fetch(to_numbered(sql), *params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rows_touched(await self._conn.execute(to_numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = [tuple(r) for r in rows]
        if rows:
            await self._conn.executemany(to_numbered(sql), rows)


async def _init_connection(conn) -> None:
    # States are BYTEA: running ones are stored as their UTF-8 text, ended ones deflated; a str
    # goes in as its UTF-8 bytes so the store passes either without caring which database it is.
    await conn.set_type_codec("bytea", schema="pg_catalog", format="binary",
                              encoder=lambda v: v.encode() if isinstance(v, str) else bytes(v),
                              decoder=bytes)


class PostgresBackend:
    """A pool of asyncpg connections; each transaction holds one connection (READ COMMITTED: the
    version test in an UPDATE's WHERE is re-checked after a concurrent writer commits). Game locks
    are session advisory locks on a second, separate pool, so a lock holder waiting for a query
    connection can never starve the lock holders; a process that dies loses its locks with its
    sessions."""

    kind = "postgresql"
    lock_rows = " FOR UPDATE"
    skip_locked = " FOR UPDATE SKIP LOCKED"
    # No rows kept in memory: other processes write, and telling that nothing changed would cost
    # a round trip to the server, the same as the read it would save.
    cacheable = False
    foreign = 0

    def __init__(self, pool, locks):
        import asyncpg

        self.integrity = (asyncpg.IntegrityConstraintViolationError,)
        self._pool = pool
        self._locks = locks

    @classmethod
    async def open(cls, url: str, migrations: list[str], pool_size: int = 10) -> PostgresBackend:
        import asyncpg

        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, init=_init_connection)
        try:
            async with pool.acquire() as conn:
                await migrate_pg(conn, migrations)
            locks = await asyncpg.create_pool(url, min_size=0, max_size=pool_size * 2)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, locks)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[_PgConn]:
        async with self._pool.acquire() as conn:
            yield _PgConn(conn)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_PgConn]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield _PgConn(conn)

    async def run(self, body: Body[T], *, write: bool, early: bool = False) -> T:
        async with (self.transaction() if write else self.read()) as conn:
            return await body(conn)

    def unchanged(self) -> bool:
        return False

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        async with self._locks.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1, $2)", GAME_LOCK_SPACE, _int4(game_id))
            try:
                yield
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1, $2)", GAME_LOCK_SPACE, _int4(game_id))

    async def schema_version(self) -> int:
        async with self.read() as c:
            return (await c.fetch("SELECT version FROM arbiter_schema"))[0][0]

    async def close(self) -> None:
        await self._pool.close()
        await self._locks.close()


def _int4(number: int) -> int:
    """Advisory lock keys are two int4s: fold a bigint id into one (a rare shared key only
    serialises two games, never lets two holders in)."""
    return (number % 2 ** 32) - 2 ** 31
