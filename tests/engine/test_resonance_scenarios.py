"""The rulebook's worked examples: Example A and B (§4.3.4) and the Golden Rules' examples (§2.17)."""

from engine.resonance.actions import Act

from .resonance_helpers import GAME, answer, attack, codex, dmg, drive, equip, hand, plain, play, put, table


def test_example_a_a_player_critical_strike_augmented_with_brutal_and_splash():
    s = table()
    s.players[0].base_focus = 2
    codex(s, 0, "X1-4", "X8-3")  # Phasing/Brutal, Silence/Splash
    hand(s, 0, "M10-4", "M13-4")
    target, other = put(s, 1, plain()), put(s, 1, plain(1))
    s = play(s, Act(seat=0, actor="P0", what="cs", target=target.uid))
    offered = [o for o, _ in s.ask.options]
    assert "aug:1.8" in offered and "aug:8.6" in offered
    s = answer(s, "augment", "aug:1.8")
    s = answer(s, "augment", "aug:8.6")
    s = drive(s, {"splash": other.uid})
    assert any("Brutal, Splash" in e.text for e in s.recent)
    # EV 8 (the pair, no Focus) against Focus 5: 3, +1 Brutal destroys the P4 Animation
    assert target.uid not in s.units
    assert s.players[0].karma == 3  # the Critical Strike, its damage, the destroyed Animation


def test_example_b_an_animation_uses_one_item_keyword_and_no_codex():
    s = table()
    s.players[0].base_focus = 2
    codex(s, 0, "X8-3")  # Splash in the Player's Codex
    hunter = put(s, 0, "M06-0")  # P1/F1 with Bane and Martial printed
    equip(s, hunter.uid, "M13-9")  # Piercing, Flux, Siphon
    hand(s, 0, "M10-4")
    enemy = put(s, 1, "M13-1")  # P2/F2
    s = play(s, Act(seat=0, actor=hunter.uid, what="attack", target=enemy.uid))
    offered = [o for o, _ in s.ask.options]
    assert "aug:4.6" in offered and not any("8.6" in o for o in offered)  # GR6: no Splash
    s = answer(s, "augment", "aug:4.6")
    assert s.ask is None or s.ask.kind != "augment"  # Focus 1: one item keyword only
    s = drive(s)
    # EV = Focus 1 + 4 = 5 against Focus 2: 3 damage destroys it; Piercing carries 3 to the Player
    assert enemy.uid not in s.units and dmg(s, "P1") == 3


def test_gr1_hesitant_beats_defensive():
    s = table()
    codex(s, 1, "X3-5", "X3-4")  # Shift/Hesitant, Defensive/Impact
    hand(s, 1, "M13-2", "M13-1")
    hand(s, 0, "M10-4")
    s = play(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    assert s.ask is None and dmg(s, "P1") == 4 and len(s.players[1].hand) == 2


def test_gr2_snap_beats_ranged():
    s = table()
    s.players[0].base_focus = 3
    codex(s, 0, "X2-3", "X7-4")  # Slow/Snap, Ranged/Multiply
    hand(s, 0, "M10-4")
    s = attack(s, "P0", "P1", augment=["aug:2.6", "aug:7.7"])
    assert dmg(s, "P1") == 2  # Focus 3 against Focus 1; Ranged would have made it 0 against 0


def test_gr2_reckless_beats_hesitant_and_indirect():
    s = table()
    s.players[0].base_focus = 2
    codex(s, 0, "X2-5", "X0-3")  # Reckless/Anxious, Mark/Indirect
    codex(s, 1, "X3-5")  # Hesitant
    s.players[1].base_focus = 3
    hand(s, 0, "M10-4")
    s.main_deck.insert(0, "M01-0")
    s = attack(s, "P0", "P1", augment=["aug:2.9", "aug:0.6"])
    assert dmg(s, "P1") == 4  # RV is simply 0; the defender's Focus 3 is ignored


def test_gr3_phasing_beats_ward_and_survivor():
    s = table()
    codex(s, 0, "X1-4")
    codex(s, 1, "X4-1")  # Survivor
    s.units["P1"].tags = ["Ward"]
    s.units["P1"].damage = 8
    hand(s, 1, "M13-2")
    hand(s, 0, "M10-4")
    s = attack(s, "P0", "P1", augment=["aug:1.7"], react="none")
    assert s.finished and s.finished.winners == [0]


def test_gr3_deadeye_redirects_so_piercing_and_spread_do_not_trigger():
    s = table()
    s.players[0].base_focus = 3
    codex(s, 0, "X6-1", "X4-3", "X8-4")  # Deadeye, Piercing, Spread
    enemy, other = put(s, 1, "M13-1"), put(s, 1, plain())
    equip(s, enemy.uid, "M01-6")
    hand(s, 0, "M10-4")
    s = attack(s, "P0", enemy.uid, augment=["aug:6.2:M01-6", "aug:4.6", "aug:8.8"], react="none")
    assert "M01-6" in s.discard and dmg(s, enemy.uid) == 0 and dmg(s, "P1") == 0 and dmg(s, other.uid) == 0
    assert s.players[0].karma == 0


def test_gr4_brutal_and_vulnerable_add_up():
    s = table()
    codex(s, 0, "X1-4")
    codex(s, 1, "X6-5")  # Vulnerable
    hand(s, 0, "M10-4", "M13-4")
    s = attack(s, "P0", "P1", what="cs", augment=["aug:1.8"])
    assert dmg(s, "P1") == 9  # 8 - 1 + 1 + 1


def test_gr5_martial_hits_the_channeler_not_the_source():
    s = table()
    codex(s, 1, "X1-1")  # the defending Player has Martial
    channeler, source = put(s, 0, plain()), put(s, 0, plain(1))
    equip(s, channeler.uid, "M30-9")  # Aware, Chain, Channel
    hand(s, 0, "M10-4")
    s = attack(s, channeler.uid, "P1", augment=[f"aug:9.9:{source.uid}"])
    assert dmg(s, "P1") == 8  # the Source's Focus 5 + card 4 - 1
    assert dmg(s, channeler.uid) == 1 and dmg(s, source.uid) == 0
    assert s.units[channeler.uid].spent and not s.units[source.uid].spent


def test_a_whole_ai_game_through_apply():
    s = GAME.setup({}, ["Ann", "Bob", "Cat"], "whole")
    for _ in range(3000):
        if s.finished:
            break
        seat = GAME.to_act(s)[0]
        s, _ = GAME.apply(s, GAME.ai_action(s, seat))
    assert s.finished


def test_gr2_stoic_beats_ranged():
    s = table()
    s.players[0].base_focus = 3
    codex(s, 0, "X4-1", "X7-4")  # Survivor/Stoic, Ranged/Multiply
    hand(s, 0, "M10-4")
    s = attack(s, "P0", "P1", augment=["aug:4.2", "aug:7.7"], fuel="stoic")
    assert dmg(s, "P1") == 6  # Focus 3 + Focus 3 against no Focus


def test_gr2_reckless_ignores_ev_modifiers():
    s = table()
    s.players[0].base_focus = 2
    codex(s, 0, "X2-5", "X0-1")  # Reckless, Aura
    hand(s, 0, "M10-4")
    s.main_deck.insert(0, "M01-0")
    s = attack(s, "P0", "P1", augment=["aug:2.9", "aug:0.1"])
    assert dmg(s, "P1") == 4  # the card alone sets EV; Aura is part of the replaced step
