"""Infinities: each refusal cites the section that forbids the move; concession (rule 37); a push
into an empty space lets the pushed leader lay the discovered tile (basic-rules)."""

import json
import random

import pytest

from engine.core import IllegalAction, Pass
from engine.infinities import refusals
from engine.infinities.actions import (
    Attack,
    Concede,
    Convert,
    Deploy,
    LeaderAct,
    Move,
    Place,
    PlayCard,
    React,
    Reroll,
    Step,
)
from engine.infinities.cards import DATA, catalog
from engine.infinities.state import Motion

from .infinities_helpers import GAME, act, face_off, main_turn, put, tile_of, to_main, weakest
from .random_play import play_randomly

SECTIONS = {x["id"] for x in json.loads((DATA / "rules" / "sections.json").read_text())["sections"]}


def refusal(s, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        GAME.check(s, action)
    return err.value


def test_every_cited_section_exists():
    assert set(refusals.CITED) <= SECTIONS
    assert {GAME.turn_rule, GAME.end_rule} <= SECTIONS


def test_a_main_phase_move_without_its_die_cites_its_basic_action():
    s = to_main("f1")
    seat, foe = face_off(s, ["boost"])
    unit = weakest(s, foe)
    s.players[foe].group = [unit]
    GAME.publish(s)
    assert refusal(s, Attack(seat=seat, unit=unit)).rule == "power-action"
    assert refusal(s, Move(seat=seat)).rule == "fortitude-action"
    assert refusal(s, PlayCard(seat=seat, card=s.players[seat].hand[0])).rule == "energy-action"
    assert refusal(s, Convert(seat=seat, face="star", to="power")).rule == "boost-action"


def test_an_attack_out_of_reach_cites_reach():
    s = to_main("f2")
    seat, foe = face_off(s, ["power"])
    put(s, "6,0", tile_of("star", 0, exclude={s.board["2,0"].tile, s.board["1,0"].tile}))
    s.players[foe].pos = "6,0"  # an empty space lies between: no clear path
    unit = weakest(s, foe)
    s.players[foe].group = [unit]
    GAME.publish(s)
    r = refusal(s, Attack(seat=seat, unit=unit))
    assert r.rule == "reach-rules" and "reach" in r.reason


def test_a_star_never_pays_a_printed_face():
    s = to_main("f3")
    seat = main_turn(s, ["star", "boost"])
    assert refusal(s, LeaderAct(seat=seat, which=2)).rule == "star-action"


def test_moves_of_another_decision_cite_that_decision():
    s = to_main("f4")
    seat = main_turn(s, ["power"])
    r = refusal(s, Reroll(seat=seat, again=True))
    assert r.rule == "5.3" and "Not now" in r.reason
    r = refusal(s, Place(seat=seat, side="a", rot=0))
    assert r.rule == "5.3"


def test_steps_into_walls_and_other_leaders_cite_walls_and_one_leader_per_tile():
    s = to_main("f5")
    seat, foe = face_off(s, ["fortitude"])
    walled = next(t for t in catalog().tiles.values() if 3 in t.walls and t.side_a.type != "power"
                  and t.side_b.type != "power")
    put(s, "1,0", walled.id, rot=0)  # a wall on its west edge, toward the Rift
    GAME.publish(s)
    act(s, Move(seat=seat))
    assert refusal(s, Step(seat=seat, dir=3)).rule == "6.1.2"
    if not s.board["1,0"].wall(0):
        assert refusal(s, Step(seat=seat, dir=0)).rule == "basic-rules"


def test_deploying_into_a_full_group_cites_the_group_limit():
    s = GAME.setup({}, ["A", "B"], "f6")
    while s.phase != "deploy":
        GAME.advance(s, GAME.ai_action(s, GAME.to_act(s)[0]))
    seat = GAME.to_act(s)[0]
    p = s.players[seat]
    units = [c for c in catalog().deck(p.faction) if catalog().cards[c.split("#")[0]].kind == "unit"]
    p.group = units[:3]
    p.hand = [units[3]]
    GAME.publish(s)
    assert refusal(s, Deploy(seat=seat, card=units[3], to="group")).rule == "group"


def test_refusals_in_random_positions_cite_real_sections_and_say_why():
    """Probe random positions with moves of every kind: each refusal names an existing section."""
    probes = 0
    rnd = random.Random(4)
    for n in range(4):
        s = GAME.setup({}, ["A", "B", "C"], f"probe{n}")

        def probe(state, _move):
            nonlocal probes
            seat = GAME.to_act(state)[0]
            p = state.players[seat]
            cards = p.hand + p.group + [c for q in state.players for c in q.group]
            tries = [Attack(seat=seat, unit=c) for c in cards] + [PlayCard(seat=seat, card=c) for c in cards]
            tries += [Move(seat=seat), Step(seat=seat, dir=rnd.randrange(6)), React(seat=seat),
                      Reroll(seat=seat, again=True), Pass(seat=seat), LeaderAct(seat=seat, which=2)]
            legal = GAME.legal_actions(state, seat)
            for a in tries:
                if a in legal:
                    continue
                r = GAME.explain_illegal(state, a)
                assert r.rule in SECTIONS, (a, r)
                assert r.reason and "_" not in r.reason
                probes += 1
        play_randomly(GAME, s, f"p{n}", before=probe, limit=400 if n else 20_000)
    assert probes > 1000


# --- concession (rule 37) --------------------------------------------------------------------------


def test_a_duel_concession_ends_the_game_at_once():
    s = to_main("c1")
    other = 1 - s.active
    act(s, Concede(seat=other))  # accepted off-turn
    assert s.finished and s.finished.winners == [s.active]


def test_a_conceded_leader_passes_never_reacts_and_leaves_at_the_next_start():
    s = to_main("c2", players=3)
    quitter = next(t for t in range(3) if t != s.active)
    act(s, Concede(seat=quitter))
    assert not s.finished and s.players[quitter].conceded
    assert refusal(s, Concede(seat=quitter)).rule == "8.4"
    start = s.round
    while s.round == start and not s.finished:
        assert quitter not in GAME.to_act(s)  # never asked: passes, keeps, declines on their own
        GAME.advance(s, GAME.ai_action(s, GAME.to_act(s)[0]))
    p = s.players[quitter]
    assert p.out and p.pos is None and not (p.hand or p.group or p.timeline)
    assert all(t.control != quitter for t in s.board.values())
    assert quitter not in s.order
    assert not s.finished or quitter not in s.finished.winners


def test_when_the_last_opponent_concedes_the_other_side_wins():
    s = to_main("c3", players=3)
    a, b = (t for t in range(3) if t != 0)
    act(s, Concede(seat=a))
    assert not s.finished
    act(s, Concede(seat=b))
    assert s.finished and s.finished.winners == [0]


# --- a push into an empty space (basic-rules) -------------------------------------------------------


def test_a_pushed_leader_lays_the_tile_a_push_discovers():
    s = to_main("p1")
    seat, foe = face_off(s, ["energy"])
    s.motion = Motion(mover=foe, by=seat, left=2, forced=True)
    GAME.publish(s)
    push = next(a for a in GAME.legal_actions(s, seat) if isinstance(a, Step) and a.dir == 0)  # east: empty
    act(s, push)
    assert s.discovery is not None and s.discovery.seat == foe
    d = s.pending[0]
    assert d.seat == foe and d.kind == "discover" and d.reaction and d.context
    places = GAME.legal_actions(s, foe)
    assert places and not any(a.control for a in places)  # a push never controls
    walls = catalog().tile(s.discovery.tile).walls
    assert all((3 - a.rot) % 6 not in walls for a in places) or s.board["2,0"].side().type == "power"
    act(s, places[-1])
    assert s.players[foe].pos == "3,0" and "3,0" in s.board
    assert s.motion is None or s.motion.by == seat
