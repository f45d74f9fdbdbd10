"""The round's flow: set-up steps, Start, action roll, Main turns, End phase, the Rift event, round-end
scoring and the game's end (notes rules 1-10, 29, 37-39)."""

from __future__ import annotations

from engine.core import Decision, Event, ask, finish, note

from . import effects as E
from . import mechanics as M
from .cards import FACES, card, catalog
from .state import InfState, Run, kind_of, put

ROLL = FACES  # an action die's six faces (I5)


def current(s: InfState) -> int:
    order = s.order
    return order[s.idx] if order else 0


# --- set-up --------------------------------------------------------------------------------------


def after_worlds(s: InfState) -> None:
    M.sort_turns(s)
    s.phase, s.idx = "leader", 0


def begin_deploy(s: InfState, events: list[Event]) -> None:
    s.phase, s.idx = "deploy", 0
    M.draw(s, current(s), 3, events)


def next_deploy(s: InfState, events: list[Event]) -> None:
    M.draw(s, current(s), 3 - len(s.players[current(s)].hand), events)
    s.idx += 1
    if s.idx < len(s.order):
        M.draw(s, current(s), 3, events)
        return
    s.round = 1
    start_round(s, events)


# --- Start and action roll (rules 7-8) --------------------------------------------------------------


def start_round(s: InfState, events: list[Event]) -> None:
    for seat, p in enumerate(s.players):
        if p.conceded and not p.out:
            defeat(s, seat, events)  # a concession takes effect at the Start phase (rule 37)
    s.order = [t for t in s.order if not s.players[t].out]
    if last_standing(s, events):
        return
    s.turn = s.round
    events.append(note(kind="round", text=f"Round {s.round} begins."))
    for seat in s.order:
        p = s.players[seat]
        p.passed, p.dice, p.rolled = False, [], []
        here = s.board[p.pos].side()
        if (here.type == "energy" or M.level(s, seat, "energy") >= 4) and M.gain_token(s, seat):
            events.append(note(text=f"{p.name} gains a reaction token at the Start."))
        p.dice.append(here.type)  # locks in the face of the tile's type (the Rift locks a Rift face)
    s.phase, s.idx = "roll", 0
    roll(s, events)


def roll(s: InfState, events: list[Event]) -> None:
    seat = current(s)
    s.active = seat
    p = s.players[seat]
    p.rolled = action_roll(s)
    events.append(note(kind="roll", text=f"{p.name} rolls {', '.join(f.capitalize() for f in p.rolled)}."))


def action_roll(s: InfState) -> list[str]:
    """Three action dice (the state's dice read once, not through the model per die)."""
    below = s.rng.below
    return [ROLL[below(6)], ROLL[below(6)], ROLL[below(6)]]


def lock_roll(s: InfState, again: bool, events: list[Event]) -> None:
    seat = current(s)
    p = s.players[seat]
    if again:
        p.rolled = action_roll(s)
        events.append(note(kind="roll", text=f"{p.name} rerolls: {', '.join(f.capitalize() for f in p.rolled)}."))
    p.dice += p.rolled
    p.rolled = []
    events.append(note(text=f"{p.name} locks in {', '.join(f.capitalize() for f in p.dice)}."))
    s.idx += 1
    if s.idx < len(s.order):
        roll(s, events)
    else:
        s.phase, s.idx = "main", -1
        next_turn(s, events)


# --- Main phase (rule 9) ------------------------------------------------------------------------------


def next_turn(s: InfState, events: list[Event]) -> None:
    """The next leader in turn order with dice left and no pass; none left: the End phase."""
    order, players, idx = s.order, s.players, s.idx
    n = len(order)
    for step in range(1, n + 1):
        i = (idx + step) % n
        p = players[order[i]]
        if not p.passed and p.dice:
            put(s, idx=i, active=order[i])
            return
    begin_end(s, events)


def begin_action(s: InfState) -> None:
    put(s, acting=True, hurt=[], destroyed={})


def can_react(s: InfState, seat: int, by: int) -> bool:
    p = s.players[seat]
    if p.out or p.conceded or p.track == 0 or p.leader is None:
        return False
    return E.usable(s, reaction_run(s, seat, by, check=False))


def reaction_run(s: InfState, seat: int, by: int, *, check: bool) -> Run:
    r = catalog().leaders[s.players[seat].leader].reaction
    return Run(seat=seat, label="reaction", steps=list(r.steps), reaction=True,
               memory={"destroyer": by, "destroyed": list(s.destroyed.get(str(seat), []))})


