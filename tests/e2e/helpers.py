"""Driving Arbiter through the fake Discord the way members do, for the tests/e2e/test_play_* tests.

Members act only through what a Discord client can send: slash commands, button clicks and select
choices. The table service is only *read*, to check what happened (versions, views, the action log).

* `fix_seed` makes `/game start` deterministic (the command takes no seed).
* `latest_turn`, `member_to_act`, `make_move`, `play_game`: read the newest turn message, find who it
  pings, have that member open their private panel and pick a move with a deterministic `Policy`.
* `PayloadLog` records every message payload the bot wrote, with the game state current at that
  moment; `leaks()` lists card names a payload showed while they were hidden from its audience.
"""

from __future__ import annotations

import functools
import re
import struct
import zlib
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field

from bot import create_bot
from cogs.components import Cid, parse_cid
from engine.core import get_game
from engine.psiwars.cards import catalog
from engine.psiwars.state import PsiState
from table import TableService
from tests.fakediscord import FakeDiscord, Member, Message, bot_session

# Seeds picked for short games with this module's Policy (the suite must stay well under a minute):
SEED = "arbiter-e2e-3"  # two members: bob first, 83 moves, 4 blocks, 4 let-throughs, an Oracle
AI_SEED = "arbiter-e2e-7"  # against the AI: 41 moves, 5 of them defending, a Cyborg ability, an Oracle
MENTION = re.compile(r"^<@(\d+)>")
FINISHED = "🏁 Game #"


# --- set-up -------------------------------------------------------------------------------------

def fix_seed(monkeypatch, seed: str = SEED) -> str:
    """`/game start` takes no seed, so the service draws one with `new_seed()`: pin it."""
    import table.service

    monkeypatch.setattr(table.service, "new_seed", lambda: seed)
    return seed


def arbiter(fake: FakeDiscord, service: TableService, **session_options):
    """A fresh Arbiter bot (create_bot) logged in to `fake` for the length of an `async with`."""
    return bot_session(fake, create_bot(service, guild_id=fake.guild_id), **session_options)


async def human_game(fake: FakeDiscord, alice: Member, bob: Member, *, channel=None, **options) -> int:
    """alice opens a Psi Wars game for humans, bob joins, alice starts it; returns the game id."""
    new = await fake.slash(alice, "game", "new", game="psiwars", opponent="human", channel=channel, **options)
    assert not new.failed and not new.ephemeral and "opened a game" in new.content, new.content
    join = await fake.slash(bob, "game", "join", channel=channel)
    assert not join.ephemeral and "joined" in join.content, join.content
    start = await fake.slash(alice, "game", "start", channel=channel)
    assert not start.ephemeral and "has begun" in start.content, start.content
    return int(re.search(r"Game #(\d+)", start.content).group(1))


async def members_game(fake: FakeDiscord, service: TableService, game: str, members: list[Member],
                       **options) -> int:
    """The first member opens `game` in the channel, the others join, the first starts it; the game id."""
    new = await fake.slash(members[0], "game", "new", game=game, **options)
    assert not new.failed and "opened a game" in new.content, new.content
    for member in members[1:]:
        joined = await fake.slash(member, "game", "join")
        assert "joined" in joined.content, joined.content
    start = await fake.slash(members[0], "game", "start")
    assert "has begun" in start.content, start.content
    return (await service.table_in(str(fake.channel.id))).game_id


async def ai_game(fake: FakeDiscord, member: Member, *, channel=None, **options) -> int:
    new = await fake.slash(member, "game", "new", game="psiwars", opponent="ai", channel=channel, **options)
    assert not new.failed and "against the AI" in new.content, new.content
    return int(re.search(r"game #(\d+)", new.content).group(1))


def renders_images() -> bool:
    """Whether the bot can attach pictures (images.render_board exists); else it posts text only."""
    try:
        import images
    except ImportError:
        return False
    return callable(getattr(images, "render_board", None))


# --- reading the channel --------------------------------------------------------------------------

def turn_messages(fake: FakeDiscord, channel=None) -> list[Message]:
    """Messages the bot posted in the channel itself (turn messages), not interaction replies."""
    return [m for m in fake.history(channel) if m.audience is None and m.interaction is None
            and m.author_id == fake.bot_user.id]


def written(fake: FakeDiscord) -> dict[int, int]:
    """A mark of what the channel holds now: message id -> how many times it was edited."""
    return {m.id: len(m.versions) for m in fake.history()}


def written_since(fake: FakeDiscord, mark: dict[int, int]) -> list[Message]:
    """Messages posted or edited since `mark` (a turn message edited in place counts again)."""
    return [m for m in fake.history() if len(m.versions) > mark.get(m.id, -1)]


