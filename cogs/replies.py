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
# A click's reply is its response only when it is ready this soon after Discord sent the click;
# else the click is deferred, leaving the rest of the 3 s for a busy event loop to get it out.
CLICK_ACK_SECONDS = 1.0


MAX_CONTENT = 2000
EMBED_LIMITS = {"title": 256, "description": 4096}


def fit(**kw: Any) -> dict:
    """The one place every reply and message is cut to Discord's limits (2,000 characters of
    content; an embed's title and description), so nothing we send is refused for its size."""
    content = kw.get("content")
    if content is not None and len(str(content)) > MAX_CONTENT:
        kw["content"] = str(content)[: MAX_CONTENT - 1] + "…"
    for embed in [kw.get("embed"), *(kw.get("embeds") or [])]:
        for field, limit in EMBED_LIMITS.items():
            text = getattr(embed, field, None)
            if isinstance(text, str) and len(text) > limit:
                setattr(embed, field, text[: limit - 1] + "…")
    return kw


def responding(interaction: discord.Interaction) -> asyncio.Lock:
    """The interaction's one response is chosen under this lock: a reply and the deferral of a
    slow click (`within_ack`) never both try to be it."""
    return interaction.extras.setdefault("responding", asyncio.Lock())


async def answer(interaction: discord.Interaction, content: str | None = None, *, ephemeral: bool = False,
                 **kw: Any) -> None:
    """Reply whether or not the interaction was deferred: the first reply is the interaction's
    response itself (one request), later ones are followups."""
    kw = fit(content=content, **kw) if content is not None else fit(**kw)
    async with responding(interaction):
        if not interaction.response.is_done():
            await interaction.response.send_message(ephemeral=ephemeral, **kw)
            return
    await interaction.followup.send(ephemeral=ephemeral, **kw)


async def edit_reply(interaction: discord.Interaction, **kw: Any) -> None:
    """Edit the message the interaction belongs to (a panel, a request), cut to Discord's limits.
    A click not yet answered edits its message as the response itself (one request, not two)."""
    kw = fit(**kw)
    async with responding(interaction):
        if not interaction.response.is_done() and interaction.type == discord.InteractionType.component:
            await interaction.response.edit_message(**kw)
            return
    await interaction.edit_original_response(**kw)


async def acknowledge(interaction: discord.Interaction, *, thinking: bool = False) -> None:
    """Answer the interaction now if nothing has yet (a click: silently; a command: "thinking"),
    so Discord does not drop it while slow work goes on."""
    async with responding(interaction):
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=thinking)


def ack_budget(interaction: discord.Interaction, within: float | None = None) -> float:
    """Seconds left of `within` (default ACK_SECONDS) from when Discord created the interaction
    (its id's time), so time spent waiting in a busy event loop counts too."""
    within = ACK_SECONDS if within is None else within
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return min(within, max(0.0, within - age))


async def within_ack(interaction: discord.Interaction, work: Awaitable[T], *, thinking: bool = True,
                     within: float | None = None) -> T:
    """Await the work; if it is slow, acknowledge first so Discord does not time out.

    Answering directly when it is fast costs one request instead of two, and keeps refusals
    ephemeral (a public "thinking" defer would force the reply to be public)."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=ack_budget(interaction, within))
    if not done:
        await acknowledge(interaction, thinking=thinking)
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
