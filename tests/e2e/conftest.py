"""End-to-end tests: the real discord.py client against tests.fakediscord on 127.0.0.1.

Every test here runs under the loopback guard, so nothing can reach the internet (or any other
address) even by accident; a test that tried fails at teardown as well as at the call.
"""

from __future__ import annotations

import pytest

from store import Store
from table import TableService
from tests.fakediscord import FakeDiscord, LoopbackGuard


@pytest.fixture(autouse=True)
def loopback_only():
    with LoopbackGuard() as guard:
        yield guard
    assert not guard.blocked, f"test attempted non-loopback network access: {guard.blocked}"


@pytest.fixture
async def fake():
    """A running fake Discord with discord.py patched to use it (undone afterwards)."""
    async with FakeDiscord.running() as server:
        yield server


@pytest.fixture
async def service(tmp_path):
    """The table service the bot under test uses, on a fresh database file."""
    svc = TableService(await Store.open(tmp_path / "arbiter.db"))
    yield svc
    await svc.close()
