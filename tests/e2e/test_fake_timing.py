"""Interaction timing rules: the ack deadline, acknowledging twice, and the 15-minute token life.

The deadline is shortened per test (the default stays Discord's 3 s) and tokens are aged with the
fake's clock instead of sleeping.
"""

from __future__ import annotations

import asyncio
import time

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import MultipartParameters
from discord.webhook.async_ import async_context

from tests.fakediscord import FakeDiscord, bot_session


class TimingBot(commands.Bot):
    def __init__(self, guild_id: int, fake: FakeDiscord):
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.guild_id = guild_id
        self.errors: list[discord.HTTPException] = []
        self.last: discord.Interaction | None = None

        async def attempt(coro) -> None:
            try:
                await coro
            except discord.HTTPException as exc:
                self.errors.append(exc)

        @app_commands.command(description="Answer after a pause")
        async def slow(interaction: discord.Interaction, seconds: float) -> None:
            await asyncio.sleep(seconds)
            await attempt(interaction.response.send_message("late"))
            await attempt(interaction.followup.send("followup"))

        @app_commands.command(description="Answer after the fake's clock jumped")
        async def aged(interaction: discord.Interaction, seconds: float) -> None:
            fake.clock.advance(seconds)
            await attempt(interaction.response.send_message("aged"))

        @app_commands.command(description="Acknowledge twice")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("once")
            # discord.py refuses a second response itself, so send it raw to reach the server.
            params = MultipartParameters(payload={"type": 4, "data": {"content": "twice"}}, multipart=None, files=None)
            await attempt(async_context.get().create_interaction_response(
                interaction.id, interaction.token, session=interaction._session, params=params))

        @app_commands.command(description="Answer and keep the interaction")
        async def keep(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("kept")
            self.last = interaction

        for cmd in (slow, aged, twice, keep):
            self.tree.add_command(cmd, guild=discord.Object(guild_id))

    async def setup_hook(self) -> None:
        await self.tree.sync(guild=discord.Object(self.guild_id))


def test_defaults_are_discords() -> None:
    fake = FakeDiscord()
    assert (fake.ack_deadline, fake.token_lifetime, fake.attachment_size_limit) == (3.0, 900.0, 25 * 1024 * 1024)


async def test_unacknowledged_interaction_fails_at_the_deadline() -> None:
    async with FakeDiscord.running(ack_deadline=0.1) as fake:
        alice = fake.add_member("alice")
        async with bot_session(fake, TimingBot(fake.guild_id, fake)) as bot:
            start = time.monotonic()
            late = await fake.slash(alice, "slow", seconds=0.25)
            assert late.failed and not late.acked and late.original is None
            assert time.monotonic() - start >= 0.25  # returned after the handler finished
            # The late callback gets Unknown Interaction; the token is dead for followups too.
            assert [(e.status, e.code) for e in bot.errors] == [(404, 10062), (404, 10015)]
            assert [c.status for c in late.rejected] == [404, 404]

            on_time = await fake.slash(alice, "slow", seconds=0.0)
            assert not on_time.failed and on_time.texts == ["late", "followup"]


async def test_deadline_follows_the_fake_clock() -> None:
    async with FakeDiscord.running() as fake:
        alice = fake.add_member("alice")
        async with bot_session(fake, TimingBot(fake.guild_id, fake)) as bot:
            assert (await fake.slash(alice, "aged", seconds=2.9)).content == "aged"
            aged = await fake.slash(alice, "aged", seconds=3.1)
            assert aged.failed and [(e.status, e.code) for e in bot.errors] == [(404, 10062)]


async def test_second_acknowledgement_is_refused(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with bot_session(fake, TimingBot(fake.guild_id, fake)) as bot:
        result = await fake.slash(alice, "twice")
        assert result.content == "once"
        (exc,) = bot.errors
        assert (exc.status, exc.code) == (400, 40060)
        assert exc.text == "Interaction has already been acknowledged."
        assert result.rejected[0].response["code"] == 40060


async def test_token_expires_after_fifteen_minutes(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with bot_session(fake, TimingBot(fake.guild_id, fake)) as bot:
        result = await fake.slash(alice, "keep")
        kept = bot.last
        fake.clock.advance(15 * 60 - 1)
        await kept.followup.send("still in time")
        await kept.edit_original_response(content="edited in time")
        assert result.texts == ["edited in time", "still in time"]

        fake.clock.advance(2)
        for attempt in (kept.followup.send("too late"), kept.edit_original_response(content="too late"),
                        kept.original_response(), kept.delete_original_response()):
            with pytest.raises(discord.HTTPException) as caught:
                await attempt
            assert (caught.value.status, caught.value.code) == (401, 50027)
            assert caught.value.text == "Invalid Webhook Token"
        assert result.texts == ["edited in time", "still in time"]
        assert [c.status for c in result.rejected] == [401] * 4
