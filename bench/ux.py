"""How noisy a game is in the channel, and how many clicks a turn takes, through the fake Discord.

For each playable game, members (no AI seats) open it with /game new, /game join, /game start and
play it to the end: each move is drawn uniformly from the player's legal moves (seeded), or with
`--policy ai` is the move the game's own heuristic AI would make for that player (one who plays
sensibly: no phase ended with everything unspent), and is made by the shortest path of clicks (a button on the turn message, else the private panel: groups, pages,
the move, and the red "Yes" when the move asks to be confirmed). Counted per game:

* `msgs/turn`: public messages the bot posted in the channel per game turn (median over turns);
  edits of a message already there are counted apart (`edits`);
* `pings` against `changes` and `owed`: new turn messages that mention a player; how often the
  set of players the game waits on changed; and how many of those changes bring in a player not
  yet pinged during that game turn (a turn pings each player once: the active player whose turn
  resumes after another's reaction is not pinged again, so `pings` should equal `owed`);
* `clicks/turn`: clicks of one game turn (panels opened, groups picked, the moves, confirmations,
  the other players' answers), median over turns; `clicks/move`: all clicks over all moves (the
  same walk makes a turn of many moves or of few, so this one shows the interface alone).

A game turn is a stretch of moves with the same shared TableView (turn, active), which every game
fills: Infinities' leaders take turns action by action within one round, so each stretch counts.

python -m bench.ux [--games psiwars,clans] [--seed 1] [--max-moves 1500] [--policy random|ai]

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

import table.service as service_module
from bot import create_bot
from cogs.components import parse_cid
from engine.core.registry import playable_games
from store import Store
from table import TableService
from tests.fakediscord import FakeDiscord, LoopbackGuard, bot_session

MENTION = re.compile(r"^<@(\d+)>")
SETTINGS = {"clans": "setup=auto", "psiwars": "lab hp=20"}  # shorter games, same turns
WAIT = 300.0  # seconds the fake waits for the bot to settle after a click


def own_messages(fake: FakeDiscord) -> list:
    return [m for m in fake.history() if m.audience is None and m.interaction is None
            and m.author_id == fake.bot_user.id]


def own_panel(fake: FakeDiscord, member):
    """The member's newest private message with components (a panel they may act on again), if any."""
    mine = [m for m in fake.history() if m.audience is not None and member.id in m.audience
            and (m.buttons or m.selects)]
    return mine[-1] if mine else None


def live_panel(fake, panel, version: int):
    """The member's last panel if it already offers their next choices (refreshed in place after
    their previous move, or sent to them after a move on the turn message), else None."""
    if panel is None:
        return None
    panel = fake.find_message(panel.id)
    cids = [parse_cid(c["custom_id"]) for c in [*panel.buttons, *panel.selects]]
    live = [c for c in cids if c is not None and c.kind in ("act", "pick", "grp") and c.version == version]
    return panel if live else None


async def game_turn(service, game, game_id: int) -> tuple[tuple[int, int], set[int]]:
    """(game turn, awaited seats) from the shared TableView every game fills: the turn counter
    and whose turn it is (a game's own view names them differently, or not at all)."""
    shared = game.table_view(game.load_state((await service._row(game_id)).state), None)
    return (shared.turn, shared.active), set(shared.awaiting)


def _cid(comp):
    return parse_cid(comp["custom_id"])


def _group_of(actions, target: int) -> int:
    """The number of the panel group (Action.group(), in order of first appearance) holding `target`."""
    names = list(dict.fromkeys(a.group() or "Actions" for a in actions))
    return names.index(actions[target].group() or "Actions")


def next_click(message, actions, target: int, batch: list[int] | None = None):
    """The component of `message` that leads to move `target` soonest: ("click"|"choose", comp, values);
    `batch`: the moves one "up to N" submit makes, starting with `target`."""
    comps = [c for c in message.buttons if not c.get("disabled")] + message.selects
    comps.sort(key=lambda c: _cid(c) is None or _cid(c).kind != "many")  # one submit for several moves first
    for c in comps:
        cid = _cid(c)
        if cid is None:
            continue
        if cid.kind == "act" and cid.index == target:
            return "click", c, None
        values = [o["value"] for o in c.get("options", [])]
        if cid.kind == "pick" and str(target) in values:
            return "choose", c, [str(target)]
        if cid.kind == "many" and str(target) in values and c.get("min_values", 1) == 1 and batch:
            return "choose", c, [str(i) for i in batch[:c.get("max_values", 1)]]  # "up to N": the planned moves
        if cid.kind == "many" and str(target) in values:  # "choose N": the target and the next ones, one submit
            n = c.get("min_values", 1)
            rest = [v for v in values if v != str(target)]
            return "choose", c, [str(target), *rest[:n - 1]]
    group = str(_group_of(actions, target))
    for c in comps:
        cid = _cid(c)
        if cid is not None and cid.kind == "grp" and group in [o["value"] for o in c.get("options", [])]:
            return "choose", c, [group]
    pagers = [c for c in message.buttons if not c.get("disabled") and c.get("label", "").startswith("Next")]
    return ("click", pagers[0], None) if pagers else None


