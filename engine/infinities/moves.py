"""The move table's handlers and `settle`, which resolves whatever needs no choice after each move."""

from __future__ import annotations

from engine.core import Event, Pass, answered, interned, note, open_ask
from engine.core.memo import finite_cache

from . import effects as E
from . import flow as F
from . import mechanics as M
from .actions import Place, Step, Warp
from .cards import card, catalog
from .state import RIFT_AT, InfState, Motion, Placed, Run, kind_of, neighbour, open_between, put, ring


def pay(s: InfState, seat: int, faces: list[str]) -> None:
    for f in faces:
        s.players[seat].dice.remove(f)


def pay_basic(s: InfState, seat: int, face: str) -> None:
    dice = s.players[seat].dice
    for f in (face, "rift", "star"):
        if f in dice:
            dice.remove(f)
            return


# --- set-up ----------------------------------------------------------------------------------------


def choose_world(game, s: InfState, a, events: list[Event]) -> None:
    p = s.players[a.seat]
    p.world, p.faction = a.world, catalog().worlds[a.world].faction
    p.start_tile = s.stacks[a.world].pop()  # the bottom tile of the stack (§4.2)
    side = catalog().tile(p.start_tile).side_a
    events.append(note(text=f"{p.name} takes {side.name} (Influence {side.influence}) from "
                        f"{catalog().worlds[a.world].name}: they will lead the {catalog().factions[p.faction].name}."))
    s.idx += 1
    if s.idx >= len(s.players):
        F.after_worlds(s)


def pick_leader(game, s: InfState, a, events: list[Event]) -> None:
    p = s.players[a.seat]
    p.leader = a.leader
    events.append(note(text=f"{p.name} leads as {catalog().leaders[a.leader].name}."))
    s.idx += 1
    if s.idx >= len(s.order):
        s.phase, s.idx = "explore", 0


def place_start(game, s: InfState, a, events: list[Event]) -> None:
    p = s.players[a.seat]
    k = neighbour(RIFT_AT, a.dir)
    s.board[k] = Placed(tile=p.start_tile, rot=a.rot, up="a")
    p.pos, p.start_tile = k, None
    events.append(note(text=f"{p.name} places {s.board[k].side().name} next to the Rift and stands on it."))
    if a.control:
        M.take_control(s, a.seat, k, events, free=False)
    s.idx += 1
    if s.idx >= len(s.order):
        F.begin_deploy(s, events)


def deploy(game, s: InfState, a, events: list[Event]) -> None:
    p = s.players[a.seat]
    p.hand.remove(a.card)
    getattr(p, a.to).append(a.card)
    what = f"plays {card(a.card).name}" if a.to == "group" else "prepares a card"
    events.append(note(text=f"{p.name} {what}."))


def done(game, s: InfState, a, events: list[Event]) -> None:
    F.next_deploy(s, events)


def reroll(game, s: InfState, a, events: list[Event]) -> None:
    F.lock_roll(s, a.again, events)


# --- Main-phase actions ------------------------------------------------------------------------------


def pass_(game, s: InfState, a, events: list[Event]) -> None:
    """Pass means: stop an "up to" step or a movement, decline a reaction or an End choice, or end
    your Main phase for the round (its dice are lost, I14)."""
    if open_ask(s) is not None:
        answered(s)
        events.append(note(text=f"{s.players[a.seat].name} does not react."))
    elif s.motion is not None:
        s.motion = None
    elif s.runs:
        run = s.runs[-1]
        run.i, run.done = run.i + 1, 0
    elif s.phase == "end":
        end_pass(s, a.seat, events)
    else:
        p = s.players[a.seat]
        p.passed, p.dice = True, []
        events.append(note(text=f"{p.name} passes for the round."))
        F.next_turn(s, events)


def end_pass(s: InfState, seat: int, events: list[Event]) -> None:
    if s.end_step == "prepare":
        s.end_step = "keep"
        F.skip_empty_end_steps(s, events)
    else:
        F.finish_hand(s, seat, events)
        F.skip_empty_end_steps(s, events)


