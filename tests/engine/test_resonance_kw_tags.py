"""The 20 tag keywords (#.4 Boost on the actor, #.5 Status on the target) and what each tag does."""

import pytest

from engine.resonance.actions import Act, EndTurn, UseTag

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
    hand,
    plain,
    play,
    put,
    support,
    table,
)

BOOSTS = sorted(K.BOOST_TAG)
STATUSES = sorted(K.STATUS_TAG)


def hit_with(code: str):
    s = table()
    codex(s, 0, block_of(code))
    hand(s, 0, "M10-4")
    return attack(s, "P0", "P1", augment=[f"aug:{code}"])


@covers(*BOOSTS)
@pytest.mark.parametrize("code", BOOSTS)
def test_boost_tag_keywords_tag_the_attacker_on_a_hit(code):
    s = hit_with(code)
    assert K.BOOST_TAG[code] in s.units["P0"].tags and not s.units["P1"].tags


@covers(*STATUSES)
@pytest.mark.parametrize("code", STATUSES)
def test_status_tag_keywords_tag_the_target_on_a_hit(code):
    s = hit_with(code)
    assert K.STATUS_TAG[code] in s.units["P1"].tags and not s.units["P0"].tags


def test_tags_need_a_hit():
    s = table()
    codex(s, 0, block_of("0.5"))
    hand(s, 0, "M10-0")
    s.players[1].base_focus = 4
    s = attack(s, "P0", "P1", augment=["aug:0.5"])
    assert s.units["P1"].tags == []


def test_support_puts_a_boost_tag_on_the_supported_unit():
    s = table()
    codex(s, 0, block_of("3.4"))
    ally = put(s, 0, plain())
    s = support(s, "P0", ally.uid, augment=["aug:3.4"])
    assert s.units[ally.uid].tags == ["Ward"]


def plain_attack(s, actor="P0", target="P1", **answers):
    hand(s, s.units[actor].owner, "M10-4")
    return attack(s, actor, target, **answers)


@covers("Tag:Liberate")
def test_liberate_tag_unsuppresses():
    s = table()
    s.units["P0"].suppressed = True
    s.units["P0"].tags = ["Liberate"]
    GAME.publish(s)
    s = play(s, UseTag(seat=0, unit="P0", tag="Liberate"))
    assert not s.units["P0"].suppressed and s.units["P0"].tags == []


@covers("Tag:Mark")
def test_mark_tag_adds_one_ev_against_the_unit():
    s = table()
    s.units["P1"].tags = ["Mark"]
    assert dmg(plain_attack(s), "P1") == 5


@covers("Tag:Augment")
def test_augment_tag_lends_a_codex_keyword_to_an_animation_once():
    s = table()
    codex(s, 0, "X0-1")
    a = put(s, 0, "M13-1", tags=["Augment"])  # P2/F2 Stoic
    s = plain_attack(s, actor=a.uid, augment=["tag:0.1"], fuel="card:M10-4")
    assert dmg(s, "P1") == 6 and s.units[a.uid].tags == []  # Focus 2 + 4 + Aura 1 - 1


@covers("Tag:Impair")
def test_impair_tag_lowers_focus():
    s = table()
    s.players[0].base_focus = 3
    s.units["P0"].tags = ["Impair"]
    assert K.focus(s, s.units["P0"]) == 2


@covers("Tag:Haste")
def test_haste_tag_readies_a_spent_unit():
    s = table()
    a = put(s, 0, plain(), spent=True, tags=["Haste"])
    s = play(s, UseTag(seat=0, unit=a.uid, tag="Haste"))
    assert not s.units[a.uid].spent and s.units[a.uid].tags == []


@covers("Tag:Slow")
def test_slow_tag_keeps_a_unit_spent_unless_en_is_paid():
    s = table()
    a = put(s, 1, plain(), spent=True, tags=["Slow"])
    s.players[1].en = 0
    s.players[1].base_focus = 0
    s = play(s, EndTurn(seat=0))
    assert s.units[a.uid].spent and "Slow" in s.units[a.uid].tags
    s = table()
    a = put(s, 1, plain(), spent=True, tags=["Slow"])
    s = answer(play(s, EndTurn(seat=0)), "slow", f"pay:{a.uid}")
    assert not s.units[a.uid].spent and s.units[a.uid].tags == [] and s.players[1].en == 9


@covers("Tag:Ward")
def test_ward_tag_prevents_the_first_damage():
    s = table()
    s.units["P1"].tags = ["Ward"]
    s = plain_attack(s)
    assert dmg(s, "P1") == 0 and s.units["P1"].tags == []


@covers("Tag:Daze")
def test_daze_tag_makes_discarded_power_count_zero():
    s = table()
    s.units["P0"].tags = ["Daze"]
    s.players[0].base_focus = 3
    assert dmg(plain_attack(s), "P1") == 2


