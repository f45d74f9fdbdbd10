"""How noisy a game is in the channel, and how many clicks a turn takes, through the fake Discord.

For each playable game, members (no AI seats) open it with /game new, /game join, /game start and
play it to the end through their private panels (a seeded random walk that prefers moves over
navigation, and presses the red "Yes" when a move asks to be confirmed). Counted per game:

* `msgs/turn`: public messages the bot posted in the channel per game turn (median over turns);
  edits of a message already there are counted apart (`edits`);
* `pings` against `changes`: new turn messages that mention a player, and how often the set of
  players the game waits on changed;
* `clicks/turn`: clicks of one player's game turn (panel opened, groups picked, the move, a
  confirmation), median over turns.

python -m bench.ux [--games psiwars,clans] [--seed 1] [--max-moves 1500]

Self-contained on purpose (its own lobby opening and walk): the same file runs on an older
checkout to give the "before" figures.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import tempfile
from collections import defaultdict
from pathlib import Path

from bot import create_bot
from cogs.components import parse_cid
from engine.core.registry import playable_games
from store import Store
from table import TableService
from tests.fakediscord import FakeDiscord, LoopbackGuard, bot_session

MENTION = re.compile(r"^<@(\d+)>")
SETTINGS = {"clans": "setup=auto", "psiwars": "lab hp=20"}  # shorter games, same turns


def own_messages(fake: FakeDiscord) -> list:
    return [m for m in fake.history() if m.audience is None and m.interaction is None
            and m.author_id == fake.bot_user.id]


def live_panel(fake, panel, version: int):
    """The member's last panel if it already offers their next choices (refreshed in place after
    their previous move), else None."""
    if panel is None:
        return None
    panel = fake.find_message(panel.id)
    cids = [parse_cid(c["custom_id"]) for c in [*panel.buttons, *panel.selects]]
    live = [c for c in cids if c is not None and c.kind in ("act", "pick", "grp") and c.version == version]
    return panel if live else None


async def walk(fake, member, panel, rng) -> int:
    """Play one move from a private panel; the clicks it took (navigation, the move, a confirmation)."""
    clicks = 0
    for _ in range(12):
        comps = [c for c in panel.buttons if not c.get("disabled")] + panel.selects
        moves = [c for c in comps if (cid := parse_cid(c["custom_id"])) and cid.kind in ("act", "pick", "ok")]
        groups = [c for c in comps if (cid := parse_cid(c["custom_id"])) and cid.kind == "grp"]
        comp = rng.choice(moves or groups or comps)
        if comp["type"] == 3:
            result = await fake.choose(member, panel, [rng.choice(comp["options"])["value"]], select=comp["custom_id"])
        else:
            result = await fake.click(member, panel, comp["custom_id"])
        clicks += 1
        kind = parse_cid(comp["custom_id"]).kind
        if kind in ("act", "pick", "ok"):
            asked = [m for m in [*result.followups, fake.find_message(panel.id)]
                     if m.content.startswith("⚠️") and m.buttons]
            if not asked or kind == "ok":
                return clicks
            panel = asked[0]
            continue
        panel = fake.find_message(panel.id)
    raise AssertionError("never reached a move")


async def play(game, seed: int, max_moves: int) -> dict:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp, LoopbackGuard():
        service = TableService(await Store.open(Path(tmp) / "ux.db"))
        async with FakeDiscord.running() as fake:
            members = [fake.add_member(f"p{n}") for n in range(max(2, game.min_players))]
            async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
                options = {"settings": SETTINGS[game.id]} if game.id in SETTINGS else {}
                await fake.slash(members[0], "game", "new", game=game.id, **options)
                for m in members[1:]:
                    await fake.slash(m, "game", "join")
                await fake.slash(members[0], "game", "start")
                game_id = (await service.table_in(str(fake.channel.id))).game_id
                posted_at: dict[tuple, int] = defaultdict(int)  # game turn -> public messages posted
                clicks_at: dict[tuple, int] = defaultdict(int)
                changes = moves = 0
                panels: dict[int, object] = {}  # member -> their latest private panel
                seen = len(own_messages(fake))
                for _ in range(max_moves):
                    turn = own_messages(fake)[-1]
                    if turn.content.startswith("🏁"):
                        break
                    view = await service.view(game_id, None)
                    key = (view.get("turn"), view.get("active"))
                    awaited = {d["seat"] for d in view["pending"]}
                    member = fake.members[int(MENTION.match(turn.content).group(1))]
                    version = (await service.get(game_id)).version
                    panel = live_panel(fake, panels.get(member.id), version)
                    if panel is None:  # open it from the turn message: one click
                        button = next(b for b in turn.buttons if parse_cid(b["custom_id"]).kind == "panel")
                        panel = (await fake.click(member, turn, button["custom_id"])).followups[-1]
                        clicks_at[key] += 1
                    panels[member.id] = panel
                    clicks_at[key] += await walk(fake, member, panel, rng)
                    await fake.settle()
                    moves += 1
                    now = {d["seat"] for d in (await service.view(game_id, None))["pending"]}
                    changes += now != awaited
                    posted = own_messages(fake)
                    posted_at[key] += len(posted) - seen
                    seen = len(posted)
                messages = own_messages(fake)
                pings = sum(bool(MENTION.match(m.versions[0]["content"] if m.versions else m.content))
                            for m in messages[1:])  # the opening message announces, it answers no change
                edits = sum(len(m.versions) for m in messages)
        await service.close()
    return {"game": game.id, "moves": moves, "turns": len(posted_at), "finished": turn.content.startswith("🏁"),
            "msgs/turn": statistics.median(posted_at.values()), "edits": edits,
            "pings": pings, "changes": changes, "clicks/turn": statistics.median(clicks_at.values())}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ux")
    parser.add_argument("--games", default=",".join(g.id for g in playable_games()))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=1500)
    args = parser.parse_args()
    games = {g.id: g for g in playable_games()}
    for gid in args.games.split(","):
        print(asyncio.run(play(games[gid], args.seed, args.max_moves)), flush=True)


if __name__ == "__main__":
    main()
