"""bot.py: settings from the environment and .env, and a bot built without global state."""

from __future__ import annotations

import re

import discord
import pytest

import bot as botmod
from cogs.components import Cid, plan_panel
from cogs.play import ArbButton, ArbSelect, build_view


def test_parse_dotenv():
    text = """
# comment
DISCORD_TOKEN="abc.def"
export ARBITER_DB=games.db   # where games live
ARBITER_GUILD_ID='123'
EMPTY=
not a line
"""
    assert botmod.parse_dotenv(text) == {"DISCORD_TOKEN": "abc.def", "ARBITER_DB": "games.db",
                                         "ARBITER_GUILD_ID": "123", "EMPTY": ""}


def test_environment_wins_over_dotenv(tmp_path):
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=fromfile\nARBITER_DB=file.db\nLOG_LEVEL=debug\n")
    s = botmod.load_settings({"ARBITER_DB": "env.db"}, env)
    assert s == botmod.Settings(token="fromfile", db="env.db", guild_id=None, log_level="DEBUG")
    assert botmod.load_settings({}, tmp_path / "missing") == botmod.Settings()
    assert botmod.load_settings({"ARBITER_GUILD_ID": "42"}, None).guild_id == 42
    assert botmod.load_settings({"ARBITER_SYNC": "full"}, None).sync == "FULL"
    with pytest.raises(SystemExit, match="ARBITER_SYNC"):
        botmod.load_settings({"ARBITER_SYNC": "sometimes"}, None)
    with pytest.raises(SystemExit):
        botmod.load_settings({"ARBITER_GUILD_ID": "my-server"}, None)


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