def concede(game, s: InfState, a, events: list[Event]) -> None:
    """The leader gives up (rule 37): from now on they pass and never react; the next Start phase
    takes them off the map. A concession that leaves one side ends the game at once."""
    p = s.players[a.seat]
    p.conceded = True
    s.react_queue = [t for t in s.react_queue if t != a.seat]
    events.append(note(kind="concede", text=f"{p.name} concedes: they pass from now on and leave the map "
                        "at the next Start phase."))
    F.last_standing(s, events)


def convert(game, s: InfState, a, events: list[Event]) -> None:
    F.begin_action(s)
    dice = s.players[a.seat].dice
    dice.remove("boost")
    dice[dice.index(a.face)] = a.to
    events.append(note(text=f"{s.players[a.seat].name} spends a Boost to turn a {a.face} die to {a.to}."))


def play_card(game, s: InfState, a, events: list[Event]) -> None:
    F.begin_action(s)
    pay_basic(s, a.seat, "energy")
    p = s.players[a.seat]
    via = "hand" if a.card in p.hand else "timeline"
    getattr(p, via).remove(a.card)
    bonus = a.empower and M.roll_check(s, a.seat, "energy", card(a.card).empower.threshold, events,
                                       f"empowering {card(a.card).name}")
    E.play(s, a.seat, a.card, events, via=via, bonus=bonus)


def attack(game, s: InfState, a, events: list[Event]) -> None:
    F.begin_action(s)
    pay_basic(s, a.seat, "power")
    owner = next(t for t, p in enumerate(s.players) if a.unit in p.group)
    if M.roll_check(s, a.seat, "power", card(a.unit).defense, events, card(a.unit).name):
        M.destroy_card(s, a.seat, owner, a.unit, "group", events)


def move(game, s: InfState, a, events: list[Event]) -> None:
    F.begin_action(s)
    pay_basic(s, a.seat, "fortitude")
    s.motion = Motion(mover=a.seat, by=a.seat, left=2)


def leader_act(game, s: InfState, a, events: list[Event]) -> None:
    F.begin_action(s)
    ld = catalog().leaders[s.players[a.seat].leader]
    act = ld.action_single if a.which == 1 else ld.action_boost
    pay(s, a.seat, act.cost)
    events.append(note(text=f"{s.players[a.seat].name} uses {ld.name}'s action: {act.text}"))
    s.runs.append(Run(seat=a.seat, label=ld.name, steps=list(act.steps)))


def unit_act(game, s: InfState, a, events: list[Event]) -> None:
    F.begin_action(s)
    act = card(a.unit).action
    pay(s, a.seat, act.cost)
    events.append(note(text=f"{s.players[a.seat].name} uses {card(a.unit).name}."))
    steps = list(act.steps)
    if a.empower and M.roll_check(s, a.seat, act.empower.attribute, act.empower.threshold, events,
                                  f"empowering {card(a.unit).name}"):
        steps += act.empower.bonus
    s.runs.append(Run(seat=a.seat, label=card(a.unit).name, steps=steps))


# --- sub-choices: movement, discovery, targets, reactions, End -----------------------------------------


def step(game, s: InfState, a, events: list[Event]) -> None:
    mo = s.motion
    here = s.players[mo.mover].pos
    n = neighbour(here, a.dir)
    if n not in s.board:
        E.start_discovery(s, mo.mover, n, here, a.world, True, events)
        return
    enter(s, n, a.control, events)


def enter(s: InfState, k: str, control: bool, events: list[Event]) -> None:
    mo = s.motion
    p = s.players[mo.mover]
    p.pos = k
    mo.left -= 1
    events.append(note(text=f"{p.name} {'is pushed' if mo.forced else 'moves'} to {s.board[k].side().name}."))
    if control:
        free = mo.free_controls > 0
        mo.free_controls -= free
        M.take_control(s, mo.mover, k, events, free=free)
    if mo.left <= 0:
        s.motion = None


