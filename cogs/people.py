"""/games, /notify, /autopilot, /leaderboard, and the buttons for approvals, conceding and rematches.

Only translation: each command or click calls one table-service method and words the result.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.core import IllegalAction
from engine.core.registry import playable_games
from table import TableError, TableInfo

from .components import ask_buttons, concede_buttons, people_button, trim
from .format import error_text, fit_message, prompt_name
from .replies import answer, edit_reply, explain_failure, fit, within_ack

log = logging.getLogger(__name__)
NO_MENTIONS = discord.AllowedMentions.none()
CLEAR = "off"  # the /autopilot answer that removes a standing answer
BROKEN_NOTE = ("⚠️ set aside: its saved data cannot be read. Its creator or a moderator can rebuild it with "
               "`/game repair` or end it with `/game abort`")


def _view(rows) -> discord.ui.View | None:
    from .play import build_view  # play imports this module's neighbours; import late

    return build_view(rows)


def ask_message(table: TableInfo, ask: Any, asker: str, *, newcomer: str | None = None,
                leaving: str | None = None) -> dict:
    """The public question of an undo or replacement request, pinging whoever must answer."""
    who = " ".join(f"<@{u}>" if str(u).isdigit() else str(u) for u in ask.missing)
    if ask.kind == "undo":
        what = f"{asker} asks to take back their last move in game #{table.game_id}."
    else:
        what = f"{asker} asks that {newcomer} take over {leaving}'s seat in game #{table.game_id}."
    users = [discord.Object(int(u)) for u in ask.missing if str(u).isdigit()]
    return {"content": f"↩️ {what} {who}, do you agree?", "view": _view(ask_buttons(ask.id)),
            "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, users=users)}


def concede_confirm(table: TableInfo) -> dict:
    two = len(table.seats) == 2
    effect = "the other player wins" if two else "the AI plays your seat to the end"
    return {"content": f"Concede game #{table.game_id} ({table.title})? It counts as a loss and {effect}. "
                       "Dismiss this message to keep playing.", "view": _view(concede_buttons(table.game_id))}


def games_lines(summaries: list) -> list[str]:
    lines = []
    for g in summaries:
        t = g.table
        where = f"<#{t.channel_id}>"
        if g.turn_message:
            where = f"[<#{t.channel_id}>](https://discord.com/channels/{t.guild_id or '@me'}/{g.turn_message[0]}/" \
                    f"{g.turn_message[1]})"
        if t.broken:
            state = BROKEN_NOTE
        elif t.status == "lobby":
            state = "waiting for players"
        elif g.your_move:
            state = "**your move**"
        else:
            state = "waiting on " + (", ".join(s.name for s in g.waiting_on) or "nobody")
        lines.append(f"#{t.game_id} {t.title} in {where}: {state}")
    return lines


class PeopleCog(commands.Cog, name="People"):
    def __init__(self, bot: commands.Bot, service: Any):
        self.bot = bot
        self.service = service

    async def cog_app_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await explain_failure(interaction, error)

    # --- commands ----------------------------------------------------------------------

    @app_commands.command(name="games", description="Every game you are in, those waiting on you first")
    async def games(self, interaction: discord.Interaction) -> None:
        mine = await within_ack(interaction, self.service.my_games(str(interaction.user.id)))
        if not mine:
            await answer(interaction, "You are not in any open game. Start one with `/game new`.", ephemeral=True)
            return
        waiting = sum(g.your_move for g in mine)
        head = [f"You are in {len(mine)} game{'s' if len(mine) != 1 else ''}; {waiting} wait{'s' if waiting == 1 else ''}"
                " on you."]
        await answer(interaction, fit_message(head, games_lines(mine)), ephemeral=True)

    @app_commands.command(name="notify", description="How Arbiter reaches you: DMs when it is your move, reminders")
    @app_commands.describe(dm="Also send me a direct message when a game waits on me",
                           reminders="Remind me when I have used half my clock")
    async def notify(self, interaction: discord.Interaction, dm: bool | None = None,
                     reminders: bool | None = None) -> None:
        uid = str(interaction.user.id)
        note = ""
        if dm:
            try:  # never depend on DMs: try one now, and keep them off if it cannot be delivered
                channel = await self.bot.create_dm(interaction.user)
                await channel.send(**fit(content="🔔 Arbiter will DM you here when a game waits on you. "
                                                 "`/notify dm:False` stops it."))
            except discord.HTTPException:
                dm, note = False, " I could not send you a DM (your privacy settings?), so DMs stay off."
        settings = await self.service.set_notify(uid, dm=dm, reminders=reminders)
        await answer(interaction, f"DMs when a game waits on you: **{'on' if settings['dm'] else 'off'}**; "
                                  f"reminders: **{'on' if settings['reminders'] else 'off'}**.{note}", ephemeral=True)

    @app_commands.command(name="autopilot", description="Standing answers for routine prompts in this channel's game")
    @app_commands.rename(answer_="answer")  # "answer" is the reply helper's name in this module
    @app_commands.describe(prompt="Which kind of prompt", answer_="How to answer it every time (off: ask me again)")
    async def autopilot(self, interaction: discord.Interaction, prompt: str | None = None,
                        answer_: str | None = None) -> None:
        table = await self._table_here(interaction)
        uid = str(interaction.user.id)
        options = await self.service.autopilot_options(table.game_id)
        if prompt is None:
            current = await self.service.autopilot_of(table.game_id, uid)
            lines = [options.get(kind, {}).get(a, a) for kind, a in current.items()] or ["none set"]
            kinds = "; ".join(prompt_name(k, answers) for k, answers in options.items()) or "none"
            await answer(interaction, fit_message([f"Your standing answers in game #{table.game_id}:"], lines,
                                                  tail=[f"-# Prompts you can set: {kinds}."]), ephemeral=True)
            return
        if answer_ is None:
            raise TableError("Choose an answer from the list: "
                             + "; ".join([*options.get(prompt, {}).values(), "Ask me again"]) + ".")
        update = await within_ack(interaction, self.service.set_autopilot(
            table.game_id, uid, prompt, None if answer_ == CLEAR else answer_))
        said = "cleared: you will be asked again" if answer_ == CLEAR else f"now “{options[prompt][answer_]}”"
        await answer(interaction, f"Your standing answer in game #{table.game_id} is {said}.", ephemeral=True)
        if update is not None:
            play = self.bot.get_cog("Play")
            await play.announce(interaction, await self.service.get(table.game_id), update)

    @autopilot.autocomplete("prompt")
    async def _prompt_choices(self, interaction: discord.Interaction, current: str):
        table = await self.service.table_in(str(interaction.channel_id))
        if table is None:
            return []
        options = await self.service.autopilot_options(table.game_id)
        # Players read what the prompt is about; the value is the game's own name for it.
        return [app_commands.Choice(name=trim(prompt_name(k, answers), 100), value=k) for k, answers in options.items()
                if current.lower() in f"{k} {prompt_name(k, answers)}".lower()][:25]

    @autopilot.autocomplete("answer_")
    async def _answer_choices(self, interaction: discord.Interaction, current: str):
        table = await self.service.table_in(str(interaction.channel_id))
        prompt = getattr(interaction.namespace, "prompt", None)
        if table is None or not prompt:
            return []
        answers = {**(await self.service.autopilot_options(table.game_id)).get(prompt, {}), CLEAR: "Ask me again"}
        return [app_commands.Choice(name=trim(v, 100), value=k) for k, v in answers.items()
                if current.lower() in f"{k} {v}".lower()][:25]

    @app_commands.command(name="leaderboard", description="This server's best players of a game (Elo)")
    @app_commands.describe(game="Which game")
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        guild = str(interaction.guild_id) if interaction.guild_id else None
        rows = await within_ack(interaction, self.service.leaderboard(guild, game))
        title = next((g.title for g in playable_games() if g.id == game), game)
        if not rows:
            await answer(interaction, f"No rated games of {title} on this server yet.", ephemeral=True)
            return
        lines = [f"{i}. <@{r.user_id}> **{r.rating:.0f}** ({r.wins} won, {r.losses} lost, {r.draws} drawn)"
                 if r.user_id.isdigit() else f"{i}. {r.name} **{r.rating:.0f}** ({r.wins}–{r.losses}–{r.draws})"
                 for i, r in enumerate(rows, start=1)]
        await answer(interaction, fit_message([f"🏆 {title} on this server (Elo, everyone starts at 1200):"], lines),
                     allowed_mentions=NO_MENTIONS)

    @leaderboard.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=g.title, value=g.id) for g in playable_games()
                if current.lower() in f"{g.id} {g.title}".lower()][:25]

    async def _table_here(self, interaction: discord.Interaction) -> TableInfo:
        table = await self.service.table_in(str(interaction.channel_id))
        if table is None or table.status != "active":
            raise TableError("There is no running game in this channel.")
        return table

    # --- buttons -----------------------------------------------------------------------

    async def on_click(self, interaction: discord.Interaction, custom_id: str) -> None:
        kind, numbers = people_button(custom_id) or ("", [])
        await interaction.response.defer()
        try:
            match kind:
                case "req":
                    await self._answer_request(interaction, numbers[0], bool(numbers[1]))
                case "cnc":
                    update = await self.service.concede(numbers[0], str(interaction.user.id))
                    await self._edit(interaction, f"You conceded game #{numbers[0]}.")
                    await self._announce(interaction, numbers[0], update)
                case "undo":
                    await self._undo(interaction, numbers[0])
                case "rm":
                    update = await self.service.rematch(numbers[0], str(interaction.user.id))
                    await answer(interaction, f"{interaction.user.display_name} started a rematch of game "
                                              f"#{numbers[0]}: game #{update.game_id}.")
                    await self._announce(interaction, update.game_id, update)
        except (TableError, IllegalAction) as exc:
            await answer(interaction, error_text(exc), ephemeral=True)
        except Exception:
            log.exception("button %s failed", custom_id)
            await answer(interaction, "Something went wrong on our side.", ephemeral=True)

    async def _undo(self, interaction: discord.Interaction, game_id: int) -> None:
        ask, update = await self.service.request_undo(game_id, str(interaction.user.id))
        if update is not None:
            await answer(interaction, f"{interaction.user.display_name} took back their last move.")
            await self._announce(interaction, game_id, update)
            return
        table = await self.service.get(game_id)
        await answer(interaction, **ask_message(table, ask, interaction.user.display_name))

    async def _answer_request(self, interaction: discord.Interaction, request_id: int, approve: bool) -> None:
        ask, update = await self.service.answer_request(request_id, str(interaction.user.id), approve)
        name = interaction.user.display_name
        if ask.status == "refused":
            await self._edit(interaction, f"~~{interaction.message.content if interaction.message else ''}~~\n"
                                          f"{name} said no.")
        elif ask.status == "done":
            what = "the move was taken back" if ask.kind == "undo" else "the seat changed hands"
            await self._edit(interaction, f"✅ Agreed by everyone asked: {what}.")
        else:
            await answer(interaction, f"{name} agreed; still waiting on "
                         + ", ".join(f"<@{u}>" for u in ask.missing) + ".", allowed_mentions=NO_MENTIONS)
        if update is not None:
            await self._announce(interaction, ask.game_id, update)

    async def _edit(self, interaction: discord.Interaction, content: str) -> None:
        try:
            await edit_reply(interaction, content=content, view=None)
        except discord.HTTPException as exc:
            log.info("could not edit a request message: %s", exc)

    async def _announce(self, interaction: discord.Interaction, game_id: int, update: Any) -> None:
        play = self.bot.get_cog("Play")
        await play.announce(interaction, await self.service.get(game_id), update)