async def walk(fake, member, panel, actions, target: int, plan=None) -> int | None:
    """Make move `target` from a message (the turn message or a private panel) by the shortest
    path; the clicks it took (navigation, the move, a red confirmation), None if it is not there.
    `plan()`: the moves an "up to N" select takes with the target, asked when one is found."""
    clicks = 0
    for _ in range(12):
        upto = plan is not None and any(_cid(c) is not None and _cid(c).kind == "many" and c.get("min_values", 1) == 1
                                        and str(target) in [o["value"] for o in c.get("options", [])]
                                        for c in panel.selects)
        step = next_click(panel, actions, target, await plan() if upto else None)
        if step is None:
            return None
        how, comp, values = step
        if how == "choose":
            result = await fake.choose(member, panel, values, select=comp["custom_id"])
        else:
            result = await fake.click(member, panel, comp["custom_id"])
        clicks += 1
        kind = _cid(comp).kind
        if kind in ("act", "pick", "many"):
            asked = [m for m in [*result.followups, fake.find_message(panel.id)]
                     if m.content.startswith("⚠️") and m.buttons]
            if asked:  # the move is red: one more click, on Yes
                ok = next(b for b in asked[0].buttons if _cid(b) is not None and _cid(b).kind == "ok")
                await fake.click(member, asked[0], ok["custom_id"])
                clicks += 1
            return clicks
        panel = fake.find_message(panel.id)  # navigation edits the private panel in place
    raise AssertionError("never reached the move")


class RandomPick:
    """The index of a uniformly random legal move (seeded)."""

    def __init__(self, game, service, seed: int):
        self.rng = random.Random(seed)
        self.ahead: tuple[int, int] | None = None  # a pick drawn early and not used: (list length, index)

    async def pick(self, game_id: int, seat: int, actions: list, state=None) -> int:
        if self.ahead is not None and self.ahead[0] == len(actions):
            index, self.ahead = self.ahead[1], None
            return index
        self.ahead = None
        return self.rng.randrange(len(actions))

    def keep(self, length: int, index: int) -> None:
        """A pick planned ahead but not made together: it is the next one drawn."""
        self.ahead = (length, index)


class AiPick(RandomPick):
    """The index of the move the game's heuristic AI makes for the seat, from the stored state
    (a random legal move should the AI's move not be in the list)."""

    def __init__(self, game, service, seed: int):
        super().__init__(game, service, seed)
        self.game, self.service = game, service

    async def pick(self, game_id: int, seat: int, actions: list, state=None) -> int:
        if state is None:  # the stored state, unless the move is planned one ahead (a joined pair)
            state = self.game.load_state((await self.service.store.get_game(game_id)).state)
        move = self.game.ai_action(state, seat)
        return next((i for i, a in enumerate(actions) if a == move), await super().pick(game_id, seat, actions))

    def keep(self, length: int, index: int) -> None:
        """The AI picks again from the state: nothing to keep."""


async def upto_batch(service, game, chooser, game_id: int, member, seat: int, actions: list, target: int) -> list[int]:
    """The moves one "up to N" submit takes: the target, then the policy's next picks (made now,
    from the state after each, as they would be next) while the same player answers the same
    decision from the same list. The table plays a submit in list order (a player picks a set)."""
    mine = [p for p in await service.prompts(game_id, str(member.id)) if p.seat == seat]
    if not mine or mine[0].picks < 2:
        return [target]
    state = game.load_state((await service.store.get_game(game_id)).state)
    chosen = [target]
    while len(chosen) < mine[0].picks:
        game.advance(state, actions[chosen[-1]])
        if state.finished or game.to_act(state) != [seat] or not state.pending or state.pending[0].kind != mine[0].kind:
            break
        after = game.legal_actions(state, seat)
        k = await chooser.pick(game_id, seat, after, state)
        i = next((j for j, a in enumerate(actions) if a == after[k]), None)
        if i is None or i in chosen:
            chooser.keep(len(after), k)
            break
        chosen.append(i)
    return sorted(chosen)


async def joined_target(service, game, chooser, game_id: int, member, seat: int, first):
    """When the service offers `first` joined with a move of the next step (one click for both),
    the move the policy makes after `first` (picked now, from the state after it, as it would be
    next) and the offers with the pair's index; else None. Older checkouts offer no pairs."""
    if not hasattr(service, "offers_for"):
        return None
    _, _, offers = await service.offers_for(game_id, str(member.id))
    if not any(getattr(o, "first", None) == first for o in offers):
        return None
    state = game.load_state((await service.store.get_game(game_id)).state)
    game.advance(state, first)
    after = game.legal_actions(state, seat)
    then = after[await chooser.pick(game_id, seat, after, state)]
    index = next((i for i, o in enumerate(offers) if getattr(o, "first", None) == first
                  and getattr(o, "then", None) == then), None)
    return None if index is None else (index, offers, then)


