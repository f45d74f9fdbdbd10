"""bot.py: the console without a token, and a bot built without global state (settings: tests/test_settings.py)."""

from __future__ import annotations

import re

import discord

import bot as botmod
from cogs.components import Cid, plan_panel
from cogs.play import ArbButton, ArbSelect, build_view


def test_no_token_runs_the_console(monkeypatch, tmp_path):
    seen = {}
    import types

    fake = types.ModuleType("table.console")
    fake.main = lambda argv: seen.setdefault("argv", argv) and 0
    monkeypatch.setitem(__import__("sys").modules, "table.console", fake)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert botmod.main(["--game", "psiwars", "--players", "ai,ai", "--seed", "7"]) == 0
    assert seen["argv"] == ["--game", "psiwars", "--players", "ai,ai", "--seed", "7"]
    seen.clear()
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    botmod.main(["--console", "--seed", "7"])
    assert seen["argv"] == ["--seed", "7"]


async def test_create_bot_loads_cogs_and_components():
    service = object()
    b = botmod.create_bot(service, guild_id=5, sync=False)
    try:
        assert b.intents == discord.Intents.default() and not b.intents.message_content
        await b.setup_hook()
        assert {"Play", "Lobby", "People", "Lookup"} <= set(b.cogs)
        game = b.tree.get_command("game")
        assert {c.name for c in game.commands} == {"new", "join", "leave", "start", "abort", "status", "list", "verify",
                                                   "log", "settings", "channels", "undo", "concede", "replace", "board", "repair"}
        assert {"games", "notify", "autopilot", "leaderboard"} <= {c.name for c in b.tree.get_commands()}
        patterns = set(b._connection._view_store._dynamic_items)
        assert {ArbButton.__discord_ui_compiled_template__, ArbSelect.__discord_ui_compiled_template__} <= patterns
        assert b.get_cog("Play").service is service
    finally:
        await b.close()


async def test_a_sharded_bot_runs_the_shards_it_is_given():
    b = botmod.create_bot(object(), sync=False, shard_ids=[1, 3], shard_count=4)
    assert isinstance(b, discord.AutoShardedClient)  # never started: nothing to close
    assert (b.shard_ids, b.shard_count) == ([1, 3], 4)
    assert not isinstance(botmod.create_bot(object(), sync=False), discord.AutoShardedClient)


async def test_dynamic_items_rebuild_from_a_message():
    """After a restart discord.py rebuilds items from the message and our templates match."""
    view = build_view(plan_panel([_A(f"act {i}", f"g{i % 3}") for i in range(30)], 4, 9, 1))
    for child in view.children:
        cls = ArbSelect if isinstance(child, ArbSelect) else ArbButton
        m = re.fullmatch(cls.__discord_ui_compiled_template__, child.custom_id)
        assert m, child.custom_id
        again = await cls.from_custom_id(None, child.item, m)
        assert again.custom_id == child.custom_id
    assert view.timeout is None  # a timing-out view would unregister the dynamic templates
    assert ArbButton.__discord_ui_compiled_template__.fullmatch(Cid("hand", 4).encode())


class _A:
    secret = False
    seat = 1

    def __init__(self, text, grp):
        self.text, self.grp = text, grp

    def label(self):
        return self.text

    def group(self):
        return self.grp


async def test_a_bot_set_up_to_settle_freezes_what_start_up_made_and_only_then(monkeypatch):
    """run_bot's bot freezes once its cogs are loaded (bot.settle_memory); the bots of tests and
    benches that share a process leave the collector alone unless they ask."""
    calls = []
    monkeypatch.setattr(botmod.gc, "collect", lambda *a: calls.append("collect") or 0)
    monkeypatch.setattr(botmod.gc, "freeze", lambda: calls.append(("freeze", len(b.cogs))))
    for settle, expected in ((False, []), (True, ["collect", ("freeze", 5)])):
        calls.clear()
        b = botmod.create_bot(object(), sync=False, settle=settle)
        try:
            await b.setup_hook()
            assert calls == expected  # after the cogs: what they made is frozen too
        finally:
            await b.close()


def test_run_bot_starts_a_bot_that_settles(monkeypatch):
    import inspect

    assert "settle=True" in inspect.getsource(botmod.run_bot)
