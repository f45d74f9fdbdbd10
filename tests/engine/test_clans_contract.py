"""Gods & Clans on the shared contract: the ward is a queued reaction prompt with the defender's
picture of the fight, every refusal cites a rule section that exists, `check` agrees with the full
list of legal moves, logged moves replay to the same game, both length caps score the same way,
every move has a handler, and no module of the game imports one that imports it back."""

import ast
import json
import random
from pathlib import Path
from typing import get_args

import pytest

from engine.clans.actions import Attack, ClansAction, EndTurn, Pass, React, UseAbility
from engine.clans.cards import DATA, catalog
from engine.clans.state import coord
from engine.core import IllegalAction, get_game

from .test_clans_rules import bare, far_gods, put, rich

GAME = get_game("clans")
FLAT = ["GGGGGGGGG"] * 12
SECTIONS = {x["id"] for x in json.loads((DATA / "rules" / "sections.json").read_text())["sections"]}
CARDS = sorted(catalog().cards)


def ward_scene():
    """Ann's Templar Knight (ATK 3) attacks Bob's Blood Thrall (6 HP); Bob's Crypt Chanter can ward it."""
    s = rich(bare(FLAT))
    far_gods(s)
    knight = put(s, 0, "templar_knight", "D5")
    thrall = put(s, 1, "blood_thrall", "D6")
    chanter = put(s, 1, "crypt_chanter", "E7")
    GAME.advance(s, Attack(seat=0, unit=knight, target=thrall))
    return s, knight, thrall, chanter


def test_the_ward_is_a_queued_reaction_prompt_for_the_defender_with_a_safe_timeout():
    s, knight, thrall, chanter = ward_scene()
    (ward,) = s.asks
    assert s.pending == [ward] and ward.seat == 1 and ward.kind == "ward"
    assert ward.reaction and ward.button == "Choose your defense"
    assert GAME.timeout_action(s, 1) == Pass(seat=1)
    assert GAME.timeout_action(s, 0) is None
    GAME.advance(s, GAME.timeout_action(s, 1))  # no answer in time: the hit lands unwarded
    assert s.units[thrall].hp == 3 and not s.asks and s.pending[0].kind == "turn" and s.pending[0].seat == 0


def test_the_ward_context_gives_the_defender_the_fight_and_each_answer_in_numbers():
    s, knight, thrall, chanter = ward_scene()
    text = "\n".join(s.pending[0].context)
    assert "Templar Knight (D5)" in text and "your Blood Thrall (D6)" in text
    assert "The hit would deal 3 damage, leaving 3 of 6 HP." in text
    assert "strikes back for 2" in text  # ATK 2 against no armor
    assert "Grave Ward from Crypt Chanter (E7)" in text and "(2 damage)" in text
    assert "Pass" in text and "time runs out" in text
    assert not any("_" in line for line in s.pending[0].context)  # player words, no engine ids
    grave = next(i for i, a in enumerate(catalog().cards["crypt_chanter"].abilities) if a.name == "Grave Ward")
    GAME.advance(s, React(seat=1, unit=chanter, ability=grave))
    assert s.units[thrall].hp == 6 - 2  # the number the option promised


def test_the_ward_context_reaches_only_its_owner():
    s, *_ = ward_scene()
    assert GAME.table_view(s, 1).prompts[0].context
    assert GAME.table_view(s, 0).prompts[0].context == []
    assert GAME.table_view(s, None).prompts[0].context == []
    assert all("context" not in d for seat in (None, 0) for d in GAME.view(s, seat)["pending"])
    assert GAME.view(s, 1)["pending"][0]["context"]


def test_a_status_ward_context_names_the_status_it_stops():
    s = rich(bare(FLAT))
    far_gods(s)
    s.active, s.pending[0].seat = 1, 1
    duelist = put(s, 1, "crimson_duelist", "D6")
    squire = put(s, 0, "cross_squire", "D5")
    put(s, 0, "cleric_of_dawn", "B5")
    lunge = next(i for i, a in enumerate(catalog().cards["crimson_duelist"].abilities) if a.name == "Venom Lunge")
    GAME.advance(s, UseAbility(seat=1, unit=duelist, ability=lunge, target=squire))
    text = "\n".join(s.pending[0].context)
    assert "uses Venom Lunge on your Cross Squire" in text and "Poison" in text
    assert "Purify" in text and "stops the Poison" in text


