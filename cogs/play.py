"""Turn messages and every button/select of play.

A turn is one message: while the game waits on the same players, each Update edits the live turn
message in place (board, text and buttons refreshed; edits never ping). When the awaited players
change, a NEW message pings them and the previous turn message loses its buttons. All components are DynamicItems
whose custom_id carries game id + version (cogs/components.py), so they survive restarts and
stale clicks are caught. Hands and secret actions only ever go to ephemeral replies.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
import weakref
from collections.abc import Collection
from typing import Any

import discord
from discord.ext import commands

from engine.core import IllegalAction
from images.pool import draw
from table import Notice, NotYourMove, PanelFacts, StaleVersion, TableError, TableInfo, Update

from .components import (
    BUTTON_TEMPLATE,
    SELECT_TEMPLATE,
    ButtonSpec,
    Cid,
    Layout,
    SelectSpec,
    check_layout,
    confirm_buttons,
    group_actions,
    mark_danger,
    parse_cid,
    people_button,
    picked_move,
    plan_panel,
    plan_picks,
    plan_turn,
    public_actions,
    rematch_buttons,
)
from .edge import genuine, unanswered
from .format import (
    BARE_SECTION,
    MAX_MESSAGE,
    awaited_line,
    finished_message,
    fit_message,
    game_summary,
    mention_ids,
    panel_label,
    prompt_name,
    status_line,
    turn_message,
)
from .lookup import refusal_kwargs
from .replies import CLICK_ACK_SECONDS, acknowledge, answer, edit_reply, fit, responding, within_ack

log = logging.getLogger(__name__)

STALE = "The board has changed since this was posted — here is the current state."
NOT_OURS = ("That button or choice is not one I recognise on this message, so nothing was done. "
            "`/game status` shows the game as it stands.")
NOT_POSTED = ("Your move was made, but I could not post the turn message in this channel. I need View "
              "Channel, Send Messages and Attach Files here. `/game status` shows the board.")
PANEL_FRESH = 14 * 60  # seconds a private panel can still be edited (Discord: 15 minutes per interaction)
KEEP_LINES = 40  # log lines an edited turn message carries over (the message is cut to fit anyway)
STYLES = {
    "primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger,
}


# --- components ----------------------------------------------------------------------------

class ArbButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    """Every Arbiter button; the custom_id says what it does."""

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        if not genuine(interaction, self.custom_id):  # forged: on no message, or not on this one
            await answer(interaction, NOT_OURS, ephemeral=True)
            return
        if people_button(self.custom_id):
            await interaction.client.get_cog("People").on_click(interaction, self.custom_id)
            return
        await _play(interaction).on_component(interaction, self.custom_id, [])


class ArbSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    """Every Arbiter select; its values are action indices (pick) or group numbers (grp)."""

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        if not genuine(interaction, self.custom_id, values):  # a value that is not among the options
            await answer(interaction, NOT_OURS, ephemeral=True)
            return
        await _play(interaction).on_component(interaction, self.custom_id, values)


DYNAMIC_ITEMS = (ArbButton, ArbSelect)


def _play(interaction: discord.Interaction) -> PlayCog:
    return interaction.client.get_cog(PlayCog.__cog_name__)  # type: ignore[return-value]


def build_view(rows: Layout) -> discord.ui.View | None:
    """discord.ui items from a layout spec. timeout=None matters: a view that times out
    unregisters its DynamicItem templates from the client's store."""
    check_layout(rows)
    if not rows:
        return None
    view = discord.ui.View(timeout=None)
    for r, row in enumerate(rows):
        if isinstance(row, SelectSpec):
            options = [discord.SelectOption(label=o.label, value=o.value, description=o.description)
                       for o in row.options]
            view.add_item(ArbSelect(discord.ui.Select(custom_id=row.custom_id, placeholder=row.placeholder,
                                                      options=options, row=r, min_values=row.min_values,
                                                      max_values=row.max_values)))
        else:
            for b in row:
                view.add_item(ArbButton(_button(b, r)))
    return view


def _button(b: ButtonSpec, row: int) -> discord.ui.Button:
    return discord.ui.Button(custom_id=b.custom_id, label=b.label, style=STYLES[b.style],
                             disabled=b.disabled, row=row)


def _kw(*, content: str | None = None, png: bytes | None = None, name: str = "board.png",
        view: discord.ui.View | None = None, **extra: Any) -> dict:
    """Send/edit kwargs without None values (discord.py wants them left out, not None)."""
    kw = dict(extra)
    if content is not None:
        kw["content"] = content
    if png is not None:
        kw["file"] = discord.File(io.BytesIO(png), filename=name)
    if view is not None:
        kw["view"] = view
    return kw


_MISSING_RENDERERS: set[str] = set()