def warp(game, s: InfState, a, events: list[Event]) -> None:
    """A Fortitude warp replaces one step and counts as entering the tile (I21)."""
    s.players[s.motion.mover].pos = a.to
    events.append(note(text=f"{s.players[s.motion.mover].name} warps to {s.board[a.to].side().name}."))
    s.motion.left -= 1
    mo = s.motion
    if a.control:
        free = mo.free_controls > 0
        mo.free_controls -= free
        M.take_control(s, mo.mover, a.to, events, free=free)
    if mo.left <= 0:
        s.motion = None


def place(game, s: InfState, a, events: list[Event]) -> None:
    dv = s.discovery
    s.board[dv.at] = Placed(tile=dv.tile, rot=a.rot, up=a.side)
    s.discovery = None
    events.append(note(text=f"{s.players[dv.seat].name} lays {s.board[dv.at].side().name}."))
    M.occur(s, dv.seat, "discover", events)
    if dv.moving and s.motion is not None:
        enter(s, dv.at, a.control, events)


def choose(game, s: InfState, a, events: list[Event]) -> None:
    if s.phase == "end" and not s.runs:
        end_choice(s, a.seat, a.target.removeprefix("card:"), events)
        return
    run = s.runs[-1]
    st = run.steps[run.i]
    E.advance(run, st, True)
    E.resolve_target(s, run, st, a.target, events)


def end_choice(s: InfState, seat: int, c: str, events: list[Event]) -> None:
    p = s.players[seat]
    if s.end_step == "prepare":
        p.hand.remove(c)
        events.append(note(text=f"{p.name} prepares a card."))
        E.add_to_area(s, seat, c, "timeline", events)
        s.end_step = "keep"
    else:
        p.kept.append(c)
    if not s.runs:
        F.skip_empty_end_steps(s, events)


def react(game, s: InfState, a, events: list[Event]) -> None:
    answered(s)
    p = s.players[a.seat]
    p.track, p.reserve = p.track - 1, p.reserve + 1  # a spent reaction token goes back to the reserve
    r = catalog().leaders[p.leader].reaction
    run = F.reaction_run(s, a.seat, s.active, check=a.check)
    events.append(note(text=f"{p.name} reacts: {r.text}"))
    if a.check and M.roll_check(s, a.seat, "fortitude", r.threshold, events, "the reaction bonus"):
        run.steps = list(r.bonus) if r.bonus_instead else run.steps + list(r.bonus)
    s.runs.append(run)


def motion_moves(s: InfState, seat: int) -> list:
    """Steps (into tiles, or empty spaces to discover), warps, or stop (Pass)."""
    return [passing(seat), *_motion_options(s, seat)]


def can_go_on(s: InfState) -> bool:
    """Whether the movement under way offers anything but stopping (settling asks after every step
    of a movement: the first option answers it)."""
    return next(_motion_options(s, s.motion.by), None) is not None


def _motion_options(s: InfState, seat: int):
    """`motion_moves` but Pass, made one at a time as they are read."""
    mo = s.motion
    players = s.players
    mover = players[mo.mover]
    here = mover.pos
    board = s.board
    free = None  # whether walls are ignored: looked up (a pass over the board) at the first wall
    may_control = not mo.forced and (mover.track > 0 or mo.free_controls > 0)
    occupied = {p.pos for p in players}  # a standee blocks its tile
    tile = board[here]
    for d, n in enumerate(ring(here)):
        there = board.get(n)
        if tile.wall(d) if there is None else not open_between(tile, there, d):
            if free is None:
                free = M.ignores_walls(s, mo.mover)
            if not free:
                continue  # a wall on the shared edge, on either tile (M.open_edge)
        if there is not None:
            if n in occupied:
                continue
            yield from _steps(seat, d, may_control and there.control is None and n != RIFT_AT)
        elif any(s.stacks.values()):  # a push may discover too; the pushed leader lays the tile
            worlds = [w for w in s.stacks if s.stacks[w]] if here == RIFT_AT else [None]
            yield from _discoveries(seat, d, tuple(worlds))
    if not mo.forced and M.can_warp(s, mo.mover):
        for k, pl in board.items():
            if k not in occupied and kind_of(pl.tile, pl.up) in ("boost", "star"):
                yield interned(Warp, seat=seat, to=k)
                if may_control and pl.control is None:
                    yield interned(Warp, seat=seat, to=k, control=True)


