"""Attack keywords a Player augments from the Codex: each test compares the same attack with and
without the keyword, so it fails if the keyword does nothing."""

from engine.resonance.actions import Act, EndTurn
from engine.resonance.flow import start_turn
from engine.resonance.menu import menu

from .resonance_helpers import (
    GAME,
    K,
    answer,
    attack,
    block_of,
    codex,
    covers,
    dmg,
    equip,
    hand,
    plain,
    play,
    put,
    table,
)

C4, C5 = "M10-4", "M10-5"  # fuel cards of Power 4 and 5 (Green Paragon Animations)


def setup(code: str, focus: int = 1, fuel: str = C4):
    s = table()
    codex(s, 0, block_of(code))
    s.players[0].base_focus = focus
    hand(s, 0, fuel)
    return s


def p_attack(code: str, *augs: str, target: str = "P1", s=None, **answers):
    s = s or setup(code)
    return attack(s, "P0", target, augment=list(augs), **answers)


@covers("0.1")
def test_aura_adds_one_ev():
    assert dmg(p_attack("0.1", "aug:0.1"), "P1") == dmg(p_attack("0.1"), "P1") + 1 == 5


@covers("0.2")
def test_specialist_may_draw_after_the_attack():
    assert len(p_attack("0.2", "aug:0.2", specialist="yes").players[0].hand) == 1
    assert len(p_attack("0.2", "aug:0.2", specialist="no").players[0].hand) == 0  # "may": the player declines
    assert len(p_attack("0.2").players[0].hand) == 0


@covers("0.3")
def test_alert_returns_an_item_for_one_en():
    s = setup("0.3")
    equip(s, "P0", "M01-6")
    s = p_attack("0.3", "aug:0.3", s=s, alert="M01-6")
    assert "M01-6" in s.players[0].hand and s.players[0].en == 9 and not s.units["P0"].items


