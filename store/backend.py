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
    async def run(self, body: Body[T], *, write: bool) -> T: ...  # body(conn) in one read or transaction
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


def _run_in_thread(db: sqlite3.Connection, body: Body[T], write: bool) -> T:
    if not write:
        return _finish_now(body(_SqliteThreadConn(db)))
    db.execute("BEGIN IMMEDIATE")
    try:
        result = _finish_now(body(_SqliteThreadConn(db)))
        db.execute("COMMIT")
        return result
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


class SqliteBackend:
    """One aiosqlite connection in autocommit mode; every transaction is an explicit BEGIN
    IMMEDIATE ... COMMIT, and coroutines sharing the connection take `_lock` so one coroutine's
    statements never land inside another's transaction. Several processes may open one file:
    the version check in the UPDATE holds across connections, and IMMEDIATE serialises writers."""

    kind = "sqlite"
    integrity = (sqlite3.IntegrityError,)
    lock_rows = ""  # BEGIN IMMEDIATE already holds the only write lock
    skip_locked = ""

    def __init__(self, conn: aiosqlite.Connection):
        self._raw = conn
        self._conn = _SqliteConn(conn)
        self._lock = asyncio.Lock()

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
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[_SqliteConn]:
        async with self._lock:
            yield self._conn

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_SqliteConn]:
        """IMMEDIATE takes the write lock up front so two writers never both read the old
        version and then collide at COMMIT."""
        async with self._lock:
            await self._raw.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
                await self._raw.execute("COMMIT")
            except BaseException:
                if self._raw.in_transaction:
                    await self._raw.execute("ROLLBACK")
                raise

    async def run(self, body: Body[T], *, write: bool) -> T:
        """`body(conn)` as one read, or one IMMEDIATE transaction (`write`), in a single hop to
        aiosqlite's thread instead of one hop per statement, fetch, BEGIN and COMMIT: those round
        trips were most of the store's time per move. `_execute` is the call aiosqlite's own
        methods queue their work with (aiosqlite 0.20-0.22); the raw connection lives in that
        thread."""
        async with self._lock:
            return await self._raw._execute(_run_in_thread, self._raw._conn, body, write)

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        yield  # one process per file in practice; the version check guards the rest

    async def schema_version(self) -> int:
        async with self.read() as c:
            return (await c.fetch("PRAGMA user_version"))[0][0]

    async def close(self) -> None:
        async with self._lock:
            await self._raw.close()


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

    async def run(self, body: Body[T], *, write: bool) -> T:
        async with (self.transaction() if write else self.read()) as conn:
            return await body(conn)

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
