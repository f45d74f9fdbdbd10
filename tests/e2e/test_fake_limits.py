"""Each Discord limit the fake enforces: a payload exactly at the limit is accepted and one past it is
refused with Discord's status, error code and field path, seen by the bot as discord.HTTPException.

discord.py's own View/Embed helpers refuse some over-limit layouts before sending (more than five
rows or a select beside a button, more than ten embeds), so those cases send raw JSON through
discord.py's real webhook/HTTP code instead.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import MultipartParameters
from discord.webhook.async_ import async_context

from tests.fakediscord import FakeDiscord, bot_session

Send = Callable[[discord.Interaction, bool], Awaitable[object]]


def respond_raw(interaction: discord.Interaction, data: dict) -> Awaitable[object]:
    """A type-4 callback with `data` exactly as given, through discord.py's webhook adapter."""
    params = MultipartParameters(payload={"type": 4, "data": data}, multipart=None, files=None)
    return async_context.get().create_interaction_response(interaction.id, interaction.token,
                                                           session=interaction._session, params=params)


def button(custom_id: str, label: str = "b") -> dict:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def select(options: int = 1, *, label: str = "o", value: str | None = None, placeholder: str | None = None) -> dict:
    opts = [{"label": label, "value": value if value is not None else f"v{k}"} for k in range(options)]
    comp = {"type": 3, "custom_id": "s", "options": opts}
    if placeholder is not None:
        comp["placeholder"] = placeholder
    return comp


def rows(*items: list[dict]) -> dict:
    return {"content": "limits", "components": [{"type": 1, "components": list(row)} for row in items]}


def files(count: int, size: int = 1) -> list[discord.File]:
    return [discord.File(io.BytesIO(b"x" * size), f"f{k}.txt") for k in range(count)]


@dataclass
class Case:
    send: Send  # sends the payload at the limit, or one past it when `over`
    where: str = ""  # the field path discord.py prints as "In <where>: ..."
    status: int = 400
    code: int = 50035


def sized(limit: int, send: Callable[[discord.Interaction, int], Awaitable[object]]) -> Send:
    return lambda interaction, over: send(interaction, limit + over)


def raw(limit: int, build: Callable[[int], dict]) -> Send:
    return sized(limit, lambda interaction, n: respond_raw(interaction, build(n)))


def embed(limit: int, build: Callable[[int], discord.Embed]) -> Send:
    return sized(limit, lambda interaction, n: interaction.response.send_message(embed=build(n)))


def answered_first(send: Callable[[discord.Interaction, int], Awaitable[object]]) -> Callable:
    """Answer the interaction, then send the payload elsewhere (followup, edit, channel)."""
    async def go(interaction: discord.Interaction, n: int) -> None:
        await interaction.response.send_message("ok")
        await send(interaction, n)
    return go


async def _channel_edit(interaction: discord.Interaction, n: int) -> None:
    msg = await interaction.channel.send("ok")
    await msg.edit(content="x" * n)


def _embed_total(interaction: discord.Interaction, n: int) -> Awaitable[object]:
    # The 6000-character budget is shared by all embeds of a message.
    return interaction.response.send_message(embeds=[discord.Embed(description="d" * 4000),
                                                     discord.Embed(description="d" * (n - 4000))])


