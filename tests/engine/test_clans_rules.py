"""Gods & Clans rules: FAQ cases, counter-attack by range, and whole random games."""


import pytest

from engine.clans import rules as r
from engine.clans.actions import Attack, Move
from engine.clans.state import coord
from engine.core import IllegalAction, get_game

GAME = get_game("clans")


def bare(field=None):
    s = GAME.setup({"setup": "auto"}, ["Ann", "Bob"], "scenario")
    for iid in [i for i, u in s.units.items() if not r.cdef(s, i).god]:
        del s.units[iid]
    if field:
        s.field = field
    s.active, s.turn, s.current = 0, 5, None
    s.pending[0].seat = 0
    return s


def put(s, seat, card, tile):
    from engine.clans.state import parse_coord

    return GAME._new_unit(s, seat, card, parse_coord(tile), summoned_turn=0).iid


def rich(s, sp=10, exp=5):
    for p in s.players:
        p.sp, p.exp = sp, exp
    return s


def refused(s, action):
    with pytest.raises(IllegalAction) as err:
        GAME.check(s, action)
    return err.value


def far_gods(s):
    for u in s.units.values():
        if r.cdef(s, u.iid).god:
            u.pos = (0, 0) if u.owner == 0 else (8, 11)


def test_forest_can_be_entered_with_one_spd_left_and_costs_one_more():
    s = bare(["GGGGGGGGG"] * 2 + ["GGGFGGGGG", "GGGGGGGGG"] + ["GGGGGGGGG"] * 8)
    far_gods(s)
    s.players[0].homebase = s.players[1].homebase = None
    u = put(s, 0, "cross_squire", "C2")  # SPD 2
    ends = {coord(p): left for p, left in r.reach(s, u).items()}
    assert ends["D3"] == 0  # entering forest with 2 SPD leaves nothing
    assert "E4" not in ends  # so it cannot continue past it
    assert ends["B3"] == 1


def test_faq_an_ally_with_only_one_spd_can_still_enter_forest():
    s = bare(["GGGGGGGGG"] * 2 + ["GGGFGGGGG"] + ["GGGGGGGGG"] * 9)
    far_gods(s)
    s.players[0].homebase = s.players[1].homebase = None
    guard = put(s, 0, "bastion_guard", "D2")  # SPD 1
    assert {coord(p): left for p, left in r.reach(s, guard).items()}["D3"] == 0
    squire = put(s, 0, "cross_squire", "C2")  # SPD 2, but Broken: capped at 1
    s.units[squire].statuses = ["break"]
    ends = {coord(p) for p in r.reach(s, squire)}
    assert "D3" in ends and "C4" not in ends


def test_diagonal_gap_between_water_and_mountain_is_a_path():
    s = bare(["GGGGGGGGG", "GWGGGGGGG", "GGMGGGGGG"] + ["GGGGGGGGG"] * 9)
    far_gods(s)
    s.players[0].homebase = s.players[1].homebase = None
    u = put(s, 0, "shieldmaiden", "B3")
    s.units[u].pos = (1, 2)
    s.field[0] = "GGGGGGGGG"
    s.field[2] = "GGMGGGGGG"
    s.field[1] = "GWGGGGGGG"
    # B3 sits with Water at B2 and Mountain at C3; the diagonal C2 is open between them.
    assert "C2" in {coord(p) for p in r.reach(s, u)}


def test_allies_pass_through_friends_but_not_enemies():
    s = bare(["GGGGGGGGG"] * 12)
    far_gods(s)
    s.players[0].homebase = s.players[1].homebase = None
    u = put(s, 0, "cross_squire", "A5")
    put(s, 0, "shieldmaiden", "B5")
    assert "C5" in {coord(p) for p in r.reach(s, u)}
    v = put(s, 0, "cross_squire", "A8")
    for t in ("B7", "B8", "B9"):
        put(s, 1, "blood_thrall", t)
    assert "C8" not in {coord(p) for p in r.reach(s, v)}


