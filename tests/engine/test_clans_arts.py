"""Gods & Clans Runic Arts (classes, formations, who may join) and Terrain Effects (FAQ cases)."""


from engine.clans import rules as r
from engine.clans.actions import CastArt, CastTerrain, Equip, Move, Summon
from engine.clans.state import coord, parse_coord
from engine.core import get_game

from .test_clans_rules import bare, far_gods, put, refused, rich

GAME = get_game("clans")
FLAT = ["GGGGGGGGG"] * 12




def ann_scene():
    s = rich(bare(FLAT), exp=6)
    far_gods(s)
    s.players[0].homebase = s.players[1].homebase = None
    return s


def test_cross_of_judgment_needs_a_stealth_and_a_defense_ally_next_to_the_foe():
    s = ann_scene()
    foe = put(s, 1, "noble_executioner", "E6")  # 10 HP, Dread Plate does not stop an art
    stealth = put(s, 0, "veiled_inquisitor", "D5")
    defense = put(s, 0, "bastion_guard", "F7")
    art = CastArt(seat=0, card="cross_of_judgment", target=foe, allies=(stealth, defense))
    assert art in GAME.legal_actions(s, 0)
    GAME.advance(s, art)
    assert s.units[foe].hp == 2 and s.units[foe].statuses == ["break"]
    assert s.units[stealth].act == s.units[defense].act == "done"
    assert s.players[0].sp == 7 and s.players[0].exp == 4 and "cross_of_judgment" not in s.players[0].unused


def test_art_refused_when_a_participant_stands_too_far():
    s = ann_scene()
    foe = put(s, 1, "noble_executioner", "E6")
    stealth = put(s, 0, "veiled_inquisitor", "D4")  # two steps away
    defense = put(s, 0, "bastion_guard", "F7")
    art = CastArt(seat=0, card="cross_of_judgment", target=foe, allies=(stealth, defense))
    assert refused(s, art).rule == "runic-art-requirements"
    wrong_class = put(s, 0, "cross_squire", "D6")  # Assault, not Stealth
    assert refused(s, CastArt(seat=0, card="cross_of_judgment", target=foe, allies=(wrong_class, defense))).rule \
        == "runic-art-requirements"


def test_flank_needs_two_allies_on_opposite_sides():
    s = ann_scene()
    s.active, s.pending[0].seat = 1, 1
    foe = put(s, 0, "paladin_captain", "E6")
    stealth = put(s, 1, "shade_assassin", "D5")
    assault = put(s, 1, "crimson_duelist", "F6")  # beside the foe, but not opposite D5
    art = CastArt(seat=1, card="crimson_waltz", target=foe, allies=(stealth, assault))
    assert refused(s, art).rule == "runic-art-requirements"
    s.units[assault].pos = parse_coord("F7")  # now opposite D5 across E6
    assert art in GAME.legal_actions(s, 1)
    GAME.advance(s, art)
    assert s.units[foe].statuses == ["poison"] and s.units[foe].hp == 11 - 8


def test_a_non_ranged_ally_with_range_two_counts_as_ranged():
    s = ann_scene()
    foe = put(s, 1, "blood_thrall", "E8")
    archer = put(s, 0, "chapel_archer", "E5")
    squire = put(s, 0, "cross_squire", "D6")  # Assault, RNG 1
    art = CastArt(seat=0, card="heavens_volley", target=foe, allies=(archer, squire))
    assert art not in GAME.legal_actions(s, 0)
    GAME.advance(s, Equip(seat=0, card="holy_longbow", unit=squire))  # RNG 2: Ranged for Runic Arts
    assert art in GAME.legal_actions(s, 0)


def test_an_ally_that_only_moved_can_still_join_an_art_but_not_one_that_attacked():
    s = ann_scene()
    foe = put(s, 1, "noble_executioner", "E6")
    stealth = put(s, 0, "veiled_inquisitor", "D3")
    defense = put(s, 0, "bastion_guard", "F7")
    GAME.advance(s, Move(seat=0, unit=stealth, to="D5"))
    GAME.advance(s, Move(seat=0, unit=defense, to="F6"))  # closes the inquisitor's activation (FAQ)
    art = CastArt(seat=0, card="cross_of_judgment", target=foe, allies=(stealth, defense))
    assert art in GAME.legal_actions(s, 0)
    s.units[stealth].act = "done"  # as if it had attacked
    assert refused(s, art).rule == "runic-art-requirements"


