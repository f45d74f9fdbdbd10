"""Gods & Clans Inventory items: single use, heals capped, buffs per activation or turn, damage, Poison."""


from engine.clans import rules as r
from engine.clans.actions import Attack, EndTurn, Move, UseItem
from engine.core import get_game

from .test_clans_rules import bare, far_gods, put, refused, rich

GAME = get_game("clans")



def as_seat1(s):
    s.active = 1
    s.pending[0].seat = 1
    return s



def test_heal_is_capped_and_the_item_is_used_once():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    a = put(s, 0, "templar_knight", "D4")  # 9 HP
    s.units[a].hp = 7
    GAME.advance(s, UseItem(seat=0, card="healing_draught", target=a))
    assert s.units[a].hp == 9
    p = s.players[0]
    assert p.sp == 9 and "healing_draught" not in p.unused
    assert not any(x.type == "item" and x.card == "healing_draught" for x in GAME.legal_actions(s, 0))
    assert refused(s, UseItem(seat=0, card="healing_draught", target=a)).rule == "inventory-items"


def test_holy_water_cures_statuses_and_costs_exp():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    a = put(s, 0, "templar_knight", "D4")
    s.units[a].hp, s.units[a].statuses = 5, ["poison"]
    GAME.advance(s, UseItem(seat=0, card="holy_water", target=a))
    assert s.units[a].hp == 7 and s.units[a].statuses == [] and s.players[0].exp == 4


def test_speed_buff_lasts_for_the_activation_only():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    a = put(s, 0, "bastion_guard", "D2")  # SPD 1
    b = put(s, 0, "cross_squire", "F2")
    GAME.advance(s, UseItem(seat=0, card="swift_prayer", target=a))
    assert r.stat(s, a, "spd") == 3
    GAME.check(s, Move(seat=0, unit=a, to="D5"))
    GAME.advance(s, Move(seat=0, unit=a, to="D4"))
    GAME.advance(s, Move(seat=0, unit=b, to="F3"))  # choosing another ally ends the activation
    assert r.stat(s, a, "spd") == 1


def test_buff_needs_an_ally_yet_to_finish_its_activation():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    a = put(s, 0, "cross_squire", "D4")
    b = put(s, 0, "cross_squire", "F4")
    GAME.advance(s, Move(seat=0, unit=a, to="D5"))
    GAME.advance(s, Move(seat=0, unit=b, to="F5"))
    assert refused(s, UseItem(seat=0, card="zeal_tonic", target=a)).rule == "using-items"
    assert UseItem(seat=0, card="zeal_tonic", target=b) in GAME.legal_actions(s, 0)


def test_until_end_of_turn_buff_counts_in_the_attack_and_then_expires():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    a = put(s, 0, "cross_squire", "D4")  # ATK 2
    foe = put(s, 1, "gargoyle_sentinel", "D5")
    hp = s.units[foe].hp
    GAME.advance(s, UseItem(seat=0, card="zeal_tonic", target=a))
    GAME.advance(s, Attack(seat=0, unit=a, target=foe))
    assert hp - s.units[foe].hp == 4 - GAME._armor(s, foe)
    GAME.advance(s, EndTurn(seat=0))
    assert r.stat(s, a, "atk") == 2


def test_smite_scroll_reaches_foes_near_any_ally_and_ignores_armor():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    put(s, 0, "cross_squire", "D4")
    near = put(s, 1, "gargoyle_sentinel", "D6")
    far = put(s, 1, "blood_thrall", "H9")
    hp = s.units[near].hp
    assert refused(s, UseItem(seat=0, card="smite_scroll", target=far)).rule == "using-items"
    GAME.advance(s, UseItem(seat=0, card="smite_scroll", target=near))
    assert s.units[near].hp == hp - 3


def test_smite_scroll_kill_gives_exp():
    s = rich(bare(["GGGGGGGGG"] * 12), exp=1)
    far_gods(s)
    put(s, 0, "cross_squire", "D4")
    foe = put(s, 1, "blood_thrall", "D5")
    s.units[foe].hp = 2
    GAME.advance(s, UseItem(seat=0, card="smite_scroll", target=foe))
    assert foe not in s.units and s.players[0].exp_gained == 1


def test_venom_flask_poisons_a_foe_but_never_a_god():
    s = as_seat1(rich(bare(["GGGGGGGGG"] * 12)))
    far_gods(s)
    put(s, 1, "blood_thrall", "D7")
    foe = put(s, 0, "templar_knight", "D5")
    god = next(i for i, u in s.units.items() if u.owner == 0 and r.cdef(s, i).god)
    s.units[god].pos = (4, 5)
    assert UseItem(seat=1, card="venom_flask", target=god) not in GAME.legal_actions(s, 1)
    assert refused(s, UseItem(seat=1, card="venom_flask", target=god)).rule == "using-items"
    GAME.advance(s, UseItem(seat=1, card="venom_flask", target=foe))
    assert s.units[foe].statuses == ["poison"]


def test_item_moves_are_secret_with_short_labels():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    put(s, 0, "cross_squire", "D4")
    acts = [x for x in GAME.legal_actions(s, 0) if x.type == "item"]
    assert acts and all(x.secret for x in acts)
    assert "Use Healing Draught on Cross Squire (D4)" in {x.label() for x in acts}
    assert all(len(x.label()) <= 80 for x in acts)
