import pytest
from duelgame import DUEL  # noqa: F401 - registers the "testduel" game
from racegame import RACE  # noqa: F401 - registers the three-to-four-player "testrace" game

from store import Store
from table import TableService


@pytest.fixture
async def store(db):
    """The table's store, on SQLite and on PostgreSQL (tests/conftest.py)."""
    s = await Store.open(db("table.db"))
    yield s
    await s.close()


@pytest.fixture
async def svc(store):
    return TableService(store)


@pytest.fixture
async def duel(svc):
    """A started two-person Duel in channel "chan": Alice (seat 0) against Bob (seat 1)."""
    await svc.create("chan", "guild", "testduel", "alice", "Alice")
    await svc.join("chan", "bob", "Bob")
    return await svc.start("chan", "alice", seed="test-seed")


class FakeClock:
    """"Now" for the table's deadlines, moved by hand (TableService(clock=...))."""

    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return FakeClock()