def latest_turn(fake: FakeDiscord, channel=None) -> Message:
    turns = turn_messages(fake, channel)
    assert turns, "the bot posted no turn message"
    return turns[-1]


def is_finished(turn: Message) -> bool:
    return turn.content.startswith(FINISHED)


def button_of(msg: Message, kind: str) -> dict | None:
    """The first button whose custom_id parses as `kind` (panel, hand, act, nav)."""
    return next((b for b in msg.buttons if (cid := parse_cid(b["custom_id"])) and cid.kind == kind), None)


def member_to_act(fake: FakeDiscord, turn: Message) -> Member | None:
    """The member a turn message pings first (turn messages start with who must act)."""
    m = MENTION.match(turn.content)
    return fake.members[int(m.group(1))] if m else None


async def snapshot(service: TableService, game_id: int) -> tuple[int, str, dict, int]:
    """(version, status, public view, logged actions): what must not change on a refusal."""
    table = await service.get(game_id)
    view = await service.view(game_id, None) if table.status != "lobby" else {}
    return table.version, table.status, view, len(await service.store.actions(game_id))


async def legal_action(service: TableService, game_id: int, seat: int, index: int):
    """The action a custom_id's index stands for now (read from the stored state)."""
    row = await service.store.get_game(game_id)
    engine = get_game(row.game)
    return engine.legal_actions(engine.load_state(row.state), seat)[index]


# --- choosing moves through the private panel -------------------------------------------------------

@dataclass(frozen=True)
class Option:
    """An action as the panel shows it: a button, or one option of a `pick` select."""

    label: str
    custom_id: str  # the button's, or the select's
    value: str | None = None  # the select option's value (an action index)

    def act_id(self) -> str:
        """The custom_id of the equivalent action button (what public buttons carry)."""
        if self.value is None:
            return self.custom_id
        cid = parse_cid(self.custom_id)
        return Cid("act", cid.game_id, cid.version, cid.seat, int(self.value)).encode()


def panel_actions(panel: Message) -> list[Option]:
    out = []
    for b in panel.buttons:
        cid = parse_cid(b["custom_id"])
        if cid and cid.kind == "act" and not b.get("disabled"):
            out.append(Option(b["label"], b["custom_id"]))
    for s in panel.selects:
        cid = parse_cid(s["custom_id"])
        if cid and cid.kind == "pick":
            out += [Option(o["label"], s["custom_id"], o["value"]) for o in s["options"]]
    return out


def panel_groups(panel: Message) -> dict[str, tuple[str, str]]:
    """Group name -> (select custom_id, value) of the "Choose what kind of move" select, if shown."""
    out = {}
    for s in panel.selects:
        cid = parse_cid(s["custom_id"])
        if cid and cid.kind == "grp":
            for o in s["options"]:
                out[o["label"].rsplit(" (", 1)[0]] = (s["custom_id"], o["value"])
    return out


class Policy:
    """A deterministic player: the first rule (group pattern, label pattern) that matches wins.

    It builds and equips whenever it can and attacks with one unit a turn (keeping the others
    ready to defend), so battles happen; as the defender it alternates between blocking (with the
    first unit offered) and letting a formation through, so labs take damage and games end; it
    uses Cyborg abilities and the deck-searching Powers, passes on other Powers and ends phases
    otherwise.
    """

    RULES: list[tuple[str, str]] = [
        ("^Creation Oracle$", r"^Put "), ("^Creation Oracle$", r"^Take no"),
        ("^Equipment Hunter$", r"^(Take |No Equipment)"),
        ("^Creation Units$", r"^Place a "),
        ("^Equip$", r"^Equip "),
        ("^Build$", r"^Build "),
        ("^Powers$", r"^Play (Creation Oracle|Equipment Hunter)"),  # look at / search the deck
        ("^Attack$", r"^Attack with [^+]*$"),  # one formation of one unit a turn (see rules())
        ("^Cyborg abilities$", r"^[^:]+ \[\w+\]: "),  # "Wired Scout [B07]: Uplink Ping"
        ("^Battle$", r"^Fight matchup"),
        ("^Hand limit$", r"^Discard "),
        ("^Turn$", r"^(End |Done declaring|Pass$)"),
    ]
    BLOCK = ("^Defend formation", r"^Block with [^+]*$")
    LET_THROUGH = ("^Defend formation", r"^Let formation")

    def __init__(self) -> None:
        self.defences = 0
        self.attacked: set[int] = set()  # turns in which this policy declared an attack

    def rules(self, panel_label: str, turn_text: str) -> list[tuple[str, str]]:
        """The rules for one decision, from the turn message's panel button and text. Call once
        per move: the defender's choice alternates, and one attack is declared per turn."""
        if panel_label == "Choose your defense":
            self.defences += 1
            block, through = self.BLOCK, self.LET_THROUGH
            return [block, through] if self.defences % 2 else [through, block]
        turn = int(m.group(1)) if (m := re.search(r" · turn (\d+)", turn_text)) else -1
        if "declare attackers" not in turn_text:
            return self.RULES
        if turn in self.attacked:
            return [r for r in self.RULES if r[0] != "^Attack$"]
        self.attacked.add(turn)
        return self.RULES

    @staticmethod
    def decide(rules: list[tuple[str, str]], labels: list[str], groups: Iterable[str]) -> tuple[str, str] | None:
        """("act", label) to play a visible action, ("group", name) to open a group first, or
        None if no rule matches what is shown."""
        groups = list(groups)
        for group_re, label_re in rules:
            for label in labels:
                if re.search(label_re, label):
                    return "act", label
            for name in groups:
                if re.search(group_re, name):
                    return "group", name
        return None