async def render(name: str, *args: Any, **options: Any) -> bytes | None:
    """Call images.<name>(*args, **options) off the event loop; a missing or failing renderer
    costs the picture, never the message."""
    try:
        import images

        getattr(images, name)
        if args and isinstance(args[0], str) and not images.supports(args[0]):
            return None  # a game drawn as text only (yet): nothing failed
    except (ImportError, AttributeError):
        if name not in _MISSING_RENDERERS:  # say it once, not on every turn
            _MISSING_RENDERERS.add(name)
            log.warning("images.%s is not available; sending text only", name)
        return None
    try:
        return await draw(name, *args, **options)  # in a worker process: Pillow holds the GIL
    except Exception:
        log.exception("images.%s failed", name)
        return None


def with_text_board(content: str, board: str | None) -> str:
    """Add the game's text board under the message when there is no picture and room for it."""
    if not board:
        return content
    block = f"\n```\n{board}\n```"
    return content + block if len(content) + len(block) <= MAX_MESSAGE else content


def _pings(seats: list) -> discord.AllowedMentions:
    """Mentions limited to exactly these players (never everyone, roles or a reply)."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(i) for i in mention_ids(seats)])


Pinged = tuple[tuple[int, int] | None, frozenset[int]]  # (game turn, seats pinged during it)


def same_turn(last: tuple[str, str, int] | None, update: Update, pinged: Pinged = (None, frozenset())) -> bool:
    """Whether `update` only continues what the live turn message shows: it starts from that
    message's version, and either the game waited on the same players throughout, or it is still
    the same game turn (turn, active player) and everyone it waits on was already pinged during
    it: the active player whose turn resumes after another player's reaction is not pinged twice
    for one turn (UX.md §1: a turn pings its player once)."""
    if last is None or update.finished or update.from_version != last[2]:
        return False
    if update.same_awaited:
        return True
    turn, seen = pinged
    awaited = {s.seat for s in update.to_act if not s.is_ai}
    return turn is not None and turn == update.turn_key and awaited <= seen


def pinged_after(pinged: Pinged, update: Update, posted: bool) -> Pinged:
    """Who has been pinged during the game turn, after posting (or editing) for `update`."""
    humans = frozenset(s.seat for s in update.to_act if not s.is_ai)
    if update.turn_key != pinged[0]:
        return update.turn_key, humans if posted else frozenset()
    return pinged[0], pinged[1] | humans if posted else pinged[1]


def pending_seats(table: TableInfo, prompts: list) -> list:
    """The SeatInfos of the players the game's open prompts wait on."""
    waiting = {d.seat for d in prompts}
    return [s for s in table.seats if s.seat in waiting]


def runs_guild(bot: commands.Bot, guild_id: str | None) -> bool:
    """Whether this process runs the shard of a guild: (guild id >> 22) % shard count, as Discord
    routes them; games outside a guild belong to shard 0. Unsharded, every guild is ours."""
    count = getattr(bot, "shard_count", None)
    if not count:
        return True
    shard = (int(guild_id) >> 22) % count if guild_id and guild_id.isdigit() else 0
    return shard in (getattr(bot, "shard_ids", None) or range(count))


