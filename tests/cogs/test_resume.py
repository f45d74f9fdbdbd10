"""After a crash between saving a move and posting its turn message, the restarted bot posts the
turn, so the players have live buttons again; games whose turn is up are left alone."""

import asyncio
from types import SimpleNamespace

from cogs.play import PlayCog, runs_guild
from store import Store
from table import TableService

from .test_flow import ALICE, new_game


async def test_a_turn_saved_but_never_posted_is_posted_on_restart(table):
    bot, service, play, lobby = table
    await new_game(lobby)
    posted = len(bot.channel.sent)
    _, _, actions = await service.legal_for(1, str(ALICE))
    await service.act(1, str(ALICE), len(actions) - 1)  # saved; the process dies before posting
    version = (await service.get(1)).version
    assert (await service.turn_message(1))[2] < version

    restarted = PlayCog(bot, service)
    bot.cogs["Play"] = restarted
    await restarted.on_ready()
    assert len(bot.channel.sent) == posted + 1
    assert (await service.turn_message(1))[2] == version

    again = PlayCog(bot, service)  # nothing is missing now: nothing more is posted
    await again.on_ready()
    assert len(bot.channel.sent) == posted + 1


async def test_two_processes_starting_together_resume_a_game_once(table):
    bot, service, play, lobby = table
    await new_game(lobby)
    posted = len(bot.channel.sent)
    _, _, actions = await service.legal_for(1, str(ALICE))
    await service.act(1, str(ALICE), len(actions) - 1)  # saved, never posted
    other = TableService(await Store.open(service.store.path))  # a second process on the same store
    try:
        await asyncio.gather(*(PlayCog(bot, svc).on_ready() for svc in (service, other)))
        assert len(bot.channel.sent) == posted + 1
    finally:
        await other.store.close()


def test_a_process_runs_the_guilds_of_its_shards():
    guild = str((5 << 22) + 123)  # shard 5 % count
    assert runs_guild(SimpleNamespace(shard_count=None), guild)
    assert runs_guild(SimpleNamespace(shard_count=4, shard_ids=[1]), guild)  # 5 % 4 == 1
    assert not runs_guild(SimpleNamespace(shard_count=4, shard_ids=[0, 2, 3]), guild)
    assert runs_guild(SimpleNamespace(shard_count=4, shard_ids=[0]), None)  # outside a guild: shard 0
