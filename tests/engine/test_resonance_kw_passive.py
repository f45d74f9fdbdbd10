"""Passive, defensive, Flaw, deploy, equip and Support keywords."""

from engine.resonance.actions import Act, Deploy, EndTurn, Equip

from .resonance_helpers import (
    GAME,
    K,
    answer,
    attack,
    block_of,
    codex,
    covers,
    dmg,
    drive,
    equip,
    find,
    hand,
    plain,
    play,
    put,
    support,
    table,
)

C4 = "M10-4"


def defend_with(code: str, s=None, **answers):
    """Seat 0's Player attacks seat 1's Player, who has the keyword from a Codex block."""
    s = s or table()
    codex(s, 1, block_of(code))
    hand(s, 0, C4)
    return attack(s, "P0", "P1", **answers)


@covers("0.0")
def test_restricted_makes_deploy_and_equip_cost_one_more():
    s = table()
    codex(s, 0, "X0-5")
    hand(s, 0, "M10-2", "M01-6")
    s = play(s, Deploy(seat=0, card="M10-2"))
    assert s.players[0].en == 6
    s.players[0].tokens = 0
    s = play(s, Equip(seat=0, item="M01-6", target="P0"))
    assert s.players[0].en == 4


@covers("1.0")
def test_bane_lowers_rv_per_keyword_of_the_chosen_colour():
    s = table()
    codex(s, 0, "X0-1")
    s.units["P1"].bane = 0
    s = defend_with("1.0", s, augment=["aug:0.1"])
    assert dmg(s, "P1") == 6  # Focus 1 + 4 + Aura 1 against RV 1 - Bane 1


def test_bane_colour_is_chosen_when_the_block_is_acquired():
    s = table()
    s.players[0].codex_deck = ["X1-5"]
    s.players[0].karma = 3
    from engine.resonance.actions import Karma

    s = play(s, Karma(seat=0, spend="acquire"))
    assert s.ask.kind == "bane"
    s = answer(s, "bane", "P0:4")
    assert s.units["P0"].bane == 4


@covers("1.2")
def test_martial_strikes_back_at_the_actor():
    s = defend_with("1.2")
    assert dmg(s, "P0") == 1 and dmg(s, "P1") == 4


@covers("1.6")
def test_reactive_adds_a_discard_when_targeted():
    s = table()
    hand(s, 1, "M13-2", "M13-1")
    s = defend_with("1.6", s, reactive="card:M13-2", react="card:M13-1")
    assert dmg(s, "P1") == 0  # EV 5 against Focus 1 + 3 + 2


@covers("2.0")
def test_anxious_forbids_critical_strikes():
    s = table()
    codex(s, 0, "X2-5")
    hand(s, 0, "M10-4", "M13-4")
    assert not any(a.type == "act" and a.what == "cs" for a in GAME.legal_actions(s, 0))


@covers("2.4")
def test_innate_haste_deploys_readied():
    s = table()
    card = find("animation", "2.4", power=3)
    hand(s, 0, card)
    s = play(s, Deploy(seat=0, card=card))
    assert not s.units[card].spent and "Haste" not in s.units[card].tags