class PlayCog(commands.Cog, name="Play"):
    def __init__(self, bot: commands.Bot, service: Any):
        self.bot = bot
        self.service = service
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._resumed = False
        self._shown: dict[int, tuple[str, list[str]]] = {}  # game -> (turn message id, the log lines it shows)
        self._pinged: dict[int, Pinged] = {}  # game -> (its game turn, the seats pinged during it)
        # (game, user) -> the interaction whose private panel that player saw last, the panel's
        # message id (None: the interaction's own message) and when: refreshed on their next move.
        self._panels: dict[tuple[int, str], tuple[discord.Interaction, int | None, float]] = {}
        self._panel_locks: weakref.WeakValueDictionary[tuple[int, str], asyncio.Lock] = weakref.WeakValueDictionary()
        self._panel_tickets: dict[tuple[int, str], int] = {}  # refreshes asked per panel, the newest wins
        if hasattr(service, "on_notice"):
            service.on_notice = self.on_notice  # reminders and timeouts from the table's clock

    # --- the clock ---------------------------------------------------------------------------

    async def on_notice(self, table: TableInfo, notice: Notice) -> None:
        """A reminder pings the awaited player with a jump to the game; a timeout posts its Update."""
        try:
            if notice.kind in ("timeout", "forfeit") and notice.update is not None:
                await self.post_update(table, notice.update)
            elif notice.kind == "reminder":
                channel = self.bot.get_partial_messageable(int(table.channel_id))
                last = await self.service.turn_message(table.game_id)
                text = reminder_text(table, notice, last)
                await channel.send(**fit(content=text, allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, replied_user=False,
                    users=[discord.Object(i) for i in mention_ids([notice.seat])])))
                await self.direct_messages([notice.seat], text)
        except discord.HTTPException:
            log.exception("could not post the %s of game %s", notice.kind, table.game_id)

    # --- public turn messages ---------------------------------------------------------------

    async def post_update(self, table: TableInfo, update: Update, *, actor_id: str | None = None
                          ) -> discord.Message | None:
        """Post the turn message for `update` in the game's channel (None: a newer one is up).

        Raises discord.HTTPException if the channel refuses it; see announce()."""
        async with self._locks.setdefault(update.game_id, asyncio.Lock()):
            # The newest turn message is kept in the store, so a restarted bot still retires it.
            last = await self.service.turn_message(update.game_id)
            if last and last[2] > update.version:
                return None  # a newer turn message is already up
            pinged = self._pinged.get(update.game_id, (None, frozenset()))
            same = same_turn(last, update, pinged)
            # An edited turn message keeps the lines it already showed (while this process knows them).
            earlier = self._shown.get(update.game_id, ("", []))
            told = [*earlier[1], *update.public_events] if same and earlier[0] == last[1] else update.public_events
            content, rows, mentions = await self._turn_parts(table, update, told, first=last is None,
                                                             pinged=pinged[1] if pinged[0] == update.turn_key else ())
            png = await render("render_board", table.game, update.public_view)
            if png is None:
                content = with_text_board(content, self.service.board_text(table.game, update.public_view))
            channel = self.bot.get_partial_messageable(int(table.channel_id))
            msg = await self._edit_turn(last, update, content, png, rows) if same else None
            if msg is None:
                told = update.public_events
                msg = await channel.send(**fit(**_kw(content=content, png=png, view=build_view(rows),
                                                     allowed_mentions=mentions)))
                if last:
                    await self._strip(int(last[0]), int(last[1]))
            await self.service.remember_turn_message(update.game_id, table.channel_id, str(msg.id), update.version)
            self._shown[update.game_id] = (str(msg.id), told[-KEEP_LINES:])
            edited = msg.id == (int(last[1]) if last else None)
            self._pinged[update.game_id] = pinged_after(pinged, update, posted=not edited)
        # Outside the message lock: the game's next turn message never waits on these edits.
        await self._refresh_panels(update, actor_id)
        if edited and update.same_awaited:
            return msg  # the same players act on: no new ping, no DM
        if not update.finished:
            link = jump_link(table, table.channel_id, str(msg.id))
            # The player who just moved and moves on sees the message already: no DM for them.
            await self.direct_messages([s for s in update.to_act if not s.is_ai and s.user_id != actor_id],
                                       f"🎲 Your move in game #{table.game_id} ({table.title}): {link}")
        return msg

    def _saw_panel(self, interaction: discord.Interaction, game_id: int, message_id: int | None = None) -> None:
        """Remember the private panel a player has open (the interaction's own message, or the
        followup `message_id`)."""
        self._panels[(game_id, str(interaction.user.id))] = (interaction, message_id, time.monotonic())

    async def _send_panel(self, interaction: discord.Interaction, game_id: int, **kw: Any) -> None:
        """Send a private panel and remember it: as the click's response when nothing answered it
        yet (one request), else as a followup."""
        async with responding(interaction):
            if not interaction.response.is_done():
                await interaction.response.send_message(ephemeral=True, **fit(**kw))
                self._saw_panel(interaction, game_id)  # the response is the interaction's own message
                return
        msg = await interaction.followup.send(ephemeral=True, wait=True, **fit(**kw))
        if msg is not None:
            self._saw_panel(interaction, game_id, msg.id)

    async def _refresh_panels(self, update: Update, actor_id: str | None) -> None:
        """A player whose private panel is still open sees their new choices there when the game
        comes to them (a reaction, their turn again): no click on "Your move" first. Best effort:
        a panel older than Discord lets us edit is left as it is (its buttons answer as stale)."""
        if update.finished:  # nothing more to choose: forget the game's panels
            for key in [k for k in self._panels if k[0] == update.game_id]:
                del self._panels[key]
            return
        for seat in update.to_act:
            if not seat.is_ai and str(seat.user_id) != actor_id:
                await self._refresh_panel(update.game_id, str(seat.user_id))

    async def _refresh_panel(self, game_id: int, user_id: str) -> None:
        """Edit one open panel with the game as it stands. Refreshes of one panel run one at a
        time and only the newest asked waits its turn: an older one never lands after it."""
        key = (game_id, user_id)
        if key not in self._panels:
            return
        ticket = self._panel_tickets[key] = self._panel_tickets.get(key, 0) + 1
        async with self._panel_locks.setdefault(key, asyncio.Lock()):
            try:
                if self._panel_tickets.get(key) == ticket:  # else a newer refresh follows this one
                    await self._edit_panel(game_id, user_id)
            finally:
                if self._panel_tickets.get(key) == ticket:  # nobody waits behind this one
                    del self._panel_tickets[key]

    async def _edit_panel(self, game_id: int, user_id: str) -> None:
        key = (game_id, user_id)
        seen = self._panels.get(key)
        if seen is None:
            return  # closed meanwhile
        interaction, message_id, when = seen
        if time.monotonic() - when > PANEL_FRESH:
            self._panels.pop(key, None)
            return
        kw = fit(**{"view": None, **await self._panel(game_id, user_id)})
        try:
            if message_id is None:
                await interaction.edit_original_response(**kw)
            else:
                await interaction.followup.edit_message(message_id, **kw)
        except discord.HTTPException as exc:
            log.info("could not refresh the panel of %s in game %s: %s", user_id, game_id, exc)
            self._panels.pop(key, None)

    async def _edit_turn(self, last: tuple[str, str, int], update: Update, content: str, png: bytes | None,
                         rows: Layout) -> discord.Message | None:
        """Refresh the live turn message in place (edits never ping); None if it is gone."""
        message = self.bot.get_partial_messageable(int(last[0])).get_partial_message(int(last[1]))
        files = [discord.File(io.BytesIO(png), filename="board.png")] if png is not None else []
        try:
            return await message.edit(**fit(content=content, attachments=files, view=build_view(rows),
                                            allowed_mentions=discord.AllowedMentions.none()))
        except discord.HTTPException as exc:
            log.info("could not edit turn message %s of game %s: %s", last[1], update.game_id, exc)
            return None

    async def direct_messages(self, seats: list, text: str) -> None:
        """DM the players who asked for it (/notify); a closed DM never costs the game anything."""
        for seat in seats:
            uid = str(seat.user_id)
            if not uid.isdigit() or not (await self.service.notify_settings(uid))["dm"]:
                continue
            try:
                channel = await self.bot.create_dm(discord.Object(int(uid)))
                await channel.send(**fit(content=text))
            except discord.HTTPException as exc:
                log.info("could not DM %s: %s", uid, exc)

    async def forget(self, game_id: int) -> None:
        """The game ended outside a move (abort): its last turn message loses its buttons."""
        last = await self.service.turn_message(game_id)
        if last:
            await self.service.forget_turn_message(game_id)
            await self._strip(int(last[0]), int(last[1]))

    async def _turn_parts(self, table: TableInfo, update: Update, told: list[str], *, first: bool = False,
                          pinged: Collection[int] = ()):
        """Content, components and mentions of the turn message; `pinged`: seats already pinged
        during this game turn, which a new message names without pinging again."""
        if update.finished:
            seed = update.public_view.get("seed") or (await self.service.get(update.game_id)).seed
            players = [s for s in table.seats if not s.is_ai]
            text = finished_message(update.game_id, table.title, update.result_text, told, seed,
                                    table.seed_commitment, players=players,
                                    summary=game_summary(update.version, update.public_view),
                                    moments=update.moments)
            return text, rematch_buttons(update.game_id), _pings(players)
        humans = [s for s in update.to_act if not s.is_ai]
        actions: list = []
        single = humans[0] if len(humans) == 1 and len(update.to_act) == 1 else None
        warnings: dict[int, str] = {}
        if single is not None:
            facts = await self.service.panel_facts(update.game_id, single.user_id)  # moves and warnings: one read
            if facts.version == update.version:
                actions, warnings = facts.offers, facts.dangers
        rows = plan_turn(update.game_id, update.version,
                         panel_label=panel_label(humans, update.prompts) if humans else None,
                         seat=single.seat if single else None, actions=actions,
                         undo=update.undoable,  # only when taking it back would be allowed
                         detail=pictured(table.game))
        rows = mark_danger(rows, warnings)
        by_seat = {s.seat: s for s in table.seats}
        private_for = [by_seat[s].name for s, ev in sorted(update.private_events.items())
                       if ev and s in by_seat and not by_seat[s].is_ai]
        waiting = {s.seat for s in humans}
        options = self.service.routine_options(table.game)
        routine = sorted({prompt_name(d.kind, options[d.kind]) for d in update.prompts if d.seat in waiting and d.kind in options})
        text = turn_message(update.game_id, table.title, update.to_act, update.prompts, update.public_view,
                            told, private_for, routine, intro=first)
        return text, rows, _pings([s for s in humans if s.seat not in pinged])

    async def _strip(self, channel_id: int, message_id: int) -> None:
        """Remove the buttons of an old turn message (best effort: it may be deleted)."""
        try:
            await self.bot.get_partial_messageable(channel_id).get_partial_message(message_id).edit(view=None)
        except discord.HTTPException as exc:
            log.info("could not strip components of %s: %s", message_id, exc)

    async def status_message(self, table: TableInfo) -> dict:
        """Send kwargs for /game status: the current board, who must act, live buttons."""
        view = await self.service.view(table.game_id, None)
        prompts = await self.service.prompts(table.game_id, None)
        waiting = pending_seats(table, prompts)
        humans = [s for s in waiting if not s.is_ai]
        rows = plan_turn(table.game_id, table.version,
                         panel_label=panel_label(humans, prompts) if humans else None)
        content = "\n".join([awaited_line(waiting, prompts), status_line(table.game_id, table.title, view)])
        png = await render("render_board", table.game, view)
        return _kw(content=content, png=png, view=build_view(rows),
                   allowed_mentions=discord.AllowedMentions.none())

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Once per process: let AI seats move in games that were waiting on them at shutdown, and
        post the turn of a game whose last move was saved but whose turn message was not (a crash
        in between), so its players have live buttons again."""
        if self._resumed:
            return
        self._resumed = True
        try:
            tables = await self.service.list_tables()
        except Exception:
            log.exception("could not list games to resume")
            return
        for t in tables:
            if t.status != "active" or t.broken:  # a game set aside waits for /game repair
                continue
            # In a cluster each process resumes the games of its own shards, and a claim in the
            # store keeps two processes (a shard handed over, a misconfiguration) from both doing it.
            if not runs_guild(self.bot, t.guild_id) or not await self.service.claim_resume(t.game_id, t.version):
                continue
            try:
                update = await self.service.run_ai(t.game_id) or await self._unposted_turn(t.game_id)
                if update:
                    await self.post_update(await self.service.get(t.game_id), update)
            except TableError as exc:
                log.info("game %s not resumed: %s", t.game_id, exc)
            except Exception:
                log.exception("could not resume AI in game %s", t.game_id)

    async def _unposted_turn(self, game_id: int) -> Update | None:
        """The current turn of a game whose newest turn message is older than the game, if any."""
        last = await self.service.turn_message(game_id)
        current = await self.service.current(game_id)
        return current if last is not None and last[2] < current.version else None

    # --- component clicks ------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click that none of our components will take (forged, malformed, or not on its
        message) still gets a private answer instead of Discord's "did not respond"."""
        if interaction.type == discord.InteractionType.component and unanswered(interaction):
            await answer(interaction, NOT_OURS, ephemeral=True)

    async def on_component(self, interaction: discord.Interaction, custom_id: str, values: list[str]) -> None:
        cid = parse_cid(custom_id)
        chosen = _number(values[0]) if values else None
        several = [picked_move(v) for v in values]
        if cid is None or (cid.kind in ("grp", "pick") and chosen is None) or (
                cid.kind == "many" and (not several or None in several)):
            await answer(interaction, NOT_OURS, ephemeral=True)  # every click gets an answer
            return
        # The first reply (the panel, its edit, a refusal) is the click's response itself; a click
        # still unanswered after CLICK_ACK_SECONDS is acknowledged silently so Discord keeps it.
        await within_ack(interaction, self._click(interaction, cid, chosen, several, custom_id), thinking=False,
                         within=CLICK_ACK_SECONDS)
        await acknowledge(interaction)  # a click that needed no private reply

    async def _click(self, interaction: discord.Interaction, cid: Cid, chosen: int | None, several: list,
                     custom_id: str) -> None:
        """Carry out a click; every failure becomes a private sentence, never an exception."""
        try:
            try:
                if cid.kind == "many":
                    await self._act_many(interaction, cid, several)
                else:
                    await self._component(interaction, cid, chosen)
            except StaleVersion:
                await self._stale(interaction, cid.game_id)
        except (TableError, IllegalAction) as exc:
            await answer(interaction, **refusal_kwargs(await self._engine_id(cid.game_id), exc))
        except Exception:
            log.exception("component %s failed", custom_id)
            await answer(interaction, "Something went wrong on our side. `/game status` shows where the "
                                      "game stands.", ephemeral=True)

    async def _component(self, interaction: discord.Interaction, cid: Cid, chosen: int | None) -> None:
        match cid.kind:
            case "hand":
                await self._show_hand(interaction, cid.game_id)
            case "detail":
                await self._detail(interaction, cid.game_id)
            case "panel":
                await self._open_panel(interaction, cid)
            case "nav" | "grp":
                group = chosen if cid.kind == "grp" else cid.group
                await self._navigate(interaction, cid, group, 0 if cid.kind == "grp" else cid.page)
            case "act" | "pick" | "ok":
                await self._act(interaction, cid, chosen if cid.kind == "pick" else cid.index,
                                confirmed=cid.kind == "ok")

    async def _engine_id(self, game_id: int) -> str | None:
        try:
            return (await self.service.get(game_id)).game
        except TableError:
            return None

    async def _seat(self, interaction: discord.Interaction, cid: Cid, facts: PanelFacts | None = None) -> int:
        """The clicker's seat (from `facts` when the click read them already); a button that is
        not theirs is refused with the game's turn rule, so the refusal carries a "Why?" button
        like any other."""
        seat = facts.seat if facts else await self.service.seat_of(cid.game_id, str(interaction.user.id))
        if seat is None:
            raise NotYourMove(f"You are not playing in game #{cid.game_id}, so this button is not for you.",
                              await self.service.turn_rule(cid.game_id))
        if cid.seat is not None and cid.seat != seat:
            table = facts.table if facts else await self.service.get(cid.game_id)
            owner = next((s.name for s in table.seats if s.seat == cid.seat), "another player")
            raise NotYourMove(f"This choice belongs to {owner}, not to you.",
                              await self.service.turn_rule(cid.game_id))
        return seat

    async def _panel(self, game_id: int, user_id: str, *, group: int | None = None, page: int = 0,
                     prefix: str = "", facts: PanelFacts | None = None) -> dict:
        """Send kwargs for a seat's private panel (or a sentence saying who the game waits on).
        The panel opens with what the choice is about: the prompt's context, for its owner only.
        `facts`: the panel's facts when the click read them already."""
        facts = facts or await self.service.panel_facts(game_id, user_id)
        table, prompts, version, seat, actions = facts.table, facts.prompts, facts.version, facts.seat, facts.offers
        head = [prefix] if prefix else []
        if table.status != "active":
            return _kw(content="\n".join([*head, f"Game #{game_id} is {table.status}; there is nothing to choose."]))
        if seat is None or not actions:
            waiting = pending_seats(table, prompts)
            who = ", ".join(s.name for s in waiting) or "nobody"
            return _kw(content="\n".join([*head, f"Game #{game_id} is not waiting on you; it waits on {who}."]))
        mine = [d for d in prompts if d.seat == seat]
        title = f"**{panel_label([s for s in table.seats if s.seat == seat], prompts)}**, game #{game_id}"
        said = next((BARE_SECTION.sub("", d.prompt) for d in mine if d.prompt), None)
        context = facts.briefing  # what it is about, and what a timeout does
        tail = [f"-# {len(actions)} choice{'s' if len(actions) != 1 else ''}; only you can see this."]
        rows = mark_danger(plan_panel(actions, game_id, version, seat, group, page,
                                      group_first=self.service.pieces_first(table.game)), facts.dangers)
        picks = max((d.picks for d in mine), default=1)
        upto = any(d.upto for d in mine)
        legal = [a for a in actions if not hasattr(a, "then")]  # the moves; joined pairs come after them
        together = plan_picks(legal, game_id, version, seat, picks, upto, facts.copies) if group is None else []
        if together:  # "choose N": one select takes them all; one at a time stays below when it fits
            rows = together + (rows if len(rows) < 5 else [])
            which = f"up to {together[0].max_values}" if upto else f"all {picks}"
            tail.insert(0, f"-# Pick {which} at once in the list, or one at a time with the buttons."
                        if len(rows) > 1 else f"-# Pick {which} at once in the list.")
        return _kw(content=fit_message([*head, f"{title}: {said}" if said else title], context, tail=tail),
                   view=build_view(rows))

    async def _open_panel(self, interaction: discord.Interaction, cid: Cid) -> None:
        user_id = str(interaction.user.id)
        facts = await self.service.panel_facts(cid.game_id, user_id)  # the seat, version and panel: one read
        await self._seat(interaction, cid, facts)
        if facts.version != cid.version:
            return await self._stale(interaction, cid.game_id)
        await self._send_panel(interaction, cid.game_id, **await self._panel(cid.game_id, user_id, facts=facts))

    async def _navigate(self, interaction: discord.Interaction, cid: Cid, group: int | None, page: int) -> None:
        """Move within the ephemeral panel: edit it in place. A group that is one piece's moves
        (a unit) comes with the board marking where it can go and whom it can hit."""
        await self._seat(interaction, cid)
        table = await self.service.get(cid.game_id)
        stale = table.version != cid.version
        user_id = str(interaction.user.id)
        kw = await self._panel(cid.game_id, user_id, group=None if stale else group,
                               page=0 if stale else page, prefix=STALE if stale else "")
        png = None if stale or group is None else await self._highlighted_board(table, user_id, group)
        files = [discord.File(io.BytesIO(png), filename="board.png")] if png else []
        if not _ephemeral(interaction):  # never turn a public message into someone's private panel
            await answer(interaction, ephemeral=True, **kw, files=files)
            return
        await edit_reply(interaction, **{"view": None, **kw, "attachments": files})
        self._saw_panel(interaction, cid.game_id)

    async def _highlighted_board(self, table: TableInfo, user_id: str, group: int) -> bytes | None:
        version, _, actions = await self.service.offers_for(table.game_id, user_id)
        groups = group_actions(actions)
        if not 0 <= group < len(groups):
            return None
        # a joined pair is drawn as the move it leads to
        spec = await self.service.highlight(table.game_id, [getattr(actions[i], "then", actions[i])
                                                            for i in groups[group][1]])
        if spec is None:
            return None
        return await render("render_board", table.game, await self.service.view(table.game_id, None), highlight=spec)

    async def _act(self, interaction: discord.Interaction, cid: Cid, index: int, *, confirmed: bool = False) -> None:
        user_id = str(interaction.user.id)
        facts = await self.service.panel_facts(cid.game_id, user_id)  # seat, moves and warnings: one read
        seat = await self._seat(interaction, cid, facts)
        version, actions = facts.version, facts.offers
        if version != cid.version:
            return await self._stale(interaction, cid.game_id)
        if not 0 <= index < len(actions):  # not their move (or no such move): say so, touch nothing
            return await answer(interaction, ephemeral=True, **await self._panel(cid.game_id, user_id, facts=facts))
        label = actions[index].label()
        warning = None if confirmed else facts.dangers.get(index)
        if warning:  # asked once: the red Yes button plays it
            kw = _kw(content=f"⚠️ **{label}**: {warning}\nDo it anyway?",
                     view=build_view(confirm_buttons(cid.game_id, version, seat, index, label)))
            if _ephemeral(interaction):
                return await edit_reply(interaction, **kw)
            return await answer(interaction, ephemeral=True, **kw)
        update = await self.service.act(cid.game_id, user_id, index, version=cid.version)
        private = update.private_events.get(seat) or []
        again = not update.finished and any(s.seat == seat for s in update.to_act)
        after = await self.service.panel_facts(cid.game_id, user_id) if again else None
        if _ephemeral(interaction):
            # Still this player's move: the panel turns into their next choices (no new click needed).
            kw = await self._panel(cid.game_id, user_id, prefix=f"✅ You chose: {label}", facts=after) if after else {}
            await edit_reply(interaction, **{"content": f"✅ You chose: {label}", "view": None, **kw})
            self._saw_panel(interaction, cid.game_id)
        elif after and len(public_actions(after.offers)) < len(after.offers):
            # Played from the turn message and still theirs, with choices the message cannot hold
            # (it carries at most a few public ones): their panel comes to them, instead of one
            # more click on "Your move".
            await self._send_panel(interaction, cid.game_id, **await self._panel(
                cid.game_id, user_id, prefix=f"✅ You chose: {label}", facts=after))
        if private:
            text = "\n".join(["🔒 Only you can see this:", *(f"• {e}" for e in private)])
            await answer(interaction, text, ephemeral=True)
        await acknowledge(interaction)  # the click is answered before the turn message is drawn
        await self.announce(interaction, after.table if after else await self.service.get(cid.game_id), update)

    async def _act_many(self, interaction: discord.Interaction, cid: Cid, indices: list[int]) -> None:
        """One submit of a "choose N" select: the picked moves, played in the order listed."""
        seat = await self._seat(interaction, cid)
        user_id = str(interaction.user.id)
        version, _, actions = await self.service.legal_for(cid.game_id, user_id)
        if version != cid.version:
            return await self._stale(interaction, cid.game_id)
        if not all(0 <= i < len(actions) for i in indices):
            return await answer(interaction, ephemeral=True, **await self._panel(cid.game_id, user_id))
        said = "✅ You chose: " + "; ".join(actions[i].label() for i in sorted(indices))
        update = await self.service.act_many(cid.game_id, user_id, sorted(indices), version=cid.version)
        again = not update.finished and any(s.seat == seat for s in update.to_act)
        kw = await self._panel(cid.game_id, user_id, prefix=said) if again else {}
        if _ephemeral(interaction):
            await edit_reply(interaction, **{"content": said, "view": None, **kw})
            self._saw_panel(interaction, cid.game_id)
        private = update.private_events.get(seat) or []
        if private:
            await answer(interaction, "\n".join(["🔒 Only you can see this:", *(f"• {e}" for e in private)]),
                         ephemeral=True)
        await acknowledge(interaction)
        await self.announce(interaction, await self.service.get(cid.game_id), update)

    async def announce(self, interaction: discord.Interaction, table: TableInfo, update: Update) -> None:
        """post_update, telling the player privately if the channel would not take the message."""
        try:
            await self.post_update(table, update, actor_id=str(interaction.user.id))
        except discord.HTTPException:
            # The move stands either way: say so rather than "something went wrong".
            log.exception("could not post the turn message of game %s", update.game_id)
            await answer(interaction, NOT_POSTED, ephemeral=True)

    async def _stale(self, interaction: discord.Interaction, game_id: int) -> None:
        """Strip the outdated buttons (never those of the live turn message) and answer privately
        with the current state."""
        try:
            if _ephemeral(interaction) or not await self._is_live(interaction, game_id):
                await edit_reply(interaction, view=None)
        except discord.HTTPException:
            pass
        table = await self.service.get(game_id)
        if table.status == "finished":  # a button of a game that has ended: cite the rule that ended it
            raise TableError(f"Game #{game_id} is over: no more moves can be made.",
                             await self.service.turn_rule(game_id))
        kw = await self._panel(game_id, str(interaction.user.id), prefix=STALE)
        if table.status == "active":
            png = await render("render_board", table.game, await self.service.view(game_id, None))
            if png is not None:
                kw["file"] = discord.File(io.BytesIO(png), filename="board.png")
        await answer(interaction, ephemeral=True, **kw)

    async def _is_live(self, interaction: discord.Interaction, game_id: int) -> bool:
        last = await self.service.turn_message(game_id)
        return bool(last) and str(getattr(interaction.message, "id", None)) == last[1]

    async def _detail(self, interaction: discord.Interaction, game_id: int) -> None:
        """The full-size board, for the clicker only: drawn from their own view when they play
        (never more than they may see), else from the public one."""
        table = await self.service.get(game_id)
        user_id = str(interaction.user.id)
        seated = await self.service.seat_of(game_id, user_id) is not None
        view = await self.service.view(game_id, user_id if seated else None)
        png = await render("render_board", table.game, view, detail=True)
        if png is None:
            return await answer(interaction, f"Game #{game_id} has no larger picture; `/game status` shows "
                                             "the board.", ephemeral=True)
        await answer(interaction, ephemeral=True, **_kw(content=f"Game #{game_id} in full (only you can see this).",
                                                        png=png, name="detail.png"))

    async def _show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        user_id = str(interaction.user.id)
        if await self.service.seat_of(game_id, user_id) is None:
            await answer(interaction, f"You are not playing in game #{game_id}, so you have no hand "
                                      "there.", ephemeral=True)
            return
        table = await self.service.get(game_id)
        mine = await self.service.view(game_id, user_id)
        public = await self.service.view(game_id, None)
        prompts = await self.service.prompts(game_id, user_id)
        png = await render("render_hand", table.game, mine)
        head = [f"Your hand in game #{game_id} (only you can see this)."]
        if png is None and mine.get("hand") is not None:
            head.append("Hand: " + (", ".join(str(c.get("name") or c.get("card")) for c in mine["hand"]) or "empty"))
        seen = set(public.get("recent") or [])
        news = [t for t in mine.get("recent") or [] if t not in seen]
        if news:
            head.append("🔒 Private news:")
        rows: Layout = []
        if table.status == "active":
            version, seat, actions = await self.service.legal_for(game_id, user_id)
            if actions:
                me = [s for s in table.seats if s.seat == seat]
                rows = plan_turn(game_id, version, panel_label=panel_label(me, prompts), hand=False)
        await answer(interaction, ephemeral=True, **_kw(content=fit_message(head, news), png=png,
                                                        name="hand.png", view=build_view(rows)))


def pictured(game: str) -> bool:
    """Whether the game has pictures (so a "Detail" button has something to show)."""
    try:
        import images
    except ImportError:
        return False
    return images.supports(game)


def reminder_text(table: TableInfo, notice: Notice, last: tuple[str, str, int] | None) -> str:
    """"⏰ @Bob, game #3 (Duel) is waiting on you; your clock runs out in 12 hours. Jump to the game"."""
    who = f"<@{notice.seat.user_id}>" if str(notice.seat.user_id).isdigit() else notice.seat.name
    when = f" Your clock runs out <t:{int(notice.deadline)}:R>." if notice.deadline else ""
    text = f"⏰ {who}, game #{table.game_id} ({table.title}) is waiting on you.{when}"
    if last:
        text += f" [Jump to the game]({jump_link(table, last[0], last[1])})"
    return text


def jump_link(table: TableInfo, channel_id: str, message_id: str) -> str:
    return f"https://discord.com/channels/{table.guild_id or '@me'}/{channel_id}/{message_id}"


def _number(value: str) -> int | None:
    """A select value as the small index it should be; None for anything else."""
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 4 else None


def _ephemeral(interaction: discord.Interaction) -> bool:
    return bool(interaction.message and interaction.message.flags.ephemeral)