def candidates(s, seat, rnd, pool):
    """Moves to try: legal moves seen in other states (for this seat and another), and this state's
    legal moves with one field changed."""
    units = list(s.units) + ["Z99"]
    values = {"seat": lambda: rnd.randrange(len(s.seats)), "unit": lambda: rnd.choice(units),
              "target": lambda: rnd.choice(units), "tile": lambda: coord((rnd.randrange(9), rnd.randrange(12))),
              "to": lambda: coord((rnd.randrange(9), rnd.randrange(12))), "card": lambda: rnd.choice(CARDS),
              "ability": lambda: rnd.randrange(3), "piece": lambda: rnd.randrange(1, 13),
              "face": lambda: rnd.choice("AB"), "rotation": lambda: rnd.choice((0, 90, 180, 270)),
              "allies": lambda: tuple(rnd.sample(units, min(2, len(units))))}
    out = [GAME.parse_action({**a.model_dump(), "seat": rnd.choice((seat, (seat + 1) % len(s.seats)))})
           for a in rnd.sample(pool, min(8, len(pool)))]
    for a in rnd.sample(GAME.legal_actions(s, seat), min(8, len(GAME.legal_actions(s, seat)))):
        data = a.model_dump()
        field = rnd.choice([f for f in data if f in values])
        out.append(GAME.parse_action({**data, field: values[field]()}))
    return out


def test_every_refusal_cites_a_rule_section_and_check_agrees_with_the_legal_moves():
    rnd = random.Random(11)
    refused = agreed = 0
    for n in range(8):
        seats = 4 if n % 4 == 3 else 2
        s = GAME.setup({"setup": "choose" if n % 2 else "auto", "max_rounds": 3, "sp_per_turn": 6},
                       [f"P{i}" for i in range(seats)], f"refusals-{n}")
        pool = []
        while True:
            seat = GAME.to_act(s)[0] if not s.finished else 0
            if rnd.random() < 0.15 or s.finished:
                for a in candidates(s, seat, rnd, pool):
                    legal = a in GAME.legal_actions(s, a.seat)
                    try:
                        GAME.check(s, a)
                        assert legal, f"check let an illegal move through: {a}"
                        agreed += 1
                    except IllegalAction as why:
                        assert not legal, f"check refused a legal move: {a} ({why})"
                        assert why.reason and why.rule in SECTIONS, (a, why.reason, why.rule)
                        refused += 1
            if s.finished:
                break
            legal = GAME.legal_actions(s, seat)
            pool = (pool + legal[:5])[-60:]
            GAME.advance(s, rnd.choice(legal))
    assert refused > 300 and agreed > 20


def test_logged_moves_replay_to_the_same_game_and_the_same_log():
    """What the log keeps of a move (its dump, without the label fields) is enough to replay it."""
    rnd = random.Random(3)
    s = GAME.setup({"max_rounds": 3}, ["Ann", "Bob"], "replay")
    log, said = [], [e.text for e in s.recent]
    while not s.finished:
        seat = GAME.to_act(s)[0]
        move = rnd.choice(GAME.legal_actions(s, seat))
        log.append(move.model_dump_json())
        said += [e.text for e in GAME.advance(s, move)]
    again = GAME.setup({"max_rounds": 3}, ["Ann", "Bob"], "replay")
    heard = [e.text for e in again.recent]
    for line in log:
        again, events = GAME.apply(again, GAME.parse_action(line))
        heard += [e.text for e in events]
    assert any("lays battlemap" in t for t in heard)
    assert heard == said and again.model_dump() == s.model_dump()


def test_the_step_cap_scores_the_game_like_the_round_cap():
    class Short(type(GAME)):
        max_steps = 40

    game, rnd = Short(), random.Random(5)
    s = game.setup({"setup": "auto", "sp_per_turn": 6}, ["Ann", "Bob"], "cap")
    while not s.finished:
        seat = game.to_act(s)[0]
        game.advance(s, rnd.choice(game.legal_actions(s, seat)))
    assert s.steps == 40 and s.finished.reason.endswith("(A-33).")
    assert (s.finished.winners, s.finished.reason, s.finished.draw) == game.cap_result(s)
    assert game.legal_actions(s, 0) == [] and game.to_act(s) == []


def test_moves_after_the_end_cite_the_rule_on_winning():
    s = GAME.setup({"setup": "auto", "max_rounds": 1}, ["Ann", "Bob"], "ended")
    while not s.finished:
        GAME.advance(s, EndTurn(seat=GAME.to_act(s)[0]))
    assert "(A-33)" in s.finished.reason
    with pytest.raises(IllegalAction) as why:
        GAME.check(s, EndTurn(seat=0))
    assert why.value.rule == GAME.end_rule == "winning"


def test_every_move_of_the_game_has_a_handler_in_the_move_table():
    (union, _) = get_args(ClansAction)
    assert set(get_args(union)) == set(GAME.moves)
    assert GAME.turn_rule in SECTIONS and GAME.end_rule in SECTIONS


def test_no_module_of_the_game_imports_one_that_imports_it_back():
    package = Path(__file__).resolve().parents[2] / "engine" / "clans"
    imports = {}
    for path in package.glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine.clans"):
                found.add((node.module.split(".") + ["__init__"])[2])
        imports[path.stem] = found - {path.stem}

    def reaches(start, goal, seen=()):
        return any(m == goal or (m not in seen and reaches(m, goal, (*seen, m))) for m in imports.get(start, ()))

    assert imports["__init__"] >= {"rules", "ai", "explain"}
    assert [m for m in imports if reaches(m, m)] == []