@covers("3.0")
def test_hesitant_defender_cannot_discard_for_rv():
    s = table()
    hand(s, 1, "M13-2")
    codex(s, 1, "X3-5")
    hand(s, 0, C4)
    s = play(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    assert s.ask is None and dmg(s, "P1") == 4 and s.players[1].hand == ["M13-2"]


@covers("3.1")
def test_sturdy_ignores_focus_reductions():
    s = table()
    codex(s, 0, "X3-1", "X4-5")  # Sturdy; Feeble
    s.players[0].base_focus = 2
    s.units["P0"].tags = ["Impair"]
    assert K.focus(s, s.units["P0"]) == 2
    codex(s, 0, "X4-5")
    assert K.focus(s, s.units["P0"]) == 0


@covers("3.3")
def test_stubborn_may_draw_when_an_own_animation_is_destroyed():
    for choice, cards in (("yes", 1), ("no", 0)):
        s = table()
        codex(s, 1, block_of("3.3"))
        a = put(s, 1, "M13-0")  # P1
        hand(s, 0, C4)
        s = drive(play(s, Act(seat=0, actor="P0", what="attack", target=a.uid)), default=False)
        assert s.ask.kind == "stubborn" and s.ask.seat == 1 and a.uid not in s.units  # asked of the destroyed Animation's controller
        s = answer(s, "stubborn", choice)
        assert len(s.players[1].hand) == cards


@covers("3.7")
def test_defensive_allows_one_more_discard():
    s = table()
    hand(s, 1, "M13-2", "M13-1")
    s = defend_with("3.7", s, react="card:M13-2", extra="card:M13-1")
    assert dmg(s, "P1") == 0 and s.players[1].hand == []


def shift_support(*answers: str):
    """Seat 0's Player, with Shift in its Codex and an Item, supports a plain Animation."""
    s = table()
    codex(s, 0, "X3-5")
    a = put(s, 0, plain())
    equip(s, "P0", "M01-6")
    return support(s, "P0", a.uid, augment=["aug:3.9"], shift=[f"M01-6>{a.uid}", *answers]), a.uid


@covers("3.9")
def test_shift_moves_items_on_support():
    s, a = shift_support("done")
    assert s.units[a].items == ["M01-6"] and s.units["P0"].items == []


def test_shift_moves_each_item_once_so_a_support_always_ends():
    # Asked to shuttle the Item back, the Support has nothing left to shift and ends.
    s, a = shift_support("M01-6>P0")
    assert s.units[a].items == ["M01-6"] and s.ask is None


@covers("4.0")
def test_feeble_lowers_focus():
    s = table()
    a = put(s, 0, "M13-0")  # Feeble, Survivor, F1
    assert K.focus(s, a) == 0


@covers("4.1")
def test_survivor_discards_to_survive_lethal_damage_and_is_suppressed():
    s = table()
    s.units["P1"].damage = 7
    hand(s, 1, "M13-2")
    s = defend_with("4.1", s, react="none", survivor="card:M13-2")
    assert not s.finished and s.units["P1"].suppressed and dmg(s, "P1") == 7
    assert s.units["P1"].survivor_used


@covers("4.3")
def test_ageless_ignores_blight():
    s = table()
    codex(s, 0, "X4-2")
    s.units["P0"].tags = ["Blight"]
    s = play(s, Act(seat=0, actor="P0", what="charge"))
    assert dmg(s, "P0") == 0


@covers("5.0")
def test_gremlins_loses_an_item_when_damaged_without_a_discard():
    s = table()
    equip(s, "P1", "M01-6")
    s = defend_with("5.0", s)
    assert s.units["P1"].items == [] and "M01-6" in s.discard


@covers("5.1")
def test_sensor_peeks_at_the_top_card_on_deploy():
    s = table()
    codex(s, 0, "X5-1")
    hand(s, 0, "M10-2")
    top = s.main_deck[0]
    s = play(s, Deploy(seat=0, card="M10-2"))
    assert s.ask.kind == "sensor"
    s = answer(s, "sensor", "bottom")
    assert s.main_deck[-1] == top


@covers("5.3")
def test_crafty_lowers_equip_cost_to_at_least_one():
    s = table()
    codex(s, 0, "X5-2")
    hand(s, 0, "M01-8", "M01-6")
    s = play(s, Equip(seat=0, item="M01-8", target="P0"))
    assert s.players[0].en == 8


@covers("6.1")
def test_tolerant_switches_off_status_tags_up_to_its_focus():
    s = table()
    codex(s, 0, "X6-1")
    s.units["P0"].tags = ["Weaken"]
    hand(s, 0, C4)
    assert not K.tag_active(s, s.units["P0"], "Weaken")
    s.units["P0"].tags = ["Weaken", "Mark"]
    assert K.tag_active(s, s.units["P0"], "Weaken")


@covers("6.3")
def test_immunized_units_ignore_the_chosen_status_tag():
    from engine.resonance.effects import apply_tag

    s = table()
    codex(s, 1, "X6-2")
    s.players[1].immunized = ["Slow"]
    assert not apply_tag(s, s.units["P1"], "Slow", [])
    assert apply_tag(s, s.units["P1"], "Bind", [])


@covers("6.7")
def test_restore_removes_one_more_marker_on_support():
    s = table()
    codex(s, 0, "X6-4")
    s.units["P0"].damage = 3
    s = support(s, "P0", "P0", augment=["aug:6.7"])
    assert dmg(s, "P0") == 1


@covers("6.9")
def test_growth_gives_other_animations_one_focus_while_spent():
    s = table()
    grower = put(s, 0, find("animation", "6.9"), spent=True)
    other = put(s, 0, plain())
    assert K.focus(s, other) == 6
    s.units[grower.uid].spent = False
    assert K.focus(s, s.units[other.uid]) == 5


@covers("7.0")
def test_limited_lowers_max_hp():
    s = table()
    codex(s, 0, "X7-5")
    assert K.max_hp(s, s.units["P0"]) == 9


@covers("7.1")
def test_resilient_raises_the_players_max_hp():
    s = table()
    codex(s, 0, "X7-1")
    assert K.max_hp(s, s.units["P0"]) == 11


@covers("7.3")
def test_insulated_target_blocks_augmented_keywords():
    s = table()
    codex(s, 0, "X0-1")
    codex(s, 1, "X7-2")
    hand(s, 0, C4)
    s = play(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    assert s.ask is None and dmg(s, "P1") == 4


@covers("7.9")
def test_split_turns_an_animation_into_echo_tokens():
    s = table()
    codex(s, 0, "X7-5")
    s.players[0].base_focus = 2  # the block's Limited does not touch Focus
    a = put(s, 0, "M13-2")  # Power 3
    s = support(s, "P0", "P0", augment=[f"aug:7.9:{a.uid}"])
    echoes = [u for u in s.units.values() if u.kind == "echo"]
    assert a.uid not in s.units and len(echoes) == 3 and not any(e.spent for e in echoes)


@covers("8.0")
def test_awkward_discards_one_more_card():
    s = table()
    codex(s, 0, "X8-5")
    hand(s, 0, C4, "M13-0")
    s = attack(s, "P0", "P1")
    assert s.players[0].hand == [] and dmg(s, "P1") == 4
    s = table()
    codex(s, 0, "X8-5")
    hand(s, 0, C4)
    assert not any(a.type == "act" and a.what == "attack" for a in GAME.legal_actions(s, 0))


@covers("8.1")
def test_charismatic_makes_an_opponent_discard_on_deploy():
    s = table()
    codex(s, 0, "X8-1")
    hand(s, 0, "M10-2")
    hand(s, 1, "M13-2")
    s = play(s, Deploy(seat=0, card="M10-2"))
    s = drive(s, {"charismatic": "1", "charismatic_discard": "card:M13-2"})
    assert s.players[1].hand == []


@covers("8.3")
def test_insightful_draws_on_support():
    s = table()
    codex(s, 0, "X8-2")
    s = support(s, "P0", "P0", augment=["aug:8.3"], insightful="yes")
    assert len(s.players[0].hand) == 1
    s = table()
    codex(s, 0, "X8-2")
    s = support(s, "P0", "P0", augment=["aug:8.3"], insightful="no")
    assert len(s.players[0].hand) == 0


@covers("9.0")
def test_mundane_blocks_the_augment_tag():
    s = table()
    codex(s, 0, "X0-1")
    a = put(s, 0, find("animation", "9.0"), tags=["Augment"])
    hand(s, 0, C4)
    s = play(s, Act(seat=0, actor=a.uid, what="attack", target="P1"))
    assert s.ask is None and dmg(s, "P1") == 4  # no Aura from the tag: Focus 1 + 4 - 1
    assert s.units[a.uid].tags == ["Augment"]


@covers("9.1")
def test_aware_pays_one_en_to_draw_when_an_opponent_plays_an_item():
    s = table()
    codex(s, 1, "X9-1")
    hand(s, 0, "M01-6")
    s = play(s, Equip(seat=0, item="M01-6", target="P0"))
    assert s.ask.kind == "aware" and s.ask.seat == 1
    s = answer(s, "aware", "yes")
    assert s.players[1].en == 9 and len(s.players[1].hand) == 1


@covers("9.2")
def test_stealthy_costs_one_en_to_target():
    s = table()
    codex(s, 1, "X9-1")
    hand(s, 0, C4)
    s = attack(s, "P0", "P1")
    assert s.players[0].en == 9
    s = table()
    codex(s, 1, "X9-1")
    hand(s, 0, C4)
    s.players[0].en = 0
    assert not any(a.type == "act" and a.what == "attack" for a in GAME.legal_actions(s, 0))


@covers("9.3")
def test_trickster_makes_the_attacker_discard_or_cancels():
    s = table()
    hand(s, 1, "M13-2")
    s = defend_with("9.3", s, trickster="card:M13-2")
    assert dmg(s, "P1") == 0 and s.players[0].tokens == 1 and s.players[0].karma == 0  # no card left: cancelled
    s = table()
    hand(s, 1, "M13-2")
    hand(s, 0, "M13-0")
    s = defend_with("9.3", s, trickster="card:M13-2", trickster_reply="card:M13-0")
    assert dmg(s, "P1") == 4 and s.players[0].hand == []


@covers("9.7")
def test_natural_allows_one_more_player_item():
    s = table()
    codex(s, 0, "X9-4")
    assert K.item_limit(s, s.units["P0"]) == 2


def test_end_turn_passes_play():
    s = table()
    s = play(s, EndTurn(seat=0))
    assert s.active == 1
