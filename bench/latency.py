"""Interaction latency through the fake Discord, with N games played at once.

For each N, in one process and on one fake Discord (tests/fakediscord, loopback only):

1. baseline, the machine's bare round trips measured in the same run:
   * `http_rtt_ms`: a raw aiohttp GET to the fake;
   * `bare_bot`: a minimal discord.py bot doing what a move click needs at the least (acknowledge
     the click, then post a message in the channel), clicked by N members at once in N channels;
2. Arbiter (bot.create_bot, a file store, the real discord.py): N members each play the AI in
   their own channel, moving through their private panel with the e2e tests' Policy; a finished
   game is replaced by a new one in the same channel.

Reported in ms, p50/p95/p99: interaction sent -> first response (the callback Discord receives:
every component click, panel openings included) and, for clicks that made a move, interaction
sent -> the turn message (with its board image when images/ renders one) posted in the channel or
edited in place (a turn is one message, edited while the same player keeps acting).
The members act in rounds: each waits until the bot has settled before clicking again.
Throughput: clicks answered per second and moves saved per second (the AI's included) over the
timed part; per click, the CPU time of this process and the REST calls the bot made (a count the
machine's load does not change); first, the machine's physical limit for boards: cores / the time one board takes.

python -m bench.latency [--games 1,10,50] [--moves 12] [--text-only] [--think 3] [--processes 2]

Without --think the members click as soon as the bot has answered (a burst: every game clicks at
once, the worst case). Then no figure can beat the floor printed beside it: the bare bot's own
p99 for a click, and for boards the time the machine's cores need to draw one board per game
(games / boards_per_s_max). --think S makes each member pause before each move, for a random
time with a mean of S seconds (exponential, seeded), as people reading the board do: the figures
real players would see at that many games.

`gc` gives the garbage collector's pauses over the timed part (each one stops the event loop).
The bot starts as bot.run_bot starts it, frozen once set up (bot.settle_memory); --no-settle
leaves that out, to compare (run it as a separate command: what one run freezes stays frozen).

--text-only measures the bot as if images/ were missing (turn messages without a picture), to
separate the board rendering from the rest of the bot's work.

--processes N measures cluster mode instead: for each number of games, the bot runs once as one
process and once as N processes (tests/e2e/shard_child.py: shard i of N each, the games spread
over one guild per shard), both on a throwaway PostgreSQL server (store/pgserver.py, fsync on,
synchronous_commit off); the fake Discord and the members stay in this process. The games' seeds
are random here (the bot runs in other processes).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import itertools
import json
import logging
import random
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot import create_bot
from store import Store
from store.pgserver import PgServer
from table import TableService
from tests.e2e.helpers import (
    Policy,
    ai_game,
    is_finished,
    latest_turn,
    make_move,
    member_to_act,
    renders_images,
    turn_messages,
)
from tests.fakediscord import FakeDiscord, LoopbackGuard, bot_session

COMPONENT = 3  # interaction type of a button click or select choice


class TimedFake(FakeDiscord):
    """Stamps when each interaction is sent to the bot, when the bot answers it, and when each
    channel message arrives (perf_counter seconds)."""

    def __init__(self, **options):
        super().__init__(**options)
        self.sent: dict[int, tuple[float, int, int]] = {}  # interaction id -> (time, type, channel id)
        self.acked: dict[int, float] = {}
        self.posts: dict[int, list[tuple[float, bool]]] = defaultdict(list)  # channel -> (time, has a file)

    async def dispatch(self, event, data, *, check=True):
        if event == "INTERACTION_CREATE":
            self.sent[int(data["id"])] = (time.perf_counter(), data["type"], int(data["channel_id"]))
        await super().dispatch(event, data, check=check)

    async def _callback(self, request):
        response = await super()._callback(request)
        self.acked.setdefault(int(request.match_info["iid"]), time.perf_counter())
        return response

    def _create(self, channel, body, uploads, **options):
        message = super()._create(channel, body, uploads, **options)
        self._stamp(message)
        return message

    def _edit(self, message, body, uploads, *, creating=False):
        super()._edit(message, body, uploads, creating=creating)
        self._stamp(message)

    def _stamp(self, message) -> None:
        """A turn message (public, in the channel itself) posted or edited in place: since a turn
        is one message edited while the same player acts, both count as the bot showing the move."""
        if message.audience is None and message.interaction is None and message.author_id == self.bot_user.id:
            has_file = any(a.get("filename") for a in message.data.get("attachments") or [])
            self.posts[message.channel_id].append((time.perf_counter(), has_file))

    def latencies(self, since: float) -> dict:
        """ms from each component interaction sent after `since` to its answer and, when it made the
        bot post in its channel before the next interaction there, to that post."""
        acks, posts, files = [], [], []
        by_channel = defaultdict(list)
        for iid, (at, kind, channel) in sorted(self.sent.items(), key=lambda kv: kv[1][0]):
            if at >= since:
                by_channel[channel].append((at, iid, kind))
        for channel, sent in by_channel.items():
            for (at, iid, kind), nxt in itertools.zip_longest(sent, sent[1:], fillvalue=(float("inf"), 0, 0)):
                if kind != COMPONENT:
                    continue
                if iid in self.acked:
                    acks.append((self.acked[iid] - at) * 1000)
                shown = [(t, f) for t, f in self.posts[channel] if at <= t < nxt[0]]
                # the board when one came (a text edit may come first), else the first change
                post = next((p for p in shown if p[1]), shown[0] if shown else None)
                if post is not None:
                    posts.append((post[0] - at) * 1000)
                    files.append(post[1])
        return {"ack": acks, "post": posts, "with_file": files}


class ClusterFake(TimedFake):
    """The bot runs in other processes, so settle() cannot wait for its handler tasks. A click
    counts as handled once the bot has answered it, with the reply itself (a panel, its edit) or
    with a deferral and then something more with its token, and then made no call with that token
    for QUIET seconds. Only the members' pace depends on this, not the figures
    (sent -> answered, sent -> posted)."""

    QUIET = 0.3
    DIRECT = (4, 7)  # answers that carry the reply themselves: nothing more need follow

    def __init__(self, **options):
        super().__init__(**options)
        self.token_calls: dict[str, int] = defaultdict(int)  # interaction token -> REST calls naming it
        self._counted = 0

    async def settle(self, timeout=None):
        """Only send what is queued: each member waits for its own click instead (_handled), so
        no gateway barrier (heartbeat requests the bot must answer) runs per click."""
        await self._flush()

    async def _interact(self, kind, user, channel, data, message, timeout):
        ix = await super()._interact(kind, user, channel, data, message, timeout)
        if kind == COMPONENT and not ix.failed:
            await self._wait(self._handled(ix), timeout)
        return ix

    async def _handled(self, ix) -> None:
        while True:
            seen = self._calls_with(ix.token)
            await asyncio.sleep(self.QUIET)
            if self._calls_with(ix.token) == seen and (seen > 1 or ix.response_type in self.DIRECT):
                return

    def _calls_with(self, token: str) -> int:
        for call in self.calls[self._counted:]:
            parts = call.path.split("/")
            if len(parts) > 3 and parts[1] in ("interactions", "webhooks"):
                self.token_calls[parts[3]] += 1
        self._counted = len(self.calls)
        return self.token_calls[token]


def pct(samples: list[float]) -> dict:
    if not samples:
        return {"n": 0}
    if len(samples) == 1:
        return {"n": 1, "p50": round(samples[0], 2), "p95": round(samples[0], 2), "p99": round(samples[0], 2)}
    q = statistics.quantiles(samples, n=100, method="inclusive")
    return {"n": len(samples), "p50": round(q[49], 2), "p95": round(q[94], 2), "p99": round(q[98], 2)}


# --- baseline: the least a bot can do for a click ------------------------------------------------------

class AgainView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Again", custom_id="bare:again")
    async def again(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        await interaction.client.get_partial_messageable(interaction.channel_id).send("pong")


class BareBot(commands.Bot):
    def __init__(self, guild_id: int):
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.guild_id = guild_id

        @app_commands.command(description="A message with a button")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong", view=AgainView())

        self.tree.add_command(ping)

    async def setup_hook(self) -> None:
        self.add_view(AgainView())
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)


async def http_rtt(fake: FakeDiscord, count: int) -> list[float]:
    out = []
    async with aiohttp.ClientSession() as session:
        for _ in range(count):
            t = time.perf_counter()
            async with session.get(f"{fake.api_url}/gateway") as response:
                await response.read()
            out.append((time.perf_counter() - t) * 1000)
    return out


async def bare_bot(fake: TimedFake, games: int, clicks: int, think: float = 0.0) -> dict:
    async with bot_session(fake, BareBot(fake.guild_id), strict=False):
        players = [(fake.add_member(f"bare{i}"), fake.add_channel(f"bare-{i}")) for i in range(games)]
        pings = await asyncio.gather(*(fake.slash(m, "ping", channel=c) for m, c in players))
        since, cpu, calls = time.perf_counter(), time.process_time(), len(fake.calls)

        async def click(member, message):
            pause = pauses(think, member.name)
            for _ in range(clicks):
                await pause()
                await fake.click(member, message, "Again")

        await asyncio.gather(*(click(m, p.message) for (m, _), p in zip(players, pings, strict=True)))
        found = fake.latencies(since)
        return {**found, "cpu_ms_per_click": _per_click(time.process_time() - cpu, found),
                "rest_calls_per_click": _per_click(len(fake.calls) - calls, found, scale=1)}


def _per_click(amount: float, found: dict, *, scale: int = 1000) -> float | None:
    """`amount` per click answered. For CPU seconds of this process (the bot, the fake Discord
    and the members together) in milliseconds: less skewed by other work on the machine than
    the wall-clock figures. For REST calls the bot made to Discord: the count no load changes."""
    return round(amount * scale / len(found["ack"]), 2) if found["ack"] else None


# --- Arbiter ----------------------------------------------------------------------------------------

def pauses(think: float, seed: str):
    """A member's thinking time before each move: nothing in a burst, else exponential with
    mean `think` seconds, from its own seeded generator (the same pauses run after run)."""
    rng = random.Random(seed)

    async def pause() -> None:
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))

    return pause


async def arbiter(fake: TimedFake, games: int, moves: int, db: Path, think: float = 0.0,
                  settle: bool = True) -> tuple[dict, dict]:
    import table.service

    seeds = itertools.count()
    saved, table.service.new_seed = table.service.new_seed, lambda: f"bench-latency-{next(seeds)}"
    service = TableService(await Store.open(db))
    errors: list[str] = []
    try:
        # settle: as bot.run_bot starts the bot (gc.freeze once set up); the fake and the members
        # share this process, so what they hold by then is frozen too.
        async with bot_session(fake, create_bot(service, guild_id=fake.guild_id, settle=settle), strict=False):
            players = [(fake.add_member(f"player{i}"), fake.add_channel(f"table-{i}")) for i in range(games)]
            ids = list(await asyncio.gather(*(ai_game(fake, m, channel=c, settings="lab hp=40")
                                              for m, c in players)))
            since, since_wall, cpu = time.perf_counter(), time.time(), time.process_time()
            calls = len(fake.calls)
            collector = GcPauses()

            async def play(member, channel):
                policy, made, pause = Policy(), 0, pauses(think, channel.name)
                while made < moves:
                    turn = latest_turn(fake, channel)
                    if is_finished(turn):
                        ids.append(await ai_game(fake, member, channel=channel, settings="lab hp=40"))
                        continue
                    await pause()
                    try:
                        await make_move(fake, member_to_act(fake, turn), turn, policy)
                    except (AssertionError, TimeoutError) as exc:  # e.g. a click not acknowledged in 3 s
                        errors.append(f"{channel.name}: {exc!r}"[:300])
                        return
                    made += 1

            with collector:
                await asyncio.gather(*(play(m, c) for m, c in players))
            elapsed, cpu = time.perf_counter() - since, time.process_time() - cpu
            found = fake.latencies(since)
            extra = {"cpu_ms_per_click": _per_click(cpu, found),
                     "rest_calls_per_click": _per_click(len(fake.calls) - calls, found, scale=1),
                     "bot_errors": len(fake.bot_errors), "failed_interactions": errors,
                     "service_bugs": len(service.bugs), "gc": collector.report(), "settled": settle,
                     # every click, the AI's answers included, is one saved move or more
                     "clicks_per_s": round(len(found["ack"]) / elapsed, 1),
                     "moves_saved_per_s": round(await _moves_saved(service, ids, since_wall) / elapsed, 1)}
    finally:
        table.service.new_seed = saved
        await service.close()
    return found, extra


class GcPauses:
    """The garbage collector's pauses while the block runs (every pause stops the event loop):
    per generation, how many, their total and the longest, in ms."""

    def __init__(self) -> None:
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._started = 0.0

    def _heard(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses[info["generation"]].append((time.perf_counter() - self._started) * 1000)

    def __enter__(self) -> GcPauses:
        gc.callbacks.append(self._heard)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._heard)

    def report(self) -> dict:
        return {f"gen{g}": {"n": len(p), "total_ms": round(sum(p), 1), "max_ms": round(max(p, default=0.0), 1)}
                for g, p in self.pauses.items()}


async def run(games: int, moves: int, tmp: Path, *, text_only: bool = False, think: float = 0.0,
              limit: dict | None = None, settle: bool = True) -> dict:
    async with TimedFake.running(wait_timeout=120.0) as fake:
        rtt = await http_rtt(fake, 200)
        bare = await bare_bot(fake, games, moves, think)
        arb, extra = await arbiter(fake, games, moves, tmp / f"latency-{games}.db", think, settle)
    with_file = arb["with_file"]
    boards = not text_only and renders_images()
    return {
        "bench": "latency", "games": games, "moves_per_game": moves, "think_s": think,
        "board_image": False if text_only or not renders_images() else (all(with_file) if with_file else None),
        "baseline": {"http_rtt_ms": pct(rtt), "bare_bot_ack_ms": pct(bare["ack"]),
                     "bare_bot_post_ms": pct(bare["post"]), "bare_bot_cpu_ms_per_click": bare["cpu_ms_per_click"],
                     "bare_bot_rest_calls_per_click": bare["rest_calls_per_click"]},
        "arbiter": {"ack_ms": pct(arb["ack"]), "board_ms": pct(arb["post"])},
        "ratio_p50": {"ack": _ratio(arb["ack"], bare["ack"]), "board": _ratio(arb["post"], bare["post"])},
        **({} if think else {"burst_floor_ms": _floor(games, pct(bare["post"]), limit if boards else None)}),
        **extra,
    }


def _floor(games: int, bare_post: dict, limit: dict | None) -> dict:
    """The least any bot could reach in a burst on this machine: the bare bot's p99 from a click
    to its message, and with boards the time the cores need to draw one board for every game."""
    floor = {"bare_bot_post_p99_ms": bare_post.get("p99")}
    if limit:
        floor["boards_for_every_game_ms"] = round(games / limit["boards_per_s_max"] * 1000, 1)
    return floor


async def _moves_saved(service: TableService, ids: list[int], since: float) -> int:
    """Moves the store recorded in these games after `since` (epoch seconds), people's and the AI's."""
    saved = 0
    for gid in ids:
        saved += sum(1 for a in await service.store.actions(gid) if a.at >= since)
    return saved


def physical_limit(samples: int = 9) -> dict:
    """What the machine can draw at most: its cores over the time one warm board takes (the
    Psi Wars board these games post, drawn in this process, median of `samples`)."""
    import os

    import images
    from engine.core import get_game

    game = get_game("psiwars")
    state = game.setup({}, ["a", "b"], "bench-limit")
    view = game.view(state, None)
    images.render_board("psiwars", view)  # warm: fonts, static layers
    times = []
    for _ in range(samples):
        t = time.perf_counter()
        images.render_board("psiwars", view)
        times.append(time.perf_counter() - t)
    board_ms = statistics.median(times) * 1000
    cores = os.cpu_count() or 1
    return {"cores": cores, "board_render_ms": round(board_ms, 1),
            "boards_per_s_max": round(cores / (board_ms / 1000), 1)}


async def cluster(fake: TimedFake, games: int, moves: int, url: str, processes: int,
                  think: float = 0.0) -> tuple[dict, dict]:
    """The bot as `processes` shard processes on one PostgreSQL; the members play as in arbiter()."""
    import sys

    root = Path(__file__).resolve().parents[1]
    guilds = [fake.add_guild(f"shard {i}", shard=i, count=processes) for i in range(processes)]
    children = []
    try:
        for i in range(processes):
            child = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.e2e.shard_child", fake.api_url, fake.gateway_url, url, str(i),
                str(processes), cwd=root, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
            children.append(child)
            if (await asyncio.wait_for(child.stdout.readline(), 120)).strip() != b"READY":
                raise RuntimeError(f"shard process {i} did not start")
        players = [(fake.add_member(f"p{processes}-{i}"), fake.add_channel(f"t{processes}-{i}", guilds[i % processes]))
                   for i in range(games)]
        def written(channel) -> dict[int, int]:
            """A mark of the channel's turn messages: message id -> how many times it was edited."""
            return {m.id: len(m.versions) for m in turn_messages(fake, channel)}

        async def next_turn(channel, mark: dict[int, int]):
            """The bot runs elsewhere (settle() cannot wait for its work): wait until a turn message of
            the channel was posted, or edited in place, since `mark`."""
            await fake.wait_for(lambda: written(channel) != mark, 60)
            return latest_turn(fake, channel)

        async def open_game(member, channel):
            """/game new against the AI; its answer may follow the acknowledgement later."""
            new = await fake.slash(member, "game", "new", game="psiwars", opponent="ai", channel=channel,
                                   settings="lab hp=40")
            await fake.wait_for(lambda: new.failed or "against the AI" in new.content, 120)
            assert not new.failed, f"/game new in {channel.name} was not answered in time"

        async def begin(member, channel):
            mark = written(channel)
            await open_game(member, channel)
            return await next_turn(channel, mark)

        for batch in range(0, games, 10):  # ten at a time: openings are not what is measured
            await asyncio.gather(*(begin(m, c) for m, c in players[batch:batch + 10]))
        since, errors = time.perf_counter(), []

        async def play(member, channel):
            policy, made, pause = Policy(), 0, pauses(think, channel.name)
            while made < moves:
                turn = latest_turn(fake, channel)
                try:
                    mark = written(channel)
                    if is_finished(turn):
                        await open_game(member, channel)
                        await next_turn(channel, mark)
                        continue
                    await pause()
                    await make_move(fake, member_to_act(fake, turn), turn, policy)
                    await next_turn(channel, mark)
                except (AssertionError, TimeoutError) as exc:
                    errors.append(f"{channel.name}: {exc!r}"[:300])
                    return
                made += 1

        await asyncio.gather(*(play(m, c) for m, c in players))
        return fake.latencies(since), {"failed_interactions": errors}
    finally:
        for child in children:  # SIGTERM: the child closes its bot, store and render workers
            if child.returncode is None:
                child.terminate()
                await child.wait()


