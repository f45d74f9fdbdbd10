"""/game new | join | leave | start | abort | status | list: the lobby, in plain sentences.

Only translation: each command calls one table-service method and words the result. Refusals
(TableError, IllegalAction) are answered ephemerally to the person who asked.
"""

from __future__ import annotations

import io
import logging
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine.core.registry import find_game, playable_games
from table import TableError, TableInfo

from .access import can_abort
from .components import trim
from .format import fit_message, seats_text
from .groups import GAME
from .people import BROKEN_NOTE
from .replies import _ids, answer, explain_failure, within_ack
from .tablecmds import TableCommands

log = logging.getLogger(__name__)


def _state_word(t: TableInfo) -> str:
    return BROKEN_NOTE if t.broken else "waiting for players" if t.status == "lobby" else "in play"


def _seats_line(t: TableInfo) -> str:
    return f"{seats_text(t.seats)} ({len(t.seats)}/{t.max_players} seats)"


class LobbyCog(TableCommands, commands.Cog, name="Lobby"):
    game = GAME  # more of its subcommands come from TableCommands

    def __init__(self, bot: commands.Bot, service: Any):
        self.bot = bot
        self.service = service

    async def _post(self, interaction: discord.Interaction, game_id: int, update: Any) -> None:
        play = self.bot.get_cog("Play")
        if play is not None:
            await play.announce(interaction, await self.service.get(game_id), update)

    async def cog_app_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await explain_failure(interaction, error, fallback="Something went wrong on our side. `/game status` shows where things stand.")

    # --- commands ----------------------------------------------------------------------

    @game.command(name="new", description="Open a new game in this channel")
    @app_commands.describe(game="Which game to play",
                           opponent="ai: play the computer now; human: wait for others to /game join",
                           settings="The game's own settings as name=value, name=value (pick from the list)",
                           thread="Play in a new thread of this channel, so the channel itself stays quiet")
    async def new(self, interaction: discord.Interaction, game: str,
                  opponent: Literal["ai", "human"] = "human",
                  settings: app_commands.Range[str, 0, 200] | None = None, thread: bool = False) -> None:
        channel, guild, uid, name = _ids(interaction)
        if opponent not in ("ai", "human"):  # Discord enforces the choices; a raw request may not
            await answer(interaction, "Choose `ai` or `human` as the opponent.", ephemeral=True)
            return
        config = self.service.parse_options(game, settings)
        if thread:
            channel = await within_ack(interaction, self._game_thread(interaction, game, name))

        async def open_table():
            table = await self.service.create(channel, guild, game, uid, name, config)
            if opponent != "ai":
                return table, None
            try:
                await self.service.add_ai(channel, uid)
                return table, await self.service.start(channel, uid)
            except Exception:
                await self.service.abort(channel, uid)  # don't leave a half-made game in the channel
                raise

        table, update = await within_ack(interaction, open_table())
        where = f" in <#{channel}>" if thread else ""
        if update is None:
            text = (f"{name} opened a game of {table.title} (game #{table.game_id}){where}: {_seats_line(table)}. "
                    f"Take a seat with `/game join`{' there' if thread else ''}; {name} starts it with "
                    f"`/game start` once {table.min_players} players are seated.")
            await answer(interaction, text)
            if thread:
                await self.bot.get_partial_messageable(int(channel)).send(text)
            return
        await answer(interaction, f"{name} started {table.title} against the AI (game #{table.game_id}){where}.")
        await self._post(interaction, table.game_id, update)

    async def _game_thread(self, interaction: discord.Interaction, game: str, name: str) -> str:
        """A public thread under this channel for one game; its id is the game's channel."""
        found = find_game(game)
        parent = interaction.channel
        if not isinstance(parent, discord.TextChannel):
            raise TableError("A game thread can be opened only from a server's text channel.")
        try:
            made = await parent.create_thread(name=trim(f"{found.title if found else game}: {name}'s table", 100),
                                              type=discord.ChannelType.public_thread)
        except discord.HTTPException as exc:
            raise TableError("I could not open a thread here: I need Create Public Threads and Send Messages "
                             "in Threads. Try again without `thread`.") from exc
        return str(made.id)

    @new.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str):
        # Built from the registry each time, so a newly playable game shows up without changes here.
        return [app_commands.Choice(name=g.title, value=g.id) for g in playable_games()
                if current.lower() in f"{g.id} {g.title}".lower()][:25]

    @new.autocomplete("settings")
    async def _option_choices(self, interaction: discord.Interaction, current: str):
        # The chosen game's settings only: each game's config model says what they are.
        return [app_commands.Choice(name=label, value=text)
                for label, text in self.service.option_choices(interaction.namespace.game, current)]

    @game.command(name="join", description="Take a seat in this channel's game")
    async def join(self, interaction: discord.Interaction) -> None:
        channel, _, uid, name = _ids(interaction)
        t = await within_ack(interaction, self.service.join(channel, uid, name))
        creator = next((s.name for s in t.seats if s.user_id == t.creator_id), "The creator")
        ready = (f" {creator} can start it with `/game start`." if len(t.seats) >= t.min_players
                 else f" It needs {t.min_players} players.")
        await answer(interaction, f"{name} joined {t.title} (game #{t.game_id}): {_seats_line(t)}.{ready}")

    @game.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        channel, _, uid, name = _ids(interaction)
        t = await within_ack(interaction, self.service.leave(channel, uid))
        if t.status == "aborted":
            await answer(interaction, f"{name} created game #{t.game_id} and left, so it is closed.")
        else:
            await answer(interaction, f"{name} left game #{t.game_id}: {_seats_line(t)}.")

    @game.command(name="start", description="Start this channel's game (creator only)")
    async def start(self, interaction: discord.Interaction) -> None:
        channel, _, uid, _name = _ids(interaction)
        update = await within_ack(interaction, self.service.start(channel, uid))
        t = await self.service.get(update.game_id)
        await answer(interaction, f"Game #{t.game_id} of {t.title} has begun: {seats_text(t.seats)}.")
        await self._post(interaction, t.game_id, update)

    @game.command(name="abort", description="End this channel's game now (creator or Manage Channels)")
    async def abort(self, interaction: discord.Interaction) -> None:
        channel, _, uid, name = _ids(interaction)
        table = await within_ack(interaction, self.service.table_in(channel))
        if table is None:
            await answer(interaction, "There is no game to abort in this channel.", ephemeral=True)
            return
        moderator = bool(interaction.permissions and interaction.permissions.manage_channels)
        if not can_abort(uid, table.creator_id, moderator):
            creator = next((s.name for s in table.seats if s.user_id == table.creator_id), "its creator")
            await answer(interaction, f"Only {creator}, who created game #{table.game_id}, or a member with "
                                      "Manage Channels can abort it.", ephemeral=True)
            return
        t = await within_ack(interaction, self.service.abort(channel, uid, is_admin=moderator))
        seed = f" The seed was `{t.seed}`, so every roll so far can be re-checked." if t.seed else ""
        await answer(interaction, f"{name} aborted game #{t.game_id} ({t.title}).{seed}")
        play = self.bot.get_cog("Play")
        if play is not None:
            await play.forget(t.game_id)

    @game.command(name="status", description="Show the board and whose move it is")
    async def status(self, interaction: discord.Interaction) -> None:
        channel, *_ = _ids(interaction)
        t = await within_ack(interaction, self.service.table_in(channel))
        if t is None:
            await answer(interaction, "There is no game in this channel. Start one with `/game new`.",
                         ephemeral=True)
            return
        if t.status == "lobby":
            await answer(interaction, f"Game #{t.game_id} ({t.title}) is waiting for players: {_seats_line(t)}, "
                                      f"needs {t.min_players}. Take a seat with `/game join`.")
            return
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True)  # rendering the board takes a moment
        play = self.bot.get_cog("Play")
        await answer(interaction, **await play.status_message(t))

    async def _game_here(self, interaction: discord.Interaction, game_id: int | None) -> int:
        """The game asked for, or else the newest game of this channel, running or ended."""
        if game_id is not None:
            return game_id
        channel, guild, _, _ = _ids(interaction)
        tables = [t for t in await self.service.list_tables(guild_id=guild, include_closed=True)
                  if t.channel_id == channel]
        if not tables:
            raise TableError("No game has been played in this channel; name one with `game:`.")
        return max(t.game_id for t in tables)

    @game.command(name="verify", description="Re-play an ended game from its revealed seed and check every roll")
    @app_commands.describe(game="Game number (default: this channel's latest game)")
    async def verify(self, interaction: discord.Interaction, game: int | None = None) -> None:
        game_id = await self._game_here(interaction, game)
        await answer(interaction, await within_ack(interaction, self.service.verify(game_id)))

    @game.command(name="log", description="The public log of a game as a text file")
    @app_commands.describe(game="Game number (default: this channel's latest game)")
    async def log(self, interaction: discord.Interaction, game: int | None = None) -> None:
        game_id = await self._game_here(interaction, game)
        text = await within_ack(interaction, self.service.log_text(game_id))
        file = discord.File(io.BytesIO(text.encode()), filename=f"game-{game_id}-log.txt")
        await answer(interaction, f"The public log of game #{game_id}.", file=file)

    @game.command(name="list", description="Games open or running in this server")
    async def list_games(self, interaction: discord.Interaction) -> None:
        _, guild, _, _ = _ids(interaction)
        tables = await within_ack(interaction, self.service.list_tables(guild_id=guild))
        if not tables:
            await answer(interaction, "No games are open or running in this server. Start one with `/game new`.",
                         ephemeral=True)
            return
        lines = [f"#{t.game_id} {t.title} in <#{t.channel_id}>: {_state_word(t)}"
                 f", {seats_text(t.seats)}" for t in tables]
        await answer(interaction, fit_message([f"{len(tables)} game{'s' if len(tables) != 1 else ''} in this server:"],
                                              lines), ephemeral=True)
