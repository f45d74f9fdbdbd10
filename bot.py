"""Arbiter start-up: settings, logging, store, table service, cogs, command sync.

    python bot.py                      the Discord bot (needs DISCORD_TOKEN), else the console
    python bot.py --shards 0,1 --shard-count 4
                                       one process of a cluster: shards 0 and 1 of 4 (PostgreSQL store)
    python bot.py --console [ARGS...]  the offline console table, e.g. --game <id> --players ai,ai --seed 7

Settings (environment, .env) are described in settings.py and the README.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import sys

import discord
from discord.ext import commands

from settings import Settings, load_settings

log = logging.getLogger("arbiter")
CLUSTER_POLL = 5.0  # seconds: how often a process sharing PostgreSQL looks for timers others added


# --- the bot -------------------------------------------------------------------------------

class ArbiterBot(commands.Bot):
    """A Bot that owns nothing global: the service and the guild to sync are passed in. One
    gateway connection; ShardedArbiterBot runs several shards in one process."""

    def __init__(self, service, *, guild_id: int | None = None, sync: bool = True, settle: bool = False,
                 **options):
        from cogs.edge import ArbiterTree  # checks every option a client sends before a command runs

        options.setdefault("intents", discord.Intents.default())  # no privileged intents needed
        options.setdefault("tree_cls", ArbiterTree)
        # Nothing pings unless a message asks for it (turn messages name exactly who must act).
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(command_prefix=commands.when_mentioned, help_command=None, **options)
        self.service = service
        self.guild_id = guild_id
        self.sync_commands = sync
        self.settle = settle  # settle_memory() once set up: the process is this bot's alone

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
        if self.settle:
            settle_memory()
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


def settle_memory() -> None:
    """Start-up is over: what is alive now (modules, the cogs, their views) stays for the life of
    the process. Collect once, then freeze it (gc.freeze) so that the full collections, which
    stop the event loop while they walk every tracked object, walk only what came later
    (bench.latency measures the pauses with and without). Never in tests, where many bots share
    one process: what they freeze would never be freed."""
    gc.collect()
    gc.freeze()


class ShardedArbiterBot(ArbiterBot, commands.AutoShardedBot):
    """Cluster mode: this process runs `shard_ids` of `shard_count` shards; Discord sends it the
    events of the guilds on those shards ((guild id >> 22) % shard_count)."""


def create_bot(service, *, guild_id: int | None = None, shard_ids: list[int] | None = None,
               shard_count: int | None = None, **options) -> commands.Bot:
    """A ready-to-start bot around an existing TableService (tests pass their own); with
    `shard_count` a sharded one running `shard_ids` (default: all of them)."""
    if shard_count is None:
        return ArbiterBot(service, guild_id=guild_id, **options)
    ids = list(range(shard_count)) if shard_ids is None else list(shard_ids)
    return ShardedArbiterBot(service, guild_id=guild_id, shard_ids=ids, shard_count=shard_count, **options)


async def run_bot(settings: Settings) -> None:
    from images.pool import shared_pool
    from store import Store
    from table import TableService

    store = await Store.open(settings.db, synchronous=settings.sync)
    service = TableService(store)
    if settings.postgres:
        service.max_sleep = CLUSTER_POLL  # other processes' timers are seen within this
    pictures = shared_pool(settings.render_workers)  # every cluster process draws in its own workers
    await asyncio.to_thread(pictures.start)  # workers warm before the first board is asked for
    try:
        async with create_bot(service, guild_id=settings.guild_id, sync=settings.syncs_commands,
                              shard_ids=list(settings.shards) if settings.shards else None,
                              shard_count=settings.shard_count, settle=True) as bot:
            service.start_timers()  # reminders and turn clocks; stopped by service.close()
            await bot.start(settings.token)
    finally:
        await service.close()  # closes the store too
        pictures.close()


def command_line(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """Cluster flags (they win over the settings); the rest goes to the console table."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--shards", help="shards this process runs, e.g. 0,1")
    parser.add_argument("--shard-count", type=int, help="how many shards there are in all")
    parser.add_argument("--console", action="store_true")
    return parser.parse_known_args(argv)


def main(argv: list[str] | None = None) -> int:
    flags, rest = command_line(list(sys.argv[1:] if argv is None else argv))
    settings = load_settings(shards=flags.shards, shard_count=flags.shard_count)
    if flags.console or not settings.token:
        from table.console import main as console_main

        if not flags.console:
            print("No DISCORD_TOKEN set: starting the offline console table.", file=sys.stderr)
        return console_main(rest) or 0
    discord.utils.setup_logging(level=getattr(logging, settings.log_level), root=True)
    try:
        asyncio.run(run_bot(settings))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
