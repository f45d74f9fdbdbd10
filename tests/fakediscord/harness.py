"""Pointing discord.py at the fake, and running a bot against it for the length of a test."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord.gateway
import discord.http
import yarl

from .model import BotCrashed
from .server import FakeDiscord


@contextlib.contextmanager
def patch_discord(api_url: str, gateway_url: str) -> Iterator[None]:
    """The only two changes discord.py needs: where REST goes (webhooks and interaction callbacks
    use the same Route class) and where a plain Client opens its gateway."""
    Route, Ws = discord.http.Route, discord.gateway.DiscordWebSocket
    saved = Route.BASE, Ws.DEFAULT_GATEWAY
    if "127.0.0.1" in saved[0]:
        raise RuntimeError(f"discord.py already points at a fake ({saved[0]}): one FakeDiscord per process at a time")
    Route.BASE, Ws.DEFAULT_GATEWAY = api_url, yarl.URL(gateway_url)
    try:
        yield
    finally:
        Route.BASE, Ws.DEFAULT_GATEWAY = saved


class _ErrorLog(logging.Handler):
    """Collects what discord.py logs at ERROR (exceptions in commands, views, events)."""

    def __init__(self, into: list[logging.LogRecord]):
        super().__init__(logging.ERROR)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        self.into.append(record)


@contextlib.asynccontextmanager
async def bot_session(fake: FakeDiscord, bot: Any, *, token: str | None = None, strict: bool = True,
                      guild_ready_timeout: float | None = 0.01, timeout: float = 10.0) -> AsyncIterator[Any]:
    """Log `bot` in to `fake`, connect it, wait for on_ready; close it afterwards.

    Errors discord.py logs meanwhile (exceptions in commands, views, listeners: it swallows them)
    are in `fake.bot_errors`; with `strict` leaving the block raises if there are any. If the
    connect task dies, waits on the fake raise BotCrashed at once, and so does leaving the block.
    """
    if guild_ready_timeout is not None:
        # discord.py waits this long after the last GUILD_CREATE before on_ready (default 2 s).
        bot._connection.guild_ready_timeout = guild_ready_timeout
    fake.bot_errors = []
    handler = _ErrorLog(fake.bot_errors)
    logging.getLogger("discord").addHandler(handler)
    task: asyncio.Task | None = None
    try:
        # login before connect: wait_until_ready() needs what login sets up.
        await bot.login(token or fake.token)
        task = asyncio.create_task(bot.connect(reconnect=True), name="fakediscord-bot-connect")
        fake.attach(bot, task)
        await fake._wait(bot.wait_until_ready(), timeout)
        yield bot
        if fake.internal_errors:
            raise RuntimeError(f"the fake Discord itself failed: {fake.internal_errors!r}")
        if task.done():
            raise BotCrashed(f"the bot's connect task ended during the test: {task!r}") from (
                None if task.cancelled() else task.exception())
        if strict and fake.bot_errors:
            details = "\n".join(logging.Formatter().format(r) for r in fake.bot_errors)
            raise AssertionError(f"discord.py logged {len(fake.bot_errors)} error(s):\n{details}")
    finally:
        fake.detach()
        logging.getLogger("discord").removeHandler(handler)
        await bot.close()
        if task is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(task, timeout)
