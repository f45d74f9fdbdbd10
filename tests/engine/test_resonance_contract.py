"""Resonance on the shared contract: prompts go through the core queue with a rule, a button, a
timeout answer and private context; every refusal cites a section that exists; the package's
modules import each other without circles."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

from pydantic import ValidationError

from engine.core import IllegalAction
from engine.resonance.cards import DATA, catalog
from engine.resonance.kinds import KINDS
from engine.resonance.names import card_name

from .resonance_helpers import GAME, Act, hand, play, table

SECTIONS = {s["id"] for s in json.loads((DATA / "rules" / "sections.json").read_text())["sections"]}
PACKAGE = Path(__file__).resolve().parents[2] / "engine" / "resonance"


def random_states(games: int, seed: str):
    """(state, seat to act) at random points of random games, with 2 to 4 players, draft and quick set-up."""
    chooser = random.Random(seed)
    for n in range(games):
        players = 2 + n % 3
        s = GAME.setup({"setup": "quick" if n % 2 else "draft", "max_rounds": 6}, ["A", "B", "C", "D"][:players],
                       f"{seed}-{n}")
        while not s.finished:
            seat = GAME.to_act(s)[0]
            if chooser.random() < 0.08:
                yield s, seat
            GAME.advance(s, chooser.choice(GAME.legal_actions(s, seat)))
        yield s, 0  # and the game over


def mutations(action, s, chooser: random.Random) -> list[dict]:
    """The action's dump with one field changed: another seat, unit, card, option or kind."""
    data = action.model_dump()
    units = list(s.units) + ["P9", "M99-9"]
    cards = [c.id for c in chooser.sample(list(catalog().cards.values()), 3)]
    swaps = {"seat": [0, 1, 2, 3], "actor": units, "target": units + [None], "card": cards, "item": cards,
             "unit": units, "what": ["attack", "cs", "support", "purge", "charge"], "tag": ["Haste", "Liberate"],
             "spend": ["overclock", "reengage", "acquire", "refine"], "option": ["no", "yes", "card:M10-3", "zz"],
             "kind": list(KINDS)}
    out = []
    for field, values in swaps.items():
        if field in data:
            out.append({**data, field: chooser.choice([v for v in values if v != data[field]])})
    return out


def test_every_refusal_cites_a_rulebook_section():
    chooser = random.Random(11)
    seen_legal: list = []
    refusals = 0
    for s, seat in random_states(40, "refuse"):
        legal = GAME.legal_actions(s, seat)
        tries = [a.model_dump() for a in chooser.sample(seen_legal, min(4, len(seen_legal)))]
        for a in chooser.sample(legal, min(3, len(legal))):
            tries += mutations(a, s, chooser)
        seen_legal = (seen_legal + legal)[-300:]
        for data in tries:
            try:
                action = GAME.parse_action(data)
            except ValidationError:
                continue  # not a move of this game at all: the table refuses it before the rules
            try:
                GAME.check(s, action)
            except IllegalAction as refusal:
                refusals += 1
                assert refusal.rule in SECTIONS, (refusal.rule, refusal.reason, data)
                assert refusal.reason
    assert refusals > 300


def test_a_legal_move_is_never_explained_away():
    for s, seat in random_states(6, "legal"):
        for a in GAME.legal_actions(s, seat):
            GAME.check(s, a)  # raises if the rules refused a move they offered


def test_every_prompt_kind_cites_a_known_section_and_names_its_button():
    assert {k.rule for k in KINDS.values()} <= SECTIONS
    assert all(k.button and k.about for k in KINDS.values())
    assert GAME.turn_rule in SECTIONS and GAME.end_rule in SECTIONS


def test_every_prompt_asked_in_play_is_a_known_kind_with_context_for_its_owner_only():
    kinds = set()
    for s, _ in random_states(30, "prompts"):
        for d in s.pending:
            kinds.add(d.kind)
            assert d.kind in KINDS and d.button == KINDS[d.kind].button
            if d.kind != "turn":  # the ordinary turn needs no explaining; every prompt does
                assert d.context and d.context[-1].startswith("If your time runs out")
            assert d.reaction == (d.seat != s.active)
            others = {card_name(c) for p in s.players if p.seat != d.seat for c in p.hand}
            others |= {card_name(c) for c in s.main_deck}
            assert not [n for n in others if any(n in line for line in d.context)], d.context
            for seat in range(len(s.players)):
                shown = [p for p in GAME.view(s, seat)["pending"] if p["seat"] == d.seat]
                assert all(p.get("context", []) == (d.context if seat == d.seat else []) for p in shown)
            assert all(p.get("context", []) == [] for p in GAME.view(s, None)["pending"])
    assert {"react", "turn", "draft", "codex_primary", "augment", "fuel"} <= kinds


def test_the_defender_reads_the_attack_and_what_each_answer_costs():
    s = table()
    hand(s, 0, "M10-5")
    hand(s, 1, "M10-1", "M10-4")
    s = play(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    ask = s.asks[0]
    assert ask.kind == "react" and ask.reaction and ask.button == "Choose your defence"
    assert ask.timeout == {"type": "pick", "kind": "react", "option": "none", "text": "No reaction"}
    text = "\n".join(ask.context)
    assert "Ann attacks you (10 HP left)" in text
    ev = int(ask.prompt.split("EV ")[1].split(" ")[0])
    assert f"Attack EV {ev}; your RV before any reaction is 1 (Focus 1)." in text
    assert f"No reaction: {ev - 1} damage." in text
    power = catalog().card("M10-4").power
    after = f"{ev - 1 - power} damage" if ev - 1 > power else "no damage"
    assert f"Discard {card_name('M10-4')}: RV {1 + power}, {after}." in text
    assert text.endswith("If your time runs out: No reaction.")


def test_the_package_has_no_import_circles():
    modules = {f.stem for f in PACKAGE.glob("*.py")}
    imports = {}
    for f in PACKAGE.glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine.resonance."):
                found.add(node.module.split(".")[2])
        imports[f.stem] = found & modules

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(m == goal or (m not in seen and reaches(m, goal, seen | {m})) for m in imports[start])
    assert not [m for m in modules if reaches(m, m, {m})]


def test_a_snapshot_saved_before_the_shared_queue_loads_with_its_prompts_in_order():
    s = table()
    hand(s, 0, "M10-5")
    hand(s, 1, "M10-1")
    s = play(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    old = json.loads(s.model_dump_json())
    react = {k: old["asks"][0][k] for k in ("seat", "kind", "prompt", "options", "private")}
    stubborn = {"seat": 1, "kind": "stubborn", "prompt": "Bob: Stubborn - draw a card?",
                "options": [["yes", "Draw 1"], ["no", "No"]], "private": False}
    old.pop("asks")
    old.update(ask=react, queue=[stubborn])
    loaded = GAME.load_state(json.dumps(old))
    assert [a.kind for a in loaded.asks] == ["react", "stubborn"]
    assert loaded.asks[0].timeout["option"] == "none" and loaded.asks[0].reaction
    assert GAME.timeout_action(loaded, 1).option == "none"
    assert GAME.legal_actions(loaded, 1) == GAME.legal_actions(s, 1)


def test_the_move_cap_scores_a_stopped_game_like_the_round_cap():
    s = table()
    s.units["P1"].damage = 3
    s.steps = GAME.max_steps - 1
    s = play(s, Act(seat=0, actor="P0", what="charge"))
    assert s.finished.winners == [0] and not s.finished.draw
    assert s.finished.reason.startswith("Move limit reached; HP left: Ann 10, Bob 7.")
    assert s.pending == [] and s.asks == []
