"""The engine contract, checked the same way for every playable game (as OpenSpiel's random-simulation
test does): random games end; `apply` leaves its input untouched; a state survives a JSON round
trip; a clone is equal and shares nothing mutable; replaying the seed and the logged moves gives the same state; nothing a seat may not see
reaches its views or events; `explain_illegal` is only asked about illegal moves; and refused
moves cite a rule that the "Why?" button opens.

Each game is played out once per (player count, seed) with uniformly random legal moves through
`apply`, noting what breaks the contract on the way (`Run`); each test below reads one kind of
finding, so a failure names the game and the check.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field, fields, is_dataclass
from functools import cache

import pytest
from pydantic import BaseModel, ValidationError

from engine.core import Action, Event, Game, GameState, IllegalAction, get_game, playable_games
from lookup import default_lookup

SEEDS = ("contract-a", "contract-b")
APPLY_EVERY = 3  # every third move goes through `apply` (purity checked), the others through `advance`
REFUSAL_EVERY = 10  # steps between two refusal samples
REFUSALS_PER_SAMPLE = 3
MIN_CONTEXT_LINE = 12  # shorter owner-only lines may be ordinary words that show up anyway

GAME_IDS = [g.id for g in playable_games()]


@dataclass
class Run:
    """One random game and what it broke."""

    game: Game
    seats: int
    seed: str
    actions: list[Action] = field(default_factory=list)
    final: GameState | None = None
    impure: list[str] = field(default_factory=list)  # apply changed its input
    owned: list[str] = field(default_factory=list)  # apply_owned's state or snapshot differs from apply's
    reads: list[str] = field(default_factory=list)  # a read the table shares between callers changed the state
    round_trip: list[str] = field(default_factory=list)
    copies: list[str] = field(default_factory=list)  # Game.clone differs from the state or shares a mutable part
    leaks: list[str] = field(default_factory=list)  # hidden tokens or another seat's context seen
    explained_legal: list[str] = field(default_factory=list)  # explain_illegal called for a legal move
    refusals: Counter = field(default_factory=Counter)  # tried, refused, cited, opens
    bad_refusals: list[str] = field(default_factory=list)
    tokens_seen: int = 0  # hidden tokens listed over the game: the leak check had something to look for

    def note(self, where: list[str], text: str) -> None:
        if len(where) < 5:  # the first few say enough
            where.append(f"{self.game.id} {self.seats}p {self.seed} step {len(self.actions)}: {text}")


def player_counts(game: Game) -> list[int]:
    """Every count from min to max that the game's setup accepts (it may refuse one, with a rule)."""
    counts = []
    for n in range(game.min_players, game.max_players + 1):
        try:
            game.setup({}, _names(n), "count")
        except IllegalAction as refused:
            assert refused.rule, f"{game.id} refuses {n} players without citing a rule"
            continue
        counts.append(n)
    return counts


def _names(n: int) -> list[str]:
    return ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:n]


@cache
def run(game_id: str, seats: int, seed: str) -> Run:
    game = get_game(game_id)
    r = Run(game, seats, seed)
    state = game.setup({}, _names(seats), seed)
    chooser = random.Random(seed)
    seen: list[Action] = []  # moves legal somewhere earlier: refusal candidates later
    _check_views(r, state, [])
    for _ in range(game.max_steps + 1):
        if state.finished:
            break
        seat = chooser.choice(game.to_act(state))
        legal = game.legal_actions(state, seat)
        assert legal, f"{game.id}: seat {seat} is awaited but has no legal move"
        if len(r.actions) % REFUSAL_EVERY == 0:
            _sample_refusals(r, state, seen, legal, chooser)
        move = chooser.choice(legal)
        seen.append(move)
        state = _play(r, state, move, pure=len(r.actions) % APPLY_EVERY == 0)
        r.actions.append(move)
    r.final = state
    if state.finished:
        _sample_refusals(r, state, seen, [], chooser)  # every move is refused once the game is over
    return r


