"""Set-up (§3: the first player, the World Weaving draft, the secret Codex) and the turn's frame
(§4.1: Ready Phase, End Phase, the next player, the round cap)."""

from __future__ import annotations

from engine.core import Event, finish, note
from engine.core.memo import finite_cache

from . import effects as E
from . import keywords as K
from .cards import COLOURS, catalog
from .prompts import ask
from .state import Player, ResState, Unit

HAND_SIZE = 5
PICKS = {2: 5, 3: 3, 4: 2}  # §3.2: modules each player drafts
# With the lobby's first player handicap, every player but the first starts with this much Karma:
# without it the first player won 58% of AI games (RULINGS "Balance by self-play").
LATER_SEAT_KARMA = 1


def codex_pool(primary: int, secondaries: list[int]) -> list[str]:
    """§3.3.3: the primary colour's blocks 2-5 and all five blocks of each secondary colour."""
    return list(_codex_pool(primary, tuple(secondaries)))


@finite_cache  # by colours: every Codex step of the set-up asks it again
def _codex_pool(primary: int, secondaries: tuple[int, ...]) -> tuple[str, ...]:
    return (*(f"X{primary}-{t}" for t in range(2, 6)), *(f"X{c}-{t}" for c in secondaries for t in range(1, 6)))


def roll_first(s: ResState, events: list[Event]) -> None:
    """Every player rolls a d10, highest first, ties re-roll (A-45)."""
    while True:
        rolls = [s.rng.die(10) for _ in s.players]
        events.append(note(kind="roll", data={"dice": rolls}, text="Starting player roll (d10): " + ", ".join(
            f"{p.name} {r}" for p, r in zip(s.players, rolls, strict=True)) + "."))
        if rolls.count(max(rolls)) == 1:
            s.first = s.active = rolls.index(max(rolls))
            events.append(note(text=f"{s.players[s.first].name} goes first."))
            return


def quick_setup(s: ResState, events: list[Event]) -> None:
    """Notes §3.4: the ten Paragon modules, and per player a pre-built Codex deck."""
    mods = [m.id for m in catalog().modules.values() if m.kind == "paragon"]
    colours = list(range(10))
    s.rng.shuffle(colours)
    for p in s.players:
        c = colours[p.seat]
        p.primary, p.secondaries = c, [(c + 1) % 10, (c + 2) % 10]
        drop = {f"X{c}-5", f"X{(c + 1) % 10}-5", f"X{(c + 2) % 10}-5", f"X{(c + 2) % 10}-4"}
        p.codex_deck = [b for b in codex_pool(c, p.secondaries) if b not in drop]
        p.codex_dropped = sorted(drop)
    build_deck(s, mods, events)
    finish_codex(s, events)


def next_draft(s: ResState, events: list[Event]) -> None:
    if s.draft_order:
        seat = s.draft_order[0]
        opts = list(map(_draft_option, s.pool))  # no Python loop: each pick offers the pool again
        ask(s, seat, "draft", f"{s.players[seat].name}: draft a Faction Module (§3.2)", opts)
        return
    chosen = [m for p in s.players for m in p.modules]
    rest = list(s.pool)
    s.rng.shuffle(rest)
    chaos = rest[: 10 - len(chosen)]
    if chaos:
        events.append(note(kind="shuffle", text="Chaos slot(s) filled at random: " + ", ".join(
            catalog().modules[m].name for m in chaos) + " (§3.2.3)."))
    build_deck(s, chosen + chaos, events)
    s.phase = "codex"
    next_codex(s, events)


@finite_cache  # by module
def _draft_option(module: int) -> tuple[str, str]:
    """A module offered in the draft: every pick offers the rest of the pool again."""
    return str(module), f"{catalog().modules[module].name} (module {module})"


# The set-up's answers, remembered like _draft_option: each Codex step offers them again.

@finite_cache  # by colour and which choice
def _colour_option(colour: int, which: str) -> tuple[str, str]:
    return str(colour), f"{which} colour {COLOURS[colour]} ({colour})"


