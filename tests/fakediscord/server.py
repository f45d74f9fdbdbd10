"""A fake Discord (REST + gateway) on 127.0.0.1 that the unmodified discord.py client talks to.

The test side injects users' actions (`slash`, `click`, `choose`, `autocomplete`, `submit_modal`,
`post_message`) and reads back what the bot sent (`InteractionResult`, `history`, `calls`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from . import limits
from .actions import UserActions
from .model import (
    ALL_PERMISSIONS,
    EPHEMERAL,
    EVERYONE_PERMISSIONS,
    LOADING,
    Attachment,
    BotCrashed,
    Channel,
    Clock,
    HarnessError,
    InteractionResult,
    Member,
    Message,
    Role,
    Snowflakes,
    iso_now,
    new_message,
)

API = "/api/v10"
MiB = 1024 * 1024
# Tasks discord.py starts to run a handler; `settle()` waits for them to finish.
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch-", "discord-ui-dynamic-item-",
                 "discord-ui-modal-dispatch-", "discord.py: ")
# What discord.py's Interaction() reads with data[...]: a payload without one kills the bot's loop.
INTERACTION_KEYS = ("id", "application_id", "type", "token", "version", "attachment_size_limit")

log = logging.getLogger(__name__)


class ApiError(Exception):
    def __init__(self, status: int, body: dict):
        super().__init__(status, body)
        self.status, self.body = status, body


def _error(status: int, code: int, message: str) -> ApiError:
    return ApiError(status, {"message": message, "code": code})


def _json(data: Any, status: int = 200) -> web.Response:
    # Exactly 'application/json': discord.py compares the header with ==, and aiohttp's
    # json_response would add '; charset=utf-8', turning every body into a str.
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


@dataclass
class Upload:
    index: int
    filename: str
    data: bytes
    content_type: str


@dataclass
class Session:
    """One gateway connection: a shard of a (possibly) sharded bot. An unsharded IDENTIFY is
    shard 0 of 1. Dispatches reach the session of the guild they are about."""

    shard: int
    count: int
    identify: dict
    session_id: str
    ws: web.WebSocketResponse | None = None
    last_seq: int = 0  # the sequence number of the last event sent on this session
    frames: list[dict] = field(default_factory=list)  # what the bot sent on this session
    asked: float = 0.0  # monotonic time of the last heartbeat request (op 1) sent on it


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's routing: (guild id >> 22) % shard count; events outside a guild go to shard 0."""
    return (guild_id >> 22) % count if guild_id else 0


@dataclass
class Call:
    """One REST request the bot made, and the fake's answer."""

    method: str
    path: str  # below /api/v10, e.g. '/channels/123/messages'
    query: dict[str, str]
    json: Any = None
    files: list[Upload] = field(default_factory=list)
    status: int = 0
    response: Any = None

    def __repr__(self) -> str:
        return f"<Call {self.method} {self.path} -> {self.status}>"


CALL = web.RequestKey("call", Call)


