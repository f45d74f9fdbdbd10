"""What a test does as a Discord user: slash commands, autocomplete, clicks, selects, modals, messages.

Each action builds the event a real client would cause, from one complete template (a payload
missing a key discord.py indexes kills the bot's gateway loop), refuses what a real client could
not do (HarnessError), dispatches it and returns once the bot has answered and settled.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

from .model import (
    ALL_PERMISSIONS,
    Channel,
    HarnessError,
    InteractionResult,
    Member,
    Message,
    Role,
    new_message,
    token_for,
)

OPTION_TYPES = {str: 3, bool: 5, int: 4, float: 10}


class UserActions:
    """Mixed into FakeDiscord; relies on its state (members, channels, commands) and dispatch/settle."""

    async def slash(self, user: Member, /, *path: str, channel: Channel | None = None, timeout: float | None = None,
                    options: dict | None = None, **kw_options: Any) -> InteractionResult:
        """Run `/path[0] path[1] ... name:value ...` as `user`, e.g. slash(u, "game", "new", game="psiwars").
        Options named `channel`, `timeout` or `options` go in `options={...}`."""
        data = self._command_data(path, {**(options or {}), **kw_options}, channel or self.channel)
        return await self._interact(2, user, channel, data, None, timeout)

    async def autocomplete(self, user: Member, /, *path: str, focused: str, channel: Channel | None = None,
                           timeout: float | None = None, options: dict | None = None,
                           **kw_options: Any) -> InteractionResult:
        """The user typing into option `focused` (its value is the partial text); see `.choices`."""
        values = {**(options or {}), **kw_options}
        values.setdefault(focused, "")
        data = self._command_data(path, values, channel or self.channel, focused=focused)
        return await self._interact(4, user, channel, data, None, timeout)

    async def click(self, user: Member, message: Message | int, button: str | None = None, *,
                    timeout: float | None = None) -> InteractionResult:
        """Click the button labelled (or custom_id'd) `button` on a stored message."""
        msg = self._visible_message(user, message)
        comp = msg.component(button, kinds=(2,))
        if comp.get("disabled"):
            raise HarnessError(f"button {button!r} is disabled")
        if comp.get("style") in (5, 6):
            raise HarnessError(f"button {button!r} is a link/premium button: clicking it sends no interaction")
        data = {"custom_id": comp["custom_id"], "component_type": 2}
        return await self._interact(3, user, self.channels[msg.channel_id], data, msg, timeout)

    async def choose(self, user: Member, message: Message | int, values: list[Any], select: str | None = None,
                     *, timeout: float | None = None) -> InteractionResult:
        """Pick `values` in a select (option values; Members/Channels/Roles for the other select types)."""
        msg = self._visible_message(user, message)
        comp = msg.component(select, kinds=(3, 5, 6, 7, 8))
        if comp.get("disabled"):
            raise HarnessError(f"select {select!r} is disabled")
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not low <= len(values) <= high:
            raise HarnessError(f"select {comp['custom_id']!r} takes {low}..{high} values, not {len(values)}")
        data: dict[str, Any] = {"custom_id": comp["custom_id"], "component_type": comp["type"]}
        if comp["type"] == 3:
            allowed = [o["value"] for o in comp.get("options", [])]
            if bad := [v for v in values if v not in allowed]:
                raise HarnessError(f"{bad} are not options of {comp['custom_id']!r} ({allowed})")
            data["values"] = list(values)
        else:
            resolved: dict = {}
            data["values"] = [self._resolve(v, resolved) for v in values]
            data["resolved"] = resolved
        return await self._interact(3, user, self.channels[msg.channel_id], data, msg, timeout)

    async def forge_command(self, user: Member, /, *path: str, raw: dict[str, Any], channel: Channel | None = None,
                            timeout: float | None = None, options: dict | None = None,
                            **kw_options: Any) -> InteractionResult:
        """A slash command as a modified client can send it: the other options are checked as in
        slash(), then each `raw` value is put in as is (any type, out of range, not a choice)."""
        channel = channel or self.channel
        data = self._command_data(path, {**(options or {}), **kw_options}, channel, forged=raw)
        leaf = data
        while leaf.get("options") and leaf["options"][0].get("type") in (1, 2):
            leaf = leaf["options"][0]
        leaf.setdefault("options", [])
        leaf["options"] = [o for o in leaf["options"] if o["name"] not in raw]
        leaf["options"] += [{"name": k, "type": OPTION_TYPES.get(type(v), 3), "value": v} for k, v in raw.items()]
        return await self._interact(2, user, channel, data, None, timeout)

    async def forge_component(self, user: Member, message: Message | int, custom_id: str, *,
                              component_type: int = 2, values: list[str] | None = None,
                              timeout: float | None = None) -> InteractionResult:
        """What a modified client can send: a click with any custom_id (and select values) on a
        message the user can see, whether or not the message carries that component."""
        msg = self._visible_message(user, message)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = list(values)
        return await self._interact(3, user, self.channels[msg.channel_id], data, msg, timeout)

    async def submit_modal(self, user: Member, opened_by: InteractionResult, values: dict[str, Any], *,
                           timeout: float | None = None) -> InteractionResult:
        """Fill and submit the modal the bot opened in answer to `opened_by` (text inputs by custom_id)."""
        modal = opened_by.modal
        if modal is None:
            raise HarnessError(f"{opened_by!r} opened no modal")
        unknown = set(values)

        def fill(comp: dict) -> dict:
            if comp.get("type") in (1, 17):
                return {"type": comp["type"], "components": [fill(c) for c in comp.get("components", [])]}
            if comp.get("type") == 18:  # Label wrapping one input
                return {"type": 18, "component": fill(comp["component"])}
            cid = comp.get("custom_id")
            unknown.discard(cid)
            if comp.get("type") == 4:
                value = values.get(cid, comp.get("value") or "")
                if comp.get("required", True) and not value:
                    raise HarnessError(f"modal input {cid!r} is required")
                return {"type": 4, "custom_id": cid, "value": value}
            return {"type": comp.get("type"), "custom_id": cid, "values": list(values.get(cid, []))}

        data = {"custom_id": modal["custom_id"], "components": [fill(c) for c in modal.get("components", [])]}
        if unknown:
            raise HarnessError(f"the modal has no inputs {sorted(unknown)}")
        return await self._interact(5, user, opened_by.channel, data, opened_by.source_message, timeout)

    async def post_message(self, user: Member, content: str, channel: Channel | None = None) -> Message:
        """A user writes in a channel: stored and dispatched as MESSAGE_CREATE (then settled)."""
        channel = channel or self.channel
        msg = Message(new_message(self.snowflake(), channel, user, {"content": content}, []))
        channel.messages.append(msg)
        event = dict(msg.data)
        if channel.guild_id:
            event["member"] = {k: v for k, v in user.member_payload().items() if k != "user"}
        await self.dispatch("MESSAGE_CREATE", event)
        await self.settle()
        return msg

    def _visible_message(self, user: Member, message: Message | int) -> Message:
        msg = message if isinstance(message, Message) else self.find_message(int(message))
        if not msg.visible_to(user):
            raise HarnessError(f"{user.name} cannot see {msg!r}")
        return msg

    async def _interact(self, kind: int, user: Member, channel: Channel | None, data: dict,
                        message: Message | None, timeout: float | None) -> InteractionResult:
        channel = channel or self.channel
        ix = InteractionResult(self._interaction_payload(kind, user, channel, data, message), user, channel, message)
        self.interactions[ix.id] = ix
        self._by_token[ix.token] = ix
        ix.created_at = self.clock.now()
        await self.dispatch("INTERACTION_CREATE", ix.payload)
        ix.timer = asyncio.get_running_loop().call_later(self.ack_deadline, self._deadline_passed, ix)
        await self._wait(ix.answered.wait(), timeout or self.ack_deadline + self.wait_timeout)
        await self.settle(timeout)
        return ix

    def _deadline_passed(self, ix: InteractionResult) -> None:
        if not ix.acked:
            ix.failed = True  # Discord shows "The application did not respond"
            ix.answered.set()

    def _interaction_payload(self, kind: int, user: Member, channel: Channel, data: dict,
                             message: Message | None) -> dict:
        payload = {
            "id": str(self.snowflake()), "application_id": str(self.app_id), "type": kind,
            "token": token_for({2: "command", 3: "component", 4: "autocomplete", 5: "modal"}[kind]),
            "version": 1, "data": data, "channel_id": str(channel.id), "locale": "en-US",
            "entitlements": [], "attachment_size_limit": self.attachment_size_limit,
            "app_permissions": str(self.bot_user.permissions),
        }
        if channel.is_dm:
            payload |= {"user": user.user_payload(), "context": 1, "channel": channel.payload(),
                        "authorizing_integration_owners": {"0": str(user.id)}}
        else:
            member = user.member_payload(with_permissions=True)
            guild = channel.guild_id  # the guild of the channel: its shard's session gets the interaction
            payload |= {"guild_id": str(guild), "guild_locale": "en-US", "member": member, "context": 0,
                        "guild": {"id": str(guild), "locale": "en-US", "features": []},
                        "channel": channel.payload() | {"permissions": member["permissions"]},
                        "authorizing_integration_owners": {"0": str(guild)}}
        if message is not None:
            payload["message"] = message.data
        return payload

    def _command_data(self, path: tuple[str, ...], values: dict, channel: Channel,
                      focused: str | None = None, forged: Iterable[str] = ()) -> dict:
        if not path:
            raise HarnessError("slash() needs a command name")
        name, subpath = path[0], path[1:]
        guild_cmds = [] if channel.is_dm else self.commands.get(channel.guild_id, [])
        cmd = next((c for c in guild_cmds if c["name"] == name and c.get("type", 1) == 1), None)
        scope = channel.guild_id if cmd else None
        cmd = cmd or next((c for c in self.commands.get(None, []) if c["name"] == name and c.get("type", 1) == 1), None)
        if cmd is None and self.commands:
            raise HarnessError(f"no synced command /{name}; synced: {self._command_names()}")
        resolved: dict = {}
        if cmd is None:  # the bot synced nothing: infer option types from the values
            specs = None
        else:
            specs = cmd.get("options") or []
        top: list[dict] = []
        options = top
        for i, sub in enumerate(subpath):
            kind = 2 if i < len(subpath) - 1 else 1
            if specs is not None:
                spec = next((o for o in specs if o["name"] == sub and o["type"] in (1, 2)), None)
                if spec is None:
                    raise HarnessError(f"/{' '.join(path[:i + 1])} has no subcommand {sub!r}")
                kind, specs = spec["type"], spec.get("options") or []
            node = {"name": sub, "type": kind, "options": []}
            options.append(node)
            options = node["options"]
        if specs is not None and any(o["type"] in (1, 2) for o in specs):
            raise HarnessError(f"/{' '.join(path)} needs a subcommand: {[o['name'] for o in specs]}")
        for key, value in values.items():
            spec = None if specs is None else next((o for o in specs if o["name"] == key), None)
            if specs is not None and spec is None:
                raise HarnessError(f"/{' '.join(path)} has no option {key!r}: {[o['name'] for o in specs]}")
            option = self._option(key, value, spec, resolved, focused == key)
            options.append(option)
        if specs is not None and focused is None:
            missing = [o["name"] for o in specs if o.get("required") and o["name"] not in {*values, *forged}]
            if missing:
                raise HarnessError(f"/{' '.join(path)} requires {missing}")
        data = {"id": str(cmd["id"]) if cmd else str(self.snowflake()), "name": name, "type": 1, "options": top}
        if scope is not None:
            data["guild_id"] = str(scope)  # so the bot's tree looks in its guild commands
        if resolved:
            data["resolved"] = resolved
        return data

    def _option(self, name: str, value: Any, spec: dict | None, resolved: dict, focused: bool) -> dict:
        kind = spec["type"] if spec else OPTION_TYPES.get(type(value), 3)
        if isinstance(value, Member | Channel | Role):
            kind = kind if spec else {Member: 6, Channel: 7, Role: 8}[type(value)]
            value = self._resolve(value, resolved)
        if focused:  # autocomplete sends what has been typed so far, as text
            return {"name": name, "type": kind, "value": str(value), "focused": True}
        if spec and spec.get("choices") and value not in [c["value"] for c in spec["choices"]]:
            raise HarnessError(f"{value!r} is not a choice of option {name!r}: {spec['choices']}")
        if kind in (3, 6, 7, 8, 9, 11):
            value = str(value)
        elif kind == 10:
            value = float(value)
        return {"name": name, "type": kind, "value": value}

    def _resolve(self, obj: Any, resolved: dict) -> str:
        """The id a client sends for a user/channel/role value, adding it to `resolved`."""
        if isinstance(obj, Member):
            resolved.setdefault("users", {})[str(obj.id)] = obj.user_payload()
            member = {k: v for k, v in obj.member_payload(with_permissions=True).items() if k != "user"}
            resolved.setdefault("members", {})[str(obj.id)] = member
        elif isinstance(obj, Channel):
            resolved.setdefault("channels", {})[str(obj.id)] = obj.payload() | {"permissions": str(ALL_PERMISSIONS)}
        elif isinstance(obj, Role):
            resolved.setdefault("roles", {})[str(obj.id)] = obj.payload()
        else:
            return str(obj)
        return str(obj.id)

    def _command_names(self) -> list[str]:
        return sorted({c["name"] for cmds in self.commands.values() for c in cmds})

