"""The cogs with the real table service and a fake Discord surface (tests/cogs/fakes.py)."""

import pytest

from cogs.lobby import LobbyCog
from cogs.play import PlayCog
from store import Store
from table import TableService

from .fakes import Bot


@pytest.fixture
async def table(tmp_path):
    service = TableService(await Store.open(tmp_path / "t.db"))
    bot = Bot()
    play, lobby = PlayCog(bot, service), LobbyCog(bot, service)
    bot.cogs.update(Play=play, Lobby=lobby)
    yield bot, service, play, lobby
    await service.close()