async def run_cluster(games: int, moves: int, processes: int, think: float = 0.0) -> dict:
    """The same games with one process and with `processes`, each on a fresh PostgreSQL database."""
    server = await asyncio.to_thread(PgServer.start, fsync=True)
    figures = {}
    try:
        for count in sorted({1, processes}):
            async with ClusterFake.running(wait_timeout=120.0) as fake:
                found, extra = await cluster(fake, games, moves, server.url(f"latency{count}"), count, think)
            figures[count] = {"ack_ms": pct(found["ack"]), "board_ms": pct(found["post"]), **extra}
    finally:
        server.stop()
    one, many = figures[1], figures[processes]
    return {"bench": "latency", "store": "postgresql", "games": games, "moves_per_game": moves, "think_s": think,
            "one_process": one, f"{processes}_processes": many,
            "p50_one_over_many": {k: round(one[k]["p50"] / many[k]["p50"], 2) if one[k].get("p50") and
                                  many[k].get("p50") else None for k in ("ack_ms", "board_ms")}}


def _ratio(a: list[float], b: list[float]) -> float | None:
    return round(statistics.median(a) / statistics.median(b), 1) if a and b else None


def main(argv=None) -> list[dict]:
    ap = argparse.ArgumentParser(prog="python -m bench.latency", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="1,10,50", help="comma-separated numbers of concurrent games")
    ap.add_argument("--moves", type=int, default=12, help="moves each member makes per run")
    ap.add_argument("--text-only", action="store_true", help="turn messages without board images")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds each member thinks before a move (default 0: a burst)")
    ap.add_argument("--processes", type=int, default=0,
                    help="cluster mode: compare one process with this many shard processes on PostgreSQL")
    ap.add_argument("--no-settle", action="store_true",
                    help="start the bot without gc.freeze (bot.settle_memory), to compare its pauses")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.CRITICAL)  # discord.py's warnings would mix with the JSON
    reports = []
    limit = physical_limit() if renders_images() else None
    if limit:
        print(json.dumps({"bench": "latency", "physical_limit": limit}), flush=True)
    with LoopbackGuard(), tempfile.TemporaryDirectory() as tmp, _text_only(args.text_only):
        for games in (int(g) for g in args.games.split(",")):
            if args.processes:
                report = asyncio.run(run_cluster(games, args.moves, args.processes, args.think))
            else:
                report = asyncio.run(run(games, args.moves, Path(tmp), text_only=args.text_only,
                                         think=args.think, limit=limit, settle=not args.no_settle))
            print(json.dumps(report), flush=True)
            reports.append(report)
    return reports


@contextlib.contextmanager
def _text_only(enabled: bool):
    """Make the bot's renderer report "no picture", as when images/ is missing."""
    import cogs.play

    async def no_picture(name, *args):
        return None

    saved = cogs.play.render
    if enabled:
        cogs.play.render = no_picture
    try:
        yield
    finally:
        cogs.play.render = saved


if __name__ == "__main__":
    main()
