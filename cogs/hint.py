"""/hint: a private suggestion for the asker's next move, with a one-line reason.

Only translation: the table service thinks (from the asker's own view, in a worker) and says
whether hints are allowed; this cog answers privately. The answer is deferred privately first,
because thinking takes a moment and a public "thinking…" would make the reply public.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from .replies import _ids, answer, explain_failure
from .tablecmds import is_moderator


class HintCog(commands.Cog, name="Hint"):
    def __init__(self, bot: commands.Bot, service: Any):
        self.bot = bot
        self.service = service

    async def cog_app_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await explain_failure(interaction, error)

    @app_commands.command(name="hint", description="Privately suggest a move for you in this channel's game")
    @app_commands.describe(allow_in_rated="Server setting (Manage Channels): allow hints in rated games too")
    @app_commands.guild_only()
    async def hint(self, interaction: discord.Interaction, allow_in_rated: bool | None = None) -> None:
        channel, guild, uid, _ = _ids(interaction)
        if allow_in_rated is not None:
            await self.service.allow_hints_in_rated(guild, allow_in_rated, is_admin=is_moderator(interaction))
            said = "allowed" if allow_in_rated else "off"
            await answer(interaction, f"Hints in rated games on this server are now {said}.", ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        tip = await self.service.hint(channel, uid)
        await answer(interaction, f"💡 Hint for game #{tip.game_id}: **{tip.move}**. {tip.reason}", ephemeral=True)