@dataclass
class Played:
    """One move made through Discord, and what the service said before and after it."""

    step: int
    member: Member
    seat: int
    active: int  # the active player's seat when the move was made
    kind: str  # the pending decision's kind ("defend", "build", ...)
    panel_label: str  # the public button that opened the panel
    label: str  # the action chosen
    via: str  # "panel" or "public" (the button on the turn message)
    version_before: int
    version_after: int
    awaited_before: frozenset[int] = frozenset()  # seats the game waited on before the move
    awaited_after: frozenset[int] = frozenset()  # ... and after it (and any AI moves it set off)
    turn_before: tuple[int, int] = (0, 0)  # the game turn (turn, active seat) before the move
    turn_after: tuple[int, int] = (0, 0)  # ... and after it


def awaited_changes(moves: list[Played]) -> int:
    """How many moves changed whom the game waits on."""
    return sum(m.awaited_after != m.awaited_before for m in moves)


Pinged = tuple[tuple[int, int] | None, set[int]]  # (game turn, players pinged during it)


def new_message(pinged: Pinged, now: tuple[int, int], awaited: frozenset[int], waited: frozenset[int]) -> bool:
    """Whether a move that took whom the game waits on from `awaited` to `waited`, ending in game
    turn `now`, earns a new turn message: the players changed and someone awaited was not yet
    pinged in this game turn (a turn pings each player once: the active player whose turn resumes
    after another's reaction gets an edit), or the game ended."""
    key, seen = pinged
    return waited != awaited and not (waited and now == key and waited <= seen)


def owes_ping(pinged: Pinged, now, awaited, waited) -> bool:
    return bool(waited) and new_message(pinged, now, awaited, waited)  # the last message pings no "next"


def pinged_then(pinged: Pinged, now, awaited, waited) -> Pinged:
    key, seen = pinged
    if not new_message(pinged, now, awaited, waited):
        return pinged if now == key else (now, set())  # an edit; a new game turn has pinged nobody yet
    return now, set(waited) | (seen if now == key else set())


def owed_pings(moves: list[Played]) -> int:
    """How many new turn messages the moves earn (see new_message), the final one included."""
    if not moves:
        return 0
    owed, pinged = 0, (moves[0].turn_before, set(moves[0].awaited_before))
    for m in moves:
        owed += new_message(pinged, m.turn_after, m.awaited_before, m.awaited_after)
        pinged = pinged_then(pinged, m.turn_after, m.awaited_before, m.awaited_after)
    return owed


async def game_turn(service: TableService, game_id: int) -> tuple[int, int]:
    """The game turn as the shared TableView says it: (turn, active seat)."""
    row = await service.store.get_game(game_id)
    engine = get_game(row.game)
    shared = engine.table_view(engine.load_state(row.state), None)
    return shared.turn, shared.active


async def open_panel(fake: FakeDiscord, member: Member, turn: Message) -> Message:
    """Click the turn message's panel button as `member`; the private panel they get."""
    button = button_of(turn, "panel")
    assert button is not None, f"no panel button on {turn!r}"
    opened = await fake.click(member, turn, button["custom_id"])
    # A bot in another process (bench.latency --processes) may still be writing the panel.
    await fake.wait_for(lambda: opened.failed or opened.replies)
    assert not opened.failed and opened.replies, opened
    panel = opened.replies[-1]
    assert panel.ephemeral and panel.audience == frozenset({member.id}), panel
    return panel


