"""settings.py: the environment wins over .env, flags win over both, and a bad value stops the
bot with a sentence that names the setting."""

from __future__ import annotations

import pytest

from settings import Settings, load_settings

NAMES = ["DISCORD_TOKEN", "ARBITER_DB", "ARBITER_GUILD_ID", "LOG_LEVEL", "ARBITER_SYNC", "ARBITER_RENDER_WORKERS",
         "ARBITER_SHARDS", "ARBITER_SHARD_COUNT"]


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch):
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)


def test_dotenv_lines_comments_quotes_and_export(tmp_path):
    env = tmp_path / ".env"
    env.write_text('# comment\nDISCORD_TOKEN="abc.def"\nexport ARBITER_DB=games.db\nARBITER_GUILD_ID=\'123\'\n'
                   "ARBITER_GUILD_ID_EXTRA=\nnot a line\nLOG_LEVEL=debug\n")
    s = load_settings(env)
    assert (s.token, s.db, s.guild_id, s.log_level) == ("abc.def", "games.db", 123, "DEBUG")


def test_environment_wins_over_dotenv_and_flags_win_over_both(tmp_path, monkeypatch):
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=fromfile\nARBITER_DB=file.db\nARBITER_SHARDS=0\n")
    monkeypatch.setenv("ARBITER_DB", "postgresql://bot@db/arbiter")
    monkeypatch.setenv("ARBITER_SHARD_COUNT", "2")
    s = load_settings(env)
    assert (s.token, s.db, s.shards, s.shard_count) == ("fromfile", "postgresql://bot@db/arbiter", (0,), 2)
    assert s.postgres and s.syncs_commands
    s = load_settings(env, shards="1", shard_count=4)
    assert (s.shards, s.shard_count, s.syncs_commands) == ((1,), 4, False)


def test_defaults_and_empty_values(tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITER_DB", "")
    s = load_settings(tmp_path / "missing")
    assert s == Settings(_env_file=None)
    assert (s.token, s.db, s.sync, s.log_level, s.render_workers, s.sharded) == (
        None, "arbiter.db", "NORMAL", "INFO", None, False)


@pytest.mark.parametrize("name, value, words", [
    ("ARBITER_SYNC", "sometimes", "ARBITER_SYNC"),
    ("ARBITER_GUILD_ID", "my-server", "ARBITER_GUILD_ID"),
    ("LOG_LEVEL", "loud", "LOG_LEVEL"),
    ("ARBITER_RENDER_WORKERS", "-1", "ARBITER_RENDER_WORKERS"),
    ("ARBITER_SHARDS", "0,x", "ARBITER_SHARDS"),
])
def test_a_bad_value_names_its_setting(monkeypatch, name, value, words):
    monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit, match=words):
        load_settings(None)


def test_cluster_settings_are_checked_together():
    with pytest.raises(SystemExit, match="ARBITER_SHARD_COUNT"):
        load_settings(None, shards="0,1")
    with pytest.raises(SystemExit, match="from 0 to 3"):
        load_settings(None, shards="0,4", shard_count=4, db="postgresql://x/y")
    with pytest.raises(SystemExit, match="postgresql://"):  # part of a cluster on a SQLite file
        load_settings(None, shards="0", shard_count=2)
    assert load_settings(None, shards="0,1", shard_count=2).shards == (0, 1)  # one process, all shards: SQLite is fine