def reaction_context(s: InfState, seat: int, by: int) -> list[str]:
    r = catalog().leaders[s.players[seat].leader].reaction
    lost = [card(c).name for c in s.destroyed.get(str(seat), [])]
    what = ", ".join(lost) if lost else "a control token"
    lv = M.level(s, seat, "fortitude")
    bonus = M.check_bonus(s, seat, "fortitude")
    return [f"{s.players[by].name} destroyed {what} of yours.",
            f"Your reaction (1 of your {s.players[seat].track} tokens): {r.text}",
            f"The bonus needs a Fortitude check of {r.threshold}: you roll {lv} dice + {bonus}.",
            "If you let the prompt run out, you do not react."]


def queue_reactions(s: InfState, events: list[Event]) -> None:
    """Leaders whose assets the action destroyed may react, in the order they were hit (rule 32)."""
    by = s.active
    s.react_queue = [t for t in s.hurt if t != by and not s.allies(t, by)]


def offer_reaction(s: InfState) -> bool:
    while s.react_queue:
        seat = s.react_queue.pop(0)
        if can_react(s, seat, s.active):
            ask(s, Decision(seat=seat, kind="reaction", prompt=f"{s.players[seat].name} may react.",
                            context=reaction_context(s, seat, s.active), reaction=True,
                            timeout={"type": "pass"}, button="Choose your reaction"))
            return True
    return False


# --- End phase (rule 10) -----------------------------------------------------------------------------


def begin_end(s: InfState, events: list[Event]) -> None:
    s.phase, s.idx, s.end_step = "end", 0, "prepare"
    s.active = current(s)
    for seat in s.order:
        s.players[seat].dice = []
    events.append(note(kind="phase", text="End phase: leaders reset their hands."))
    skip_empty_end_steps(s, events)


def keep_count(s: InfState, seat: int) -> int:
    return M.count_controlled(s, seat, "boost")


def skip_empty_end_steps(s: InfState, events: list[Event]) -> None:
    """Move past End steps that offer nothing (no card to prepare; no Boost tile to keep by)."""
    while s.phase == "end" and not s.finished:
        seat = current(s)
        p = s.players[seat]
        if s.end_step == "prepare" and p.hand:
            return
        if s.end_step == "prepare":
            s.end_step = "keep"
            continue
        if keep_count(s, seat) > len(p.kept) and len(p.hand) > len(p.kept):
            return
        finish_hand(s, seat, events)


def finish_hand(s: InfState, seat: int, events: list[Event]) -> None:
    """Discard the hand except the kept cards, then draw to 3 + Stars."""
    p = s.players[seat]
    kept = list(p.kept)
    for c in list(p.hand):
        if c in kept:
            kept.remove(c)
        else:
            p.hand.remove(c)
            M.discard(s, c)
    p.kept = []
    M.draw(s, seat, M.hand_limit(s, seat) - len(p.hand), events)
    s.idx += 1
    s.end_step = "prepare"
    if s.idx < len(s.order):
        s.active = current(s)
    else:
        close_round(s, events)


def close_round(s: InfState, events: list[Event]) -> None:
    rift_event(s, events)
    score_round(s, events)
    if s.finished or check_target(s, events):
        return
    if s.max_rounds is not None and s.round >= s.max_rounds:
        round_limit(s, events)
        if s.finished:
            return
    M.sort_turns(s)
    s.round += 1
    start_round(s, events)


def rift_event(s: InfState, events: list[Event]) -> None:
    face = ROLL[s.rng.below(6)]
    rift = catalog().rift.id
    flips = [k for k, p in s.board.items() if p.tile != rift and kind_of(p.tile, p.up) == face]
    events.append(note(kind="roll", text=f"The Rift rolls {face.capitalize()}: {len(flips)} tile(s) flip."))
    for k in flips:
        E.flip(s, k, events)


def score_round(s: InfState, events: list[Event]) -> None:
    """The once-a-round objectives (I16): X, R and the standing conditions."""
    cat = catalog()
    active = {t: len(s.players[t].group) + len(s.players[t].timeline) for t in s.order}
    top = max(active.values(), default=0)
    leaders_top = [t for t, n in active.items() if n == top]
    for seat in s.order:
        for o in M.objectives(s, seat, "end_round") if not s.players[seat].conceded else ():
            amount = round_amount(s, seat, o, cat.x_table, leaders_top)
            if amount:
                M.reward(s, seat, o.reward, amount, o.text, events)


