"""Both store backends for every test that asks for `db` (or `backend`): SQLite files in the
test's tmp_path, and PostgreSQL on a throwaway server started once per session on 127.0.0.1.

Without PostgreSQL's binaries the PostgreSQL half is skipped, and the run ends with one line
saying so; with ARBITER_REQUIRE_POSTGRES=1 (CI) a missing server fails those tests instead.
"""

from __future__ import annotations

import itertools
import os
import re

import pytest

from store.backend import SqliteBackend
from store.pgserver import PgServer, find_binaries

BACKENDS = ("sqlite", "postgresql")
TEST_DATABASE = "arbiter_tests"
_schemas = itertools.count(1)
_skipped_pg: list[str] = []


def postgres_required() -> bool:
    return os.environ.get("ARBITER_REQUIRE_POSTGRES", "") not in ("", "0")


@pytest.fixture(scope="session")
def pg_server():
    """The session's PostgreSQL server (started on first use, stopped at the end)."""
    if find_binaries() is None:
        if postgres_required():
            pytest.fail("ARBITER_REQUIRE_POSTGRES is set but PostgreSQL's server binaries are not installed")
        _skipped_pg.append("no binaries")
        pytest.skip("PostgreSQL is not installed")
    server = PgServer.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
def db(backend, tmp_path, request):
    """A factory of database locators for the test: db("name.db") is a SQLite file in tmp_path, or
    on PostgreSQL a fresh schema of the session's test database; the same name gives the same
    database again (to reopen it), another name another one."""
    if backend == "sqlite":
        return lambda name="arbiter.db": str(tmp_path / name)
    server = request.getfixturevalue("pg_server")
    made: dict[str, str] = {}

    def locate(name: str = "arbiter.db") -> str:
        if name not in made:
            schema = f"t{next(_schemas)}_{re.sub(r'[^a-z0-9]', '_', name.lower())}"
            server.url(TEST_DATABASE)  # creates the database the first time
            server.sql(f"CREATE SCHEMA {schema}", TEST_DATABASE)
            made[name] = server.url(TEST_DATABASE, search_path=schema)
        return made[name]

    return locate


@pytest.fixture
def runs(monkeypatch) -> list[bool]:
    """Every SQLite run (one hop to the database thread) any store makes, as its write flag."""
    made: list[bool] = []
    real = SqliteBackend.run

    async def counted(self, body, *, write, early=False):
        made.append(write)
        return await real(self, body, write=write, early=early)

    monkeypatch.setattr(SqliteBackend, "run", counted)
    return made


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if _skipped_pg:
        terminalreporter.write_line(
            "PostgreSQL half skipped: no PostgreSQL server binaries here. To run it install them "
            "(apt-get install postgresql) and run `make test` again, or run .ci/run, which requires it.")