@finite_cache
def passing(seat: int) -> Pass:
    """`seat`'s Pass, the move most lists offer."""
    return interned(Pass, seat=seat)


@finite_cache
def _steps(seat: int, d: int, control: bool) -> tuple:
    """A step across edge d (and taking control of the tile entered, when that is open)."""
    plain = interned(Step, seat=seat, dir=d)
    return (plain, interned(Step, seat=seat, dir=d, control=True)) if control else (plain,)


@finite_cache
def _discoveries(seat: int, d: int, worlds: tuple) -> tuple:
    """A step into the empty space across edge d, drawing from each of these worlds (None: no choice)."""
    return tuple(interned(Step, seat=seat, dir=d, world=w) for w in worlds)


def place_moves(s: InfState, seat: int) -> list:
    """Each side and rotation that leaves the entered edge open (unless walls are ignored)."""
    dv = s.discovery
    me = s.players[seat]
    mo = s.motion
    forced = bool(mo and mo.forced)
    can_control = dv.moving and not forced and (me.track > 0 or bool(mo and mo.free_controls and me.reserve + me.track))
    return list(_placings(seat, tuple(M.open_rotations(s)), can_control))


@finite_cache
def _placings(seat: int, rotations: tuple[int, ...], can_control: bool) -> tuple:
    """Each side and turn of a discovered tile (also taking control of it, when that is open)."""
    return tuple(interned(Place, seat=seat, side=side, rot=rot, control=True) if control else
                 interned(Place, seat=seat, side=side, rot=rot)
                 for side in ("a", "b") for rot in rotations for control in ((False, True) if can_control else (False,)))


# --- settling ------------------------------------------------------------------------------------------


def close_run(s: InfState, events: list[Event]) -> None:
    run = s.runs.pop()
    if run.card is None:
        return
    if run.take_back:
        s.players[run.seat].hand.append(run.card)
        events.append(note(text=f"{card(run.card).name} returns to {s.players[run.seat].name}'s hand."))
    else:
        M.discard(s, run.card)
    if s.phase == "end" and not s.runs:
        F.skip_empty_end_steps(s, events)


def over_limits(s: InfState) -> bool:
    """Queue a choice for any leader holding more cards than a lowered L3 limit allows (rule 19)."""
    for seat, p in enumerate(s.players):  # limits are 3 or 4: only a fourth card needs the level looked up
        if len(p.group) > 3 and len(p.group) > M.group_limit(s, seat):
            E.trim(s, seat, "group")
            return True
        if len(p.timeline) > 3 and len(p.timeline) > M.timeline_limit(s, seat):
            E.trim(s, seat, "timeline")
            return True
    return False


def settle(s: InfState, events: list[Event]) -> None:
    """Resolve everything that needs no choice, until a choice is needed or the turn passes on."""
    f = s.__dict__  # the fields this loop reads after every move (see InfState)
    for _ in range(500):
        if f["finished"] or f["discovery"] or f["asks"]:
            return
        if f["motion"] is not None:
            if can_go_on(s):
                return
            s.motion = None
            continue
        if f["runs"]:
            if not run_one(s, events):
                return
            continue
        if over_limits(s):
            continue
        if F.check_target(s, events):
            return
        if f["acting"]:  # queuing reactions changes nothing the checks above read: on to them
            put(s, acting=False, closing=True)
            F.queue_reactions(s, events)
        if f["closing"]:
            if F.offer_reaction(s):
                return
            s.closing = False
            if s.phase == "main":
                F.next_turn(s, events)
        return


def run_one(s: InfState, events: list[Event]) -> bool:
    """Resolve the top effect's next step if it needs no choice; False when a choice is needed."""
    run = s.runs[-1]
    if run.i >= len(run.steps):
        close_run(s, events)
        return True
    st = run.steps[run.i]
    opts = E.any_target(s, run, st)
    if opts is None:
        E.advance(run, st, False)
        E.resolve_auto(s, run, st, events)
        return True
    if not opts:
        run.i, run.done = run.i + 1, 0
        return True
    return False