def test_a_moved_ally_cannot_come_back_to_act_later():
    s = bare(["GGGGGGGGG"] * 12)
    far_gods(s)
    a = put(s, 0, "cross_squire", "D5")
    b = put(s, 0, "templar_knight", "F5")
    foe = put(s, 1, "gargoyle_sentinel", "D7")
    GAME.advance(s, Move(seat=0, unit=a, to="D6"))
    GAME.advance(s, Move(seat=0, unit=b, to="F6"))
    with pytest.raises(IllegalAction) as err:
        GAME.check(s, Attack(seat=0, unit=a, target=foe))
    assert err.value.rule == "faq-act-later"


def test_counter_attack_depends_on_range():
    s = bare(["GGGGGGGGG"] * 12)
    far_gods(s)
    archer = put(s, 0, "chapel_archer", "D4")
    thrall = put(s, 1, "blood_thrall", "D6")
    GAME.advance(s, Attack(seat=0, unit=archer, target=thrall))
    assert s.units[thrall].hp == 4 and s.units[archer].hp == 5  # 2 steps: the melee thrall cannot answer
    s2 = bare(["GGGGGGGGG"] * 12)
    far_gods(s2)
    archer = put(s2, 0, "chapel_archer", "D5")
    thrall = put(s2, 1, "blood_thrall", "D6")
    GAME.advance(s2, Attack(seat=0, unit=archer, target=thrall))
    assert s2.units[thrall].hp == 4 and s2.units[archer].hp == 3


def test_counter_from_any_range():
    s = bare(["GGGGGGGGG"] * 12)
    far_gods(s)
    archer = put(s, 0, "chapel_archer", "D4")
    gargoyle = put(s, 1, "gargoyle_sentinel", "D7")
    GAME.advance(s, Attack(seat=0, unit=archer, target=gargoyle))
    assert s.units[archer].hp == 3


def test_out_of_range_attack_is_refused_with_the_rule():
    s = bare(["GGGGGGGGG"] * 12)
    far_gods(s)
    a = put(s, 0, "cross_squire", "D4")
    foe = put(s, 1, "blood_thrall", "D7")
    with pytest.raises(IllegalAction) as err:
        GAME.check(s, Attack(seat=0, unit=a, target=foe))
    assert err.value.rule == "range"


def test_ai_beats_random_mostly():
    from engine.simulate import simulate

    report = simulate("clans", 20, 7, ["ai", "random"])
    assert report["errors"] == 0 and report["wins"][0] >= 16


@pytest.mark.parametrize("decks", [["sacred_cross", "sacred_cross"], ["sacred_cross", "crimson_nobles"]])
def test_ai_mirror_is_not_decided_by_seat(decks):
    """Regression: tie-breaks by board order gave seat 0 every Sacred Cross mirror (100/0)."""
    from engine.simulate import simulate

    report = simulate("clans", 40, 1, ["ai", "ai"], {"decks": decks})
    assert report["errors"] == 0
    assert min(report["wins"]) >= 10, report["wins"]


def test_ai_on_a_flat_field_favours_neither_seat(monkeypatch):
    """On a perfectly symmetric field the seat must not matter (it gave seat 1 every game)."""
    from engine.clans import cards
    from engine.simulate import simulate

    monkeypatch.setattr(type(cards.battlemaps()), "field", lambda self, key: ["GGGGGGGGG"] * 12)
    report = simulate("clans", 40, 1, ["ai", "ai"], {"decks": ["sacred_cross", "sacred_cross"], "setup": "auto"})
    assert report["errors"] == 0
    assert min(report["wins"]) >= 10, report["wins"]


def test_ending_the_turn_with_allies_that_could_act_asks_first():
    from engine.core import EndTurn

    s = bare()
    far_gods(s)
    s.players[0].sp = 0
    god = next(u for u in s.units.values() if u.owner == 0)
    warned = GAME.danger(s, EndTurn(seat=0))
    assert warned is not None and r.cdef(s, god.iid).name in warned and "could still act" in warned
    god.act = "done"  # the God has acted: nothing is left unused
    assert GAME.danger(s, EndTurn(seat=0)) is None


def test_ending_the_turn_with_sp_for_a_summon_names_it():
    from engine.core import EndTurn

    s = bare()
    far_gods(s)
    for u in s.units.values():
        u.act = "done"
    rich(s, sp=30)
    assert any(a.type == "summon" for a in GAME.legal_actions(s, 0))
    assert "30 SP could still summon" in GAME.danger(s, EndTurn(seat=0))
