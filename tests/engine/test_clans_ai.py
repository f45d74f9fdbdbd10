"""Gods & Clans AI: it uses Runic Arts, ATK items for kills, Poison items, assimilation, Terrain Effects
and wards when they pay off."""

from engine.clans.actions import Assimilate, CastArt, CastTerrain, Pass, React, UseItem
from engine.clans.state import dist, parse_coord
from engine.core import get_game

from .test_clans_rules import bare, far_gods, put, rich

GAME = get_game("clans")
FLAT = ["GGGGGGGGG"] * 12


def scene(sp=10, exp=6):
    s = rich(bare(FLAT), sp, exp)
    far_gods(s)
    for p in s.players:
        p.homebase = None
    return s


def test_ai_casts_a_killing_runic_art():
    s = scene()
    s.players[0].unused = ["cross_of_judgment"]
    foe = put(s, 1, "noble_executioner", "E6")  # 10 HP, ATK 5: plain attacks trade badly
    s.units[foe].hp = 8
    put(s, 0, "veiled_inquisitor", "D5")
    put(s, 0, "bastion_guard", "F7")
    assert isinstance(GAME.ai_action(s, 0), CastArt)


def test_ai_drinks_an_atk_item_when_it_makes_the_kill():
    s = scene()
    s.players[0].unused = ["zeal_tonic"]
    knight = put(s, 0, "templar_knight", "D5")  # ATK 3
    foe = put(s, 1, "bastion_guard", "D6")
    s.units[foe].hp = 5
    action = GAME.ai_action(s, 0)
    assert action == UseItem(seat=0, card="zeal_tonic", target=knight)


def test_ai_poisons_a_sturdy_foe_with_an_item():
    s = scene()
    s.active, s.pending[0].seat = 1, 1
    s.players[1].unused = ["venom_flask"]
    put(s, 1, "blood_thrall", "A9")
    foe = put(s, 0, "paladin_captain", "B8")  # Steadfast: a bad trade for the thrall's attack
    s.units[foe].hp = 11
    s.units[next(i for i, u in s.units.items() if u.card == "blood_thrall")].act = "done"
    assert GAME.ai_action(s, 1) == UseItem(seat=1, card="venom_flask", target=foe)


def test_ai_assimilates_equipment_it_cannot_wear_to_pay_for_an_ally():
    s = scene(sp=3, exp=0)
    home = (4, 1)
    s.players[0].homebase = home
    for u in s.units.values():
        u.pos = (0, 0) if u.owner == 0 else (8, 11)
    s.players[0].unused = ["paladin_captain", "holy_longbow"]  # 6 SP ally, Equipment needing 2 EXP
    s.players[0].sp = 4
    assert GAME.ai_action(s, 0) == Assimilate(seat=0, card="holy_longbow")


def test_ai_casts_terrain_the_field_has():
    s = scene(sp=6, exp=5)
    s.field = ["GGGGGGGGG"] * 5 + ["MMGGGGGMM"] + ["GGGGGGGGG"] * 6
    s.players[0].unused = ["mountain_sanctuary"]
    assert GAME.ai_action(s, 0) == CastTerrain(seat=0, card="mountain_sanctuary")
    s.field = FLAT
    assert not isinstance(GAME.ai_action(s, 0), CastTerrain)


def test_ai_wards_its_god_and_passes_when_it_cannot():
    s = scene()
    knight = put(s, 0, "templar_knight", "D5")
    god = next(i for i, u in s.units.items() if u.owner == 1 and u.card == "sanguria")
    s.units[god].pos = parse_coord("D6")
    put(s, 1, "blood_thrall", "E7")
    GAME.advance(s, GAME.parse_action({"type": "attack", "seat": 0, "unit": knight, "target": god}))
    assert isinstance(GAME.ai_action(s, 1), React)
    s.players[1].sp = 0
    assert GAME.ai_action(s, 1) == Pass(seat=1)


def test_ai_does_not_march_an_ally_where_the_foes_can_kill_it():
    s = scene()
    healer = put(s, 0, "acolyte_healer", "E4")  # 5 HP; the executioner walks 2 and strikes for 5
    s.players[0].unused = []

    def ends_near(foe_tile):
        action = GAME.ai_action(s, 0)
        assert action.type == "move" and action.unit == healer
        return dist(parse_coord(action.to), parse_coord(foe_tile))

    assert ends_near("E9") <= 3  # the march goes straight at the God while nothing can punish it
    put(s, 1, "noble_executioner", "E9")
    assert ends_near("E9") > 3