def _play(r: Run, state: GameState, move: Action, *, pure: bool) -> GameState:
    """Make a legal move: through `apply` (checking that its input stays untouched) when `pure`,
    else in place through `advance` as simulations do; then the round trip and what each seat sees."""
    game = r.game
    if pure:
        _check_reads(r, state, move.seat)
        _check_clone(r, state)
        before = state.model_dump_json()
        new, events = _apply_legal(game, r, state, move)
        if state.model_dump_json() != before:
            r.note(r.impure, f"apply({move.model_dump()}) changed the state it was given")
        _check_owned(r, state, game.load_state(before), move, new, events)
    else:
        new, events = state, game.advance(state, move)
    if game.load_state(new.model_dump_json()) != new:
        r.note(r.round_trip, "load_state(model_dump_json()) differs from the state")
    _check_views(r, new, events)
    return new


def _check_reads(r: Run, state: GameState, seat: int) -> None:
    """What the table asks of one parsed state that it keeps for a version and shares between
    callers (moves, joined moves, warnings, copies, prompts, views) leaves that state as it was."""
    game = r.game
    before = state.model_dump_json()
    legal = game.legal_actions(state, seat)
    game.joined_moves(state, seat)
    for move in legal:
        game.danger(state, move)
        game.copies(state, move)
    for viewer in (None, seat):
        game.prompt_views(state, viewer)
        game.view(state, viewer)
    if state.model_dump_json() != before:
        r.note(r.reads, f"reading seat {seat}'s moves, warnings, prompts or views changed the state")


def _check_clone(r: Run, state: GameState) -> None:
    """`clone` (apply, search, judging a move) gives an equal state that shares no list, dict or
    record with it, so whatever is done to the copy leaves the state alone."""
    copy = r.game.clone(state)
    if copy != state or copy.model_dump_json() != state.model_dump_json():
        r.note(r.copies, "clone differs from the state")
    shared = _mutable_parts(state) & _mutable_parts(copy)
    if shared:
        r.note(r.copies, f"clone shares {len(shared)} mutable parts with the state")


def _mutable_parts(value: object, found: dict | None = None) -> set[int]:
    """ids of every list, dict, set, model and dataclass instance inside `value`."""
    found = {} if found is None else found
    if isinstance(value, (list, dict, set)) or isinstance(value, BaseModel) or is_dataclass(value):
        if id(value) in found:
            return set(found)
        found[id(value)] = value  # held: no id is reused while the walk runs
        if isinstance(value, dict):
            inner = list(value.values())
        elif isinstance(value, (list, set)):
            inner = list(value)
        elif isinstance(value, BaseModel):
            inner = [*value.__dict__.values(), *(value.__pydantic_private__ or {}).values()]
        else:
            inner = [getattr(value, f.name) for f in fields(value)]
        for part in inner:
            _mutable_parts(part, found)
    elif isinstance(value, tuple):
        for part in value:
            _mutable_parts(part, found)
    return set(found)


def _check_owned(r: Run, state: GameState, owned: GameState, move: Action, new: GameState,
                 events: list[Event]) -> None:
    """The table's `apply_owned` steps its own copy in place: the same state as `apply`'s, and a
    shallow snapshot that `undoable` and `to_act` read as they read the state before the move."""
    game = r.game
    snap, _ = game.apply_owned(owned, move)
    if owned != new:
        r.note(r.owned, f"apply_owned({move.model_dump()}) gave another state than apply")
    if (game.undoable(snap, new, events), game.to_act(snap), snap.version) != (
            game.undoable(state, new, events), game.to_act(state), state.version):
        r.note(r.owned, f"the snapshot before {move.model_dump()} reads otherwise than the state")


def _apply_legal(game: Game, r: Run, state: GameState, move: Action) -> tuple[GameState, list[Event]]:
    """`apply` with `explain_illegal` replaced by a note: it must not be asked about a legal move."""

    def explain(s: GameState, a: Action) -> IllegalAction:
        r.note(r.explained_legal, f"explain_illegal asked about the legal {a.model_dump()}")
        return type(game).explain_illegal(game, s, a)

    game.explain_illegal = explain  # only for this move; the refusal sample uses the real one
    try:
        return game.apply(state, move)
    finally:
        del game.explain_illegal


