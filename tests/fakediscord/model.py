"""What the fake server knows: users, members, channels, stored messages and interactions.

Payload builders here produce complete objects in Discord's shape, because discord.py's parsers
index many keys directly and a missing one kills the bot's gateway loop (see the design notes).
"""

from __future__ import annotations

import asyncio
import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL, LOADING = 1 << 6, 1 << 7

# Permission bits the fake uses; tests may pass any bitfield (e.g. discord.Permissions(...).value).
VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS, ATTACH_FILES = 1 << 10, 1 << 11, 1 << 14, 1 << 15
READ_MESSAGE_HISTORY, USE_APPLICATION_COMMANDS, ADD_REACTIONS = 1 << 16, 1 << 31, 1 << 6
ADMINISTRATOR, MANAGE_CHANNELS, MANAGE_MESSAGES = 1 << 3, 1 << 4, 1 << 13
EVERYONE_PERMISSIONS = (VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY
                        | USE_APPLICATION_COMMANDS | ADD_REACTIONS)
ALL_PERMISSIONS = (1 << 51) - 1


class BotCrashed(RuntimeError):
    """The bot's connect task ended while the harness was waiting on it."""


class HarnessError(ValueError):
    """The test asked for something a real Discord client could not do."""


class Clock:
    """Monotonic seconds plus an offset, so a test can age interaction tokens without sleeping."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


class Snowflakes:
    """Increasing ids whose timestamp part is now, so discord.py's `created_at` is sensible."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(value, self._last + 1)
        return self._last


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0

    def payload(self) -> dict:
        return {"id": str(self.id), "name": self.name, "permissions": str(self.permissions),
                "position": self.position, "color": 0, "colors": {"primary_color": 0}, "hoist": False,
                "icon": None, "unicode_emoji": None, "managed": False, "mentionable": False, "flags": 0}


@dataclass(eq=False)
class Member:
    """A user of the fake guild. `permissions` is the guild-level bitfield Discord would compute."""

    id: int
    name: str
    permissions: int = EVERYONE_PERMISSIONS
    roles: list[int] = field(default_factory=list)
    bot: bool = False
    joined_at: str = field(default_factory=iso_now)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def user_payload(self) -> dict:
        return {"id": str(self.id), "username": self.name, "discriminator": "0", "global_name": self.name,
                "avatar": None, "bot": self.bot, "public_flags": 0, "flags": 0}

    def member_payload(self, *, with_permissions: bool = False) -> dict:
        data = {"user": self.user_payload(), "nick": None, "avatar": None, "roles": [str(r) for r in self.roles],
                "joined_at": self.joined_at, "deaf": False, "mute": False, "flags": 0, "pending": False,
                "communication_disabled_until": None}
        if with_permissions:  # only interactions carry the computed bitfield
            perms = ALL_PERMISSIONS if self.permissions & ADMINISTRATOR else self.permissions
            data["permissions"] = str(perms)
        return data


@dataclass(eq=False)
class Channel:
    id: int
    name: str
    type: int = 0  # 0 guild text, 1 DM, 11 public thread, 12 private thread
    guild_id: int | None = None
    parent_id: int | None = None
    recipient: Member | None = None  # DMs
    owner_id: int | None = None  # threads
    position: int = 0
    messages: list[Message] = field(default_factory=list, repr=False)

    @property
    def is_dm(self) -> bool:
        return self.type == 1

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict:
        if self.is_dm:
            return {"id": str(self.id), "type": 1, "last_message_id": None, "flags": 0,
                    "recipients": [self.recipient.user_payload()] if self.recipient else []}
        data = {"id": str(self.id), "type": self.type, "guild_id": str(self.guild_id), "name": self.name,
                "position": self.position, "permission_overwrites": [], "nsfw": False, "topic": None,
                "last_message_id": None, "rate_limit_per_user": 0, "flags": 0,
                "parent_id": str(self.parent_id) if self.parent_id else None}
        if self.type in (11, 12):
            data |= {"owner_id": str(self.owner_id), "member_count": 1, "message_count": 0, "total_message_sent": 0,
                     "thread_metadata": {"archived": False, "auto_archive_duration": 1440, "locked": False,
                                         "archive_timestamp": iso_now(), "create_timestamp": iso_now()}}
        return data


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str
    url: str

    def payload(self, description: str | None = None) -> dict:
        return {"id": str(self.id), "filename": self.filename, "size": len(self.data), "url": self.url,
                "proxy_url": self.url, "content_type": self.content_type, "description": description,
                "ephemeral": False, "flags": 0}


