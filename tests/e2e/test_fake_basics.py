"""The fake Discord driven by the real discord.py client: login, sync, and every interaction flow."""

from __future__ import annotations

import asyncio
import io

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import BotCrashed, FakeDiscord, HarnessError, bot_session


class PingView(discord.ui.View):
    @discord.ui.button(label="Again", custom_id="ping:again")
    async def again(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message("clicked", ephemeral=True)
        await interaction.followup.send(f"followup for {interaction.user.name}", ephemeral=True)

    @discord.ui.select(custom_id="ping:pick", options=[discord.SelectOption(label="Red", value="red"),
                                                        discord.SelectOption(label="Blue", value="blue")])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"you picked {select.values[0]}", view=None)

    @discord.ui.button(label="Form", custom_id="ping:form")
    async def form(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_modal(NameModal())


class NameModal(discord.ui.Modal, title="Who are you?"):
    name = discord.ui.TextInput(label="Name", custom_id="form:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}")


GAMES = ["psiwars", "duel", "poker"]


class TinyBot(commands.Bot):
    """Just enough commands to exercise each path through the fake."""

    def __init__(self, guild_id: int | None):
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.guild_id = guild_id  # None: sync globally (so commands work in DMs too)
        self.seen: list = []
        self.last: discord.Interaction | None = None
        game = app_commands.Group(name="game", description="Games")
        admin = app_commands.Group(name="admin", description="Game admin", parent=game)

        @game.command(name="new", description="Start a game")
        async def new(interaction: discord.Interaction, game: str, seats: int = 2) -> None:
            await interaction.response.send_message(f"new {game} for {seats}")

        @new.autocomplete("game")
        async def new_game(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=g.title(), value=g) for g in GAMES if g.startswith(current)]

        @admin.command(name="kick", description="Remove a player")
        async def kick(interaction: discord.Interaction, user: discord.Member) -> None:
            await interaction.response.send_message(f"kicked {user.display_name}")

        @app_commands.command(description="Ping")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong", ephemeral=True, view=PingView())

        @app_commands.command(description="Send a file")
        async def file(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            msg = await interaction.channel.send("here", file=discord.File(io.BytesIO(b"hello"), "out.txt"))
            self.seen.append(await msg.attachments[0].read())  # served by the fake on loopback
            await interaction.followup.send("done")

        @app_commands.command(description="Who may manage")
        async def perm(interaction: discord.Interaction) -> None:
            ok = interaction.permissions.manage_channels
            self.seen.append(interaction.user.guild_permissions.manage_channels)  # from the member's roles
            await interaction.response.send_message("allowed" if ok else "denied", ephemeral=True)

        @app_commands.command(description="DM me")
        async def dm(interaction: discord.Interaction) -> None:
            await interaction.user.send("psst")
            await interaction.response.send_message("sent", ephemeral=True)

        @app_commands.command(description="Edit and delete")
        async def churn(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("first")
            await interaction.edit_original_response(content="second")
            extra = await interaction.followup.send("extra", wait=True)
            await extra.delete()
            posted = await interaction.channel.send("posted")
            await posted.edit(content="posted, edited")
            fetched = await interaction.channel.fetch_message(posted.id)
            self.seen.append(fetched.content)

        @app_commands.command(description="Open a thread")
        async def thread(interaction: discord.Interaction) -> None:
            made = await interaction.channel.create_thread(name="game-1", type=discord.ChannelType.public_thread)
            await made.send("in the thread")
            await interaction.response.send_message(f"opened {made.mention}")

        @app_commands.command(description="Fail")
        async def boom(interaction: discord.Interaction) -> None:
            raise RuntimeError("boom")

        for cmd in (game, ping, file, perm, dm, churn, thread, boom):
            self.tree.add_command(cmd)

    async def setup_hook(self) -> None:
        if self.guild_id is None:
            await self.tree.sync()
            return
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append((message.author.name, message.content))


async def test_login_sync_and_ready_are_recorded(fake: FakeDiscord) -> None:
    async with bot_session(fake, TinyBot(fake.guild_id)) as bot:
        assert bot.user.id == fake.bot_user.id
        assert bot.get_guild(fake.guild_id).get_channel(fake.channel.id).name == "general"
    paths = [(c.method, c.path) for c in fake.calls]
    assert paths[:3] == [("GET", "/users/@me"), ("GET", "/oauth2/applications/@me"),
                         ("PUT", f"/applications/{fake.app_id}/guilds/{fake.guild_id}/commands")]
    assert sorted(c["name"] for c in fake.commands[fake.guild_id]) == ["boom", "churn", "dm", "file", "game", "perm", "ping", "thread"]
    assert fake.identify["token"] == fake.token
    assert fake.identify["intents"] == discord.Intents.default().value
    assert not fake.rejections and not fake.bot_errors


async def test_ping_button_select_round_trip(fake: FakeDiscord) -> None:
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with bot_session(fake, TinyBot(fake.guild_id)):
        ping = await fake.slash(alice, "ping")
        assert ping.response_type == 4 and ping.content == "pong" and ping.ephemeral
        assert ping.message.audience == {alice.id}
        assert [b["label"] for b in ping.message.buttons] == ["Again", "Form"]
        assert ping.message.selects[0]["custom_id"] == "ping:pick"

        click = await fake.click(alice, ping.message, "Again")
        assert click.texts == ["clicked", "followup for alice"]
        assert all(m.audience == {alice.id} for m in click.messages)

        with pytest.raises(HarnessError, match="cannot see"):
            await fake.click(bob, ping.message, "Again")  # someone else's ephemeral message

        pick = await fake.choose(alice, ping.message, ["blue"])
        assert pick.response_type == 7 and pick.message is ping.message
        assert ping.message.content == "you picked blue" and ping.message.components == []
        assert [v["content"] for v in ping.message.versions] == ["pong"]
        with pytest.raises(HarnessError, match="not options"):
            await fake.choose(alice, (await fake.slash(alice, "ping")).message, ["green"])
    assert not fake.rejections and not fake.bot_errors


async def test_click_on_an_earlier_message_in_history(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with bot_session(fake, TinyBot(fake.guild_id)):
        first = await fake.slash(alice, "ping")
        await fake.slash(alice, "ping")
        mine = fake.history(visible_to=alice)
        assert [m.content for m in mine] == ["pong", "pong"] and mine[0] is first.message
        again = await fake.click(alice, mine[0].id, "ping:again")  # by message id and custom_id
        assert again.source_message is first.message and again.content == "clicked"
        assert again.payload["message"]["id"] == str(first.message.id)


async def test_subcommands_options_and_autocomplete(fake: FakeDiscord) -> None:
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with bot_session(fake, TinyBot(fake.guild_id)):
        new = await fake.slash(alice, "game", "new", game="psiwars")
        assert new.content == "new psiwars for 2"
        assert new.payload["data"]["options"][0]["type"] == 1  # subcommand
        new = await fake.slash(alice, "game", "new", game="duel", seats=4)
        assert new.content == "new duel for 4"

        kick = await fake.slash(alice, "game", "admin", "kick", user=bob)  # group -> subcommand, user option
        assert kick.content == "kicked bob"
        assert kick.payload["data"]["options"][0]["type"] == 2
        assert str(bob.id) in kick.payload["data"]["resolved"]["members"]

        typed = await fake.autocomplete(alice, "game", "new", focused="game", game="p")
        assert typed.response_type == 8
        assert typed.choices == [{"name": "Psiwars", "value": "psiwars"}, {"name": "Poker", "value": "poker"}]

        with pytest.raises(HarnessError, match="no option"):
            await fake.slash(alice, "game", "new", game="duel", colour="red")
        with pytest.raises(HarnessError, match="requires"):
            await fake.slash(alice, "game", "new")
        with pytest.raises(HarnessError, match="no synced command"):
            await fake.slash(alice, "nope")


async def test_modal_round_trip(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with bot_session(fake, TinyBot(fake.guild_id)):
        ping = await fake.slash(alice, "ping")
        opened = await fake.click(alice, ping.message, "Form")
        assert opened.response_type == 9 and opened.modal["title"] == "Who are you?"
        with pytest.raises(HarnessError, match="required"):
            await fake.submit_modal(alice, opened, {})
        sent = await fake.submit_modal(alice, opened, {"form:name": "Alice"})
        assert sent.type == 5 and sent.content == "hello Alice"


async def test_deferred_file_and_followup(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with bot_session(fake, TinyBot(fake.guild_id)) as bot:
        result = await fake.slash(alice, "file")
        assert result.response_type == 5
        # The first followup after a "thinking" defer fills in that message, as Discord does.
        assert result.messages == [result.original] and result.content == "done"
        assert not result.original.loading and result.original.versions[0]["flags"] & 128
        thinking, posted = fake.history()  # the deferred message keeps its place before the upload
        assert thinking is result.original
        assert posted.content == "here" and posted.files == {"out.txt": b"hello"}
        assert posted.audience is None and bot.seen == [b"hello"]
        upload = fake.calls_to("POST", f"/channels/{fake.channel.id}/messages")[0]
        assert upload.files[0].filename == "out.txt" and upload.json["attachments"][0]["filename"] == "out.txt"


async def test_permissions_reach_the_bot(fake: FakeDiscord) -> None:
    admin = fake.add_member("admin", permissions=discord.Permissions(manage_channels=True).value)
    pleb = fake.add_member("pleb")
    async with bot_session(fake, TinyBot(fake.guild_id)) as bot:
        assert (await fake.slash(admin, "perm")).content == "allowed"
        assert (await fake.slash(pleb, "perm")).content == "denied"
        assert bot.seen == [True, False]


async def test_members_added_after_connect_get_their_role(fake: FakeDiscord) -> None:
    async with bot_session(fake, TinyBot(fake.guild_id)) as bot:
        late = fake.add_member("late", permissions=discord.Permissions(manage_channels=True).value)
        assert (await fake.slash(late, "perm")).content == "allowed"
        assert any(r.name == "late-role" for r in bot.get_guild(fake.guild_id).roles)


async def test_dm_edit_delete_and_fetch(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with bot_session(fake, TinyBot(fake.guild_id)) as bot:
        await fake.slash(alice, "dm")
        assert [m.content for m in fake.dms(alice)] == ["psst"]
        churn = await fake.slash(alice, "churn")
        assert churn.content == "second" and [f.content for f in churn.followups] == ["extra"]
        assert churn.followups[0].deleted and churn.followups[0] not in fake.history()
        assert [m.content for m in fake.history()][-2:] == ["second", "posted, edited"]
        assert bot.seen == ["posted, edited"]


async def test_threads(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with bot_session(fake, TinyBot(fake.guild_id)) as bot:
        opened = await fake.slash(alice, "thread")
        (thread,) = fake.threads()
        assert opened.content == f"opened <#{thread.id}>" and thread.name == "game-1"
        assert [m.content for m in fake.history(thread)] == ["in the thread"]
        inside = await fake.slash(alice, "ping", channel=thread)
        assert inside.content == "pong" and fake.history(thread)[-1] is inside.message
        assert isinstance(bot.get_channel(thread.id), discord.Thread)


async def test_interactions_in_dms(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with bot_session(fake, TinyBot(None)):
        dm = fake.dm_channel(alice)
        ping = await fake.slash(alice, "ping", channel=dm)
        assert "member" not in ping.payload and ping.payload["user"]["id"] == str(alice.id)
        assert ping.content == "pong" and fake.dms(alice) == [ping.message]
        assert (await fake.click(alice, ping.message, "Again")).content == "clicked"


async def test_user_messages_reach_the_bot(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with bot_session(fake, TinyBot(fake.guild_id)) as bot:
        await fake.post_message(alice, "hello bot")
        assert bot.seen == [("alice", "hello bot")]


async def test_unknown_routes_are_recorded_and_404(fake: FakeDiscord) -> None:
    async with bot_session(fake, TinyBot(fake.guild_id)) as bot:
        with pytest.raises(discord.NotFound):
            await bot.http.request(discord.http.Route("GET", "/guilds/{guild_id}/bans", guild_id=fake.guild_id))
    assert fake.rejections[-1].path == f"/guilds/{fake.guild_id}/bans"


async def test_reconnect_resumes_and_keeps_working(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with bot_session(fake, TinyBot(fake.guild_id)) as bot:
        await fake.reconnect()
        resume = [f for f in fake.gateway_frames if f["op"] == 6]
        assert len(resume) == 1 and resume[0]["d"]["session_id"] == fake.sessions[0].session_id
        assert fake.connections == 2 and len([f for f in fake.gateway_frames if f["op"] == 2]) == 1
        assert (await fake.slash(alice, "ping")).content == "pong"
        assert bot.is_ready()


async def test_unknown_event_leaves_the_bot_running(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with bot_session(fake, TinyBot(fake.guild_id)) as bot:
        await fake.dispatch("SOMETHING_NEW", {"what": "ever"})
        await fake.settle()
        assert not fake._bot_task.done()
        assert (await fake.slash(alice, "ping")).content == "pong"
        assert bot.is_ready()


async def test_malformed_interaction_is_refused_or_reported(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with bot_session(fake, TinyBot(fake.guild_id)):
        with pytest.raises(HarnessError, match="attachment_size_limit"):
            await fake.dispatch("INTERACTION_CREATE", {"id": "1", "type": 2})
    # Sent anyway, it kills discord.py's gateway loop; the harness says so instead of timing out.
    with pytest.raises(BotCrashed):
        async with bot_session(fake, TinyBot(fake.guild_id)):
            payload = {"id": "1", "application_id": str(fake.app_id), "type": 2, "token": "t", "version": 1}
            await fake.dispatch("INTERACTION_CREATE", payload, check=False)
            await fake.slash(alice, "ping")


async def test_errors_the_bot_only_logs_fail_the_session() -> None:
    async with FakeDiscord.running(ack_deadline=0.05) as fake:
        alice = fake.add_member("alice")
        with pytest.raises(AssertionError, match="RuntimeError: boom"):
            async with bot_session(fake, TinyBot(fake.guild_id)):
                assert (await fake.slash(alice, "boom")).failed  # never answered: fails at the deadline
        async with bot_session(fake, TinyBot(fake.guild_id), strict=False):
            await fake.slash(alice, "boom")
        assert "boom" in repr(fake.bot_errors[0].exc_info[1])


async def test_bot_session_cleans_up_and_unpatches() -> None:
    base = discord.http.Route.BASE
    async with FakeDiscord.running() as fake:
        assert discord.http.Route.BASE == fake.api_url != base
        async with bot_session(fake, TinyBot(fake.guild_id)) as bot:
            pass
        assert bot.is_closed()
        await asyncio.sleep(0)
    assert discord.http.Route.BASE == base
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "wss://gateway.discord.gg/"