def _check_views(r: Run, state: GameState, events: list[Event]) -> None:
    """No seat (nor the public) sees a token hidden from it, or another seat's prompt context."""
    game = r.game
    for viewer in [None, *range(len(state.seats))]:
        seen = game.table_view(state, viewer).model_dump_json()  # its board is the game's own view
        seen += "\n".join(e.text for e in events if e.visible(viewer))
        hidden = [t for t in game.hidden_tokens(state, viewer) if t]
        r.tokens_seen += len(hidden)
        for token in hidden:
            if any(re.search(rf"(?<!\w){re.escape(form)}(?!\w)", seen) for form in _forms(token)):
                r.note(r.leaks, f"{'the public' if viewer is None else f'seat {viewer}'} sees hidden {token!r}")
        own = {line for d in state.pending if d.seat == viewer for line in d.context}
        for d in state.pending:
            for line in d.context:
                if (d.seat != viewer and line not in own and len(line) >= MIN_CONTEXT_LINE
                        and any(form in seen for form in _forms(line))):
                    r.note(r.leaks, f"{'the public' if viewer is None else f'seat {viewer}'} sees seat "
                                    f"{d.seat}'s private context {line!r}")


def _forms(text: str) -> set[str]:
    """A string as written and as it reads inside JSON (quotes and backslashes escaped)."""
    return {text, json.dumps(text, ensure_ascii=False)[1:-1]}


# --- refusals ------------------------------------------------------------------------------

def _sample_refusals(r: Run, state: GameState, seen: list[Action], legal: list[Action],
                     chooser: random.Random) -> None:
    """Moves legal in an earlier state, and legal moves with one field changed, must be refused
    with a rule the "Why?" button opens, leaving the state as it was."""
    candidates = chooser.sample(seen, min(len(seen), REFUSALS_PER_SAMPLE))
    if legal:
        candidates += [m for m in (_changed(r.game, chooser.choice(legal), seen, chooser) for _ in range(2)) if m]
    for move in candidates:
        if move in r.game.legal_actions(state, move.seat):
            continue
        _expect_refusal(r, state, move)


def _expect_refusal(r: Run, state: GameState, move: Action) -> None:
    before = state.model_dump_json()
    r.refusals["tried"] += 1
    try:
        r.game.apply(state, move)
    except IllegalAction as refused:
        r.refusals["refused"] += 1
        if not refused.rule:
            r.note(r.bad_refusals, f"{move.model_dump()} refused without a rule: {refused.reason}")
        elif default_lookup().cited(r.game.id, refused.rule) is None:
            r.note(r.bad_refusals, f"{move.model_dump()} cites {refused.rule!r}, which the Why? button cannot open")
        else:
            r.refusals["opens"] += 1
        r.refusals["cited"] += bool(refused.rule)
    else:
        r.note(r.bad_refusals, f"{move.model_dump()} is not among the legal moves, yet apply took it")
    if state.model_dump_json() != before:
        r.note(r.impure, f"refusing {move.model_dump()} changed the state")


def _changed(game: Game, move: Action, seen: list[Action], chooser: random.Random) -> Action | None:
    """`move` with one field changed to another plausible value (None if nothing parses)."""
    data = move.model_dump()
    fields = [k for k in data if k != "type"]
    if not fields:
        return None
    name = chooser.choice(fields)
    others = [v for m in seen if (v := m.model_dump().get(name)) is not None and v != data[name]]
    value = data[name]
    if others and chooser.random() < 0.5:
        data[name] = chooser.choice(others)
    elif isinstance(value, bool):
        data[name] = not value
    elif isinstance(value, int):
        data[name] = value + chooser.choice((-1, 1))
    elif isinstance(value, str):
        data[name] = value + "x"
    elif isinstance(value, list):
        data[name] = value[:-1] if value else [0]
    else:
        return None
    try:
        return game.parse_action(data)
    except ValidationError:
        return None


# --- the checks ----------------------------------------------------------------------------

