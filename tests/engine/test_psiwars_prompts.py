"""Who must answer next, through the core's prompt queue: the turn's own steps are ordinary
decisions; a defence, a Power window or a Cyborg Phase owed by the other player is a queued
reaction whose context tells its owner (and only them) what it is about."""

import random

from engine.core import Pass
from engine.psiwars.actions import Attack, Block

from .psiwars_helpers import GAME, empty_table, play, put, settle


def test_answers_owed_off_turn_are_queued_reactions_with_context():
    kinds = set()
    for n in range(6):
        s = GAME.setup({}, ["Ann", "Bob"], f"prompts-{n}")
        chooser = random.Random(n)
        while not s.finished:
            (d,) = s.pending
            if d.seat != s.active:
                kinds.add(d.kind)
                assert s.asks == [d] and d.reaction and d.button and d.context
                assert d.context[-1].startswith("If time runs out")
                other = GAME.view(s, s.active)["pending"][0]
                assert other["prompt"] == d.prompt and other["context"] == []  # for its owner's eyes only
                assert GAME.view(s, None)["pending"][0]["context"] == []
            elif d.kind not in ("oracle", "hunter"):
                assert s.asks == [] and not d.reaction and d.button == "Your move"
            GAME.advance(s, chooser.choice(GAME.legal_actions(s, d.seat)))
    assert {"defend", "window"} <= kinds


def test_the_defender_sees_the_attack_and_what_letting_it_through_costs():
    s = empty_table()
    hound = put(s, 0, "B01", equipment="E01")  # Physical 3 + 2
    wall = put(s, 1, "B03")
    settle(s)
    play(s, Attack(seat=0, units=(hound,)))
    (d,) = s.pending
    assert d.kind == "defend" and d.seat == 1 and d.reaction and d.button == "Choose your defense"
    text = "\n".join(d.context)
    assert "Gene-Hound" in text and "Physical 5/" in text
    assert "Let it through: your lab takes 5 damage when the battle ends (30 -> 25 HP)." in text
    assert f"[{wall}]" in text  # the best blocker, with its odds
    assert GAME.timeout_action(s, 1) is None  # a defence left to run out goes to the AI
    play(s, Block(seat=1, matchup=0, units=(wall,)))
    assert s.asks == [] or s.asks[0].kind != "defend"


def test_a_power_window_left_to_run_out_is_passed():
    s = empty_table()
    titan = put(s, 0, "B05")
    blocker = put(s, 1, "B03")
    for _ in range(2):
        put(s, 1, "CU-BA")
    trap = put(s, 1, "W03")
    s.players[1].lab.remove(trap)
    s.players[1].hand.append(trap)
    settle(s)
    play(s, Attack(seat=0, units=(titan,)))
    assert s.phase == "window" and s.pending[0].seat == 1  # Ann had nothing to play
    (d,) = s.pending
    assert d.kind == "window" and d.reaction and d.timeout == {"type": "pass"}
    assert any("Stasis Trap" in line for line in d.context)
    assert GAME.timeout_action(s, 1) == Pass(seat=1)
    assert blocker in s.players[1].lab


def test_ending_a_phase_with_creation_units_unused_asks_first():
    from engine.psiwars.actions import Build, Done, PlaceCU, card_name

    from .psiwars_helpers import fresh

    s = fresh()
    me = s.active
    assert any(isinstance(a, PlaceCU) for a in GAME.legal_actions(s, me))
    assert "no Creation Unit" in GAME.danger(s, Done(seat=me, phase="cu"))
    for _ in range(400):  # play on until someone may build and end the Build Phase instead
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        builds = [a for a in legal if isinstance(a, Build)]
        if s.phase == "build" and builds:
            warned = GAME.danger(s, Done(seat=seat, phase="build"))
            assert warned and "could still build" in warned and card_name(builds[0].card) in warned
            return
        play(s, next((a for a in legal if isinstance(a, PlaceCU)), None) or GAME.random_action(s, seat))
    raise AssertionError("nobody could ever build")


def test_the_hand_limit_discard_asks_for_every_card_over_the_limit_at_once():
    from engine.psiwars.board import HAND_LIMIT

    from .psiwars_helpers import fresh

    s = fresh()
    me = s.active
    p = s.players[me]
    p.hand = p.hand + p.deck[:HAND_LIMIT + 3 - len(p.hand)]
    distinct = len({s.cards[i].card for i in p.hand})
    s.phase = "discard"
    GAME.publish(s)
    (d,) = s.pending
    assert d.kind == "discard" and d.picks == min(3, distinct) and d.picks > 1
