"""The finer rulings: Lingering expiry, Cure against Nullify, Tolerant with Impair, Immunized choice on
deploy, Suppressed Players recovering (A-27), Survivor once per game, Karma off-turn, shared wins."""

from engine.resonance.actions import Act, Deploy, EndTurn
from engine.resonance.effects import apply_tag, place_markers

from .resonance_helpers import GAME, K, answer, attack, codex, dmg, drive, find, hand, play, put, table


def test_lingering_lock_ends_with_the_targets_next_turn():
    s = table()
    s.players[0].base_focus = 2
    codex(s, 0, "X8-4", "X0-3")  # Lingering, Mark
    hand(s, 0, "M10-4")
    s = attack(s, "P0", "P1", augment=["aug:8.7", "aug:0.5"])
    u = s.units["P1"]
    assert u.locked == {"Mark": s.turn + 1}
    s = play(s, EndTurn(seat=0))
    s = drive(play(s, EndTurn(seat=1)))
    assert s.units["P1"].locked == {} and "Mark" in s.units["P1"].tags


def test_a_waiting_nullify_blocks_an_incoming_cure_and_the_reverse():
    s = table()
    u = s.units["P0"]
    apply_tag(s, u, "Nullify", [])
    assert u.tags == ["Nullify"]
    apply_tag(s, u, "Cure", [])
    assert u.tags == []
    apply_tag(s, u, "Cure", [])
    apply_tag(s, u, "Nullify", [])
    assert u.tags == []


def test_tolerant_counts_against_focus_without_its_own_impair():
    s = table()
    codex(s, 0, "X6-1")
    s.units["P0"].tags = ["Impair"]  # one tag, Focus 1: switched off, so Focus stays 1
    assert K.focus(s, s.units["P0"]) == 1


def test_immunized_printed_on_an_animation_is_chosen_on_deploy():
    s = table()
    card = find("animation", "6.3", power=3)
    hand(s, 0, card)
    s = play(s, Deploy(seat=0, card=card))
    assert s.ask.kind == "immunized" and s.ask.seat == 0
    s = answer(s, "immunized", "Slow")
    assert s.players[0].immunized == ["Slow"]
    assert not apply_tag(s, s.units["P0"], "Slow", [])


def test_a_suppressed_player_recovers_after_one_full_turn():
    s = table()
    s.units["P1"].suppressed = True
    s.units["P1"].suppressed_turn = s.turn
    s = play(s, EndTurn(seat=0))
    assert s.active == 1 and s.units["P1"].suppressed and s.players[1].tokens == 1
    s = drive(play(s, EndTurn(seat=1)))
    assert not s.units["P1"].suppressed


def test_survivor_saves_a_unit_only_once():
    s = table()
    codex(s, 1, "X4-1")
    s.units["P1"].survivor_used = True
    s.units["P1"].damage = 7
    hand(s, 1, "M13-2")
    hand(s, 0, "M10-4")
    s = attack(s, "P0", "P1", react="none")
    assert s.finished and s.finished.winners == [0]


def test_martial_kill_on_the_opponents_turn_gives_karma():
    s = table()
    codex(s, 1, "X1-1")  # Martial on the defending Player
    attacker = put(s, 0, "M13-0")  # P1/F1: one marker destroys it
    hand(s, 0, "M10-4")
    s = attack(s, attacker.uid, "P1")
    assert attacker.uid not in s.units and s.players[1].karma == 1


def test_three_players_self_inflicted_defeat_shares_the_win():
    s = table(3)
    s.units["P0"].damage = 9
    events = []
    place_markers(s, s.units["P0"], 1, events, "Flux", None)
    assert s.finished.winners == [1, 2]


def test_bind_is_a_prohibition_that_explains_itself():
    import pytest

    from engine.core import IllegalAction

    s = table()
    s.units["P0"].tags = ["Bind"]
    hand(s, 0, "M10-4")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    assert err.value.rule == "tag-bind"


def test_an_off_turn_decision_waits_on_the_defender_only():
    s = table()
    hand(s, 0, "M10-4")
    hand(s, 1, "M13-2")
    s = play(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    assert GAME.to_act(s) == [1] and GAME.legal_actions(s, 0) == []
    public = GAME.view(s, None)
    assert "M13-2" not in str(public) and any(d["kind"] == "secret" for d in public["pending"])


def test_three_players_area_hits_only_the_declared_targets_controller():
    s = table(3)
    codex(s, 0, "X7-3")  # Blight/Area
    hand(s, 0, "M10-4")
    mine, theirs = put(s, 1, "M13-3"), put(s, 2, "M12-3")
    s.players[1].en = s.players[2].en = 0
    s = attack(s, "P0", mine.uid, augment=["aug:7.6"])
    assert dmg(s, mine.uid) == 1 and dmg(s, theirs.uid) == 0


def test_three_players_piercing_reaches_the_targets_own_player():
    s = table(3)
    codex(s, 0, "X4-3")  # Curse/Piercing
    hand(s, 0, "M10-5")
    target = put(s, 2, "M13-1")  # P2/F2: takes 4 of EV 6
    s = attack(s, "P0", target.uid, augment=["aug:4.6"])
    assert dmg(s, "P2") == 4 and dmg(s, "P1") == 0