POLICIES = {"random": RandomPick, "ai": AiPick}


async def play(game, seed: int, max_moves: int, trace: bool = False, policy: str = "random") -> dict:
    service_module.new_seed = lambda: f"bench-ux-{seed}"  # the same deal every run, before and after
    with tempfile.TemporaryDirectory() as tmp, LoopbackGuard():
        service = TableService(await Store.open(Path(tmp) / "ux.db"))
        try:
            return await _play(service, game, POLICIES[policy](game, service, seed), max_moves, trace)
        finally:
            # Always: an unclosed store keeps its (non-daemon) connection thread alive, and the
            # process then hung at exit after any error (the runs that "stalled").
            await service.close()


async def _play(service, game, chooser: RandomPick, max_moves: int, trace: bool) -> dict:
    # A generous wait: on a loaded machine the first board is drawn while the render workers
    # start, which took longer than the fake's 10 s default (the runs that "stalled").
    async with FakeDiscord.running(wait_timeout=WAIT) as fake:
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
            changes = moves = owed = 0
            run, last_key = 0, None  # game turns: stretches of the same (turn, active)
            ping_key, pinged = await game_turn(service, game, game_id)
            seen = len(own_messages(fake))
            for _ in range(max_moves):
                turn = own_messages(fake)[-1]
                if turn.content.startswith("🏁"):
                    break
                key, awaited = await game_turn(service, game, game_id)
                run += key != last_key
                last_key = key
                key = (run, *key)
                member = fake.members[int(MENTION.match(turn.content).group(1))]
                version, seat, actions = await service.legal_for(game_id, str(member.id))
                target = await chooser.pick(game_id, seat, actions)
                label = actions[target].label()
                pair = await joined_target(service, game, chooser, game_id, member, seat, actions[target])
                if pair is not None:  # this move and the next in one click
                    target, actions, then = pair
                    label = f"{label}, then {then.label()}"
                batch: list[int] = []

                async def plan(actions=actions, target=target, seat=seat, member=member, batch=batch):
                    if not batch:
                        batch.extend(await upto_batch(service, game, chooser, game_id, member, seat, actions, target))
                    return batch

                made = await walk(fake, member, turn, actions, target, plan)  # right on the turn message?
                opened = ""
                if made is None:
                    # the member's newest private panel, if it already offers these choices
                    panel = live_panel(fake, own_panel(fake, member), version)
                    if panel is None:  # open it from the turn message: one click
                        button = next(b for b in turn.buttons if _cid(b).kind == "panel")
                        panel = (await fake.click(member, turn, button["custom_id"])).followups[-1]
                        clicks_at[key] += 1
                        opened = " (+1 opening the panel)"
                    made = await walk(fake, member, panel, actions, target, plan)
                if len(batch) > 1:
                    label = "; ".join(actions[i].label() for i in batch)
                clicks_at[key] += made
                if trace:
                    print(f"turn {key} {member.name}: {label!r} of {len(actions)} in {made} clicks{opened}")
                await fake.settle()
                moves += (await service.get(game_id)).version - version  # members only: all of them this click's
                now, waited = await game_turn(service, game, game_id)
                changes += waited != awaited
                if waited == awaited or (now == ping_key and waited <= pinged):  # an edit
                    if now != ping_key:  # the same players, but a new game turn: nobody pinged in it yet
                        ping_key, pinged = now, set()
                else:  # a new message, pinging (the last one, with nobody awaited, ends the game)
                    owed += bool(waited)
                    pinged = waited | (pinged if now == ping_key else set())
                    ping_key = now
                posted = own_messages(fake)
                posted_at[key] += len(posted) - seen
                if trace:
                    print(f"  -> {now} waits on {sorted(waited)}; posted {len(posted) - seen}, owed {owed}")
                seen = len(posted)
            messages = own_messages(fake)
            pings = sum(bool(MENTION.match(m.versions[0]["content"] if m.versions else m.content))
                        for m in messages[1:])  # the opening message announces, it answers no change
            edits = sum(len(m.versions) for m in messages)
    return {"game": game.id, "moves": moves, "turns": len(posted_at), "finished": turn.content.startswith("🏁"),
            "msgs/turn": statistics.median(posted_at.values()), "edits": edits,
            "pings": pings, "changes": changes, "owed": owed, "clicks/turn": statistics.median(clicks_at.values()),
            "clicks/move": round(sum(clicks_at.values()) / max(moves, 1), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ux")
    parser.add_argument("--games", default=",".join(g.id for g in playable_games()))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=1500)
    parser.add_argument("--trace", action="store_true", help="print each move and its clicks")
    parser.add_argument("--policy", choices=sorted(POLICIES), default="random",
                        help="each move uniformly at random (default), or the game's heuristic AI's move")
    args = parser.parse_args()
    games = {g.id: g for g in playable_games()}
    for gid in args.games.split(","):
        print(asyncio.run(play(games[gid], args.seed, args.max_moves, args.trace, args.policy)), flush=True)


if __name__ == "__main__":
    main()
