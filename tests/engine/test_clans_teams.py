"""Gods & Clans 2-vs-2: seats 0 and 2 against 1 and 3, turns A1 B1 A2 B2, a team loses when both Gods fall."""

import pytest

from engine.clans import rules as r
from engine.clans.actions import Attack, EndTurn
from engine.clans.state import coord, parse_coord
from engine.core import IllegalAction, get_game

GAME = get_game("clans")
SEATS = ["Ann", "Bob", "Cid", "Dee"]


def team_game(seed="teams"):
    return GAME.setup({"setup": "auto"}, SEATS, seed)


def god_of(s, seat):
    return next(u.iid for u in s.units.values() if u.owner == seat and r.cdef(s, u.iid).god)


def test_three_players_are_refused():
    with pytest.raises(IllegalAction) as err:
        GAME.setup({}, SEATS[:3], "three")
    assert err.value.rule == "players-and-teams"
    assert GAME.max_players == 4


def test_turns_go_round_the_table_alternating_teams():
    s = team_game()
    assert len(s.units) == 4 and len({p.homebase for p in s.players}) == 4
    assert GAME.view(s, None)["teams"] == [[0, 2], [1, 3]]
    order = []
    for _ in range(8):
        order.append(s.active)
        GAME.advance(s, EndTurn(seat=s.active))
    assert order == [(s.first + k) % 4 for k in range(8)]
    assert s.round == 3


def test_team_mates_pass_through_each_other_but_never_attack_each_other():
    s = team_game()
    s.field = ["GGGGGGGGG"] * 12
    s.active, s.pending[0].seat, s.turn = 0, 0, 9
    for u in s.units.values():
        u.pos = {0: (0, 0), 1: (8, 11), 2: (8, 0), 3: (0, 11)}[u.owner]
    for p in s.players:
        p.homebase = None
    mine = GAME._new_unit(s, 0, "cross_squire", parse_coord("D5"), summoned_turn=0).iid
    for t in ("E4", "E5", "E6"):
        GAME._new_unit(s, 2, "shieldmaiden", parse_coord(t), summoned_turn=0)
    assert "F5" in {coord(p) for p in r.reach(s, mine)}
    mate = next(i for i, u in s.units.items() if u.owner == 2 and coord(u.pos) == "E5")
    assert Attack(seat=0, unit=mine, target=mate) not in GAME.legal_actions(s, 0)


def test_a_fallen_god_puts_only_its_player_out_until_both_gods_of_a_team_fall():
    s = team_game("fall")
    s.field = ["GGGGGGGGG"] * 12
    for p in s.players:
        p.homebase = None
    s.active, s.pending[0].seat, s.turn = 0, 0, 9
    for u in s.units.values():
        u.pos = {0: (4, 4), 1: (4, 5), 2: (0, 0), 3: (8, 11)}[u.owner]
    helper = GAME._new_unit(s, 1, "blood_thrall", parse_coord("A12"), summoned_turn=0).iid
    bob_god = god_of(s, 1)
    s.units[bob_god].hp = 1
    s.players[1].sp = 0  # no ward
    GAME.advance(s, Attack(seat=0, unit=god_of(s, 0), target=bob_god))
    assert not s.finished and s.players[1].out
    assert helper not in s.units and all(u.owner != 1 for u in s.units.values())
    GAME.advance(s, EndTurn(seat=0))
    assert s.active == 2  # Bob's turn is skipped
    GAME.advance(s, EndTurn(seat=2))
    assert s.active == 3
    dee = god_of(s, 3)
    s.units[dee].hp = 1
    GAME.advance(s, EndTurn(seat=3))  # back to Ann (Bob is skipped)
    assert s.active == 0
    s.units[dee].pos = (4, 5)
    s.players[3].sp = 0
    GAME.advance(s, Attack(seat=0, unit=god_of(s, 0), target=dee))
    assert s.finished and s.finished.winners == [0, 2]


def test_the_round_cap_compares_team_totals():
    s = GAME.setup({"setup": "auto", "max_rounds": 1}, SEATS, "cap")
    s.players[1].exp_gained, s.players[0].exp_gained, s.players[2].exp_gained = 3, 2, 2
    for _ in range(4):
        GAME.advance(s, EndTurn(seat=s.active))
    assert s.finished and s.finished.winners == [0, 2]
