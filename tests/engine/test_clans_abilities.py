"""Gods & Clans abilities: (PT) abilities, (OT) wards as the defender's pending Decision, standing
answers, Break and Poison (hit bonus, ticks, God immunity), Initiative and Thirst."""


from engine.clans import rules as r
from engine.clans.actions import Attack, EndTurn, Pass, React, UseAbility
from engine.core import get_game

from .test_clans_rules import bare, far_gods, put, refused, rich

GAME = get_game("clans")
FLAT = ["GGGGGGGGG"] * 12



def index(s, iid, name):
    return next(i for i, a in enumerate(r.cdef(s, iid).abilities) if a.name == name)



def test_break_ability_hits_for_atk_plus_one_and_caps_speed():
    s = rich(bare(FLAT))
    far_gods(s)
    archer = put(s, 0, "chapel_archer", "D4")  # ATK 2, RNG 3
    duelist = put(s, 1, "crimson_duelist", "D6")  # 8 HP, SPD 3, melee
    GAME.advance(s, UseAbility(seat=0, unit=archer, ability=index(s, archer, "Blessed Arrow"), target=duelist))
    assert s.units[duelist].hp == 8 - 3 and s.units[duelist].statuses == ["break"]
    assert s.units[archer].hp == 5  # 2 steps away: no counter
    assert r.stat(s, duelist, "spd") == 1
    assert s.players[0].sp == 8


def test_god_ignores_the_status_and_its_bonus_damage():
    s = rich(bare(FLAT))
    far_gods(s)
    s.players[1].sp = 0  # no Night Veil answer
    archer = put(s, 0, "chapel_archer", "H10")
    god = next(u.iid for u in s.units.values() if u.owner == 1 and r.cdef(s, u.iid).god)
    hp = s.units[god].hp
    GAME.advance(s, UseAbility(seat=0, unit=archer, ability=index(s, archer, "Blessed Arrow"), target=god))
    assert s.units[god].hp == hp - 2 and s.units[god].statuses == []


def test_break_and_poison_tick_at_the_start_of_every_players_turn_and_pay_the_inflicter():
    s = rich(bare(FLAT))
    far_gods(s)
    victim = put(s, 0, "cross_squire", "D4")  # 6 HP
    s.units[victim].statuses, s.units[victim].status_by = ["break", "poison"], {"break": 1, "poison": 1}
    GAME.advance(s, EndTurn(seat=0))  # Bob's turn starts: 1 + 2
    assert s.units[victim].hp == 3
    exp = s.players[1].exp_gained
    GAME.advance(s, EndTurn(seat=1))  # Ann's turn starts: 3 more, the squire falls
    assert victim not in s.units
    assert s.players[1].exp_gained == exp + 1


def test_poison_item_deals_its_hit_and_then_ticks():
    s = rich(bare(FLAT))
    far_gods(s)
    s.active, s.pending[0].seat = 1, 1
    put(s, 1, "blood_thrall", "D6")
    foe = put(s, 0, "templar_knight", "D5")  # 9 HP
    GAME.advance(s, r.UseItem(seat=1, card="venom_flask", target=foe))
    assert s.units[foe].hp == 7 and s.units[foe].statuses == ["poison"]
    GAME.advance(s, EndTurn(seat=1))
    assert s.units[foe].hp == 5


def test_the_defenders_ward_is_a_pending_decision_for_the_defending_seat():
    s = rich(bare(FLAT))
    far_gods(s)
    knight = put(s, 0, "templar_knight", "D5")  # ATK 3
    squire = put(s, 1, "blood_thrall", "D6")  # 6 HP
    chanter = put(s, 1, "crypt_chanter", "E7")  # Grave Ward: a neighbouring friend, -1
    GAME.advance(s, Attack(seat=0, unit=knight, target=squire))
    assert s.phase == "react" and [(d.seat, d.kind) for d in s.pending] == [(1, "ward")]
    assert GAME.to_act(s) == [1] and GAME.legal_actions(s, 0) == []
    ward = React(seat=1, unit=chanter, ability=index(s, chanter, "Grave Ward"))
    assert set(GAME.legal_actions(s, 1)) == {ward, Pass(seat=1)}
    GAME.advance(s, ward)
    assert s.units[squire].hp == 6 - 2 and s.players[1].sp == 9
    assert s.phase == "play" and s.pending[0].seat == 0
    assert s.units[chanter].ot_used
    assert GAME.explain_illegal(s, React(seat=1, unit=chanter, ability=1)).rule == "special-abilities"


def test_ot_abilities_are_refused_on_your_own_turn_and_perm_ones_are_never_used():
    s = rich(bare(FLAT))
    far_gods(s)
    chanter = put(s, 0, "crypt_chanter", "E7")
    knight = put(s, 0, "templar_knight", "D5")
    assert refused(s, UseAbility(seat=0, unit=chanter, ability=index(s, chanter, "Grave Ward"))).rule == "your-turn"
    assert refused(s, UseAbility(seat=0, unit=knight, ability=0)).rule == "permanent-abilities"


def test_standing_answers_always_and_never():
    assert set(GAME.standing_answers()["ward"]) == {"always", "god", "never"}
    s = rich(bare(FLAT))
    far_gods(s)
    knight = put(s, 0, "templar_knight", "D5")
    thrall = put(s, 1, "blood_thrall", "D6")
    chanter = put(s, 1, "crypt_chanter", "E7")
    assert GAME.standing_action(s, 1, "ward", "always") is None  # nothing is waiting
    GAME.advance(s, Attack(seat=0, unit=knight, target=thrall))
    assert GAME.standing_action(s, 1, "ward", "never") == Pass(seat=1)
    assert GAME.standing_action(s, 1, "ward", "god") == Pass(seat=1)  # the thrall is no God
    always = GAME.standing_action(s, 1, "ward", "always")
    assert always == React(seat=1, unit=chanter, ability=index(s, chanter, "Grave Ward"))
    assert always in GAME.legal_actions(s, 1)