async def make_move(fake: FakeDiscord, member: Member, turn: Message, policy: Policy, *,
                    prefer_public: bool = False) -> tuple[str, str]:
    """`member` opens their panel from `turn` and plays what `policy` picks; (label, via).

    With `prefer_public`, an action that is also a button on the public turn message is clicked
    there instead (the panel is still opened first)."""
    rules = policy.rules(button_of(turn, "panel")["label"], turn.content)
    public = {b["custom_id"] for b in turn.buttons}
    panel = await open_panel(fake, member, turn)
    opened: set[str] = set()
    for _ in range(12):
        options = panel_actions(panel)
        groups = panel_groups(panel)
        decision = policy.decide(rules, [o.label for o in options], [g for g in groups if g not in opened])
        if decision is None:  # inside a group with nothing the policy wants: back to the group list
            back = next((b for b in panel.buttons if b["label"] == "Back"), None)
            assert back is not None, f"the policy has no rule for {[o.label for o in options]} / {list(groups)}"
            edits = len(panel.versions)
            assert not (await fake.click(member, panel, back["custom_id"])).failed
            panel = await _edited(fake, panel, edits)
            continue
        what, name = decision
        if what == "group":
            opened.add(name)
            select, value = groups[name]
            edits = len(panel.versions)
            nav = await fake.choose(member, panel, [value], select=select)
            assert not nav.failed, nav
            panel = await _edited(fake, panel, edits)  # navigation edits the panel in place
            continue
        option = next(o for o in options if o.label == name)
        if prefer_public and option.act_id() in public:
            result, via = await fake.click(member, turn, option.act_id()), "public"
        elif option.value is None:
            result, via = await fake.click(member, panel, option.custom_id), "panel"
        else:
            result, via = await fake.choose(member, panel, [option.value], select=option.custom_id), "panel"
        assert not result.failed, result
        result = await confirm_if_asked(fake, member, result, panel)
        refusals = [m.content for m in result.replies if m.ephemeral and "✅" not in m.content
                    and not m.content.startswith("🔒")]
        assert not refusals, f"{member.name} playing {name!r} was refused: {refusals}"
        return name, via
    raise AssertionError(f"never reached an action on {panel!r}")


async def _edited(fake: FakeDiscord, message: Message, edits: int) -> Message:
    """`message` once edited past `edits` versions: at once in one process, where the click's
    settle waited for the bot; a bot in another process may still be at it."""
    await fake.wait_for(lambda: len(fake.find_message(message.id).versions) > edits)
    return fake.find_message(message.id)


async def confirm_if_asked(fake: FakeDiscord, member: Member, result, panel: Message | None = None):
    """If the move was one the game warns about, the answer is a red "Yes: ..." button (on the
    panel, edited in place, or in a new private reply): press it; the result of the last click."""
    for where in [*reversed(result.replies), *([fake.find_message(panel.id)] if panel is not None else [])]:
        ok = button_of(where, "ok")
        if ok is not None and where.content.startswith("⚠️"):
            confirmed = await fake.click(member, where, ok["custom_id"])
            assert not confirmed.failed, confirmed
            return confirmed
    return result


async def pick_from_panel(fake, user, panel, rng):
    """Random walk through a private panel (group selects, pages) until an action is played."""
    for _ in range(10):
        comps = [c for c in panel.buttons if not c.get("disabled")] + panel.selects
        comp = rng.choice(comps)
        kind = parse_cid(comp["custom_id"]).kind
        if comp["type"] == 3:  # a "choose N" select takes exactly its number of values
            values = [o["value"] for o in rng.sample(comp["options"], comp.get("min_values", 1))]
            result = await fake.choose(user, panel, values, select=comp["custom_id"])
        else:
            result = await fake.click(user, panel, comp["custom_id"])
        assert not result.failed
        if kind in ("act", "pick", "many"):
            return await confirm_if_asked(fake, user, result, panel)
        panel = fake.find_message(panel.id)  # navigation edits the panel in place
    raise AssertionError("never reached an action")


async def walk_until(fake: FakeDiscord, rng, reached: Callable[[Member], Awaitable[bool]], *,
                     limit: int = 80) -> tuple[Message, Member]:
    """Members answer the turn messages (a random walk through their panels) until the member the
    game waits on is one `reached` accepts: that turn message and member."""
    for _ in range(limit):
        turn = latest_turn(fake)
        member = member_to_act(fake, turn)
        if await reached(member):
            return turn, member
        panel = await fake.click(member, turn, button_of(turn, "panel")["custom_id"])
        await pick_from_panel(fake, member, panel.replies[-1], rng)
        await fake.settle()
    raise AssertionError(f"not reached in {limit} moves")


Around = Callable[[Member, Message, int], Awaitable[Callable[[int], Awaitable[None]] | None]]


