"""Battle scenarios from §6.5 and the design notes, with scripted dice."""

import pytest

from engine.core import IllegalAction
from engine.psiwars.actions import Attack, Block, Done, Pass, PlayPower, Resolve, UseAbility

from .psiwars_helpers import GAME, empty_table, play, put, script, settle


def declare(s, *formations):
    """Ann declares formations; declaring ends by itself once no unit is left to send."""
    settle(s)
    for units in formations:
        play(s, Attack(seat=0, units=tuple(units)))
    if s.phase == "attack":
        play(s, Done(seat=0, phase="attack"))


def attack_and_block(s, attackers, blockers):
    declare(s, attackers)
    assert GAME.to_act(s) == [1] and s.pending[0].kind == "defend"  # the defender owes the choice
    events = play(s, Block(seat=1, matchup=0, units=tuple(blockers)))
    while s.phase == "cyborg":  # nobody uses an ability in these scenarios
        events += play(s, Pass(seat=GAME.to_act(s)[0]))
    return events


def texts(events):
    return [e.text for e in events]


def test_cyber_win_disorients_then_physical_is_fought():
    s = empty_table()
    hacker = put(s, 0, "R04")  # cyber 4/3, phys 1/2
    wall = put(s, 1, "R02")  # cyber 1/4, phys 1/3
    script(s, 4, 4, 1, 1)  # cyber needs 8: 8 wins; physical needs 10: 2 fails
    events = attack_and_block(s, [hacker], [wall])
    assert s.cards[wall].disoriented is False  # cleared when the battle ends...
    log = texts(events)
    assert any("Cyber: attack 4 vs defense 4, needs 8: rolled 4+4=8 - wins" in t for t in log)
    assert any("Disoriented: Firewall Sentinel" in t for t in log)
    # ...and while disoriented it could not counter: attack 0 is an automatic loss, no roll
    assert any("Physical counter-attack: attack 0 vs defense 2 - automatic loss" in t for t in log)
    assert hacker in s.players[0].lab and wall in s.players[1].lab


def test_failed_attack_opens_a_counter_that_disorients_the_attacker():
    s = empty_table()
    hacker = put(s, 0, "R04")
    wall = put(s, 1, "R02")
    script(s, 1, 1, 5, 5, 6, 6)  # cyber fails; counter 1 vs 3 needs 10: 10 wins; phys counter 1 vs 2 needs 9
    events = attack_and_block(s, [hacker], [wall])
    log = texts(events)
    assert any("Cyber counter-attack: attack 1 vs defense 3, needs 10: rolled 5+5=10 - wins" in t for t in log)
    assert any("Physical: attack 0 vs defense 3 - automatic loss" in t for t in log)  # disoriented attacker
    assert hacker not in s.players[0].lab and hacker in s.players[0].discard  # destroyed by the counter


def test_only_units_with_the_screen_are_disoriented_in_a_stack():
    s = empty_table()
    ghost = put(s, 0, "Y04")  # psi 3/2, cyber 2/2, phys 3/2
    adept = put(s, 1, "B04")  # psi 4/3
    hound = put(s, 1, "B01")  # no psionic screen
    # Ghost has cyber and psi, the stack has only psi: one mental phase; psi 3 vs 3 needs 8
    script(s, 6, 2, 1, 1, 1, 1)
    events = attack_and_block(s, [ghost], [adept, hound])
    disoriented = [t for t in texts(events) if t.startswith("Disoriented")]
    assert disoriented == [f"Disoriented: Psi Adept [{adept}] (no more attacks this battle)."]


def test_a_mental_win_skips_the_other_mental_phase():
    s = empty_table()
    a = put(s, 0, "Y02")  # cyber 2/1, psi 2/1
    d = put(s, 1, "Y02")
    declare(s, [a])
    script(s, 6, 6, 1, 1, 1, 1)
    play(s, Block(seat=1, matchup=0, units=(d,)))
    play(s, Pass(seat=0))  # Cyborg Phase: neither Marksman uses Neural Dart
    play(s, Pass(seat=1))
    assert s.phase == "matchups"  # both mental screens shared: the attacker picks the first
    assert Resolve(seat=0, matchup=0, first="psionic") in GAME.legal_actions(s, 0)
    events = play(s, Resolve(seat=0, matchup=0, first="psionic"))
    log = texts(events)
    assert any(t.startswith("Psionic: attack 2 vs defense 1") for t in log)
    assert not any(t.startswith("Cyber") for t in log)


def test_physical_win_destroys_the_whole_formation_with_equipment():
    s = empty_table()
    titan = put(s, 0, "B05")  # phys 4/4
    hound = put(s, 1, "B01", equipment="E02")  # phys 3/1 (+0/+2) -> defense 3
    gear = s.cards[hound].equipment
    script(s, 4, 3)  # needs 8 + 3 - 4 = 7
    attack_and_block(s, [titan], [hound])
    assert hound in s.players[1].discard and gear in s.players[1].discard
    assert hound not in s.players[1].lab and gear not in s.players[1].lab


def test_unblocked_formation_hits_the_lab_for_its_physical_attack():
    s = empty_table()
    hound = put(s, 0, "B01", equipment="E01")  # 3 + 2
    declare(s, [hound])  # Bob has no units: the formation goes through
    assert s.players[1].lab_hp == 25
    assert s.active == 1  # turn passed


def test_attackers_stay_depleted_through_the_opponents_turn():
    s = empty_table()
    hound = put(s, 0, "B01")
    declare(s, [hound])
    assert s.cards[hound].depleted  # it cannot block on Bob's turn


def test_a_cyborg_ability_withdraws_it_and_uplink_ping_hits_the_lab():
    s = empty_table()
    scout = put(s, 0, "Y01")
    hound = put(s, 0, "B01")
    blocker = put(s, 1, "B03")
    script(s, 1, 1, 1, 1)
    declare(s, [scout, hound])
    play(s, Block(seat=1, matchup=0, units=(blocker,)))
    assert s.phase == "cyborg" and GAME.to_act(s) == [0]
    play(s, UseAbility(seat=0, unit=scout))
    assert s.players[1].lab_hp == 29
    assert scout in s.battle.withdrawn if s.battle else True


def test_stasis_trap_empties_a_defending_formation_so_the_attacker_goes_through():
    s = empty_table()
    titan = put(s, 0, "B05")
    for _ in range(2):
        put(s, 0, "CU-BA")
    trap = "TRAP"
    from engine.psiwars.state import Card
    s.cards[trap] = Card(iid=trap, card="W03", owner=0)
    s.players[0].hand.append(trap)
    blocker = put(s, 1, "B03")
    declare(s, [titan])
    play(s, Block(seat=1, matchup=0, units=(blocker,)))
    assert s.phase == "window" and s.window.seat == 0  # Ann may play her Trap after defenders
    play(s, PlayPower(seat=0, card="W03", pay_any=("ba",), target=blocker))  # then nothing left: auto-pass
    assert s.cards[blocker].trapped
    assert s.players[1].lab_hp == 26  # Bio-Titan's 4 reach the lab


def test_refusals_name_the_rule():
    s = empty_table()
    units = [put(s, 0, "B01") for _ in range(3)]
    settle(s)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Attack(seat=0, units=tuple(units)))
    assert err.value.rule == "6.5.2.1"
    fresh_unit = put(s, 0, "B02", created_turn=s.turn)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Attack(seat=0, units=(fresh_unit,)))
    assert "created this turn" in err.value.reason
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Attack(seat=1, units=(units[0],)))
    assert "not your move" in err.value.reason