CASES: dict[str, Case] = {
    "content": Case(sized(2000, lambda i, n: i.response.send_message("x" * n)), "data.content"),
    "content_followup": Case(sized(2000, answered_first(lambda i, n: i.followup.send("x" * n))), "content"),
    "content_edit_original": Case(sized(2000, answered_first(
        lambda i, n: i.edit_original_response(content="x" * n))), "content"),
    "content_channel": Case(sized(2000, answered_first(lambda i, n: i.channel.send("x" * n))), "content"),
    "content_channel_edit": Case(sized(2000, answered_first(_channel_edit)), "content"),
    "action_rows": Case(raw(5, lambda n: rows(*[[button(f"b{k}")] for k in range(n)])), "data.components"),
    "buttons_per_row": Case(raw(5, lambda n: rows([button(f"b{k}") for k in range(n)])),
                            "data.components.0.components"),
    # At the limit a select is alone in its row; past it a button shares the row.
    "select_alone": Case(raw(0, lambda n: rows([select(), *[button(f"b{k}") for k in range(n)]])),
                         "data.components.0.components.1"),
    "select_options": Case(raw(25, lambda n: rows([select(n)])), "data.components.0.components.0.options"),
    "custom_id": Case(raw(100, lambda n: rows([button("c" * n)])), "data.components.0.components.0.custom_id"),
    "button_label": Case(raw(80, lambda n: rows([button("b", label="l" * n)])),
                         "data.components.0.components.0.label"),
    "option_label": Case(raw(100, lambda n: rows([select(label="l" * n)])),
                         "data.components.0.components.0.options.0.label"),
    "option_value": Case(raw(100, lambda n: rows([select(value="v" * n)])),
                         "data.components.0.components.0.options.0.value"),
    "placeholder": Case(raw(150, lambda n: rows([select(placeholder="p" * n)])),
                        "data.components.0.components.0.placeholder"),
    # At the limit one button has the id; past it a second button reuses it.
    "duplicate_custom_id": Case(raw(1, lambda n: rows([button("same") for _ in range(n)])),
                                "data.components.0.components.1.custom_id"),
    "embed_title": Case(embed(256, lambda n: discord.Embed(title="t" * n)), "data.embeds.0.title"),
    "embed_description": Case(embed(4096, lambda n: discord.Embed(description="d" * n)), "data.embeds.0.description"),
    "embed_fields": Case(embed(25, lambda n: discord.Embed.from_dict({"fields": [{"name": "n", "value": "v"}] * n})),
                         "data.embeds.0.fields"),
    "field_name": Case(embed(256, lambda n: discord.Embed().add_field(name="n" * n, value="v")),
                       "data.embeds.0.fields.0.name"),
    "field_value": Case(embed(1024, lambda n: discord.Embed().add_field(name="n", value="v" * n)),
                        "data.embeds.0.fields.0.value"),
    "footer": Case(embed(2048, lambda n: discord.Embed().set_footer(text="f" * n)), "data.embeds.0.footer.text"),
    "author": Case(embed(256, lambda n: discord.Embed().set_author(name="a" * n)), "data.embeds.0.author.name"),
    "embed_total": Case(sized(6000, _embed_total), "data.embeds"),
    "embed_count": Case(raw(10, lambda n: {"embeds": [{"description": "d"}] * n}), "data.embeds"),
    "file_count": Case(sized(10, lambda i, n: i.response.send_message("files", files=files(n))), "data.attachments"),
    "file_count_channel": Case(sized(10, answered_first(lambda i, n: i.channel.send("files", files=files(n)))),
                               "attachments"),
    # The size limit is the interaction's attachment_size_limit (25 MiB by default); past it
    # Discord answers 413 "Request entity too large" rather than 400.
    "file_size": Case(lambda i, over: i.response.send_message(files=files(1, i.filesize_limit + over)),
                      status=413, code=40005),
}

CHOICE_CASES: dict[str, tuple[int, Callable[[int], list[app_commands.Choice]], str]] = {
    "choices": (25, lambda n: [app_commands.Choice(name=f"c{k}", value=f"v{k}") for k in range(n)], "data.choices"),
    "choice_name": (100, lambda n: [app_commands.Choice(name="n" * n, value="v")], "data.choices.0.name"),
    "choice_value": (100, lambda n: [app_commands.Choice(name="n", value="v" * n)], "data.choices.0.value"),
}