async def random_walk(fake: FakeDiscord, service: TableService, game_id: int, rng, *, around: Around | None = None,
                      limit: int = 3000) -> tuple[int, set[str]]:
    """Members take turns as the turn messages ping them, each by a random walk through their private
    panel, until the game ends: (moves made, decision kinds each was asked). `around(member, turn,
    moves)` runs before each move and may return a check to run after it, given the version before."""
    kinds: set[str] = set()
    for moves in range(limit):
        turn = latest_turn(fake)
        if is_finished(turn):
            return moves, kinds
        member = member_to_act(fake, turn)
        assert member is not None, turn.content
        seat = await service.seat_of(game_id, str(member.id))
        own = await service.view(game_id, str(member.id))  # their private prompts by name
        kinds |= {d["kind"] for d in own["pending"] if d["seat"] == seat}
        before = (await service.get(game_id)).version
        check = await around(member, turn, moves) if around is not None else None
        panel = await fake.click(member, turn, button_of(turn, "panel")["custom_id"])
        await pick_from_panel(fake, member, panel.replies[-1], rng)
        await fake.settle()
        assert (await service.get(game_id)).version > before, f"{member.name}'s move changed nothing"
        if check is not None:
            await check(before)
    raise AssertionError(f"game #{game_id} did not finish in {limit} moves")


MoveHook = Callable[[Played], Awaitable[None]]


async def play_game(fake: FakeDiscord, service: TableService, game_id: int, *, policy: Policy | None = None,
                    max_steps: int = 800, channel=None, public_every: int = 3, stop_after: int | None = None,
                    until: Callable[[Message], bool] | None = None,
                    after_move: MoveHook | None = None) -> list[Played]:
    """Play the game in `channel` through Discord until it ends; the moves made, in order.

    Each step reads the newest turn message, takes the member it pings, and has them move from
    their private panel (every `public_every`-th move through a public button when one fits).
    Stops early after `stop_after` moves or when `until(turn message)` holds; otherwise the game
    must end within `max_steps` moves."""
    policy = policy or Policy()
    moves: list[Played] = []
    for step in range(max_steps):
        turn = latest_turn(fake, channel)
        if is_finished(turn) or len(moves) == stop_after or (until is not None and until(turn)):
            return moves
        member = member_to_act(fake, turn)
        assert member is not None, f"turn message pings nobody: {turn.content!r}"
        before = await service.get(game_id)
        view = await service.view(game_id, None)
        seat = await service.seat_of(game_id, str(member.id))
        pending = [d for d in view["pending"] if d["seat"] == seat]
        assert pending, f"{member.name} was pinged but the game waits on {view['pending']}"
        turn_before = await game_turn(service, game_id)
        panel_label = button_of(turn, "panel")["label"]  # read now: the message loses its buttons
        shown = button_of(turn, "panel")["custom_id"]  # carries the version the message shows
        label, via = await make_move(fake, member, turn, policy,
                                     prefer_public=bool(public_every) and step % public_every == 0)
        after = await service.get(game_id)
        assert after.version > before.version, f"{member.name}'s {label!r} did not change the game"
        now = latest_turn(fake, channel)
        assert now.id != turn.id or button_of(now, "panel") is None or button_of(now, "panel")["custom_id"] != shown, \
            "the turn message was neither re-posted nor refreshed after a move"
        waited = frozenset(d["seat"] for d in (await service.view(game_id, None))["pending"])
        played = Played(step, member, seat, view["active"], pending[0]["kind"], panel_label, label, via,
                        before.version, after.version, frozenset(d["seat"] for d in view["pending"]), waited,
                        turn_before, await game_turn(service, game_id))
        moves.append(played)
        if after_move is not None:
            await after_move(played)
    raise AssertionError(f"game #{game_id} did not finish in {max_steps} moves")


# --- privacy: what each payload showed, against what was hidden at that moment --------------------------

def card_name(state: PsiState, iid: str) -> str:
    return catalog().cards[state.cards[iid].card].name


def names_in(state: PsiState, iids: Iterable[str]) -> set[str]:
    return {card_name(state, i) for i in iids}


def public_names(state: PsiState) -> set[str]:
    """Cards face up on the table: labs (units, gear, CUs) and discard piles."""
    return set().union(*(names_in(state, p.lab + p.discard) for p in state.players))


def secret_names(state: PsiState, viewer: int | None) -> set[str]:
    """Names of cards hidden from `viewer` (None: the channel) in hands, decks and Oracle peeks.

    A seat may know its own hand, peek and deck list, so a name it holds itself is not secret
    from it even if the other player holds the same card."""
    hidden: set[str] = set()
    known: set[str] = set()
    for seat, p in enumerate(state.players):
        cards = p.hand + p.deck + (state.peek if seat == state.active else [])
        (known if seat == viewer else hidden).update(names_in(state, cards))
    return hidden - known


