"""Arbiter start-up: settings, logging, store, table service, cogs, command sync.

    python bot.py                      the Discord bot (needs DISCORD_TOKEN), else the console
    python bot.py --console [ARGS...]  the offline console table, e.g. --game <id> --players ai,ai --seed 7
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import discord
from discord.ext import commands

log = logging.getLogger("arbiter")


# --- settings ------------------------------------------------------------------------------

def parse_dotenv(text: str) -> dict[str, str]:
    """KEY=VALUE lines; '#' comments, blank lines, 'export ' and matching quotes allowed."""
    out: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        key = key.removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        elif " #" in value:  # trailing comment on an unquoted value
            value = value.split(" #", 1)[0].rstrip()
        out[key] = value
    return out


@dataclass(frozen=True)
class Settings:
    token: str | None = None
    db: str = "arbiter.db"
    guild_id: int | None = None
    log_level: str = "INFO"
    sync: str = "NORMAL"  # SQLite's synchronous level: FULL also keeps the last moves through a power cut


def load_settings(environ: Mapping[str, str] | None = None, dotenv: Path | None = Path(".env")) -> Settings:
    """The process environment wins over the .env file, so deployments can override it."""
    values: dict[str, str] = {}
    if dotenv is not None and dotenv.is_file():
        values.update(parse_dotenv(dotenv.read_text(encoding="utf-8")))
    values.update(os.environ if environ is None else environ)
    guild = (values.get("ARBITER_GUILD_ID") or "").strip()
    if guild and not guild.isdigit():
        raise SystemExit(f"ARBITER_GUILD_ID must be a server id (digits), not {guild!r}")
    sync = ((values.get("ARBITER_SYNC") or "").strip() or "NORMAL").upper()
    if sync not in ("NORMAL", "FULL", "EXTRA"):
        raise SystemExit(f"ARBITER_SYNC must be NORMAL, FULL or EXTRA, not {sync!r}")
    return Settings(
        token=(values.get("DISCORD_TOKEN") or "").strip() or None,
        db=(values.get("ARBITER_DB") or "").strip() or "arbiter.db",
        guild_id=int(guild) if guild else None,
        log_level=((values.get("LOG_LEVEL") or "").strip() or "INFO").upper(),
        sync=sync,
    )


# --- the bot -------------------------------------------------------------------------------

class ArbiterBot(commands.Bot):
    """A Bot that owns nothing global: the service and the guild to sync are passed in."""

    def __init__(self, service, *, guild_id: int | None = None, sync: bool = True, **options):
        from cogs.edge import ArbiterTree  # checks every option a client sends before a command runs

        options.setdefault("intents", discord.Intents.default())  # no privileged intents needed
        options.setdefault("tree_cls", ArbiterTree)
        # Nothing pings unless a message asks for it (turn messages name exactly who must act).
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(command_prefix=commands.when_mentioned, help_command=None, **options)
        self.service = service
        self.guild_id = guild_id
        self.sync_commands = sync

    async def setup_hook(self) -> None:
        from cogs.hint import HintCog
        from cogs.lobby import LobbyCog
        from cogs.lookup import EntryButton, LookupCog
        from cogs.people import PeopleCog
        from cogs.play import DYNAMIC_ITEMS, PlayCog

        await self.add_cog(PlayCog(self, self.service))
        await self.add_cog(LobbyCog(self, self.service))
        await self.add_cog(LookupCog(self))
        await self.add_cog(PeopleCog(self, self.service))
        await self.add_cog(HintCog(self, self.service))
        # Persistent components: clicks on messages posted before a restart still arrive here.
        self.add_dynamic_items(*DYNAMIC_ITEMS, EntryButton)
        if not self.sync_commands:
            return
        if self.guild_id is not None:
            guild = discord.Object(self.guild_id)
            self.tree.copy_global_to(guild=guild)  # a guild sync is visible at once; global can take an hour
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d application commands%s", len(synced),
                 f" to guild {self.guild_id}" if self.guild_id else " globally")

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))


def create_bot(service, *, guild_id: int | None = None, **options) -> commands.Bot:
    """A ready-to-start bot around an existing TableService (tests pass their own)."""
    return ArbiterBot(service, guild_id=guild_id, **options)


async def run_bot(settings: Settings) -> None:
    from images.pool import shared_pool
    from store import Store
    from table import TableService

    store = await Store.open(settings.db, synchronous=settings.sync)
    service = TableService(store)
    pictures = shared_pool()
    await asyncio.to_thread(pictures.start)  # workers warm before the first board is asked for
    try:
        async with create_bot(service, guild_id=settings.guild_id) as bot:
            service.start_timers()  # reminders and turn clocks; stopped by service.close()
            await bot.start(settings.token)
    finally:
        await service.close()  # closes the store too
        pictures.close()


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    settings = load_settings()
    if "--console" in argv or not settings.token:
        from table.console import main as console_main

        if "--console" not in argv:
            print("No DISCORD_TOKEN set: starting the offline console table.", file=sys.stderr)
        return console_main([a for a in argv if a != "--console"]) or 0
    discord.utils.setup_logging(level=getattr(logging, settings.log_level, logging.INFO), root=True)
    try:
        asyncio.run(run_bot(settings))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
