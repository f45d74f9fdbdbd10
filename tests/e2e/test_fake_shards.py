"""The fake Discord speaks sharding: each shard of a bot IDENTIFYs with [id, count], gets READY
and GUILD_CREATE for its own guilds only, and every event of a guild reaches the session of the
shard Discord routes it to ((guild id >> 22) % count), even when the shards live in two bots."""

from __future__ import annotations

import asyncio
import contextlib

import discord
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord
from tests.fakediscord.server import shard_of


class ShardBot(commands.AutoShardedBot):
    def __init__(self, shard: int, count: int):
        super().__init__(command_prefix="!", intents=discord.Intents.default(), shard_ids=[shard], shard_count=count)
        self.sync_here = shard == 0  # one process registers the commands

        @app_commands.command(description="Which shard answers")
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"shard {interaction.guild.shard_id} of {self.shard_count}")

        self.tree.add_command(where)

    async def setup_hook(self) -> None:
        if self.sync_here:
            await self.tree.sync()


@contextlib.asynccontextmanager
async def running(fake: FakeDiscord, bot: commands.AutoShardedBot):
    bot._connection.guild_ready_timeout = 0.01
    await bot.login(fake.token)
    task = asyncio.create_task(bot.connect(reconnect=False))
    try:
        await asyncio.wait_for(bot.wait_until_ready(), 20)
        yield bot
    finally:
        await bot.close()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(task, 10)


async def test_two_bots_as_two_shards_each_get_their_own_guilds(fake: FakeDiscord) -> None:
    guilds = [fake.add_guild(f"guild {i}", shard=i, count=2) for i in (0, 1)]
    assert [shard_of(g, 2) for g in guilds] == [0, 1]
    channels = [fake.add_channel(f"play-{i}", guild_id=g) for i, g in enumerate(guilds)]
    alice = fake.add_member("alice")
    first, second = ShardBot(0, 2), ShardBot(1, 2)
    async with running(fake, first), running(fake, second):
        assert {s: (x.identify["shard"], x.count) for s, x in fake.sessions.items()} == {0: ([0, 2], 2), 1: ([1, 2], 2)}
        for bot, shard in ((first, 0), (second, 1)):  # the fake's own first guild lands on either
            assert {g.id for g in bot.guilds} == {g for g in fake.guilds if shard_of(g, 2) == shard}
            assert guilds[shard] in {g.id for g in bot.guilds}
        for i, channel in enumerate(channels):
            reply = await fake.slash(alice, "where", channel=channel)
            assert reply.content == f"shard {i} of 2"
        # A new guild's channel appears on its own shard only.
        later = fake.add_channel("later", guild_id=guilds[1])
        await fake.settle()
        assert second.get_channel(later.id) is not None and first.get_channel(later.id) is None


async def test_waiting_on_a_remote_bot_asks_for_heartbeats_sparingly(fake: FakeDiscord) -> None:
    """A bot in another process is waited on with heartbeat requests (op 1). discord.py answers
    them through its gateway rate limiter (120 sends a minute) and stops reading the gateway
    while it waits there, so many waits at once must share one request, not send one each."""
    guild = fake.add_guild("guild 0", shard=0, count=1)
    async with running(fake, ShardBot(0, 1)):
        session = fake.sessions[0]
        await fake.settle()
        beats = sum(1 for f in session.frames if f.get("op") == 1)
        fake.add_channel("news", guild_id=guild)  # an event the bot has not read yet
        await asyncio.wait_for(asyncio.gather(*(fake.settle() for _ in range(40))), 20)
        answered = sum(1 for f in session.frames if f.get("op") == 1) - beats
        assert 1 <= answered <= 2, f"{answered} heartbeats for one wait of 40 barriers"