@finite_cache  # by Codex block
def _drop_option(block: str) -> tuple[str, str]:
    return block, f"Leave out {catalog().codex[block].name}"


def build_deck(s: ResState, mods: list[int], events: list[Event]) -> None:
    s.main_deck = [c.id for m in mods for c in catalog().modules[m].cards]
    s.rng.shuffle(s.main_deck)
    events.append(note(kind="shuffle", text="The Main Deck is shuffled from: " + ", ".join(
        catalog().modules[m].name for m in mods) + "."))


def next_codex(s: ResState, events: list[Event]) -> None:
    """Each player in turn, privately: Primary, two Secondaries, then 4 of 14 blocks to leave out (A-14)."""
    for seat in s.order_from(s.first):
        p = s.players[seat]
        if p.primary is None:
            opts = [_colour_option(c, "Primary") for c in range(10)]
            ask(s, seat, "codex_primary", f"{p.name}: choose your Primary colour (§3.3.2)", opts, private=True)
            return
        if len(p.secondaries) < 2:
            opts = [_colour_option(c, "Secondary") for c in range(10) if c != p.primary and c not in p.secondaries]
            ask(s, seat, "codex_secondary", f"{p.name}: choose a Secondary colour (§3.3.3)", opts, private=True)
            return
        pool = [b for b in _codex_pool(p.primary, tuple(p.secondaries)) if b not in p.codex_dropped]
        if len(pool) > 10:
            opts = list(map(_drop_option, pool))
            ask(s, seat, "codex_drop", f"{p.name}: leave out {len(pool) - 10} more Codex block(s) of 14 (§3.3.3)",
                opts, private=True, picks=len(pool) - 10)
            return
        if not p.codex_deck:
            p.codex_deck = pool
    finish_codex(s, events)


def finish_codex(s: ResState, events: list[Event]) -> None:
    for p in s.players:
        s.rng.shuffle(p.codex_deck)
        p.active_codex = [f"X{p.primary}-1"]
        events.append(note(text=f"{p.name} takes Primary colour {COLOURS[p.primary]}: "
                                 f"{catalog().codex[p.active_codex[0]].name} is active."))
        events.append(note(text="Your Personal Codex deck: " + ", ".join(
            catalog().codex[b].name for b in sorted(p.codex_deck)) + ".", visible_to=[p.seat]))
    for seat in s.order_from(s.first):
        E.draw_cards(s, seat, HAND_SIZE, events, "draws an opening hand of")
    for p in s.players:
        if s.handicap and p.seat != s.first:
            p.karma += LATER_SEAT_KARMA
            events.append(note(text=f"{p.name} starts with {LATER_SEAT_KARMA} Karma for not going first."))
    s.phase = "play"
    s.active = s.first
    start_turn(s, events)


def start_turn(s: ResState, events: list[Event]) -> None:
    seat = s.active
    p = s.players[seat]
    events.append(note(text=f"Round {s.round}, {p.name}'s turn."))
    mine = K.side_units(s, seat)  # Regen only takes markers off: one list serves both passes
    for u in mine:
        u.leader = 0  # Leader ends at its controller's next turn
        u.acrobatic = False
        if "Regen" in u.tags and K.tag_active(s, u, "Regen"):  # a rare tag: the call only when there
            E.remove_markers(s, u, 1, events, "Regen Tag")
    for u in mine:
        E.check_destroyed(s, u, events, None)  # Leader bonuses ended
    if not s.first_turn:
        gain = min(K.focus(s, s.units[f"P{seat}"]), 10 - p.en)
        p.en += max(0, gain)
        events.append(note(text=f"{p.name} gains {max(0, gain)} EN (now {p.en})."))
    s.combat = None
    ask_slow(s, events)