class Message:
    """A stored message: its current payload (as Discord returns it), earlier versions, who can see it."""

    def __init__(self, data: dict, *, audience: frozenset[int] | None = None,
                 attachments: list[Attachment] = (), interaction: InteractionResult | None = None):
        self.data = data
        self.audience = audience  # None: everyone in the channel; else the ids who see it (ephemeral)
        self.attachment_files = list(attachments)
        self.interaction = interaction  # the interaction whose token created it, if any
        self.versions: list[dict] = []  # earlier payloads, oldest first
        self.deleted = False

    def __repr__(self) -> str:
        return f"<Message {self.id} {self.content[:40]!r}{' ephemeral' if self.ephemeral else ''}>"

    id = property(lambda self: int(self.data["id"]))
    channel_id = property(lambda self: int(self.data["channel_id"]))
    content = property(lambda self: self.data.get("content") or "")
    embeds = property(lambda self: self.data.get("embeds") or [])
    components = property(lambda self: self.data.get("components") or [])
    flags = property(lambda self: self.data.get("flags") or 0)
    ephemeral = property(lambda self: bool(self.flags & EPHEMERAL))
    loading = property(lambda self: bool(self.flags & LOADING))
    author_id = property(lambda self: int(self.data["author"]["id"]))

    @property
    def attachments(self) -> list[Attachment]:
        ids = {a["id"] for a in self.data.get("attachments") or []}
        return [a for a in self.attachment_files if str(a.id) in ids]

    @property
    def files(self) -> dict[str, bytes]:
        return {a.filename: a.data for a in self.attachments}

    def visible_to(self, user: Member | int) -> bool:
        uid = user if isinstance(user, int) else user.id
        return not self.deleted and (self.audience is None or uid in self.audience)

    def walk_components(self) -> list[dict]:
        """Every component, rows and Components V2 containers flattened, in order."""
        out: list[dict] = []

        def walk(items: list[dict]) -> None:
            for comp in items:
                out.append(comp)
                walk(comp.get("components") or [])
                walk([c for c in (comp.get("component"), comp.get("accessory")) if c])

        walk(self.components)
        return out

    @property
    def buttons(self) -> list[dict]:
        return [c for c in self.walk_components() if c.get("type") == 2]

    @property
    def selects(self) -> list[dict]:
        return [c for c in self.walk_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def component(self, key: str | None = None, *, kinds: tuple[int, ...] = (2, 3, 5, 6, 7, 8)) -> dict:
        """The component whose custom_id or label is `key` (or the only one of those kinds)."""
        found = [c for c in self.walk_components() if c.get("type") in kinds
                 and (key is None or key in (c.get("custom_id"), c.get("label")))]
        if len(found) != 1:
            have = [(c.get("type"), c.get("custom_id"), c.get("label")) for c in self.walk_components()]
            raise LookupError(f"{len(found)} components match {key!r} on {self!r}; it has {have}")
        return found[0]


class InteractionResult:
    """One injected interaction and everything the bot did with its token.

    `await fake.slash(...)` (and click/choose/autocomplete/submit_modal) return this once the bot
    answered (or the ack deadline passed) and its handlers finished.
    """

    def __init__(self, payload: dict, user: Member, channel: Channel, message: Message | None):
        self.payload = payload
        self.user = user
        self.channel = channel
        self.source_message = message  # the message a component sat on
        self.created_at = 0.0  # fake clock, set when dispatched
        self.response_type: int | None = None  # the accepted callback's type
        self.response: dict | None = None  # the accepted callback body
        self.original: Message | None = None  # what @original refers to
        self.followups: list[Message] = []
        self.choices: list[dict] | None = None  # autocomplete result
        self.modal: dict | None = None  # modal the bot opened
        self.calls: list[Any] = []  # every REST call made with this token (incl. rejected)
        self.failed = False  # not acknowledged within the deadline
        self.answered = asyncio.Event()
        self.timer: asyncio.TimerHandle | None = None  # the ack deadline
        self.deferred_pending = False  # a type-5 "thinking" message waiting for its first followup

    def __repr__(self) -> str:
        return (f"<InteractionResult {self.kind} by {self.user.name} response={self.response_type} "
                f"failed={self.failed} content={self.content!r}>")

    id = property(lambda self: int(self.payload["id"]))
    token = property(lambda self: self.payload["token"])
    type = property(lambda self: self.payload["type"])
    kind = property(lambda self: {2: "command", 3: "component", 4: "autocomplete", 5: "modal"}[self.type])
    acked = property(lambda self: self.response_type is not None)
    deferred = property(lambda self: self.response_type in (5, 6))

    @property
    def rejected(self) -> list[Any]:
        return [c for c in self.calls if c.status >= 400]

    @property
    def messages(self) -> list[Message]:
        """Messages this token created or edited: the original first, then followups, without repeats."""
        out: list[Message] = []
        for msg in [self.original, *self.followups]:
            if msg is not None and all(msg is not m for m in out):
                out.append(msg)
        return out

    @property
    def replies(self) -> list[Message]:
        """What the bot said back, in order: the message its response created (type 4), then its
        followups. A message the response only edited (type 7, the clicked one) is not a reply."""
        first = [self.original] if self.response_type == 4 and self.original is not None else []
        return first + [m for m in self.followups if all(m is not f for f in first)]

    @property
    def message(self) -> Message | None:
        return self.original

    @property
    def ephemeral(self) -> bool:
        return bool(self.original and self.original.ephemeral)

    @property
    def content(self) -> str | None:
        return self.original.content if self.original else None

    @property
    def texts(self) -> list[str]:
        return [m.content for m in self.messages]


_counter = itertools.count(1)


def token_for(kind: str) -> str:
    """Interaction tokens: URL-safe, unique, recognisable in logs."""
    return f"fake-{kind}-token-{next(_counter)}"


def new_message(mid: int, channel: Channel, author: Member, body: dict, attachments: list[dict], *,
                flags: int = 0, kind: int = 0, ix: InteractionResult | None = None,
                application_id: int | None = None) -> dict:
    data = {
        "id": str(mid), "channel_id": str(channel.id), "author": author.user_payload(), "type": kind,
        "content": body.get("content") or "", "timestamp": iso_now(), "edited_timestamp": None,
        "tts": bool(body.get("tts")), "mention_everyone": False, "mentions": [], "mention_roles": [],
        "attachments": attachments, "embeds": body.get("embeds") or [], "pinned": False,
        "components": body.get("components") or [], "flags": flags, "reactions": [],
    }
    if channel.guild_id:
        data["guild_id"] = str(channel.guild_id)
    if body.get("nonce") is not None:
        data["nonce"] = body["nonce"]
    if body.get("message_reference"):
        data["message_reference"] = {"channel_id": str(channel.id), **body["message_reference"]}
    if application_id is not None:  # sent through an interaction: Discord marks it as the app's webhook
        data["application_id"] = data["webhook_id"] = str(application_id)
    if ix is not None:
        data["interaction_metadata"] = {"id": str(ix.id), "type": ix.type, "user": ix.user.user_payload(),
                                        "authorizing_integration_owners": {}}
    return data