@covers("0.6")
def test_indirect_replaces_the_hand_discard_with_a_reveal():
    s = setup("0.6")
    hand(s, 1, "M13-2")
    s = play(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    s = answer(s, "augment", "aug:0.6")
    assert [o for o, _ in s.ask.options] == ["none", "reveal"]
    deck = len(s.main_deck)
    s = answer(s, "react", "reveal")
    assert len(s.main_deck) == deck - 1 and "M13-2" in s.players[1].hand


@covers("0.7")
def test_adaptive_makes_the_target_discard_instead_of_taking_damage():
    s = setup("0.7")
    hand(s, 1, "M13-2")
    s = p_attack("0.7", "aug:0.7", s=s, react="none", adaptive="discard", adaptive_discard="card:M13-2")
    assert dmg(s, "P1") == 0 and s.players[1].hand == [] and "M13-2" in s.discard
    assert s.players[0].karma == 0  # redirected: no damage dealt (GR3)


@covers("0.8")
def test_gamble_reveals_for_ev_and_damages_the_actor():
    s = p_attack("0.8", "aug:0.8", gamble=["yes", "yes", "no"])  # one card at a time, then stop
    assert dmg(s, "P1") == 6 and dmg(s, "P0") == 2


@covers("0.9")
def test_edit_pays_one_en_to_add_a_keyword_of_the_target_colours():
    s = setup("0.9")
    s.players[1].primary = 0
    s = p_attack("0.9", "aug:0.9", s=s, edit="0.5")
    assert "Mark" in s.units["P1"].tags and s.players[0].en == 9


@covers("1.1")
def test_traveller_lets_the_player_attack_past_guardians():
    s = setup("1.1")
    put(s, 1, plain())
    targets = {a.target for a in GAME.legal_actions(s, 0) if a.type == "act" and a.what == "attack"}
    assert "P1" in targets
    s = p_attack("1.1", s=s)
    assert dmg(s, "P1") == 4


@covers("1.3")
def test_attuned_uses_a_friendly_animations_focus():
    s = setup("1.3")
    a = put(s, 0, plain())  # Focus 5
    s = p_attack("1.3", f"aug:1.3:{a.uid}", s=s)
    assert dmg(s, "P1") == 8  # 5 + 4 - 1


@covers("1.7")
def test_phasing_damage_ignores_ward():
    s = setup("1.7")
    s.units["P1"].tags = ["Ward"]
    assert dmg(p_attack("1.7", "aug:1.7", s=s), "P1") == 4
    s = setup("1.7")
    s.units["P1"].tags = ["Ward"]
    assert dmg(p_attack("1.7", s=s), "P1") == 0


@covers("1.8")
def test_brutal_adds_one_to_a_critical_strike():
    def cs(*augs):
        s = setup("1.8")
        hand(s, 0, "M13-4")
        return attack(s, "P0", "P1", what="cs", augment=list(augs))
    assert dmg(cs("aug:1.8"), "P1") == dmg(cs(), "P1") + 1 == 8


@covers("1.9")
def test_translocate_returns_the_target_animation_to_hand():
    s = setup("1.9")
    enemy = put(s, 1, plain())
    equip(s, enemy.uid, "M01-6")
    s = p_attack("1.9", "aug:1.9:unit", target=enemy.uid, s=s)
    assert enemy.uid not in s.units and enemy.uid in s.players[1].hand and "M01-6" in s.discard
    assert s.players[0].karma == 0


@covers("2.1")
def test_acrobatic_actor_cannot_be_attacked_until_its_next_turn():
    s = p_attack("2.1", "aug:2.1")
    assert s.units["P0"].acrobatic
    s.active = 1
    hand(s, 1, C5)
    assert not any(a.type == "act" and a.target == "P0" for a in menu(s, 1))


@covers("2.2")
def test_sentry_shows_the_defending_players_hand_to_the_attacker_only():
    s = setup("2.2")
    hand(s, 1, "M13-2")
    s = play(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    s = answer(s, "augment", "aug:2.2")
    assert s.seen["0"] == ["M13-2"]
    assert any("Sentry" in e.text and e.visible_to == [0] for e in s.recent)


@covers("2.3")
def test_eidetic_adds_one_only_the_first_time_against_a_target():
    s = p_attack("2.3", "aug:2.3")
    assert dmg(s, "P1") == 5
    s.players[0].tokens = 0
    hand(s, 0, "M13-4")
    s = attack(s, "P0", "P1", augment=["aug:2.3"])
    assert dmg(s, "P1") == 9  # second attack: 4 more, no bonus


@covers("2.6")
def test_snap_is_focus_against_focus_without_cards():
    s = setup("2.6", focus=3)
    hand(s, 1, "M13-2")
    s = p_attack("2.6", "aug:2.6", s=s)
    assert dmg(s, "P1") == 2 and "M10-4" in s.players[0].hand and "M13-2" in s.players[1].hand


@covers("2.7")
def test_two_handed_adds_one_with_an_item():
    def run(*augs):
        s = setup("2.7")
        equip(s, "P0", "M01-6")
        return p_attack("2.7", *augs, s=s)
    assert dmg(run("aug:2.7"), "P1") == dmg(run(), "P1") + 1


@covers("2.8")
def test_rapid_pays_one_en_to_attack_again():
    s = setup("2.8")
    hand(s, 0, "M13-4")
    s = p_attack("2.8", "aug:2.8", s=s, rapid="yes")
    assert dmg(s, "P1") == 8 and s.players[0].en == 9 and s.players[0].tokens == 1


@covers("2.9")
def test_reckless_sets_rv_to_zero_and_forbids_the_defence_discard():
    s = setup("2.9")
    hand(s, 1, "M13-5")
    s.main_deck.insert(0, "M01-0")  # reveals Power 1: the discarded 4 is higher
    s = p_attack("2.9", "aug:2.9", s=s)
    assert dmg(s, "P1") == 4 and "M13-5" in s.players[1].hand


@covers("3.2")
def test_brawler_makes_the_defender_discard_the_attackers_pick():
    s = setup("3.2")
    hand(s, 1, "M13-2", "M13-4")
    s = p_attack("3.2", "aug:3.2", s=s, react="none", brawler="card:M13-4")
    assert s.players[1].hand == ["M13-2"]


@covers("3.6")
def test_sculpt_adds_one_per_animation():
    def run(*augs):
        s = setup("3.6")
        put(s, 0, plain())
        put(s, 0, plain(1))
        return p_attack("3.6", *augs, target=put(s, 1, plain(2)).uid, s=s)
    assert dmg(run("aug:3.6"), "M12-3") == 2  # Focus 1 + card 4 + 2 Animations against Focus 5
    assert dmg(run(), "M12-3") == 0


@covers("3.8")
def test_impact_spends_the_target_and_it_skips_its_next_ready():
    s = p_attack("3.8", "aug:3.8")
    assert s.units["P1"].no_ready and s.players[1].tokens == 2
    s = play(s, EndTurn(seat=0))
    assert s.active == 1 and s.players[1].tokens == 1 and not s.units["P1"].no_ready
    assert not p_attack("3.8").units["P1"].no_ready


@covers("4.6")
def test_piercing_also_damages_the_controlling_player():
    s = setup("4.6", fuel=C5)
    enemy = put(s, 1, plain())  # Focus 5: RV 5, EV 6
    s = p_attack("4.6", "aug:4.6", target=enemy.uid, s=s)
    assert dmg(s, enemy.uid) == 1 and dmg(s, "P1") == 1


@covers("4.7")
def test_flux_trades_markers_on_the_actor_for_ev():
    s = p_attack("4.7", "aug:4.7", flux="3")
    assert dmg(s, "P1") == 7 and dmg(s, "P0") == 3


@covers("4.8")
def test_siphon_removes_a_marker_from_the_actor_when_it_deals_damage():
    s = setup("4.8")
    s.units["P0"].damage = 2
    assert dmg(p_attack("4.8", "aug:4.8", s=s), "P0") == 1


@covers("4.9")
def test_animate_takes_the_chosen_animation_from_the_discard_pile():
    def run(choice):
        s = setup("4.9", focus=2)  # the block also holds Feeble
        s.discard = ["M13-5", "M13-0", "M01-6"]
        return p_attack("4.9", "aug:4.9", s=s, animate=choice)
    s = run("M13-0")  # the player's pick, not the highest Power
    assert "M13-0" in s.players[0].hand and "M13-5" in s.discard
    s = run("no")  # "may": declined
    assert {"M13-5", "M13-0"} <= set(s.discard) and not s.players[0].hand


@covers("5.8")
def test_leverage_adds_one_per_item_you_control():
    def run(*augs):
        s = setup("5.8")
        a = put(s, 0, plain())
        equip(s, a.uid, "M01-6")
        return p_attack("5.8", *augs, s=s)
    assert dmg(run("aug:5.8"), "P1") == dmg(run(), "P1") + 1


@covers("5.9")
def test_manifest_keeps_a_revealed_item():
    s = setup("5.9")
    s.main_deck.insert(0, "M01-7")
    s = p_attack("5.9", "aug:5.9", s=s)
    assert "M01-7" in s.players[0].hand


@covers("6.2")
def test_deadeye_destroys_the_chosen_item_instead_of_damage():
    s = setup("6.2")
    equip(s, "P1", "M01-8")
    s = p_attack("6.2", "aug:6.2:M01-8", s=s, react="none")
    assert dmg(s, "P1") == 0 and s.units["P1"].items == [] and "M01-8" in s.discard


@covers("6.6")
def test_sticky_suppresses_a_damaged_target():
    assert p_attack("6.6", "aug:6.6").units["P1"].suppressed
    assert not p_attack("6.6").units["P1"].suppressed


@covers("6.8")
def test_exploit_adds_one_per_status_tag_on_the_target():
    def run(*augs):
        s = setup("6.8")
        s.units["P1"].tags = ["Slow", "Bind"]
        return p_attack("6.8", *augs, s=s)
    assert dmg(run("aug:6.8"), "P1") == dmg(run(), "P1") + 2


@covers("7.2")
def test_font_adds_one_after_gaining_karma_this_turn():
    def run(*augs):
        s = setup("7.2")
        s.players[0].karma_turn = s.turn
        return p_attack("7.2", *augs, s=s)
    assert dmg(run("aug:7.2"), "P1") == dmg(run(), "P1") + 1


@covers("7.6")
def test_area_hits_each_enemy_animation_and_en_buys_damage_off():
    s = setup("7.6")
    a, b = put(s, 1, plain()), put(s, 1, plain(1))
    s.players[1].en = 1
    s = p_attack("7.6", "aug:7.6", target=a.uid, s=s, area=["pay", "no"])
    assert sorted([dmg(s, a.uid), dmg(s, b.uid)]) == [0, 1] and s.players[1].en == 0
    assert s.players[0].karma == 1 and "M10-4" in s.players[0].hand


@covers("7.7")
def test_ranged_removes_focus_from_both_sides():
    s = setup("7.7", focus=3)
    assert dmg(p_attack("7.7", "aug:7.7", s=s), "P1") == 4
    s = setup("7.7", focus=3)
    assert dmg(p_attack("7.7", s=s), "P1") == 6


@covers("7.8")
def test_multiply_rolls_against_two_targets_with_one_ev():
    s = setup("7.8", fuel=C5)
    a, b = put(s, 1, "M13-0"), put(s, 1, "M13-1")  # P1/F1 and P2/F2
    s = p_attack("7.8", f"aug:7.8:{b.uid}", target=a.uid, s=s)
    assert a.uid not in s.units and b.uid not in s.units
    assert s.players[0].karma == 3  # damage once, plus two destroyed Animations


@covers("8.2")
def test_leader_gives_your_animations_one_power_until_your_next_turn():
    s = setup("8.2")
    a = put(s, 0, "M13-1")  # P2
    s = p_attack("8.2", "aug:8.2", s=s)
    assert s.units[a.uid].leader == 1 and K.max_hp(s, s.units[a.uid]) == 3
    s = play(s, EndTurn(seat=0))
    s.active = 0
    start_turn(s, [])
    assert K.max_hp(s, s.units[a.uid]) == 2  # it ends at your next turn


@covers("8.6")
def test_splash_carries_status_tags_to_another_enemy_animation():
    s = setup("8.6", focus=2)
    codex(s, 0, "X8-3", "X0-3")  # Silence/Splash, Mark/Indirect
    a, b = put(s, 1, "M13-1"), put(s, 1, plain())
    s = p_attack("8.6", "aug:8.6", "aug:0.5", target=a.uid, s=s, splash=b.uid)
    assert "Mark" in s.units[b.uid].tags and dmg(s, b.uid) == 0


@covers("8.7")
def test_lingering_locks_status_tags_against_purge():
    s = setup("8.7", focus=2)
    codex(s, 0, "X8-4", "X0-3")  # Lingering/Leader, Mark/Indirect
    s = p_attack("8.7", "aug:8.7", "aug:0.5", s=s)
    assert "Mark" in s.units["P1"].tags
    s.active = 1
    GAME.publish(s)
    s = play(s, Act(seat=1, actor="P1", what="purge"))
    assert "Mark" in s.units["P1"].tags


@covers("8.8")
def test_spread_deals_one_to_another_enemy_animation():
    s = setup("8.8", fuel=C5)
    a, b = put(s, 1, "M13-1"), put(s, 1, plain())
    s = p_attack("8.8", "aug:8.8", target=a.uid, s=s, spread=b.uid)
    assert dmg(s, b.uid) == 1


@covers("8.9")
def test_potent_applies_effects_on_a_miss():
    s = setup("8.9", focus=2, fuel="M10-0")
    hand(s, 0, "M13-0")  # Awkward in the same block wants one more card
    codex(s, 0, "X8-5", "X0-3")  # Potent/Awkward, Mark/Indirect
    s.players[1].base_focus = 5
    s = p_attack("8.9", "aug:8.9", "aug:0.5", s=s, potent="yes")
    assert dmg(s, "P1") == 0 and "Mark" in s.units["P1"].tags


@covers("9.6")
def test_chain_marks_another_enemy_after_a_kill():
    s = setup("9.6", fuel=C5)
    a, b = put(s, 1, "M13-0"), put(s, 1, plain())
    s = p_attack("9.6", "aug:9.6", target=a.uid, s=s, chain=b.uid)
    assert a.uid not in s.units and dmg(s, b.uid) == 1


@covers("9.8")
def test_ambience_uses_the_highest_power_in_the_discard_pile():
    s = setup("9.8")
    s.discard = ["M13-5"]
    s = p_attack("9.8", "aug:9.8", s=s, fuel="ambience")
    assert dmg(s, "P1") == 5 and "M10-4" in s.players[0].hand


@covers("4.2")
def test_stoic_skips_the_card_for_focus_plus_focus():
    s = setup("4.2", focus=3)
    s = p_attack("4.2", "aug:4.2", s=s, fuel="stoic")
    assert dmg(s, "P1") == 5 and s.players[0].hand == ["M10-4"]


@covers("5.7")
def test_material_destroys_your_item_and_stops_the_defence_discard():
    s = setup("5.7")
    equip(s, "P0", "M01-6")
    hand(s, 1, "M13-5")
    s = p_attack("5.7", "aug:5.7:M01-6", s=s)
    assert "M01-6" in s.discard and "M13-5" in s.players[1].hand and dmg(s, "P1") == 4  # no Item bonus left


@covers("9.9")
def test_channel_resolves_with_the_source_and_spends_only_the_channeler():
    s = setup("9.9")
    src = put(s, 0, plain())  # Focus 5
    s = p_attack("9.9", f"aug:9.9:{src.uid}", s=s)
    assert dmg(s, "P1") == 8 and s.players[0].tokens == 1 and not s.units[src.uid].spent


@covers("5.6")
def test_imbue_adds_a_codex_keyword_outside_the_limit():
    s = setup("5.6")
    codex(s, 0, "X5-3", "X0-1")  # Bind/Imbue, Aura/Specialist
    s = p_attack("5.6", "aug:5.6:0.1", s=s)
    assert dmg(s, "P1") == 5


@covers("5.2")
def test_improvisor_adds_a_keyword_from_an_item_you_control():
    s = setup("5.2")
    codex(s, 0, "X5-1")  # Sensor/Improvisor
    ally = put(s, 0, plain())
    equip(s, ally.uid, "M01-8")  # Aura, Specialist, Alert
    s = p_attack("5.2", "aug:5.2:0.1", s=s)
    assert dmg(s, "P1") == 5


@covers("6.0")
def test_vulnerable_target_takes_one_more_from_a_critical_strike():
    s = setup("1.8")
    hand(s, 0, "M13-4")
    codex(s, 1, "X6-5")  # Growth/Vulnerable
    s = attack(s, "P0", "P1", what="cs")
    assert dmg(s, "P1") == 8
