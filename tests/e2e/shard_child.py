"""One bot process of a cluster, for tests/e2e/test_cluster.py and bench.latency --processes.

    python -m tests.e2e.shard_child API_URL GATEWAY_URL STORE_URL SHARDS SHARD_COUNT

It is bot.run_bot's start-up pointed at a fake Discord on 127.0.0.1 (behind the loopback guard):
the given shards of SHARD_COUNT, the shared store, the clock dispatcher; only the process with
shard 0 registers the commands. Timer leases and the dispatcher's polling are short, so a test
sees a killed process's claims come back within seconds. It prints READY once connected."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys

from bot import create_bot
from store import Store
from table import TableService
from tests.fakediscord import LoopbackGuard
from tests.fakediscord.harness import patch_discord

TIMER_LEASE = 3.0  # seconds a claimed timer stays with this process
POLL = 0.5  # seconds between the dispatcher's looks at the store


async def main(api_url: str, gateway_url: str, store_url: str, shards: str, count: str) -> int:
    shard_ids = [int(s) for s in shards.split(",")]
    store = await Store.open(store_url)
    store.timer_lease = TIMER_LEASE
    service = TableService(store)
    service.max_sleep = POLL
    bot = create_bot(service, sync=0 in shard_ids, shard_ids=shard_ids, shard_count=int(count), settle=True)
    bot._connection.guild_ready_timeout = 0.05  # no two-second wait for more guilds

    @bot.listen()
    async def on_ready() -> None:
        print("READY", flush=True)
        # Render workers started later must not inherit the pipe: the parent's wait() for this
        # process ends only when every holder of its stdout has closed it.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())

    # SIGTERM closes the bot, so the store and the render workers are shut down in order.
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
    try:
        async with bot:
            service.start_timers()
            await bot.start("fake-bot-token")
    finally:
        await service.close()
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    with LoopbackGuard(), patch_discord(sys.argv[1], sys.argv[2]):
        sys.exit(asyncio.run(main(*sys.argv[1:6])))