class LimitBot(commands.Bot):
    """/limit case:<name> over:<bool> sends CASES[name] at (or one past) its limit."""

    def __init__(self, guild_id: int):
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.guild_id = guild_id
        self.errors: list[discord.HTTPException] = []

        @app_commands.command(description="Break a limit")
        async def limit(interaction: discord.Interaction, case: str, over: bool) -> None:
            try:
                await CASES[case].send(interaction, over)
            except discord.HTTPException as exc:
                self.errors.append(exc)
                if not interaction.response.is_done():  # a refused callback leaves it unanswered
                    await interaction.response.send_message("rejected")

        @app_commands.command(description="Autocomplete limits")
        async def pick(interaction: discord.Interaction, thing: str) -> None:
            await interaction.response.send_message(thing)

        @pick.autocomplete("thing")
        async def pick_thing(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            case, over = current.split(":")
            limit_, build, _ = CHOICE_CASES[case]
            try:
                await interaction.response.autocomplete(build(limit_ + (over == "over")))
            except discord.HTTPException as exc:
                self.errors.append(exc)
            return []  # discord.py sends these only if nothing was sent above

        self.tree.add_command(limit, guild=discord.Object(guild_id))
        self.tree.add_command(pick, guild=discord.Object(guild_id))

    async def setup_hook(self) -> None:
        await self.tree.sync(guild=discord.Object(self.guild_id))


@pytest.mark.parametrize("name", list(CASES))
async def test_limit_is_enforced_exactly(fake: FakeDiscord, name: str) -> None:
    case = CASES[name]
    alice = fake.add_member("alice")
    async with bot_session(fake, LimitBot(fake.guild_id)) as bot:
        over = await fake.slash(alice, "limit", case=name, over=True)
        assert len(bot.errors) == 1, f"{name}: one past the limit was accepted"
        exc = bot.errors[0]
        assert (exc.status, exc.code) == (case.status, case.code), exc
        if case.where:
            assert f"In {case.where}: " in exc.text, exc.text
        refused = fake.rejections[-1]
        assert refused.response["code"] == case.code
        if refused.path.startswith("/interactions/"):  # a refused callback does not use up the interaction
            assert refused in over.rejected and over.content == "rejected"

        at = await fake.slash(alice, "limit", case=name, over=False)
        assert len(bot.errors) == 1, f"{name}: exactly the limit was refused: {bot.errors[-1]}"
        assert at.acked and at.content != "rejected" and fake.rejections == [refused]
    assert not fake.bot_errors


@pytest.mark.parametrize("name", list(CHOICE_CASES))
async def test_autocomplete_limit_is_enforced_exactly(fake: FakeDiscord, name: str) -> None:
    limit, _, where = CHOICE_CASES[name]
    alice = fake.add_member("alice")
    async with bot_session(fake, LimitBot(fake.guild_id)) as bot:
        over = await fake.autocomplete(alice, "pick", focused="thing", thing=f"{name}:over")
        assert [(e.status, e.code) for e in bot.errors] == [(400, 50035)]
        assert f"In {where}: " in bot.errors[0].text
        assert over.rejected and over.choices == []  # the fallback empty answer went through

        at = await fake.autocomplete(alice, "pick", focused="thing", thing=f"{name}:at")
        assert len(bot.errors) == 1 and not at.rejected
        assert len(at.choices) == (limit if name == "choices" else 1)


async def test_empty_message_is_refused(fake: FakeDiscord) -> None:
    async with bot_session(fake, LimitBot(fake.guild_id)) as bot:
        with pytest.raises(discord.HTTPException) as caught:
            await bot.get_channel(fake.channel.id).send(embeds=[])
    assert (caught.value.status, caught.value.code) == (400, 50006)


async def test_errors_have_discords_shape(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    async with bot_session(fake, LimitBot(fake.guild_id)):
        await fake.slash(alice, "limit", case="buttons_per_row", over=True)
    assert fake.rejections[-1].response == {
        "code": 50035, "message": "Invalid Form Body",
        "errors": {"data": {"components": {"0": {"components": {"_errors": [
            {"code": "BASE_TYPE_BAD_LENGTH", "message": "Must be between 1 and 5 in length."}]}}}}}}


async def test_attachment_limit_is_configurable_and_sent_to_the_bot() -> None:
    async with FakeDiscord.running(attachment_size_limit=1000) as fake:
        alice = fake.add_member("alice")
        async with bot_session(fake, LimitBot(fake.guild_id)) as bot:
            at = await fake.slash(alice, "limit", case="file_size", over=False)
            over = await fake.slash(alice, "limit", case="file_size", over=True)
        assert at.payload["attachment_size_limit"] == 1000
        assert at.message.attachments[0].data == b"x" * 1000
        assert over.content == "rejected" and [(e.status, e.code) for e in bot.errors] == [(413, 40005)]
