"""/game settings | channels | undo | concede | replace | board: the people around a running game.

A mixin of the Lobby cog (it adds subcommands to the same /game group). Only translation: one
table-service call per command, worded for the channel; approvals go through PeopleCog's buttons.
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from table import ClockSettings

from .format import clock_text
from .groups import GAME
from .people import ask_message, concede_confirm
from .replies import _ids, answer, within_ack

HOUR = 3600.0


def is_moderator(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions and interaction.permissions.manage_channels)


class TableCommands:
    bot: Any
    service: Any

    async def _table_here(self, interaction: discord.Interaction):
        from table import TableError

        table = await self.service.table_in(str(interaction.channel_id))
        if table is None:
            raise TableError("There is no game in this channel. Start one with `/game new`.")
        return table

    async def _post(self, interaction: discord.Interaction, game_id: int, update: Any) -> None:
        play = self.bot.get_cog("Play")
        if play is not None and update is not None:
            await play.announce(interaction, await self.service.get(game_id), update)

    @GAME.command(name="settings", description="Show or change the clock of this game (or the server's defaults)")
    @app_commands.describe(
        hours="Hours each player has for a turn or decision (default 24)",
        reminder_percent="Remind the player after this share of the clock (0 = never; default 50)",
        on_timeout="When the clock runs out on a turn: ai plays it, or skip passes where the game allows",
        quick="Quick play: a clock of minutes instead of hours",
        quick_minutes="The quick-play clock in minutes (default 2)",
        forfeit_after="Timeouts in a row after which the idle player concedes (0 = never)",
        server_default="Change the defaults for new games on this server instead (Manage Channels)")
    async def settings(self, interaction: discord.Interaction,
                       hours: app_commands.Range[float, 0.01, 720.0] | None = None,
                       reminder_percent: app_commands.Range[int, 0, 90] | None = None,
                       on_timeout: Literal["ai", "skip"] | None = None, quick: bool | None = None,
                       quick_minutes: app_commands.Range[float, 0.1, 120.0] | None = None,
                       forfeit_after: app_commands.Range[int, 0, 100] | None = None,
                       server_default: bool = False) -> None:
        channel, guild, uid, name = _ids(interaction)
        changes = _clock_changes(hours, reminder_percent, on_timeout, quick, quick_minutes, forfeit_after)
        moderator = is_moderator(interaction)
        if server_default:
            if changes:
                clock = await within_ack(interaction, self.service.change_server_clock(guild, changes,
                                                                                       is_admin=moderator))
                await answer(interaction, f"{name} changed this server's defaults for new games: {clock_text(clock)}")
            else:
                clock = await self.service.server_clock(guild)
                await answer(interaction, f"New games on this server start with: {clock_text(clock)}", ephemeral=True)
            return
        table = await self._table_here(interaction)
        if not changes:
            clock = await self.service.clock_of(table.game_id)
            await answer(interaction, f"Game #{table.game_id}: {clock_text(clock)}", ephemeral=True)
            return
        info = await within_ack(interaction, self.service.change_clock(channel, uid, changes, is_admin=moderator))
        clock = ClockSettings.model_validate(info.config["clock"])
        await answer(interaction, f"{name} changed the clock of game #{info.game_id}: {clock_text(clock)} "
                                  "Players awaited now get a fresh clock from now.")

    @GAME.command(name="channels", description="Choose which channels of this server may host games (Manage Channels)")
    @app_commands.describe(action="add or remove a channel, clear the list (any channel), or show it",
                           channel="The channel to add or remove (default: this one)")
    async def channels(self, interaction: discord.Interaction, action: Literal["show", "add", "remove", "clear"],
                       channel: discord.TextChannel | None = None) -> None:
        here, guild, _, name = _ids(interaction)
        current = await self.service.game_channels(guild)
        target = str(channel.id) if channel is not None else here
        if action == "show":
            await answer(interaction, _channels_text(current), ephemeral=True)
            return
        wanted = {"add": [*current, target], "remove": [c for c in current if c != target], "clear": []}[action]
        result = await self.service.set_game_channels(guild, wanted, is_admin=is_moderator(interaction))
        await answer(interaction, f"{name} updated the game channels. {_channels_text(result)}")

    @GAME.command(name="undo", description="Ask to take back your last move (the other players approve)")
    async def undo(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        ask, update = await within_ack(interaction, self.service.request_undo(table.game_id, str(interaction.user.id)))
        if update is not None:
            await answer(interaction, f"{interaction.user.display_name} took back their last move.")
            await self._post(interaction, table.game_id, update)
            return
        await answer(interaction, **ask_message(table, ask, interaction.user.display_name))

    @GAME.command(name="concede", description="Give up this game (asks you to confirm)")
    async def concede(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        if not any(s.user_id == str(interaction.user.id) for s in table.seats):
            await answer(interaction, f"You are not playing in game #{table.game_id}.", ephemeral=True)
            return
        await answer(interaction, ephemeral=True, **concede_confirm(table))

    @GAME.command(name="replace", description="Hand a player's seat to another member or to the AI")
    @app_commands.describe(player="The member whose seat changes hands",
                           by="The member who takes over (leave empty for the AI)")
    async def replace(self, interaction: discord.Interaction, player: discord.Member,
                      by: discord.Member | None = None) -> None:
        table = await self._table_here(interaction)
        ask, update = await within_ack(interaction, self.service.replace_player(
            table.game_id, str(interaction.user.id), str(player.id), str(by.id) if by else None,
            by.display_name if by else None, is_admin=is_moderator(interaction)))
        if update is not None:
            await answer(interaction, f"{player.display_name}'s seat in game #{table.game_id} is now played by "
                                      f"{by.display_name if by else 'the AI'}.")
            await self._post(interaction, table.game_id, update)
            return
        await answer(interaction, **ask_message(table, ask, interaction.user.display_name,
                                                newcomer=by.display_name if by else None,
                                                leaving=player.display_name))

    @GAME.command(name="repair", description="Rebuild a game that was set aside from its move log (creator or Manage Channels)")
    @app_commands.describe(game="Game number (default: this channel's game)")
    async def repair(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1, 2 ** 53] | None = None) -> None:
        game_id = game if game is not None else (await self._table_here(interaction)).game_id
        said = await within_ack(interaction, self.service.repair(game_id, str(interaction.user.id),
                                                                 is_admin=is_moderator(interaction)))
        await answer(interaction, said)

    @GAME.command(name="board", description="See this channel's board (anyone may watch; hidden cards stay hidden)")
    async def board(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        if table.status != "active":
            await answer(interaction, f"Game #{table.game_id} has not started yet.", ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        play = self.bot.get_cog("Play")
        await answer(interaction, ephemeral=True, **await play.status_message(table))


def _clock_changes(hours, reminder_percent, on_timeout, quick, quick_minutes, forfeit_after) -> dict:
    changes: dict = {}
    if hours is not None:
        changes["turn_seconds"] = float(hours) * HOUR
    if reminder_percent is not None:
        changes["reminder_fraction"] = reminder_percent / 100
    if on_timeout is not None:
        changes["on_timeout"] = on_timeout
    if quick is not None:
        changes["quick"] = quick
    if quick_minutes is not None:
        changes["quick_seconds"] = float(quick_minutes) * 60
    if forfeit_after is not None:
        changes["forfeit_after"] = forfeit_after
    return changes


def _channels_text(channels: list[str]) -> str:
    if not channels:
        return "Games may be played in any channel."
    return "Games may be played only in " + ", ".join(f"<#{c}>" for c in channels) + "."