def test_an_ally_summoned_this_turn_cannot_join_an_art():
    s = rich(bare(FLAT), exp=6)
    far_gods(s)
    home = s.players[0].homebase
    foe_tile = (home[0], home[1] + 2)
    for u in list(s.units.values()):
        if u.pos in ((home[0], home[1] + 1), foe_tile):
            u.pos = (8 - u.owner * 8, 6)
    foe = put(s, 1, "blood_thrall", coord(foe_tile))
    stealth = put(s, 0, "veiled_inquisitor", coord((home[0] - 1, home[1] + 2)))
    GAME.advance(s, Summon(seat=0, card="bastion_guard", tile=coord((home[0] + 1, home[1] + 1))))
    guard = next(i for i, u in s.units.items() if u.card == "bastion_guard")
    art = CastArt(seat=0, card="cross_of_judgment", target=foe, allies=(stealth, guard))
    assert refused(s, art).rule == "summoning"


def test_forest_immunity_from_a_terrain_card_still_costs_one_spd_per_step():
    """FAQ: Pilgrim's Path removes the Forest slowdown, not the cost of a step."""
    s = ann_scene()
    s.field = ["GGGGGGGGG", "GGGGGGGGG", "GGFFFFFGG", "GGFFFFFGG", "GGFFFFFGG"] + ["GGGGGGGGG"] * 7
    squire = put(s, 0, "cross_squire", "D2")  # SPD 2
    before = {coord(p): left for p, left in r.reach(s, squire).items()}
    assert before["D3"] == 0 and "D4" not in before
    GAME.advance(s, CastTerrain(seat=0, card="pilgrims_path"))
    after = {coord(p): left for p, left in r.reach(s, squire).items()}
    assert after["D3"] == 1 and after["D4"] == 0 and "D5" not in after
    assert s.players[0].sp == 8 and s.players[0].exp == 2 and "forest_free" in s.players[0].terrain


def test_mountain_sanctuary_lets_allies_climb_stop_and_hit_harder():
    s = ann_scene()
    s.field = ["GGGGGGGGG", "GGGGGGGGG", "GGGMGGGGG"] + ["GGGGGGGGG"] * 9
    veil = put(s, 0, "veiled_inquisitor", "D2")  # SPD 3
    assert "D3" not in {coord(p) for p in r.reach(s, veil)}
    GAME.advance(s, CastTerrain(seat=0, card="mountain_sanctuary"))
    ends = {coord(p): left for p, left in r.reach(s, veil).items()}
    assert ends["D3"] == 0  # climbing ends the move
    foe = put(s, 1, "gargoyle_sentinel", "D4")  # 12 HP
    s.players[1].sp = 0
    GAME.advance(s, Move(seat=0, unit=veil, to="D3"))
    GAME.advance(s, r.Attack(seat=0, unit=veil, target=foe))
    assert s.units[foe].hp == 12 - 4  # ATK 3 + 1 on the Mountain


def test_terrain_needs_its_exp_and_is_cast_once():
    s = ann_scene()
    s.players[0].exp = 4
    assert refused(s, CastTerrain(seat=0, card="mountain_sanctuary")).rule == "sp-and-exp"
    s.players[0].exp = 10
    GAME.advance(s, CastTerrain(seat=0, card="mountain_sanctuary"))
    assert refused(s, CastTerrain(seat=0, card="mountain_sanctuary")).rule == "terrain-effects"


def test_blood_mist_marsh_makes_water_passable_at_forest_cost_for_later_allies_too():
    s = ann_scene()
    s.active, s.pending[0].seat = 1, 1
    s.field = ["GGGGGGGGG"] * 6 + ["GGGWGGGGG"] + ["GGGGGGGGG"] * 5
    GAME.advance(s, CastTerrain(seat=1, card="blood_mist_marsh"))
    spy = put(s, 1, "velvet_spy", "D8")  # arrives after the card: the rule still applies (SPD 3)
    ends = {coord(p): left for p, left in r.reach(s, spy).items()}
    assert ends["D7"] == 1
    ann = put(s, 0, "shadow_acolyte", "D5")  # the card is Bob's: Ann's allies still cannot wade
    assert "D7" not in {coord(p) for p in r.reach(s, ann)}