def round_amount(s: InfState, seat: int, o, x_table: dict[int, int], top: list[int]) -> int:
    """Points of a once-a-round objective: the X table, the round number (R), or its printed amount."""
    p = s.players[seat]
    event = o.event
    if event == "distinct_types":
        return x_table.get(len({kind_of(t.tile, t.up) for t in s.board.values() if t.control == seat}), 0)
    if event == "most_active":
        return s.round if top == [seat] else 0
    if event == "full_group":
        met = len(p.group) >= 3
    elif event == "boost_tiles2":
        met = M.count_controlled(s, seat, "boost") >= 2
    elif event == "end_on_influence4":
        met = p.pos is not None and s.board[p.pos].side().influence >= 4
    else:
        raise KeyError(event)  # an objective this table does not know
    return o.amount if met else 0


# --- the end of the game (rule 39) -------------------------------------------------------------------


def standings(s: InfState) -> dict[int, int]:
    return {t: p.score for t, p in enumerate(s.players) if not p.out and not p.conceded}


def last_standing(s: InfState, events: list[Event]) -> bool:
    """A player or team whose opponents have all conceded or been defeated wins (rule 37)."""
    left = [t for t, p in enumerate(s.players) if not p.out and not p.conceded]
    sides = {M.team_of(s, t)[0] for t in left}
    if s.finished or len(sides) > 1:
        return False
    if not left:
        finish(s, events, [], "Every leader has left the game: a draw.", draw=True)
        return True
    names = " and ".join(s.players[t].name for t in left)
    finish(s, events, M.team_of(s, left[0]), f"{names} {'wins' if len(left) == 1 else 'win'}: every opponent "
           "has conceded or been defeated.")
    return True


def check_target(s: InfState, events: list[Event]) -> bool:
    """Reaching the point target wins at once; an exact tie at the top goes to the tie procedure (I18)."""
    target = s.target
    if target is None or s.finished:
        return False
    for p in s.players:
        if p.score >= target:
            break
    else:
        return False  # nobody near the target: the usual case after every move
    scores = standings(s)
    best = max(scores.values(), default=0)
    if best < s.target:
        return False
    tops = [t for t, v in scores.items() if v == best]
    if len({M.team_of(s, t)[0] for t in tops}) == 1:
        finish(s, events, M.team_of(s, tops[0]), f"{s.players[tops[0]].name} reaches {best} points and wins.")
        return True
    tie_procedure(s, tops, events)
    return False


def round_limit(s: InfState, events: list[Event]) -> None:
    scores = standings(s)
    best = max(scores.values())
    tops = [t for t, v in scores.items() if v == best]
    if len({M.team_of(s, t)[0] for t in tops}) == 1:
        finish(s, events, M.team_of(s, tops[0]), f"After round {s.round}, {s.players[tops[0]].name} leads with {best} "
               "points and wins.")
    elif s.tiebreak:
        finish(s, events, [], f"Still tied at {best} after the extra round: the game is a draw.", draw=True)
    else:
        tie_procedure(s, tops, events)


def tie_procedure(s: InfState, tied: list[int], events: list[Event]) -> None:
    """Leaders outside the tie are defeated and lose everything; the tied ones play one more round."""
    keep = {m for t in tied for m in M.team_of(s, t)}
    for seat, p in enumerate(s.players):
        if seat not in keep and not p.out:
            defeat(s, seat, events)
    s.tiebreak = True
    s.max_rounds = s.round + 1
    events.append(note(text="A tie at the top: the tied leaders play one more round."))


def defeat(s: InfState, seat: int, events: list[Event]) -> None:
    p = s.players[seat]
    for c in p.hand + p.group + p.timeline:
        M.discard(s, c)
    p.hand, p.group, p.timeline, p.dice = [], [], [], []
    for placed in s.board.values():
        if placed.control == seat:
            placed.control = None
            p.reserve += 1
    p.pos, p.out, p.passed = None, True, True
    events.append(note(text=f"{p.name} is defeated and leaves the map."))


def cap_winners(s: InfState) -> list[int]:
    scores = standings(s)
    best = max(scores.values())
    return [t for t, v in scores.items() if v == best]