def test_no_ward_window_when_the_defender_cannot_pay():
    s = rich(bare(FLAT))
    far_gods(s)
    s.players[1].sp = 0
    knight = put(s, 0, "templar_knight", "D5")
    thrall = put(s, 1, "blood_thrall", "D6")
    put(s, 1, "crypt_chanter", "E7")
    GAME.advance(s, Attack(seat=0, unit=knight, target=thrall))
    assert s.phase == "play" and s.units[thrall].hp == 3


def test_purify_is_offered_only_against_a_status_hit_and_stops_the_status():
    s = rich(bare(FLAT))
    far_gods(s)
    s.active, s.pending[0].seat = 1, 1
    duelist = put(s, 1, "crimson_duelist", "D6")
    squire = put(s, 0, "cross_squire", "D5")
    cleric = put(s, 0, "cleric_of_dawn", "B5")
    thrall = put(s, 1, "blood_thrall", "C6")
    GAME.advance(s, Attack(seat=1, unit=thrall, target=squire))
    assert s.phase == "play" and s.units[squire].hp == 4  # a plain hit: no window for a status-only ward
    s.units[squire].hp = 6
    GAME.advance(s, UseAbility(seat=1, unit=duelist, ability=index(s, duelist, "Venom Lunge"), target=squire))
    GAME.advance(s, React(seat=0, unit=cleric, ability=index(s, cleric, "Purify")))
    assert s.units[squire].statuses == [] and s.units[squire].hp == 6 - 3


def test_initiative_defender_strikes_first_unless_both_have_it():
    s = rich(bare(FLAT))
    far_gods(s)
    s.players[1].sp = 0
    squire = put(s, 0, "cross_squire", "D5")  # 6 HP, ATK 2
    duelist = put(s, 1, "crimson_duelist", "D6")  # Initiative, ATK 3
    s.units[squire].hp = 3
    GAME.advance(s, Attack(seat=0, unit=squire, target=duelist))
    assert squire not in s.units and s.units[duelist].hp == 8  # struck first and won
    knight = put(s, 0, "templar_knight", "E5")  # Initiative too, ATK 3: the attacker strikes first
    s.units[duelist].hp = 3
    GAME.advance(s, Attack(seat=0, unit=knight, target=duelist))
    assert duelist not in s.units and s.units[knight].hp == 9


def test_thirst_heals_an_ally_that_hurts_a_poisoned_foe():
    s = rich(bare(FLAT))
    far_gods(s)
    s.active, s.pending[0].seat = 1, 1
    s.players[0].sp = 0
    put(s, 1, "vesper", "A10")
    thrall = put(s, 1, "blood_thrall", "D6")
    s.units[thrall].hp = 3
    foe = put(s, 0, "bastion_guard", "D5")
    s.units[foe].statuses = ["poison"]
    GAME.advance(s, Attack(seat=1, unit=thrall, target=foe))
    # thrall hits (2), heals 1 by Thirst, then takes the guard's 2 back: 3 + 1 - 2
    assert s.units[thrall].hp == 2


def test_eclipse_poisons_foes_in_reach_but_not_gods():
    s = rich(bare(FLAT))
    s.active, s.pending[0].seat = 1, 1
    vesper = put(s, 1, "vesper", "E6")
    a = put(s, 0, "cross_squire", "E4")
    b = put(s, 0, "bastion_guard", "G8")
    god = next(u.iid for u in s.units.values() if u.owner == 0 and r.cdef(s, u.iid).god)
    s.units[god].pos = (3, 5)  # D6, within 2
    god_hp = s.units[god].hp
    GAME.advance(s, UseAbility(seat=1, unit=vesper, ability=index(s, vesper, "Eclipse")))
    assert s.units[a].statuses == ["poison"] and s.units[a].hp == 4
    assert s.units[b].statuses == ["poison"]
    assert s.units[god].statuses == [] and s.units[god].hp == god_hp


def test_an_attack_that_opened_a_ward_window_cannot_be_taken_back():
    s = rich(bare(FLAT))
    far_gods(s)
    knight = put(s, 0, "templar_knight", "D5")
    thrall = put(s, 1, "blood_thrall", "D6")
    chanter = put(s, 1, "crypt_chanter", "E7")
    before = s.model_copy(deep=True)
    after, events = GAME.apply(s, Attack(seat=0, unit=knight, target=thrall))
    assert not GAME.undoable(before, after, events)
    assert refused(after, EndTurn(seat=0)).rule == "your-turn"  # not Ann's move at all: the turn-order rule
    assert GAME.explain_illegal(after, EndTurn(seat=1)).rule == "special-abilities"
    answered, events = GAME.apply(after, React(seat=1, unit=chanter, ability=index(after, chanter, "Grave Ward")))
    assert not GAME.undoable(after, answered, events)
    moved, events = GAME.apply(answered, EndTurn(seat=0))
    assert not GAME.undoable(answered, moved, events)  # a new turn began


def test_standing_answer_god_wards_the_god():
    s = rich(bare(FLAT))
    far_gods(s)
    knight = put(s, 0, "templar_knight", "D5")
    god = next(i for i, u in s.units.items() if u.owner == 1 and r.cdef(s, i).god)
    s.units[god].pos = (3, 5)
    chanter = put(s, 1, "crypt_chanter", "E7")
    GAME.advance(s, Attack(seat=0, unit=knight, target=god))
    assert GAME.standing_action(s, 1, "ward", "god") == React(seat=1, unit=chanter,
                                                              ability=index(s, chanter, "Grave Ward"))

