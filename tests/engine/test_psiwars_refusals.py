"""Every refusal cites a section the "Why?" button can open, and every prompt owed off-turn says
what it is about.

The refusal sample: in random states of random games, moves that were legal in another state and
legal moves with one field changed must be refused, each with a rule that is a section id of
data/psiwars/rules/sections.json.
"""

import json
import random
from pathlib import Path

from engine.core import Action, IllegalAction

from .psiwars_helpers import GAME

SECTIONS = {s["id"] for s in json.loads(
    (Path(__file__).resolve().parents[2] / "data" / "psiwars" / "rules" / "sections.json").read_text())["sections"]}


def one_field_changed(action: Action, pool: list[Action], rng: random.Random) -> Action | None:
    """`action` with one field taken from another move of the same kind (or the other seat)."""
    fields = [f for f in type(action).model_fields if f != "type" and not type(action).model_fields[f].exclude]
    field = rng.choice(fields)
    if field == "seat":
        return action.model_copy(update={"seat": 1 - action.seat})
    values = [getattr(a, field) for a in pool if type(a) is type(action) and getattr(a, field) != getattr(action, field)]
    return action.model_copy(update={field: rng.choice(values)}) if values else None


def sample_refusals(games: int = 12) -> tuple[int, list[tuple[Action, IllegalAction]]]:
    """(moves tried, refusals whose rule is no section id) over random games."""
    rng = random.Random(11)
    pool: list[Action] = []
    tried, bad = 0, []
    for n in range(games):
        state = GAME.setup({}, ["Ann", "Bob"], f"refusals-{n}")
        while not state.finished:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            pool += rng.sample(legal, min(3, len(legal)))
            if rng.random() < 0.5:
                tries = [a.model_copy(update={"seat": seat}) if rng.random() < 0.7 else a
                         for a in rng.sample(pool, min(4, len(pool)))]
                tries += [c for a in rng.sample(legal, min(3, len(legal)))
                          if (c := one_field_changed(a, pool, rng)) is not None]
                for candidate in tries:
                    if candidate in legal:
                        continue
                    tried += 1
                    try:
                        GAME.apply(state, candidate)
                    except IllegalAction as refusal:
                        if refusal.rule not in SECTIONS:
                            bad.append((candidate, refusal))
                    else:
                        raise AssertionError(f"{candidate!r} was accepted though it is not legal")
            GAME.advance(state, rng.choice(legal))
        pool = pool[-400:]
    return tried, bad


def test_every_sampled_refusal_cites_a_known_section():
    tried, bad = sample_refusals()
    assert tried > 500
    assert not bad, [(a.model_dump(), str(r)) for a, r in bad[:5]]


def test_off_turn_and_end_of_game_refusals_cite_real_sections():
    assert GAME.turn_rule in SECTIONS and GAME.end_rule in SECTIONS
    state = GAME.setup({}, ["Ann", "Bob"], "turn-rule")
    idle = 1 - GAME.to_act(state)[0]
    for move in ({"type": "pass", "seat": idle}, {"type": "done", "phase": "cu", "seat": idle}):
        try:
            GAME.apply(state, GAME.parse_action(move))
        except IllegalAction as refusal:
            assert refusal.rule == GAME.turn_rule
        else:
            raise AssertionError("a move out of turn was accepted")