def runs(game_id: str) -> list[Run]:
    game = get_game(game_id)
    return [run(game_id, n, seed) for n in player_counts(game) for seed in SEEDS]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_games_end_within_the_step_cap(game_id):
    game = get_game(game_id)
    assert player_counts(game), f"{game_id} accepts no player count from {game.min_players} to {game.max_players}"
    for r in runs(game_id):
        assert r.final.finished, f"{game_id} {r.seats}p {r.seed}: not over after {game.max_steps} moves"
        assert r.final.steps <= game.max_steps and not game.to_act(r.final)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_apply_leaves_its_input_untouched(game_id):
    assert [f for r in runs(game_id) for f in r.impure] == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_apply_owned_matches_apply_and_its_snapshot_reads_as_the_state_before(game_id):
    assert [f for r in runs(game_id) for f in r.owned] == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_reading_moves_warnings_prompts_and_views_leaves_the_state_untouched(game_id):
    assert [f for r in runs(game_id) for f in r.reads] == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_state_survives_a_json_round_trip(game_id):
    assert [f for r in runs(game_id) for f in r.round_trip] == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_clone_is_equal_and_shares_nothing_mutable(game_id):
    assert [f for r in runs(game_id) for f in r.copies] == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replaying_the_seed_and_the_logged_moves_gives_the_same_state(game_id):
    r = min(runs(game_id), key=lambda r: len(r.actions))  # the shortest game says as much, sooner
    state = r.game.setup({}, _names(r.seats), r.seed)
    for raw in [a.model_dump_json() for a in r.actions]:
        state, _ = r.game.apply(state, r.game.parse_action(raw))
    assert state.model_dump_json() == r.final.model_dump_json(), f"{r.seats}p {r.seed}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_seat_sees_what_is_hidden_from_it(game_id):
    game = get_game(game_id)
    assert type(game).hidden_tokens is not Game.hidden_tokens, (
        f"{game_id} does not say what is hidden (Game.hidden_tokens): the leak check has nothing to look for")
    found = runs(game_id)
    assert sum(r.tokens_seen for r in found) > 0, f"{game_id} never listed a hidden token"
    assert [f for r in found for f in r.leaks] == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_explain_illegal_is_never_asked_about_a_legal_move(game_id):
    assert [f for r in runs(game_id) for f in r.explained_legal] == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_refusal_cites_a_rule_that_the_why_button_opens(game_id, capsys):
    found = runs(game_id)
    total = sum((r.refusals for r in found), Counter())
    with capsys.disabled():
        tried = total["tried"] or 1
        print(f"\n[refusal sample] {game_id}: {total['tried']} illegal moves, refused {total['refused'] / tried:.0%}, "
              f"rule cited {total['cited'] / tried:.0%}, Why? opens {total['opens'] / tried:.0%}")
    assert total["tried"] >= 50, f"{game_id}: too few illegal moves sampled to judge"
    assert [f for r in found for f in r.bad_refusals] == []


def test_the_leak_check_itself_catches_a_hidden_token_and_a_context_line_in_view():
    """The checker can fail: a game whose public view names a hidden token and dumps its prompts
    (with their owner-only context) is caught on both counts."""
    from engine.core import Decision

    class Leaky(Game):
        id, title, playable = "leaky", "Leaky (test game)", False

        def view(self, state, seat):
            return {"face_down": 3, "pending": [d.model_dump() for d in state.pending]}

        def hidden_tokens(self, state, seat):
            return ["face_down"] if seat is None else []

    rng, _ = GameState.new_rng("leak")
    state = GameState(game="leaky", seats=["Ann", "Bob"], rng=rng, pending=[Decision(
        seat=0, kind="play", prompt="Put a card face down.", context=["Your hand holds three secret cards."])])
    r = Run(Leaky(), 2, "leak")
    _check_views(r, state, [])
    assert any("the public sees hidden 'face_down'" in f for f in r.leaks)
    assert any("seat 1 sees seat 0's private context" in f for f in r.leaks)
    assert not any("seat 0 sees" in f for f in r.leaks)  # the owner may read its own context
