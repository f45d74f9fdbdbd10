"""Gods & Clans Equipment: equip one per ally, heal on equip, enemy-only cards, assimilation (FAQ)."""


from engine.clans import rules as r
from engine.clans.actions import Assimilate, EndTurn, Equip, Move
from engine.core import get_game

from .test_clans_rules import bare, far_gods, put, refused, rich

GAME = get_game("clans")




def test_equip_pays_sp_and_exp_and_boosts_the_bearer():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    a = put(s, 0, "cross_squire", "D4")
    eq = Equip(seat=0, card="blessed_longsword", unit=a)
    assert eq in GAME.legal_actions(s, 0)
    GAME.advance(s, eq)
    assert s.units[a].equipment == "blessed_longsword"
    assert r.stat(s, a, "atk") == 3
    p = s.players[0]
    assert (p.sp, p.exp) == (8, 4) and "blessed_longsword" in p.used and "blessed_longsword" not in p.unused


def test_equip_heals_once_but_never_above_max_hp():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    a = put(s, 0, "templar_knight", "D4")  # 9 HP
    s.units[a].hp = 7
    GAME.advance(s, Equip(seat=0, card="tower_shield", unit=a))  # heals 4
    assert s.units[a].hp == 9
    b = put(s, 0, "paladin_captain", "F4")  # 11 HP
    s.units[b].hp = 5
    GAME.advance(s, Equip(seat=0, card="reliquary_mail", unit=b))  # heals 3
    assert s.units[b].hp == 8


def test_one_piece_of_equipment_per_ally():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    a = put(s, 0, "cross_squire", "D4")
    GAME.advance(s, Equip(seat=0, card="blessed_longsword", unit=a))
    assert not any(isinstance(x, Equip) and x.unit == a for x in GAME.legal_actions(s, 0))
    assert refused(s, Equip(seat=0, card="pilgrim_boots", unit=a)).rule == "equipment"


def test_tower_shield_reduces_hits_on_its_bearer():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    a = put(s, 0, "cross_squire", "D4")
    GAME.advance(s, Equip(seat=0, card="tower_shield", unit=a))
    assert GAME._armor(s, a) == 1


def test_enemy_equipment_goes_only_on_an_enemy():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    s.active = 1
    s.pending[0].seat = 1
    mine = put(s, 1, "blood_thrall", "D8")
    foe = put(s, 0, "templar_knight", "D4")
    legal = GAME.legal_actions(s, 1)
    assert Equip(seat=1, card="cursed_brooch", unit=foe) in legal
    assert Equip(seat=1, card="cursed_brooch", unit=mine) not in legal
    assert refused(s, Equip(seat=1, card="cursed_brooch", unit=mine)).rule == "equipment"
    GAME.advance(s, Equip(seat=1, card="cursed_brooch", unit=foe))
    assert r.stat(s, foe, "atk") == 2 and r.stat(s, foe, "spd") == 1


def test_equipping_does_not_close_an_open_activation():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    a = put(s, 0, "cross_squire", "D4")
    foe = put(s, 1, "blood_thrall", "D7")
    GAME.advance(s, Move(seat=0, unit=a, to="D6"))
    GAME.advance(s, Equip(seat=0, card="blessed_longsword", unit=a))
    assert r.can_act(s, a) and any(x.type == "attack" and x.target == foe for x in GAME.legal_actions(s, 0))


def test_assimilate_gives_sp_once_a_turn():
    s = rich(bare(["GGGGGGGGG"] * 12), sp=0, exp=0)
    far_gods(s)
    GAME.advance(s, Assimilate(seat=0, card="holy_longbow"))
    p = s.players[0]
    assert p.sp == 3 and "holy_longbow" not in p.unused and p.assimilated
    assert not any(isinstance(x, Assimilate) for x in GAME.legal_actions(s, 0))
    assert refused(s, Assimilate(seat=0, card="pilgrim_boots")).rule == "assimilation"
    GAME.advance(s, EndTurn(seat=0))
    GAME.advance(s, EndTurn(seat=1))
    assert not s.players[0].assimilated
    assert Assimilate(seat=0, card="pilgrim_boots") in GAME.legal_actions(s, 0)


def test_faq_equipped_equipment_cannot_be_assimilated():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    a = put(s, 0, "cross_squire", "D4")
    GAME.advance(s, Equip(seat=0, card="blessed_longsword", unit=a))
    assert Assimilate(seat=0, card="blessed_longsword") not in GAME.legal_actions(s, 0)
    assert refused(s, Assimilate(seat=0, card="blessed_longsword")).rule == "faq-assimilate-equipped"


def test_equipment_costs_exp_too():
    s = rich(bare(["GGGGGGGGG"] * 12), sp=10, exp=1)
    far_gods(s)
    a = put(s, 0, "cross_squire", "D4")
    assert Equip(seat=0, card="holy_longbow", unit=a) not in GAME.legal_actions(s, 0)  # needs 2 EXP
    assert refused(s, Equip(seat=0, card="holy_longbow", unit=a)).rule == "sp-and-exp"


def test_equipment_moves_are_secret_and_labels_short():
    s = rich(bare(["GGGGGGGGG"] * 12))
    far_gods(s)
    put(s, 0, "cross_squire", "D4")
    acts = [x for x in GAME.legal_actions(s, 0) if x.type in ("equip", "assimilate")]
    assert acts and all(x.secret for x in acts)
    assert all(len(x.label()) <= 80 for x in acts)
    assert "Equip Blessed Longsword to Cross Squire (D4)" in {x.label() for x in acts}


def test_ai_straps_equipment_on_its_god():
    s = rich(bare(["GGGGGGGGG"] * 12), sp=3, exp=2)
    far_gods(s)
    s.players[0].unused = ["tower_shield"]
    god = next(i for i, u in s.units.items() if u.owner == 0 and r.cdef(s, i).god)
    s.units[god].hp -= 5
    action = GAME.ai_action(s, 0)
    assert action == Equip(seat=0, card="tower_shield", unit=god)
