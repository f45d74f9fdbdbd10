"""Schema migrations, applied in order: SQLite counts them in `PRAGMA user_version`,
PostgreSQL in the one-row table `arbiter_schema`.

Append new scripts to MIGRATIONS and the same step, in PostgreSQL's words, to PG_MIGRATIONS (the
lists stay the same length; a test compares the schemas they build); never edit one that has
shipped. Each script runs in its own transaction together with the version bump, so a failed
migration leaves nothing behind.
"""

from __future__ import annotations

import aiosqlite

MIGRATION_LOCK = 0x4172_6269  # PostgreSQL advisory lock key ("Arbi") held while a step runs

MIGRATIONS: list[str] = [
    # 1: games, seats, the append-only action/event log, snapshots, timers, guild settings.
    """
    CREATE TABLE games (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        game            TEXT NOT NULL,
        channel_id      TEXT NOT NULL,
        guild_id        TEXT,
        creator_id      TEXT NOT NULL,
        status          TEXT NOT NULL DEFAULT 'lobby'
                        CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
        config          TEXT NOT NULL DEFAULT '{}',
        version         INTEGER NOT NULL DEFAULT 0,
        state           TEXT,
        seed            TEXT,
        seed_commitment TEXT,
        created_at      REAL NOT NULL,
        updated_at      REAL NOT NULL
    );
    -- At most one lobby or running game per channel; finished ones do not count.
    CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_guild ON games (guild_id, status);

    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seat    INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        name    TEXT NOT NULL,
        is_ai   INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE INDEX seats_by_user ON seats (user_id);

    -- seq is the version the action was applied to: one action per version, ever.
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq     INTEGER NOT NULL,
        seat    INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        action  TEXT NOT NULL,
        at      REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );

    -- version is the game version the event led to; visible_to NULL means public.
    CREATE TABLE events (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id    INTEGER NOT NULL REFERENCES games (id),
        version    INTEGER NOT NULL,
        text       TEXT NOT NULL,
        visible_to TEXT,
        at         REAL NOT NULL
    );
    CREATE INDEX events_by_game ON events (game_id, version);

    -- The log is the audit trail: refuse edits and deletions at the database level.
    CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
    CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;

    CREATE TABLE snapshots (
        game_id INTEGER NOT NULL REFERENCES games (id),
        version INTEGER NOT NULL,
        state   TEXT NOT NULL,
        PRIMARY KEY (game_id, version)
    );

    -- Durable deadlines (reminders, turn clocks); one dispatcher sleeps until the earliest.
    CREATE TABLE timers (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id    INTEGER REFERENCES games (id),
        kind       TEXT NOT NULL,
        due_at     REAL NOT NULL,
        payload    TEXT NOT NULL DEFAULT '{}',
        created_at REAL NOT NULL
    );
    CREATE INDEX timers_by_due ON timers (due_at);

    CREATE TABLE guild_settings (
        guild_id TEXT NOT NULL,
        key      TEXT NOT NULL,
        value    TEXT NOT NULL,
        PRIMARY KEY (guild_id, key)
    );
    """,
    # 2: the newest public turn message of each game, so a restarted bot can still retire its buttons.
    """
    CREATE TABLE turn_messages (
        game_id    INTEGER PRIMARY KEY REFERENCES games (id),
        channel_id TEXT NOT NULL,
        message_id TEXT NOT NULL,
        version    INTEGER NOT NULL
    );
    """,
    # 3: timers belong to a seat (a reminder or a clock runs out for one player), found by game.
    """
    ALTER TABLE timers ADD COLUMN seat INTEGER;
    CREATE INDEX timers_by_game ON timers (game_id, seat);
    """,
    # 4: what players set (DMs, standing answers), asks awaiting approval (undo, replacement),
    # conceded seats, and per-server ratings (each finished game counted once).
    """
    ALTER TABLE seats ADD COLUMN conceded INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE user_settings (
        user_id TEXT NOT NULL,
        key     TEXT NOT NULL,
        value   TEXT NOT NULL,
        PRIMARY KEY (user_id, key)
    );
    CREATE TABLE standing_answers (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seat    INTEGER NOT NULL,
        kind    TEXT NOT NULL,
        answer  TEXT NOT NULL,
        PRIMARY KEY (game_id, seat, kind)
    );
    CREATE TABLE requests (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id    INTEGER NOT NULL REFERENCES games (id),
        kind       TEXT NOT NULL,
        user_id    TEXT NOT NULL,
        version    INTEGER NOT NULL,
        payload    TEXT NOT NULL DEFAULT '{}',
        needs      TEXT NOT NULL DEFAULT '[]',
        approved   TEXT NOT NULL DEFAULT '[]',
        status     TEXT NOT NULL DEFAULT 'open'
                   CHECK (status IN ('open', 'done', 'refused', 'expired')),
        created_at REAL NOT NULL
    );
    CREATE INDEX requests_by_game ON requests (game_id, status);
    CREATE TABLE ratings (
        guild_id TEXT NOT NULL,
        game     TEXT NOT NULL,
        user_id  TEXT NOT NULL,
        name     TEXT NOT NULL,
        rating   REAL NOT NULL,
        wins     INTEGER NOT NULL DEFAULT 0,
        losses   INTEGER NOT NULL DEFAULT 0,
        draws    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE TABLE rated_games (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        at      REAL NOT NULL
    );
    """,
    # 5: quarantine: why a game's stored data cannot be read (NULL: sound). Every loop skips it.
    """
    ALTER TABLE games ADD COLUMN broken TEXT;
    """,
    # 6: cluster mode: a due timer is leased by one process (a dead one's lease runs out), and
    # named one-off claims (a game's start-up resume at a version) are taken once.
    """
    ALTER TABLE timers ADD COLUMN claimed_by TEXT;
    ALTER TABLE timers ADD COLUMN claimed_until REAL;
    CREATE TABLE claims (
        name  TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        until REAL NOT NULL
    );
    """,
    # 7: the moves of one click (a joined pair, a "choose N" submit) are one unit for undo: each
    # names the version the click started from (NULL: a move on its own).
    """
    ALTER TABLE actions ADD COLUMN click INTEGER;
    """,
]