def ask_slow(s: ResState, events: list[Event]) -> None:
    """App D 6: for each Slow-tagged unit the controller may pay 1 EN to remove the tag, then units ready."""
    seat = s.active
    p = s.players[seat]
    mine = K.side_units(s, seat)
    slow = [u for u in mine
            if "Slow" in u.tags and K.tag_active(s, u, "Slow") and not E.locked(s, u, "Slow")
            and u.uid not in s.slow_kept]  # a rare tag: the calls only when there
    if slow and p.en >= 1:
        ask(s, seat, "slow", f"{p.name}: Ready Phase - pay 1 EN to remove a Slow Tag?",
            [(f"pay:{u.uid}", f"Pay 1 EN: free {E.name(s, u.uid)}") for u in slow]
            + [("no", "Keep the Slow Tag" + ("s" if len(slow) > 1 else ""))])
        return
    s.slow_kept = []
    ready_units(s, p, mine)


def ready_units(s: ResState, p: Player, mine: list[Unit]) -> None:
    """The Ready Phase of the active player `p`, whose units are `mine` (ask_slow has both)."""
    for u in mine:
        stuck = u.suppressed or "Slow" in u.tags and K.tag_active(s, u, "Slow") or u.no_ready
        if u.kind == "player":
            p.tokens = 1 if stuck else 0
        elif not stuck:
            u.spent = False
        u.no_ready = False  # the Impact lock is used up by this Ready Phase


def end_turn(s: ResState, events: list[Event]) -> None:
    """End Phase: hand to exactly 5 (owner picks discards), tag hooks, then the next player."""
    seat, turn = s.active, s.turn  # each read once: the state's attribute hook, in the loop below too
    p = s.players[seat]
    if len(p.hand) > HAND_SIZE:
        ask_refresh(s)
        return
    if len(p.hand) < HAND_SIZE:
        E.draw_cards(s, seat, HAND_SIZE - len(p.hand), events, "refreshes their hand, drawing")
    me = s.units[f"P{seat}"]
    if me.suppressed and me.suppressed_turn < turn:
        me.suppressed = False  # a Suppressed Player recovers after one full turn of its own
        events.append(note(text=f"{p.name} is no longer Suppressed (A-27)."))
    for u in s.units.values():  # Lingering locks run out at the end of the controller's next turn
        if u.locked and u.owner == seat:
            for t in [t for t, until in u.locked.items() if until <= turn]:
                u.locked.pop(t)
    next_player(s, events)


def ask_refresh(s: ResState) -> None:
    p = s.players[s.active]
    opts = [(c, f"Discard {E.card_name(c)}") for c in dict.fromkeys(p.hand)]
    over = len(p.hand) - HAND_SIZE
    ask(s, s.active, "refresh", f"{p.name}: discard down to {HAND_SIZE} cards ({over} more, §2.7)",
        opts, private=True, picks=min(over, len(opts)))


def next_player(s: ResState, events: list[Event]) -> None:
    n = len(s.players)
    nxt = (s.active + 1) % n
    s.first_turn = False
    s.turn += 1
    if nxt == s.first:
        s.round += 1
        if s.round > s.max_rounds:
            s.phase = "over"
            winners, reason, draw = hp_result(s, "Round limit reached")
            finish(s, events, winners, reason, draw=draw)
            return
    s.active = nxt
    start_turn(s, events)


def hp_result(s: ResState, why: str) -> tuple[list[int], str, bool]:
    """RULINGS (round cap): a game stopped by a limit goes to the Player(s) with the most HP left; a
    full tie is a draw. Returns (winners, reason, draw) for `finish`."""
    left = {p.seat: K.max_hp(s, s.units[f"P{p.seat}"]) - s.units[f"P{p.seat}"].damage for p in s.players}
    best = max(left.values())
    winners = [seat for seat, hp in left.items() if hp == best]
    hp_text = ", ".join(f"{s.players[seat].name} {hp}" for seat, hp in left.items())
    if len(winners) == len(s.players):
        return [], f"{why} with equal HP ({hp_text}): a draw.", True
    return winners, f"{why}; HP left: {hp_text}. " + " and ".join(s.players[w].name for w in winners) + " win on HP.", \
        False