def png_text_chunks(data: bytes) -> list[str]:
    """The text of a PNG's tEXt, zTXt and iTXt chunks (decompressed); [] if it is not a PNG."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return []
    out, pos = [], 8
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        try:
            if kind == b"tEXt":
                out.append(body.replace(b"\0", b" ").decode("latin-1"))
            elif kind == b"zTXt":
                key, _, rest = body.partition(b"\0")
                out.append(key.decode("latin-1") + " " + zlib.decompress(rest[1:]).decode("latin-1"))
            elif kind == b"iTXt":
                key, _, rest = body.partition(b"\0")
                compressed, rest = rest[0], rest[2:]
                _lang, _, rest = rest.partition(b"\0")
                translated, _, text = rest.partition(b"\0")
                text = zlib.decompress(text) if compressed else text
                out.append(" ".join(x.decode("utf-8", "replace") for x in (key, translated, text)))
        except (zlib.error, IndexError):
            out.append(body.decode("latin-1"))  # undecodable: scan the raw bytes
    return out


def strings_in(obj) -> list[str]:
    """Every string inside a JSON-like value (content, embeds, components, attachment metadata)."""
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in strings_in(v)]
    if isinstance(obj, list | tuple):
        return [s for v in obj for s in strings_in(v)]
    return []


SHOWN_KEYS = ("content", "embeds", "components", "attachments", "poll")


@dataclass
class Sent:
    """One payload the bot wrote (a new message, or the fields an edit changed)."""

    where: str
    audience: frozenset[int] | None  # None: everyone in the channel
    texts: list[str]
    files: list[tuple[str, bytes]]
    state: int  # index into PayloadLog.states of the state current when it was written (-1: none yet)
    since: int  # the first state since this audience's previous payload (events narrate them all)

    @functools.cached_property
    def haystacks(self) -> list[tuple[str, str]]:
        """(where, lower-cased text) for every string and file (bytes as latin-1, PNG text chunks)."""
        out = [("text", t) for t in self.texts]
        for name, data in self.files:
            out.append((f"file {name}", data.decode("latin-1")))
            out += [(f"file {name} (PNG text chunk)", t) for t in png_text_chunks(data)]
        return [(where, text.lower()) for where, text in out]


@dataclass
class PayloadLog:
    """Records, in order, every message payload the fake stores and every game state the store saves.

    Hooks the fake's message create/edit (all REST paths end there) and the store's start/save
    (every state a game passes through), so each payload is paired with the exact state that was
    current when the bot sent it.
    """

    fake: FakeDiscord
    store: object
    seats: dict[int, int] = field(default_factory=dict)  # member id -> seat
    # The game's own knowledge of secrets (Psi Wars by default): its state from JSON, the names
    # face up in a state, the names hidden from a viewer, and the names a public event's text reveals.
    load: Callable[[str], object] = PsiState.model_validate_json
    public_of: Callable[[object], set[str]] = public_names
    secret_of: Callable[[object, int | None], set[str]] = secret_names
    revealed_by: Callable[[str], set[str]] = lambda text: (
        {c.name for c in catalog().cards.values() if c.name in text} if "reveals" in text else set())
    states: list[PsiState] = field(default_factory=list)
    revealed: list[set[str]] = field(default_factory=list)  # per state: names public "reveals" events showed so far
    sent: list[Sent] = field(default_factory=list)
    _last: dict = field(default_factory=dict)
    _public_at: dict = field(default_factory=dict)

    def __enter__(self) -> PayloadLog:
        fake, store = self.fake, self.store
        create, edit = fake._create, fake._edit
        start_game, save_move = store.start_game, store.save_move

        def _create(channel, body, uploads, **kw):
            msg = create(channel, body, uploads, **kw)
            self._record(msg, {k: msg.data[k] for k in SHOWN_KEYS if k in msg.data}, msg.attachment_files, "create")
            return msg

        def _edit(message, body, uploads, **kw):
            had = len(message.attachment_files)
            edit(message, body, uploads, **kw)
            shown = {k: message.data[k] for k in SHOWN_KEYS if k in body and k in message.data}
            self._record(message, shown, message.attachment_files[had:], "edit")

        async def _start_game(game_id, state_json, version, seed, seed_commitment, events=(), **kw):
            await start_game(game_id, state_json, version, seed, seed_commitment, events, **kw)
            self._state(state_json, events)

        async def _save_move(game_id, expected, new, seat, user_id, action_json, events, state_json, **kw):
            await save_move(game_id, expected, new, seat, user_id, action_json, events, state_json, **kw)
            self._state(state_json, events)

        fake._create, fake._edit = _create, _edit
        store.start_game, store.save_move = _start_game, _save_move
        return self

    def __exit__(self, *exc) -> None:
        for obj, names in ((self.fake, ("_create", "_edit")), (self.store, ("start_game", "save_move"))):
            for name in names:
                vars(obj).pop(name, None)

    def _state(self, state_json: str, events) -> None:
        self.states.append(self.load(state_json))
        shown = set(self.revealed[-1]) if self.revealed else set()
        for e in events:
            if e.visible_to is None:  # e.g. Equipment Hunter shows the card found
                shown |= self.revealed_by(e.text)
        self.revealed.append(shown)

    def _record(self, msg: Message, shown: dict, files, how: str) -> None:
        now = len(self.states) - 1
        key = msg.audience
        since = self._last.get(key, now)
        self._last[key] = now
        self.sent.append(Sent(f"{how} of message {msg.id} ({msg.content[:50]!r})", msg.audience,
                              strings_in(shown), [(a.filename, a.data) for a in files], now, max(since, 0)))

    def hidden(self, sent: Sent, viewer: int | None) -> set[str]:
        """The names `sent` must not show `viewer`: secret when it was written, and not public at
        any state since that audience's previous payload (its events narrate those states)."""
        if sent.state < 0:
            return set()  # before the game started nothing is hidden
        public = set().union(*(self._public(i) for i in range(sent.since, sent.state + 1)))
        return self.secret_of(self.states[sent.state], viewer) - public - self.revealed[sent.state]

    def _public(self, index: int) -> set[str]:
        if index not in self._public_at:
            self._public_at[index] = self.public_of(self.states[index])
        return self._public_at[index]

    def leaks(self, sent: Iterable[Sent] | None = None) -> list[str]:
        """Each card name a payload showed to someone it was hidden from at the time."""
        found = []
        for s in self.sent if sent is None else sent:
            viewers = [None] if s.audience is None else [self.seats.get(uid) for uid in s.audience]
            for viewer in viewers:
                for name in sorted(self.hidden(s, viewer)):
                    for where, text in s.haystacks:
                        if shows(text, name):
                            who = "everyone" if viewer is None else f"seat {viewer}"
                            found.append(f"{s.where}: {name!r} was hidden from {who} at version "
                                         f"{self.states[s.state].version} but shown in {where}: {text[:120]!r}")
        return found