async def schema_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cur:
        (version,) = await cur.fetchone()
    return version


async def migrate(conn: aiosqlite.Connection, migrations: list[str] = MIGRATIONS) -> int:
    """Bring the database up to len(migrations); return the resulting schema version.

    The connection must be in autocommit mode (isolation_level=None) so the explicit
    BEGIN/COMMIT below are the only transactions.
    """
    current = await schema_version(conn)
    if current > len(migrations):
        raise RuntimeError(
            f"The database schema is version {current}, newer than this code knows ({len(migrations)})."
        )
    for number, script in enumerate(migrations[current:], start=current + 1):
        # user_version lives in the database header and is part of the transaction.
        try:
            await conn.executescript(f"BEGIN IMMEDIATE;\n{script}\n;PRAGMA user_version = {number};\nCOMMIT;")
        except BaseException:
            if conn.in_transaction:
                await conn.rollback()
            raise
    return await schema_version(conn)


# The same steps in PostgreSQL's dialect: BIGINT identity ids (BY DEFAULT, so store.migrate_to
# can copy ids), DOUBLE PRECISION times, BYTEA states (text while running, deflated once ended),
# and a trigger function for the append-only log.
PG_MIGRATIONS: list[str] = [
    # 1
    """
    CREATE TABLE games (
        id              BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        game            TEXT NOT NULL,
        channel_id      TEXT NOT NULL,
        guild_id        TEXT,
        creator_id      TEXT NOT NULL,
        status          TEXT NOT NULL DEFAULT 'lobby'
                        CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
        config          TEXT NOT NULL DEFAULT '{}',
        version         BIGINT NOT NULL DEFAULT 0,
        state           BYTEA,
        seed            TEXT,
        seed_commitment TEXT,
        created_at      DOUBLE PRECISION NOT NULL,
        updated_at      DOUBLE PRECISION NOT NULL
    );
    CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_guild ON games (guild_id, status);

    CREATE TABLE seats (
        game_id BIGINT NOT NULL REFERENCES games (id),
        seat    INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        name    TEXT NOT NULL,
        is_ai   INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE INDEX seats_by_user ON seats (user_id);

    CREATE TABLE actions (
        game_id BIGINT NOT NULL REFERENCES games (id),
        seq     BIGINT NOT NULL,
        seat    INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        action  TEXT NOT NULL,
        at      DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seq)
    );

    CREATE TABLE events (
        id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        game_id    BIGINT NOT NULL REFERENCES games (id),
        version    BIGINT NOT NULL,
        text       TEXT NOT NULL,
        visible_to TEXT,
        at         DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX events_by_game ON events (game_id, version);

    -- The log is the audit trail: edits, deletions and TRUNCATE are refused by the database.
    -- integrity_constraint_violation, like SQLite's RAISE(ABORT) in a trigger.
    CREATE FUNCTION refuse_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '% is append-only', TG_ARGV[0] USING ERRCODE = '23000';
    END $$;
    CREATE TRIGGER actions_append_only BEFORE UPDATE OR DELETE ON actions
        FOR EACH ROW EXECUTE FUNCTION refuse_log_change('the action log');
    CREATE TRIGGER actions_no_truncate BEFORE TRUNCATE ON actions
        FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change('the action log');
    CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
        FOR EACH ROW EXECUTE FUNCTION refuse_log_change('the event log');
    CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
        FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change('the event log');

    CREATE TABLE snapshots (
        game_id BIGINT NOT NULL REFERENCES games (id),
        version BIGINT NOT NULL,
        state   BYTEA NOT NULL,
        PRIMARY KEY (game_id, version)
    );

    CREATE TABLE timers (
        id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        game_id    BIGINT REFERENCES games (id),
        kind       TEXT NOT NULL,
        due_at     DOUBLE PRECISION NOT NULL,
        payload    TEXT NOT NULL DEFAULT '{}',
        created_at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX timers_by_due ON timers (due_at);

    CREATE TABLE guild_settings (
        guild_id TEXT NOT NULL,
        key      TEXT NOT NULL,
        value    TEXT NOT NULL,
        PRIMARY KEY (guild_id, key)
    );
    """,
    # 2
    """
    CREATE TABLE turn_messages (
        game_id    BIGINT PRIMARY KEY REFERENCES games (id),
        channel_id TEXT NOT NULL,
        message_id TEXT NOT NULL,
        version    BIGINT NOT NULL
    );
    """,
    # 3
    """
    ALTER TABLE timers ADD COLUMN seat INTEGER;
    CREATE INDEX timers_by_game ON timers (game_id, seat);
    """,
    # 4
    """
    ALTER TABLE seats ADD COLUMN conceded INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE user_settings (
        user_id TEXT NOT NULL,
        key     TEXT NOT NULL,
        value   TEXT NOT NULL,
        PRIMARY KEY (user_id, key)
    );
    CREATE TABLE standing_answers (
        game_id BIGINT NOT NULL REFERENCES games (id),
        seat    INTEGER NOT NULL,
        kind    TEXT NOT NULL,
        answer  TEXT NOT NULL,
        PRIMARY KEY (game_id, seat, kind)
    );
    CREATE TABLE requests (
        id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        game_id    BIGINT NOT NULL REFERENCES games (id),
        kind       TEXT NOT NULL,
        user_id    TEXT NOT NULL,
        version    BIGINT NOT NULL,
        payload    TEXT NOT NULL DEFAULT '{}',
        needs      TEXT NOT NULL DEFAULT '[]',
        approved   TEXT NOT NULL DEFAULT '[]',
        status     TEXT NOT NULL DEFAULT 'open'
                   CHECK (status IN ('open', 'done', 'refused', 'expired')),
        created_at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX requests_by_game ON requests (game_id, status);
    CREATE TABLE ratings (
        guild_id TEXT NOT NULL,
        game     TEXT NOT NULL,
        user_id  TEXT NOT NULL,
        name     TEXT NOT NULL,
        rating   DOUBLE PRECISION NOT NULL,
        wins     INTEGER NOT NULL DEFAULT 0,
        losses   INTEGER NOT NULL DEFAULT 0,
        draws    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE TABLE rated_games (
        game_id BIGINT PRIMARY KEY REFERENCES games (id),
        at      DOUBLE PRECISION NOT NULL
    );
    """,
    # 5
    """
    ALTER TABLE games ADD COLUMN broken TEXT;
    """,
    # 6
    """
    ALTER TABLE timers ADD COLUMN claimed_by TEXT;
    ALTER TABLE timers ADD COLUMN claimed_until DOUBLE PRECISION;
    CREATE TABLE claims (
        name  TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        until DOUBLE PRECISION NOT NULL
    );
    """,
    # 7
    """
    ALTER TABLE actions ADD COLUMN click BIGINT;
    """,
]


async def migrate_pg(conn, migrations: list[str] = PG_MIGRATIONS) -> int:
    """migrate() for PostgreSQL (an asyncpg connection). Each step takes a transaction-scoped
    advisory lock first, so processes starting together never run one step twice."""
    while True:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute("CREATE TABLE IF NOT EXISTS arbiter_schema (version INTEGER NOT NULL)")
            current = await conn.fetchval("SELECT version FROM arbiter_schema")
            if current is None:
                current = 0
                await conn.execute("INSERT INTO arbiter_schema (version) VALUES (0)")
            if current > len(migrations):
                raise RuntimeError(
                    f"The database schema is version {current}, newer than this code knows ({len(migrations)}).")
            if current == len(migrations):
                return current
            await conn.execute(migrations[current])
            await conn.execute("UPDATE arbiter_schema SET version = $1", current + 1)
