"""Just enough of discord.Interaction / a channel / the bot to drive the cogs without Discord.

The real gateway path (discord.py against a fake Discord server) is covered by the end-to-end
tests; these fakes check what the cogs decide to send.
"""

from __future__ import annotations

import asyncio
import itertools
from types import SimpleNamespace
from typing import Any

import discord

_ids = itertools.count(1000)


class Response:
    def __init__(self, edits: list[dict]) -> None:
        self.done = False
        self.calls: list[tuple[str, dict]] = []
        self.edits = edits  # the interaction's: an edit is an edit, as response or later

    def is_done(self) -> bool:
        return self.done

    async def defer(self, **kw: Any) -> None:
        assert not self.done, "interaction answered twice"
        await asyncio.sleep(0)  # the request is under way: discord.py marks it answered after it
        self.done = True
        self.calls.append(("defer", kw))

    async def send_message(self, content: str | None = None, **kw: Any) -> None:
        assert not self.done, "interaction answered twice"
        await asyncio.sleep(0)  # the request is under way: discord.py marks it answered after it
        self.done = True
        self.calls.append(("send", {"content": content, **kw}))

    async def edit_message(self, **kw: Any) -> None:
        assert not self.done, "interaction answered twice"
        await asyncio.sleep(0)  # the request is under way: discord.py marks it answered after it
        self.done = True
        self.calls.append(("edit", kw))
        self.edits.append(kw)


class Followup:
    def __init__(self) -> None:
        self.sent: list[dict] = []

    async def send(self, content: str | None = None, **kw: Any) -> None:
        if content is not None:
            kw["content"] = content
        self.sent.append(kw)


class Interaction:
    def __init__(self, user_id: int, name: str = "User", *, ephemeral: bool = False,
                 manage_channels: bool = False, channel_id: int = 500, guild_id: int = 900):
        self.user = SimpleNamespace(id=user_id, display_name=name)
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.permissions = SimpleNamespace(manage_channels=manage_channels)
        self.message = SimpleNamespace(flags=SimpleNamespace(ephemeral=ephemeral))
        self.type = discord.InteractionType.component
        self.created_at = discord.utils.utcnow()  # as Discord stamps it in the interaction's id
        self.extras: dict[str, Any] = {}
        self.edits: list[dict] = []
        self.response = Response(self.edits)
        self.followup = Followup()

    async def edit_original_response(self, **kw: Any) -> None:
        self.edits.append(kw)

    def replies(self) -> list[dict]:
        """Everything said back: the direct response and the followups."""
        return [kw for kind, kw in self.response.calls if kind == "send"] + self.followup.sent


class Channel:
    def __init__(self) -> None:
        self.sent: list[dict] = []
        self.stripped: list[tuple[int, dict]] = []
        self.edited: list[int] = []  # ids of turn messages edited in place, once per edit

    async def send(self, **kw: Any) -> SimpleNamespace:
        assert len(kw.get("content", "")) <= 2000
        msg = SimpleNamespace(id=next(_ids), **kw)
        self.sent.append(kw | {"id": msg.id})
        return msg

    def get_partial_message(self, message_id: int) -> SimpleNamespace:
        async def edit(**kw: Any) -> SimpleNamespace:
            if set(kw) == {"view"} and kw["view"] is None:
                self.stripped.append((message_id, kw))  # an old turn message loses its buttons
            else:  # a turn message refreshed in place: the sent payload now reads as edited
                self.edited.append(message_id)
                sent = next(m for m in self.sent if m["id"] == message_id)
                sent.update({k: v for k, v in kw.items() if k != "attachments"})
            return SimpleNamespace(id=message_id)

        return SimpleNamespace(edit=edit)


class Bot:
    """get_cog and get_partial_messageable are all the cogs use of the bot."""

    def __init__(self) -> None:
        self.channel = Channel()
        self.cogs: dict[str, Any] = {}

    def get_cog(self, name: str) -> Any:
        return self.cogs.get(name)

    def get_partial_messageable(self, channel_id: int, **_: Any) -> Channel:
        return self.channel


def custom_ids(view: discord.ui.View | None) -> list[str]:
    return [item.custom_id for item in view.children] if view else []


def items(view: discord.ui.View | None) -> list[Any]:
    return list(view.children) if view else []