def shows(lowered: str, name: str) -> bool:
    """Whether lower-cased text contains the card name as a whole phrase ("Gene-Hound", not
    "Gene-Hounds"). str.find keeps this fast on the bytes of large images."""
    needle = name.lower()
    start = lowered.find(needle)
    while start >= 0:
        end = start + len(needle)
        before = lowered[start - 1] if start else " "
        after = lowered[end] if end < len(lowered) else " "
        if not (before.isalnum() or before in "-_") and not (after.isalnum() or after in "-_"):
            return True
        start = lowered.find(needle, start + 1)
    return False


# --- player words: what every payload must never show a player -------------------------------------

WORD_RULES = [  # (what is wrong, pattern) over the text players read
    ("snake_case engine word", re.compile(r"(?<![\w/<@#:.-])[a-z]+(?:_[a-z0-9]+)+(?![\w/>])")),
    ("section sign without a title", re.compile(r"§\s*[\w.-]+\)?(?!\s*[A-Z“\"])")),
    ("raw validation text", re.compile(r"Input should be|validation error|pydantic|Traceback", re.I)),
    ("JSON", re.compile(r"\{\s*\"\w+\"\s*:|\[\s*\{\s*\"")),
    ("engine id", re.compile(r"\b[a-z]{1,3} -> |\bseat \d\b")),  # "AI 1 cs -> Player 1"
]


def shown_texts(message: Message) -> list[str]:
    """What players read of a message, in every version it had: content, labels, placeholders,
    option labels and descriptions (never custom ids or URLs)."""
    out = []
    for data in [*message.versions, message.data]:
        out.append(data.get("content") or "")
        stack = list(data.get("components") or [])
        while stack:
            c = stack.pop()
            stack += c.get("components") or []
            out += [c.get(k) or "" for k in ("label", "placeholder")]
            out += [t for o in c.get("options") or [] for t in (o.get("label"), o.get("description")) if t]
    return [re.sub(r"https?://\S+|<[@#!:&][^>]*>|`[^`]*`", "", t) for t in out if t]  # links, mentions, code