@covers("Tag:Bless")
def test_bless_tag_prevents_one_damage():
    s = table()
    s.units["P1"].tags = ["Bless"]
    assert dmg(plain_attack(s, bless="yes"), "P1") == 3


@covers("Tag:Curse")
def test_curse_tag_stops_marker_removal():
    s = table()
    s.units["P0"].damage = 3
    s.units["P0"].tags = ["Curse"]
    s = play(s, Act(seat=0, actor="P0", what="purge"))
    assert dmg(s, "P0") == 3  # Purge then drops the Curse Tag itself


@covers("Tag:Charge")
def test_charge_tag_gives_an_animation_one_more_en():
    s = table()
    s.players[0].en = 5
    a = put(s, 0, plain(), tags=["Charge"])
    s = play(s, Act(seat=0, actor=a.uid, what="charge"))
    assert s.players[0].en == 7 and s.units[a.uid].tags == []
    s.units["P0"].tags = ["Charge"]
    s = play(s, Act(seat=0, actor="P0", what="charge"))
    assert s.players[0].en == 8 and s.units["P0"].tags == ["Charge"]  # nothing on a Player


@covers("Tag:Bind")
def test_bind_tag_forbids_attacks():
    s = table()
    s.units["P0"].tags = ["Bind"]
    hand(s, 0, "M10-4")
    assert not any(a.type == "act" and a.what == "attack" for a in GAME.legal_actions(s, 0))


@covers("Tag:Cure")
def test_cure_tag_removes_a_status_tag_or_waits_to_block_one():
    from engine.resonance.effects import apply_tag

    s = table()
    u = s.units["P0"]
    u.tags = ["Slow"]
    apply_tag(s, u, "Cure", [])
    assert u.tags == []
    apply_tag(s, u, "Cure", [])
    apply_tag(s, u, "Bind", [])
    assert u.tags == []


@covers("Tag:Weaken")
def test_weaken_tag_lowers_the_units_ev():
    s = table()
    s.units["P0"].tags = ["Weaken"]
    assert dmg(plain_attack(s), "P1") == 3


@covers("Tag:Regen")
def test_regen_tag_heals_one_in_the_ready_phase():
    s = table()
    s.units["P1"].damage = 2
    s.units["P1"].tags = ["Regen"]
    s = play(s, EndTurn(seat=0))
    assert dmg(s, "P1") == 1


@covers("Tag:Blight")
def test_blight_tag_damages_after_each_action():
    s = table()
    s.units["P0"].tags = ["Blight"]
    s = play(s, Act(seat=0, actor="P0", what="charge"))
    assert dmg(s, "P0") == 1


@covers("Tag:Enhance")
def test_enhance_tag_adds_an_extra_card_to_the_ev():
    s = table()
    s.units["P0"].tags = ["Enhance"]
    hand(s, 0, "M10-4", "M10-0", "M10-1")
    s = play(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    s = drive(s, {"fuel": "card:M10-4", "enhance": "card:M10-1"})
    assert dmg(s, "P1") == 6


@covers("Tag:Silence")
def test_silence_tag_turns_off_printed_keywords():
    s = table()
    a = put(s, 0, "M01-0")  # Restricted, Aura
    assert K.has(s, a, "0.1")
    a.tags = ["Silence"]
    assert not K.has(s, a, "0.1")


@covers("Tag:Obscure")
def test_obscure_tag_makes_the_attacker_discard_two_and_use_the_lower():
    s = table()
    s.units["P1"].tags = ["Obscure"]
    hand(s, 0, "M10-4", "M10-1")
    s = attack(s, "P0", "P1")
    assert dmg(s, "P1") == 2 and s.players[0].hand == []  # Focus 1 + lower card 2 - RV 1


@covers("Tag:Nullify")
def test_nullify_tag_strips_a_boost_tag():
    from engine.resonance.effects import apply_tag

    s = table()
    u = s.units["P0"]
    u.tags = ["Ward"]
    apply_tag(s, u, "Nullify", [])
    assert u.tags == []
    apply_tag(s, u, "Nullify", [])
    apply_tag(s, u, "Ward", [])
    assert u.tags == []


def test_one_tag_of_each_name():
    from engine.resonance.effects import apply_tag

    s = table()
    u = s.units["P0"]
    apply_tag(s, u, "Mark", [])
    apply_tag(s, u, "Mark", [])
    assert u.tags == ["Mark"]


def test_answer_helper_rejects_a_wrong_prompt():
    s = table()
    with pytest.raises(AssertionError):
        answer(s, "react", "none")


def test_tag_classes_match_the_keyword_catalogue():
    from engine.resonance.cards import catalog

    for tag in catalog().tags.values():
        table_ = K.BOOST_TAG if tag.kind == "Boost" else K.STATUS_TAG
        assert table_[tag.keyword] + " Tag" == tag.name
    assert len(K.BOOST_TAGS) == len(K.STATUS_TAGS) == 10