class FakeDiscord(UserActions):
    """One guild, one bot application, loopback only. Use `FakeDiscord.running()` in tests."""

    def __init__(self, *, token: str = "fake-bot-token", ack_deadline: float = 3.0,
                 token_lifetime: float = 15 * 60, attachment_size_limit: int = 25 * MiB,
                 wait_timeout: float = 10.0, clock: Clock | None = None, guild_name: str = "Fake Guild"):
        self.token = token
        self.ack_deadline = ack_deadline  # seconds to acknowledge an interaction
        self.token_lifetime = token_lifetime  # seconds an interaction token works for followups/edits
        self.attachment_size_limit = attachment_size_limit
        self.wait_timeout = wait_timeout
        self.clock = clock or Clock()
        self.snowflake = Snowflakes()
        self.app_id = self.snowflake()
        self.guild_id = self.snowflake()
        self.guild_name = guild_name
        self.guilds: dict[int, str] = {self.guild_id: guild_name}  # every guild the bot is in: id -> name
        self.bot_user = Member(self.app_id, "Arbiter", ALL_PERMISSIONS & ~(1 << 3), bot=True)
        self.roles: dict[int, Role] = {self.guild_id: Role(self.guild_id, "@everyone", EVERYONE_PERMISSIONS)}
        self.members: dict[int, Member] = {self.bot_user.id: self.bot_user}
        self.channels: dict[int, Channel] = {}
        self.commands: dict[int | None, list[dict]] = {}  # synced by the bot, per guild id (None: global)
        self.calls: list[Call] = []
        self.gateway_frames: list[dict] = []  # every frame the bot sent on the gateway
        self.identify: dict | None = None  # the latest IDENTIFY (of any shard)
        self.sessions: dict[int, Session] = {}  # shard id -> its gateway session
        self.interactions: dict[int, InteractionResult] = {}
        self.attachments: dict[int, Attachment] = {}
        self.connections = 0
        self.internal_errors: list[Exception] = []  # bugs in the fake itself; bot_session() raises on them
        self.bot_errors: list[logging.LogRecord] = []  # ERRORs discord.py logged during bot_session()
        self.base_url = self.api_url = self.gateway_url = ""
        self._by_token: dict[str, InteractionResult] = {}
        self._seq = 0
        # Dispatches waiting for their shard's session to be (re)connected: (event, data, shard or
        # None to route by the event's guild).
        self._pending: list[tuple[str, dict, int | None]] = []
        self._send_lock = asyncio.Lock()
        self._changed = asyncio.Condition()
        self._resumed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._bot: Any = None
        self._bot_task: asyncio.Task | None = None
        self.channel = self.add_channel("general")  # the default channel for injected actions

    # --- lifecycle -----------------------------------------------------------------------------

    @classmethod
    @contextlib.asynccontextmanager
    async def running(cls, **options: Any):
        """Start a fake and point discord.py at it; stop and unpatch on exit."""
        from .harness import patch_discord

        fake = cls(**options)
        await fake.start()
        try:
            with patch_discord(fake.api_url, fake.gateway_url):
                yield fake
        finally:
            await fake.stop()

    async def start(self) -> None:
        # Room for ten maximal files plus the JSON; multipart bodies are read part by part.
        app = web.Application(client_max_size=self.attachment_size_limit * 11 + MiB,
                              middlewares=[self._record])
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{channel}/{id}/{filename}", self._download)
        routes = [
            ("GET", "/users/@me", self._me),
            ("GET", "/oauth2/applications/@me", self._app_info),
            ("GET", "/gateway", self._gateway_url),
            ("GET", "/gateway/bot", self._gateway_url),
            ("PUT", "/applications/{app}/commands", self._sync),
            ("PUT", "/applications/{app}/guilds/{guild}/commands", self._sync),
            ("GET", "/applications/{app}/commands", self._list_commands),
            ("GET", "/applications/{app}/guilds/{guild}/commands", self._list_commands),
            ("POST", "/interactions/{iid}/{token}/callback", self._callback),
            ("POST", "/webhooks/{app}/{token}", self._followup),
            ("GET", "/webhooks/{app}/{token}/messages/{mid}", self._webhook_message),
            ("PATCH", "/webhooks/{app}/{token}/messages/{mid}", self._webhook_message),
            ("DELETE", "/webhooks/{app}/{token}/messages/{mid}", self._webhook_message),
            ("GET", "/channels/{cid}", self._get_channel),
            ("GET", "/channels/{cid}/messages", self._list_messages),
            ("POST", "/channels/{cid}/messages", self._post_message),
            ("GET", "/channels/{cid}/messages/{mid}", self._channel_message),
            ("PATCH", "/channels/{cid}/messages/{mid}", self._channel_message),
            ("DELETE", "/channels/{cid}/messages/{mid}", self._channel_message),
            ("POST", "/channels/{cid}/typing", self._no_content),
            ("POST", "/channels/{cid}/threads", self._thread),
            ("POST", "/channels/{cid}/messages/{mid}/threads", self._thread),
            ("POST", "/users/@me/channels", self._open_dm),
            ("GET", "/guilds/{guild}/members/{uid}", self._get_member),
            ("GET", "/guilds/{guild}/channels", self._guild_channels),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, API + path, handler)
        app.router.add_route("*", "/{tail:.*}", self._unhandled)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]
        self.base_url = f"http://127.0.0.1:{port}"
        self.api_url = self.base_url + API
        self.gateway_url = f"ws://127.0.0.1:{port}/gateway"

    async def stop(self) -> None:
        for ix in self.interactions.values():
            if ix.timer is not None:
                ix.timer.cancel()
        for session in self.sessions.values():
            if session.ws is not None:
                await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def attach(self, bot: Any, task: asyncio.Task | None) -> None:
        """Let waits notice a dead bot (`BotCrashed`) and read its gateway sequence for `settle()`."""
        self._bot, self._bot_task = bot, task

    def detach(self) -> None:
        self._bot = self._bot_task = None

    # --- guild setup -------------------------------------------------------------------------

    def add_member(self, name: str, *, permissions: int = 0, roles: tuple[int, ...] = (), bot: bool = False) -> Member:
        """A guild member. `permissions` are granted through a role of their own, so both
        interaction `member.permissions` and discord.py's `guild_permissions` see them."""
        member = Member(self.snowflake(), name, EVERYONE_PERMISSIONS | permissions, list(roles), bot=bot)
        if permissions:
            role = Role(self.snowflake(), f"{name}-role", permissions, position=len(self.roles))
            self.roles[role.id] = role
            member.roles.append(role.id)
            self._queue("GUILD_ROLE_CREATE", {"guild_id": str(self.guild_id), "role": role.payload()})
        for rid in member.roles:
            member.permissions |= self.roles[rid].permissions if rid in self.roles else 0
        self.members[member.id] = member
        if self.identify and self.identify.get("intents", 0) & (1 << 1):  # GUILD_MEMBERS intent
            self._queue("GUILD_MEMBER_ADD", {**member.member_payload(), "guild_id": str(self.guild_id)})
        return member

    def add_guild(self, name: str, *, shard: int, count: int) -> int:
        """Another guild the bot is in, with an id that Discord routes to `shard` of `count`.
        Members and non-default roles are shared by every guild (enough for the bot's needs)."""
        base = self.snowflake()
        guild_id = (((base >> 22) // count * count + shard) << 22) | (base & (2 ** 22 - 1))
        while guild_id in self.guilds or guild_id < base:
            guild_id += count << 22
        self.guilds[guild_id] = name
        self.roles[guild_id] = Role(guild_id, "@everyone", EVERYONE_PERMISSIONS)
        return guild_id

    def add_channel(self, name: str, guild_id: int | None = None) -> Channel:
        channel = Channel(self.snowflake(), name, guild_id=guild_id or self.guild_id, position=len(self.channels))
        self.channels[channel.id] = channel
        self._queue("CHANNEL_CREATE", channel.payload())
        return channel

    def dm_channel(self, user: Member) -> Channel:
        for channel in self.channels.values():
            if channel.is_dm and channel.recipient is user:
                return channel
        channel = Channel(self.snowflake(), "", type=1, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def guild_payload(self, guild_id: int | None = None) -> dict:
        guild_id = guild_id or self.guild_id
        members = [m.member_payload() for m in self.members.values()]
        roles = [r for r in self.roles.values() if r.id == guild_id or r.id not in self.guilds]
        channels = [c for c in self.channels.values() if c.guild_id == guild_id]
        return {
            "id": str(guild_id), "name": self.guilds[guild_id], "icon": None, "splash": None, "banner": None,
            "description": None, "owner_id": str(self.bot_user.id + 1), "afk_channel_id": None, "afk_timeout": 300,
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0, "premium_subscription_count": 0,
            "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None,
            "public_updates_channel_id": None, "preferred_locale": "en-US", "features": [],
            "roles": [r.payload() for r in roles], "emojis": [], "stickers": [],
            "channels": [c.payload() for c in channels if c.type == 0],
            "threads": [c.payload() for c in channels if c.type in (11, 12)],
            "members": members, "member_count": len(members),  # equal counts: discord.py won't chunk
            "large": False, "unavailable": False, "joined_at": iso_now(), "voice_states": [], "presences": [],
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
        }

    # --- gateway -------------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.connections += 1
        # Text frames: discord.py parses them as plain JSON whatever compress= the URL asked for.
        await self._send(ws, {"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            frame = json.loads(msg.data)
            self.gateway_frames.append(frame)
            for session in self.sessions.values():
                if session.ws is ws:
                    session.frames.append(frame)
            op, data = frame.get("op"), frame.get("d")
            if op == 1:
                await self._send(ws, {"op": 11, "d": None, "s": None, "t": None})
                await self._notify()
            elif op == 2:
                self._identify(ws, data)
                await self._flush()
                await self._notify()
            elif op == 6:
                session = next((x for x in self.sessions.values() if x.session_id == data.get("session_id")), None)
                if session is None:
                    await self._send(ws, {"op": 9, "d": False, "s": None, "t": None})
                    continue
                session.ws = ws
                self._pending.insert(0, ("RESUMED", {}, session.shard))
                await self._flush()
                self._resumed.set()
            elif op == 8:
                members = [m.member_payload() for m in self.members.values()]
                await self.dispatch("GUILD_MEMBERS_CHUNK", {"guild_id": str(self.guild_id), "members": members,
                                                            "chunk_index": 0, "chunk_count": 1,
                                                            "nonce": data.get("nonce")})
        for session in self.sessions.values():
            if session.ws is ws:
                session.ws = None
        return ws

    def _identify(self, ws: web.WebSocketResponse, data: dict) -> None:
        """A new session for the shard IDENTIFY names; READY and one GUILD_CREATE per guild of
        that shard go first, ahead of anything queued for it."""
        shard, count = data.get("shard") or (0, 1)
        if not 0 <= shard < count:
            raise HarnessError(f"IDENTIFY names shard {shard} of {count}")
        if any(s.count != count for k, s in self.sessions.items() if k != shard and s.ws is not None):
            raise HarnessError(f"IDENTIFY with {count} shards while other sessions use another count")
        self.identify = data
        session = Session(shard, count, data, f"session-{self.snowflake()}", ws)
        self.sessions[shard] = session
        self._pending = [p for p in self._pending if p[2] != shard]  # an older session's READY is void
        mine = [g for g in self.guilds if shard_of(g, count) == shard]
        self._pending[:0] = [("READY", self._ready_payload(session, mine), shard),
                             *(("GUILD_CREATE", self.guild_payload(g), shard) for g in mine)]

    @property
    def _ws(self) -> web.WebSocketResponse | None:
        """The connection of shard 0 (the only one of an unsharded bot)."""
        session = self.sessions.get(0)
        return session.ws if session else None

    def _ready_payload(self, session: Session, guilds: list[int]) -> dict:
        return {"v": 10, "user": self.bot_user.user_payload(), "guilds": [{"id": str(g), "unavailable": True}
                                                                          for g in guilds],
                "session_id": session.session_id, "resume_gateway_url": self.gateway_url,
                "shard": [session.shard, session.count],
                "application": {"id": str(self.app_id), "flags": 0}, "private_channels": [], "relationships": [],
                "presences": [], "user_settings": {}, "geo_ordered_rtc_regions": []}

    async def _send(self, ws: web.WebSocketResponse, frame: dict) -> None:
        async with self._send_lock:
            await ws.send_str(json.dumps(frame))

    async def dispatch(self, event: str, data: dict, *, check: bool = True) -> None:
        """Send a DISPATCH (op 0) event to the bot, or queue it until the gateway is back.
        `check=False` lets a test send a deliberately malformed INTERACTION_CREATE."""
        if check and event == "INTERACTION_CREATE":
            missing = [k for k in INTERACTION_KEYS if k not in data]
            if missing:
                raise HarnessError(f"INTERACTION_CREATE lacks {missing}: discord.py would crash on it")
        self._pending.append((event, data, None))
        await self._flush()

    def _queue(self, event: str, data: dict) -> None:
        """Queue an event from sync code (sent by the next dispatch or settle)."""
        if self.identify is not None:  # before that, GUILD_CREATE will carry the state anyway
            self._pending.append((event, data, None))

    def _shard_for(self, event: str, data: dict) -> int:
        """The shard whose session gets an event: that of the guild it belongs to."""
        count = max((s.count for s in self.sessions.values()), default=1)
        guild = data.get("guild_id") or (data.get("id") if event.startswith("GUILD_") else None)
        if guild is None and data.get("channel_id") and int(data["channel_id"]) in self.channels:
            guild = self.channels[int(data["channel_id"])].guild_id
        return shard_of(int(guild) if guild else None, count)

    async def _flush(self) -> None:
        # Sequence numbers are given at send time so each session sees them strictly increasing;
        # a shard whose session is away keeps its events, in order, for its return.
        async with self._send_lock:
            waiting, held = [], set()
            for event, data, shard in self._pending:
                shard = self._shard_for(event, data) if shard is None else shard
                session = self.sessions.get(shard)
                if shard in held or session is None or session.ws is None or session.ws.closed:
                    held.add(shard)
                    waiting.append((event, data, shard))
                    continue
                self._seq += 1
                session.last_seq = self._seq
                await session.ws.send_str(json.dumps({"op": 0, "t": event, "s": self._seq, "d": data}))
            self._pending = waiting

    async def reconnect(self, timeout: float | None = None) -> None:
        """Ask the bot to reconnect (op 7) and wait until it has RESUMEd."""
        if self._ws is None:
            raise HarnessError("the bot is not connected")
        self._resumed.clear()
        await self._send(self._ws, {"op": 7, "d": None, "s": None, "t": None})
        await self._wait(self._resumed.wait(), timeout)

    # --- waiting -------------------------------------------------------------------------------

    async def _wait(self, awaitable: Any, timeout: float | None = None) -> Any:
        """Await, but fail fast with BotCrashed if the bot's connect task dies meanwhile."""
        task = asyncio.ensure_future(awaitable)
        watched = {task} | ({self._bot_task} if self._bot_task else set())
        done, _ = await asyncio.wait(watched, timeout=timeout or self.wait_timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            return task.result()
        task.cancel()
        if self._bot_task is not None and self._bot_task in done:
            raise BotCrashed(f"the bot's connect task ended: {self._bot_task!r}") from (
                None if self._bot_task.cancelled() else self._bot_task.exception())
        raise TimeoutError(f"timed out after {timeout or self.wait_timeout}s")

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def wait_for(self, predicate: Callable[[], bool], timeout: float | None = None) -> None:
        """Wait until `predicate()` holds; it is re-checked after every request the bot makes."""
        async def check() -> None:
            async with self._changed:
                await self._changed.wait_for(predicate)

        await self._wait(check(), timeout)

    async def settle(self, timeout: float | None = None) -> None:
        """Wait until the bot has read every event sent so far and the handlers those started
        (app commands, views, modals, event listeners) have finished."""
        await self._wait(self._gateway_barrier(), timeout)
        await self._wait(self._drain_handlers(), timeout)

    async def _gateway_barrier(self) -> None:
        await self._flush()
        target = self._seq
        if self._bot is not None:
            # discord.py sets ws.sequence and parses the frame without awaiting in between.
            while (ws := getattr(self._bot, "ws", None)) is None or (ws.sequence or 0) < target:
                await asyncio.sleep(0.001)
            return
        # No bot object (it runs in other processes): ask each session for a heartbeat; the bot
        # answers with the last sequence that session read.
        for session in list(self.sessions.values()):
            while self._behind(session):
                await self._ask_heartbeat(session)
                # asyncio.timeout, not wait_for: 3.11's wait_for can swallow a cancellation that
                # races its inner wait, and this loop then outlived the run (a hang at shutdown).
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(self.HEARTBEAT_ASK_EVERY), self._changed:
                        await self._changed.wait_for(lambda s=session: not self._behind(s))

    # discord.py answers a heartbeat request through its gateway rate limiter (120 sends a
    # minute); asked more often than this, it stalls its reading of the gateway behind them.
    HEARTBEAT_ASK_EVERY = 1.0

    @staticmethod
    def _behind(session: Session) -> bool:
        """The session is open and the bot has not yet said it read the last event sent on it."""
        return session.ws is not None and not session.ws.closed and not any(
            f.get("op") == 1 and (f.get("d") or 0) >= session.last_seq for f in reversed(session.frames))

    async def _ask_heartbeat(self, session: Session) -> None:
        """An op 1 on the session, unless one went out less than HEARTBEAT_ASK_EVERY ago (every
        waiting barrier shares it)."""
        now = time.monotonic()
        if now - session.asked >= self.HEARTBEAT_ASK_EVERY:
            session.asked = now
            await self._send(session.ws, {"op": 1, "d": None, "s": None, "t": None})

    @staticmethod
    async def _drain_handlers() -> None:
        me = asyncio.current_task()
        while busy := [t for t in asyncio.all_tasks() if t is not me and not t.done()
                       and t.get_name().startswith(HANDLER_TASKS)]:
            await asyncio.wait(busy)

    # --- reading what happened ------------------------------------------------------------------

    def threads(self, parent: Channel | None = None) -> list[Channel]:
        parent = parent or self.channel
        return [c for c in self.channels.values() if c.parent_id == parent.id]

    def history(self, channel: Channel | None = None, *, visible_to: Member | None = None) -> list[Message]:
        """A channel's messages, oldest first, without deleted ones (and only what `visible_to` sees)."""
        msgs = (channel or self.channel).messages
        return [m for m in msgs if not m.deleted and (visible_to is None or m.visible_to(visible_to))]

    def dms(self, user: Member) -> list[Message]:
        return self.history(self.dm_channel(user))

    def find_message(self, message_id: int) -> Message:
        for channel in self.channels.values():
            for msg in channel.messages:
                if msg.id == message_id:
                    return msg
        raise LookupError(f"no message {message_id}")

    @property
    def rejections(self) -> list[Call]:
        return [c for c in self.calls if c.status >= 400]

    def calls_to(self, method: str, path_start: str = "") -> list[Call]:
        return [c for c in self.calls if c.method == method and c.path.startswith(path_start)]

    # --- REST plumbing ----------------------------------------------------------------------------

    @web.middleware
    async def _record(self, request: web.Request, handler: Callable) -> web.StreamResponse:
        if request.path == "/gateway" or request.path.startswith("/attachments/"):
            return await handler(request)
        call = Call(request.method, request.path.removeprefix(API), dict(request.query))
        request[CALL] = call
        try:
            response = await handler(request)
        except ApiError as exc:
            response = _json(exc.body, exc.status)
            call.response = exc.body
        except Exception as exc:  # a bug in the fake: never a 5xx, which discord.py retries for seconds
            log.exception("fake discord failed on %s %s", call.method, call.path)
            self.internal_errors.append(exc)
            call.response = {"code": 0, "message": f"fakediscord internal error: {exc!r}"}
            response = _json(call.response, 400)
        call.status = response.status
        self.calls.append(call)
        if (ix := self._by_token.get(request.match_info.get("token", ""))) is not None:
            ix.calls.append(call)
        if call.status >= 400:
            log.info("fake discord refused %s %s: %s %s", call.method, call.path, call.status, call.response)
        await self._notify()
        return response

    async def _read(self, request: web.Request) -> tuple[dict, list[Upload]]:
        """The JSON body, or a multipart body's payload_json plus its files[N] parts."""
        call: Call = request[CALL]
        uploads: list[Upload] = []
        body: dict = {}
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                raw = await part.read(decode=False)
                if part.name == "payload_json":
                    body = json.loads(raw)
                elif part.name and part.name.startswith("files["):
                    index = int(part.name[6:-1])
                    ctype = part.headers.get("Content-Type", "application/octet-stream")
                    uploads.append(Upload(index, part.filename or f"file{index}", bytes(raw), ctype))
        elif request.can_read_body:
            try:
                body = json.loads(await request.text())
            except ValueError:
                raise _error(400, 50109, "The request body contains invalid JSON.") from None
        call.json, call.files = body, uploads
        too_big = [u.filename for u in uploads if len(u.data) > self.attachment_size_limit]
        if too_big:
            raise _error(413, 40005, "Request entity too large")
        return body, uploads

    def _ok(self, request: web.Request, data: Any, status: int = 200) -> web.Response:
        request[CALL].response = data
        return _json(data, status)

    async def _no_content(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def _unhandled(self, request: web.Request) -> web.Response:
        raise _error(404, 0, "404: Not Found")

    async def _download(self, request: web.Request) -> web.Response:
        att = self.attachments.get(int(request.match_info["id"]))
        if att is None:
            return web.Response(status=404)
        return web.Response(body=att.data, headers={"Content-Type": att.content_type})

    def _check_form(self, build: Callable[[limits.FormErrors], None]) -> None:
        errs = limits.FormErrors()
        build(errs)
        if errs:
            raise ApiError(400, errs.body())

    # --- login, gateway url, commands ----------------------------------------------------------

    async def _me(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise _error(401, 0, "401: Unauthorized")
        return self._ok(request, self.bot_user.user_payload() | {"verified": True, "mfa_enabled": False})

    async def _app_info(self, request: web.Request) -> web.Response:
        owner = Member(self.bot_user.id + 1, "owner").user_payload()
        return self._ok(request, {
            "id": str(self.app_id), "name": self.bot_user.name, "description": "", "icon": None,
            "bot_public": True, "bot_require_code_grant": False, "owner": owner, "verify_key": "0" * 64,
            "team": None, "flags": 0, "interactions_endpoint_url": None, "bot": self.bot_user.user_payload()})

    async def _gateway_url(self, request: web.Request) -> web.Response:
        return self._ok(request, {"url": self.gateway_url, "shards": 1,
                                  "session_start_limit": {"total": 1000, "remaining": 1000,
                                                          "reset_after": 0, "max_concurrency": 1}})

    async def _sync(self, request: web.Request) -> web.Response:
        body, _ = await self._read(request)
        self._check_form(lambda errs: limits.check_commands(errs, body))
        guild = request.match_info.get("guild")
        scope = int(guild) if guild else None
        stored = []
        for cmd in body:
            extra = {"id": str(self.snowflake()), "application_id": str(self.app_id), "version": "1",
                     "type": cmd.get("type", 1), "default_member_permissions": cmd.get("default_member_permissions")}
            if scope:
                extra["guild_id"] = str(scope)
            stored.append({"description": "", "options": [], **cmd, **extra})
        self.commands[scope] = stored
        return self._ok(request, stored)

    async def _list_commands(self, request: web.Request) -> web.Response:
        guild = request.match_info.get("guild")
        return self._ok(request, self.commands.get(int(guild) if guild else None, []))

    # --- interactions ------------------------------------------------------------------------------

    async def _callback(self, request: web.Request) -> web.Response:
        ix = self.interactions.get(int(request.match_info["iid"]))
        if ix is None or ix.token != request.match_info["token"]:
            raise _error(404, 10062, "Unknown interaction")
        body, uploads = await self._read(request)
        if ix.acked:
            raise _error(400, 40060, "Interaction has already been acknowledged.")
        if ix.failed or self.clock.now() - ix.created_at > self.ack_deadline:
            ix.failed = True
            ix.answered.set()
            raise _error(404, 10062, "Unknown interaction")
        kind, data = body.get("type"), body.get("data") or {}
        allowed = {2: (4, 5, 9), 3: (4, 5, 6, 7, 9), 4: (8,), 5: (4, 5, 6, 7) if ix.source_message else (4, 5)}
        if kind not in allowed[ix.type]:
            raise ApiError(400, {"code": 50035, "message": "Invalid Form Body", "errors": {"type": {"_errors": [
                {"code": "INTERACTION_RESPONSE_TYPE_INVALID",
                 "message": f"Interaction response type {kind} is not valid for a {ix.kind} interaction"}]}}})
        message: Message | None = None
        if kind == 4:
            self._check_form(lambda errs: limits.check_message(errs, data, ("data",), n_files=len(uploads)))
            message = self._create(ix.channel, data, uploads, ix=ix, flags=data.get("flags", 0))
            ix.original = message
        elif kind == 5:
            message = self._create(ix.channel, {}, [], ix=ix, flags=LOADING | (data.get("flags", 0) & EPHEMERAL),
                                   allow_empty=True)
            ix.original, ix.deferred_pending = message, True
        elif kind in (6, 7):
            message = ix.original = ix.source_message
            if kind == 7:
                self._check_form(lambda errs: limits.check_message(errs, data, ("data",), n_files=len(uploads)))
                self._edit(message, data, uploads)
        elif kind == 8:
            self._check_form(lambda errs: limits.check_choices(errs, data.get("choices") or [], ("data", "choices")))
            ix.choices = data.get("choices") or []
        elif kind == 9:
            self._check_form(lambda errs: limits.check_modal(errs, data, ("data",)))
            ix.modal = data
        ix.response_type, ix.response = kind, body
        ix.answered.set()
        if "with_response" not in request.query:
            return web.Response(status=204)
        resource: dict[str, Any] = {"type": kind}
        if message is not None and kind != 6:
            resource["message"] = message.data
        return self._ok(request, {
            "interaction": {"id": str(ix.id), "type": ix.type, "activity_instance_id": None,
                            "response_message_id": str(message.id) if message else None,
                            "response_message_loading": kind == 5,
                            "response_message_ephemeral": bool(message and message.ephemeral)},
            "resource": resource})

    def _token_interaction(self, request: web.Request) -> InteractionResult:
        """The interaction behind a webhook token, refusing what Discord would refuse."""
        ix = self._by_token.get(request.match_info["token"])
        if ix is None or request.match_info["app"] != str(self.app_id) or ix.failed or not ix.acked:
            raise _error(404, 10015, "Unknown Webhook")
        if self.clock.now() - ix.created_at > self.token_lifetime:
            raise _error(401, 50027, "Invalid Webhook Token")
        return ix

    async def _followup(self, request: web.Request) -> web.Response:
        ix = self._token_interaction(request)
        body, uploads = await self._read(request)
        self._check_form(lambda errs: limits.check_message(errs, body, n_files=len(uploads)))
        if ix.deferred_pending:  # the first followup after a "thinking" defer fills that message in
            ix.deferred_pending = False
            message = ix.original
            self._edit(message, body, uploads, creating=True)
        else:
            message = self._create(ix.channel, body, uploads, ix=ix, flags=body.get("flags", 0))
        ix.followups.append(message)
        if request.query.get("wait") in ("1", "true", "True"):
            return self._ok(request, message.data)
        return web.Response(status=204)

    async def _webhook_message(self, request: web.Request) -> web.Response:
        ix = self._token_interaction(request)
        mid = request.match_info["mid"]
        message = ix.original if mid == "@original" else next((m for m in ix.messages if str(m.id) == mid), None)
        if message is None or message.deleted:
            raise _error(404, 10008, "Unknown Message")
        if request.method == "GET":
            return self._ok(request, message.data)
        if request.method == "DELETE":
            message.deleted = True
            return web.Response(status=204)
        body, uploads = await self._read(request)
        self._check_form(lambda errs: limits.check_message(errs, body, n_files=len(uploads)))
        if message is ix.original:
            ix.deferred_pending = False
        self._edit(message, body, uploads)
        return self._ok(request, message.data)

    # --- messages ----------------------------------------------------------------------------------

    def _attachments(self, channel: Channel, body: dict, uploads: list[Upload]) -> tuple[list[dict], list[Attachment]]:
        """Payloads and stored files for the uploads the body's `attachments` list refers to."""
        by_index = {u.index: u for u in uploads}
        meta = body.get("attachments")
        if meta is None:
            meta = [{"id": u.index} for u in uploads]
        payloads, stored = [], []
        for entry in meta:
            upload = by_index.get(int(entry["id"])) if str(entry.get("id", "")).isdigit() else None
            if upload is None:
                continue
            aid = self.snowflake()
            url = f"{self.base_url}/attachments/{channel.id}/{aid}/{upload.filename}"
            att = Attachment(aid, entry.get("filename") or upload.filename, upload.data, upload.content_type, url)
            self.attachments[aid] = att
            payloads.append(att.payload(entry.get("description")))
            stored.append(att)
        return payloads, stored

    def _create(self, channel: Channel, body: dict, uploads: list[Upload], *, ix: InteractionResult | None = None,
                flags: int = 0, author: Member | None = None, allow_empty: bool = False) -> Message:
        payloads, stored = self._attachments(channel, body, uploads)
        if ix is not None:
            flags &= EPHEMERAL | LOADING | (1 << 2) | (1 << 12) | (1 << 15)  # what a webhook may set
        data = new_message(self.snowflake(), channel, author or self.bot_user, body, payloads, flags=flags,
                           kind=20 if ix is not None and ix.type == 2 else 0, ix=ix,
                           application_id=self.app_id if ix is not None else None)
        if not allow_empty and limits.is_empty(data):
            raise _error(400, 50006, "Cannot send an empty message")
        audience = frozenset({ix.user.id}) if ix is not None and flags & EPHEMERAL else None
        message = Message(data, audience=audience, attachments=stored, interaction=ix)
        channel.messages.append(message)
        return message

    def _edit(self, message: Message, body: dict, uploads: list[Upload], *, creating: bool = False) -> None:
        new = dict(message.data)
        for key, empty in (("content", ""), ("embeds", []), ("components", [])):
            if key in body:
                new[key] = body[key] if body[key] is not None else empty
        channel = self.channels[message.channel_id]
        kept_ids = {str(a.get("id")) for a in body.get("attachments") or []}
        old = [a for a in message.data.get("attachments") or []
               if "attachments" not in body or a["id"] in kept_ids]
        added, stored = self._attachments(channel, body, uploads)
        new["attachments"] = old + added
        new["flags"] = message.flags & ~LOADING
        if creating and body.get("flags"):  # the followup after a defer keeps the defer's ephemerality
            new["flags"] |= body["flags"] & ~EPHEMERAL & ~LOADING
        if limits.is_empty(new):
            raise _error(400, 50006, "Cannot send an empty message")
        if not creating:
            new["edited_timestamp"] = iso_now()
        message.versions.append(message.data)
        message.data = new
        message.attachment_files += stored

    def _channel(self, request: web.Request) -> Channel:
        channel = self.channels.get(int(request.match_info["cid"]))
        if channel is None:
            raise _error(404, 10003, "Unknown Channel")
        return channel

    async def _get_channel(self, request: web.Request) -> web.Response:
        return self._ok(request, self._channel(request).payload())

    async def _list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = int(request.query.get("limit", 50))
        visible = [m.data for m in reversed(channel.messages) if not m.deleted and m.audience is None]
        return self._ok(request, visible[:limit])

    async def _post_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, uploads = await self._read(request)
        self._check_form(lambda errs: limits.check_message(errs, body, n_files=len(uploads)))
        # Channel messages cannot be ephemeral: Discord ignores that flag here.
        message = self._create(channel, body, uploads, flags=body.get("flags", 0) & ~EPHEMERAL)
        return self._ok(request, message.data)

    async def _channel_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        mid = int(request.match_info["mid"])
        message = next((m for m in channel.messages if m.id == mid and not m.deleted and m.audience is None), None)
        if message is None:
            raise _error(404, 10008, "Unknown Message")
        if request.method == "GET":
            return self._ok(request, message.data)
        if request.method == "DELETE":
            message.deleted = True
            return web.Response(status=204)
        if message.author_id != self.bot_user.id:
            raise _error(403, 50005, "Cannot edit a message authored by another user")
        body, uploads = await self._read(request)
        self._check_form(lambda errs: limits.check_message(errs, body, n_files=len(uploads)))
        self._edit(message, body, uploads)
        return self._ok(request, message.data)

    async def _thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        body, _ = await self._read(request)
        tid = int(request.match_info.get("mid") or self.snowflake())  # a message's thread shares its id
        thread = Channel(tid, body.get("name", "thread"), type=body.get("type", 11), guild_id=parent.guild_id,
                         parent_id=parent.id, owner_id=self.bot_user.id)
        self.channels[thread.id] = thread
        await self.dispatch("THREAD_CREATE", thread.payload() | {"newly_created": True})
        return self._ok(request, thread.payload(), 201)

    async def _open_dm(self, request: web.Request) -> web.Response:
        body, _ = await self._read(request)
        user = self.members.get(int(body.get("recipient_id", 0)))
        if user is None:
            raise _error(404, 10013, "Unknown User")
        return self._ok(request, self.dm_channel(user).payload())

    async def _get_member(self, request: web.Request) -> web.Response:
        member = self.members.get(int(request.match_info["uid"]))
        if member is None:
            raise _error(404, 10007, "Unknown Member")
        return self._ok(request, member.member_payload())

    async def _guild_channels(self, request: web.Request) -> web.Response:
        guild = int(request.match_info["guild"])
        return self._ok(request, [c.payload() for c in self.channels.values() if c.guild_id == guild and c.type == 0])