def player_word_problems(fake: FakeDiscord, channel=None) -> list[str]:
    """Every place a message of the game showed engine words, JSON, validation text, a bare section
    sign, or a name written twice ("@bob: bob: ...")."""
    found = []
    for m in fake.history(channel):
        if m.author_id != fake.bot_user.id:
            continue
        for data in [*m.versions, m.data]:
            for uid, name in re.findall(r"<@(\d+)>: (\S+?):", data.get("content") or ""):
                member = fake.members.get(int(uid))
                if member is not None and member.name == name:
                    found.append(f"message {m.id}: {name}'s name written twice")
        for text in shown_texts(m):
            for what, pattern in WORD_RULES:
                if hit := pattern.search(text):
                    found.append(f"message {m.id}: {what} {hit.group(0)!r} in {text[:100]!r}")
    return sorted(set(found))


async def known_record(service: TableService, game_id: int, since: int, member_id: str | None = None) -> str:
    """What a member (None: the public) may know of a game now: their view and the log lines they
    may read after version `since`."""
    view = await service.view(game_id, member_id)
    seat = None if member_id is None else await service.seat_of(game_id, member_id)
    events = [e.text for e in await service.store.events(game_id, since_version=since)
              if e.visible_to is None or seat in e.visible_to]
    return " ".join([*strings_in(view), *events])


# --- channel noise: messages per game turn, pings against owed pings, named prompts ---------------

class ChannelMeter:
    """What the channel saw while members played a game through `random_walk` (as its `around`)
    or `play_game` (as its `after_move`): public messages posted in each game turn (a stretch of
    moves with the same (turn, active seat)), pings against the pings owed (changes of whom the
    game waits on that bring in a player not yet pinged in that game turn), and every private
    panel's first line."""

    def __init__(self, fake: FakeDiscord, service: TableService, game_id: int):
        self.fake, self.service, self.game_id = fake, service, game_id
        self.per_turn: list[int] = []  # messages posted in each game turn, in order
        self.pings = self.owed = 0
        self._key: tuple[int, int] | None = None
        self._pinged: Pinged = (None, set())
        self._seen = 0

    async def _state(self) -> tuple[tuple[int, int], frozenset[int]]:
        row = await self.service.store.get_game(self.game_id)
        engine = get_game(row.game)
        shared = engine.table_view(engine.load_state(row.state), None)
        return (shared.turn, shared.active), frozenset(shared.awaiting)

    async def start(self) -> None:
        """Call once the game has begun: its opening message pinged whom it waits on."""
        self._seen = len(turn_messages(self.fake))
        key, awaited = await self._state()
        self._pinged = (key, set(awaited))

    async def around(self, member: Member, turn: Message, moves: int):
        """random_walk's hook: note the game turn before the move; the check after it counts."""
        if self._pinged[0] is None:
            await self.start()
        key, awaited = await self._state()
        if key != self._key:
            self.per_turn.append(0)
            self._key = key

        async def after(before_version: int) -> None:
            await self._count(awaited)
        return after

    async def after_move(self, played: Played) -> None:
        """play_game's hook (its moves carry the game turn and whom the game waited on)."""
        if played.turn_before != self._key:
            self.per_turn.append(0)
            self._key = played.turn_before
        await self._count(played.awaited_before)

    async def _count(self, awaited: frozenset[int]) -> None:
        posted = turn_messages(self.fake)[self._seen:]
        self._seen += len(posted)
        self.per_turn[-1] += len(posted)
        self.pings += sum(bool(MENTION.match(m.versions[0]["content"] if m.versions else m.content)) for m in posted)
        now, waited = await self._state()
        self.owed += owes_ping(self._pinged, now, awaited, waited)
        self._pinged = pinged_then(self._pinged, now, awaited, waited)

    def problems(self) -> list[str]:
        """Where the channel broke the rules of issue 12; [] when none."""
        import statistics

        found = []
        if statistics.median(self.per_turn) > 2:
            found.append(f"median of {statistics.median(self.per_turn)} public messages per game turn")
        if self.pings != self.owed:
            found.append(f"{self.pings} pings for {self.owed} changes that owed one")
        found += unnamed_prompts(self.fake)
        return found


PANEL_TITLE = re.compile(r"^\*\*[^*]+\*\*, game #\d+(: )?(.*)$", re.MULTILINE)


def unnamed_prompts(fake: FakeDiscord) -> list[str]:
    """Private panels (choices only their owner sees) whose title does not say what the choice is
    about ("**Your move**, game #1" with nothing after it)."""
    found = []
    for m in fake.history():
        if m.author_id != fake.bot_user.id or m.audience is None:
            continue
        for data in [*m.versions, m.data]:
            text = data.get("content") or ""
            title = PANEL_TITLE.search(text)
            if title and not title.group(2).strip():
                found.append(f"message {m.id}: a private prompt that names nothing: {text[:80]!r}")
    return sorted(set(found))
