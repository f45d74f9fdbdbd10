"""Answering interactions: reply whether or not deferred, defer when the work is slow, and who asked."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from engine.core import IllegalAction
from table import TableError

from .format import error_text

log = logging.getLogger(__name__)

T = TypeVar("T")
ACK_SECONDS = 2.0  # Discord drops an interaction not answered within 3 s


async def answer(interaction: discord.Interaction, content: str, *, ephemeral: bool = False, **kw: Any) -> None:
    """Reply whether or not the interaction was deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=ephemeral, **kw)
    else:
        await interaction.response.send_message(content, ephemeral=ephemeral, **kw)


async def within_ack(interaction: discord.Interaction, work: Awaitable[T]) -> T:
    """Await a service call; if it is slow, defer first so Discord does not time out.

    Answering directly when it is fast keeps refusals ephemeral (a public "thinking" defer
    would force the reply to be public)."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=ACK_SECONDS)
    if not done and not interaction.response.is_done():
        await interaction.response.defer(thinking=True)
    return await task


def _ids(interaction: discord.Interaction) -> tuple[str, str | None, str, str]:
    guild = str(interaction.guild_id) if interaction.guild_id else None
    return str(interaction.channel_id), guild, str(interaction.user.id), interaction.user.display_name


async def explain_failure(interaction: discord.Interaction, error: Exception, *,
                          fallback: str = "Something went wrong on our side.") -> None:
    """A command's refusal (TableError, IllegalAction) as a private sentence; anything else is
    logged and answered with `fallback`, never a traceback."""
    original = getattr(error, "original", error)
    if isinstance(original, (TableError, IllegalAction)):
        await answer(interaction, error_text(original), ephemeral=True)
        return
    log.error("command failed", exc_info=original)
    await answer(interaction, fallback, ephemeral=True)
