"""The /game command group, shared by the cog classes that add subcommands to it."""

from __future__ import annotations

from discord import app_commands

GAME = app_commands.Group(name="game", description="Play a tabletop game in this channel", guild_only=True)
