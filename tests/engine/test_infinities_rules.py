"""Infinities scenarios: one test per rule of the notes (rule n) and resolution (In)."""

from engine.core import Pass
from engine.infinities import mechanics as M
from engine.infinities.actions import (
    Attack,
    ChooseWorld,
    Convert,
    LeaderAct,
    Move,
    PickLeader,
    Place,
    PlaceStart,
    React,
    Reroll,
    Step,
)
from engine.infinities.cards import catalog
from engine.infinities.rules import has_exact, pay_basic

from .infinities_helpers import GAME, act, bare, face_off, main_turn, put, tile_of, to_main, weakest


def test_world_fixes_faction_and_turn_order_follows_influence():  # rules 2-4
    s = GAME.setup({}, ["A", "B"], "w1")
    act(s, ChooseWorld(seat=0, world="varra"))
    act(s, ChooseWorld(seat=1, world="genesis"))
    assert [p.faction for p in s.players] == ["lightbearers", "deva"]
    infl = [catalog().tile(p.start_tile).side_a.influence for p in s.players]
    assert infl[s.order[0]] >= infl[s.order[1]]
    first = s.order[0]
    legal = GAME.legal_actions(s, first)
    assert legal and all(isinstance(a, PickLeader) and catalog().leaders[a.leader].faction == s.players[first].faction
                         for a in legal)


def exploring(seed: str = "w2"):
    """Both leaders from Varra picked; the first in order is placing their start tile. (state, seat)"""
    s = GAME.setup({}, ["A", "B"], seed)
    act(s, ChooseWorld(seat=0, world="varra"))
    act(s, ChooseWorld(seat=1, world="varra"))
    for seat in list(s.order):
        act(s, GAME.legal_actions(s, seat)[0])
    return s, s.order[0]


def test_exploration_needs_a_wall_free_edge_toward_the_rift():  # rule 5
    s, seat = exploring()
    walls = catalog().tile(s.players[seat].start_tile).walls
    for a in GAME.legal_actions(s, seat):
        assert isinstance(a, PlaceStart) and (a.dir + 3 - a.rot) % 6 not in walls


def test_deployment_ends_with_hands_of_three_and_round_one():  # rule 6
    s = to_main("d1")
    assert s.round == 1 and s.phase == "main"
    for p in s.players:
        assert len(p.dice) == 4  # one locked from the tile, three rolled


def test_start_locks_the_face_of_the_tile_type():  # rule 7
    s = to_main("d2")
    for p in s.players:
        assert s.board[p.pos].side().type in p.dice


def test_reroll_replaces_all_three_dice():  # rule 8
    s = to_main("d3")
    s.phase, s.idx = "roll", 0
    seat = s.order[0]
    p = s.players[seat]
    p.dice, p.rolled = ["boost"], ["star", "star", "star"]
    s.active = seat
    GAME.publish(s)
    events = act(s, Reroll(seat=seat, again=True))
    rerolled = next(e for e in events if "rerolls" in e.text)
    assert len(p.dice) == 4 and p.rolled == []
    assert all(f.capitalize() in rerolled.text for f in p.dice[1:])  # the three locked are the new roll


def test_basic_actions_pay_own_face_then_rift_then_star_and_star_never_pays_exact_faces():  # rule 15, I5
    assert pay_basic(["star", "rift", "power"], "power") == 2
    assert pay_basic(["star", "rift"], "power") == 1
    assert pay_basic(["star"], "energy") == 0
    assert pay_basic(["boost"], "energy") is None
    assert not has_exact(["star", "boost"], ["power", "boost"])
    assert has_exact(["power", "boost", "star"], ["power", "boost"])


def test_attack_destroys_on_meeting_defense_and_scores_two():  # rule 12, All Leaders row 2
    s = to_main("a1")
    seat, foe = face_off(s, ["power"])
    unit = weakest(s, foe)
    s.players[foe].group = [unit]
    GAME.publish(s)
    assert Attack(seat=seat, unit=unit) in GAME.legal_actions(s, seat)
    before = s.players[seat].score
    act(s, Attack(seat=seat, unit=unit))
    total = sum(s.last_roll) + M.check_bonus(s, seat, "power")
    if total >= 3:
        assert unit in s.piles[s.players[foe].faction].discard and s.players[seat].score == before + 2
    else:
        assert s.players[foe].group == [unit]


def test_attribute_level_counts_controlled_tiles_capped_at_four():  # rules 17, I12
    s = to_main("l1")
    bare(s)
    used = set()
    for i in range(5):
        t = tile_of("power", exclude=used)
        used.add(t.split("/")[0])
        put(s, f"{i + 1},0", t, control=0)
    assert M.level(s, 0, "power") == 4
    assert M.check_bonus(s, 0, "energy") == 1 and M.check_bonus(s, 0, "power") == 0  # L2: +1 to the other two
    assert M.reach_limit(s, 0) == 4 and M.ignores_walls(s, 0) is True  # L3 reach 4, L4 walls ignored


def test_reach_is_blocked_by_walls_and_empty_spaces_but_not_leaders():  # rule 28, I22
    s = to_main("r1")
    bare(s)
    a = put(s, "1,0", tile_of("boost", 0))
    put(s, "2,0", tile_of("star", 0))
    put(s, "3,0", tile_of("energy", 0))
    put(s, "5,0", tile_of("fortitude", exclude={a.tile}))
    s.players[0].pos, s.players[1].pos = "1,0", "2,0"
    r = M.reach(s, 0)
    assert {"1,0", "2,0", "3,0"} <= r and "5,0" not in r
    wall_tile = next(t for t in catalog().tiles.values() if t.walls == [0] or 0 in t.walls)
    put(s, "1,0", wall_tile.id, rot=0)  # a wall on its east edge
    if wall_tile.side_a.type != "power":
        assert "2,0" not in M.reach(s, 0)


def test_reach_follows_a_tile_turned_in_place_inside_and_outside_a_listing():  # rule 28
    s = to_main("r2")
    bare(s)
    walled = next(t for t in catalog().tiles.values() if 0 in t.walls and t.side_a.type != "power")
    put(s, "1,0", walled.id, rot=0)  # its wall faces east, toward 2,0
    put(s, "2,0", tile_of("star", 0))
    s.players[0].pos, s.players[1].pos = "1,0", "2,0"
    assert "2,0" not in M.reach(s, 0)
    with M.Listing(s):
        assert "2,0" not in M.reach(s, 0)
    s.board["1,0"].rot = next(r for r in range(1, 6) if all((w + r) % 6 for w in walled.walls))
    assert "2,0" in M.reach(s, 0)  # the same tiles, turned: paths are worked out again
    with M.Listing(s):
        assert "2,0" in M.reach(s, 0)


def test_movement_stops_at_walls_and_other_leaders():  # rules 13, 25
    s = to_main("m1")
    seat, foe = face_off(s, ["fortitude"])
    s.stacks = {w: [] for w in s.stacks}
    GAME.publish(s)
    act(s, Move(seat=seat))
    steps = [a for a in GAME.legal_actions(s, seat) if isinstance(a, Step)]
    assert all(a.dir != 0 for a in steps)  # east is the other leader's tile
    assert {a.dir for a in steps} == {3}  # west is the Rift; the other spaces are empty with no tiles left


def test_discovery_offers_only_orientations_with_the_entered_edge_open():  # rule 26
    s = to_main("m2")
    seat = main_turn(s, ["fortitude"])
    bare(s)
    put(s, "1,0", tile_of("boost", 0))
    s.players[seat].pos = "1,0"
    s.players[1 - seat].pos = "0,0"
    GAME.publish(s)
    act(s, Move(seat=seat))
    step = next(a for a in GAME.legal_actions(s, seat) if isinstance(a, Step) and a.dir == 0)
    act(s, step)
    assert s.discovery is not None
    walls = catalog().tile(s.discovery.tile).walls
    places = GAME.legal_actions(s, seat)
    assert places and all(isinstance(a, Place) and (3 - a.rot) % 6 not in walls for a in places)
    act(s, places[0])
    assert s.players[seat].pos == "2,0" and "2,0" in s.board


def test_rift_event_flips_matching_tiles_and_keeps_tokens():  # rule 29
    from engine.infinities.flow import rift_event
    s = to_main("f1")
    bare(s)
    t = put(s, "1,0", tile_of("boost", 1), control=0, rot=2)
    for _ in range(40):
        before = s.board["1,0"].up
        face_type = s.board["1,0"].side().type
        rift_event(s, [])
        if s.board["1,0"].up != before:
            assert t.control == 0 and t.rot == 2 and face_type != s.board["1,0"].side().type or t.tile
            return
    raise AssertionError("the tile never flipped in 40 Rift events")


def test_destroyed_token_returns_to_track_or_reserve():  # rule 27
    s = to_main("c1")
    bare(s)
    put(s, "1,0", tile_of("boost"), control=1)
    p = s.players[1]
    p.track, p.reserve = 5, 8
    M.destroy_token(s, 0, "1,0", [])
    assert (p.track, p.reserve) == (5, 9) and s.board["1,0"].control is None
    put(s, "1,0", tile_of("boost"), control=1)
    p.track = 3
    M.destroy_token(s, 0, "1,0", [])
    assert p.track == 4


def test_a_draw_is_skipped_while_the_hand_is_full():  # rule 22
    s = to_main("h1")
    p = s.players[0]
    while len(p.hand) < M.hand_limit(s, 0):
        p.hand.append(s.piles[p.faction].deck.pop())
    assert M.draw(s, 0, 2, []) == 0


def test_boost_conversion_is_the_action_and_changes_one_die():  # rule 14, I13
    s = to_main("b1")
    seat = main_turn(s, ["boost", "power", "energy"])
    act(s, Convert(seat=seat, face="power", to="fortitude"))
    assert sorted(s.players[seat].dice) == ["energy", "fortitude"]
    assert s.active != seat or all(not p.dice or p.passed for i, p in enumerate(s.players) if i != seat)


def test_pass_forfeits_the_remaining_dice():  # I14
    s = to_main("p1")
    seat = main_turn(s, ["power", "energy"])
    act(s, Pass(seat=seat))
    assert s.players[seat].dice == [] and s.players[seat].passed


def test_passing_with_dice_left_warns_and_names_how_many():  # I14, the red confirmation
    s = to_main("p1")
    seat = main_turn(s, ["power", "energy"])
    assert "2 action dice" in GAME.danger(s, Pass(seat=seat))
    s.players[seat].dice = []
    assert GAME.danger(s, Pass(seat=seat)) is None


def test_a_reaction_is_offered_off_turn_with_context_and_a_safe_timeout():  # rule 32
    s = to_main("x1")
    seat, foe = face_off(s, ["power"])
    s.players[foe].leader = "vael" if s.players[foe].faction == "deva" else "chijen"
    s.players[foe].hand = s.players[foe].hand or [s.piles[s.players[foe].faction].deck.pop()]
    s.players[foe].track = 3
    unit = weakest(s, foe)
    s.players[foe].group = [unit]
    GAME.publish(s)
    for _ in range(30):  # retry the roll from a fresh copy until the attack lands
        trial = s.model_copy(deep=True)
        trial.rng.counter += _
        act(trial, Attack(seat=seat, unit=unit))
        if unit not in trial.players[foe].group:
            break
    d = trial.pending[0]
    assert d.seat == foe and d.kind == "reaction" and d.reaction and d.timeout == {"type": "pass"}
    assert any("destroyed" in line for line in d.context)
    assert GAME.table_view(trial, seat).prompts[0].context == []  # the context is for its owner only
    act(trial, React(seat=foe))
    assert trial.players[foe].track == 2


def test_round_limit_awards_the_highest_score_and_ties_play_one_more_round():  # rule 39
    from engine.infinities.flow import round_limit
    s = to_main("e1", players=3)
    s.round = 5
    s.players[0].score, s.players[1].score, s.players[2].score = 10, 10, 4
    events = []
    round_limit(s, events)
    assert not s.finished and s.tiebreak and s.players[2].out and s.players[2].pos is None
    s.round = 6
    round_limit(s, events)
    assert s.finished and s.finished.draw
    s2 = to_main("e2")
    s2.round, s2.players[0].score, s2.players[1].score = 5, 12, 9
    round_limit(s2, [])
    assert s2.finished.winners == [0]


def test_reaching_the_target_wins_at_once():  # rule 39
    from engine.infinities.flow import check_target
    s = to_main("e3")
    s.players[1].score = 50
    assert check_target(s, []) and s.finished.winners == [1]


def test_short_preset_plays_to_20_points_in_3_rounds():  # scaling presets
    s = GAME.setup({"preset": "short"}, ["A", "B"], "z")
    assert (s.target, s.max_rounds) == (20, 3)


def test_leader_actions_need_their_exact_faces():  # rule 31
    s = to_main("k1")
    seat = main_turn(s, ["star", "star"])
    assert not any(isinstance(a, LeaderAct) for a in GAME.legal_actions(s, seat))


def test_hands_never_reach_other_seats_views():  # hidden information
    s = to_main("v1")
    public = GAME.view(s, None)
    assert all("hand" not in p for p in public["players"])
    mine = GAME.view(s, 0)
    assert "hand" in mine["players"][0] and "hand" not in mine["players"][1]
    text = str(public)
    for c in s.players[0].hand + s.piles["deva"].deck[:5]:
        assert c not in text


def test_the_start_tile_is_placed_space_first_and_the_board_marks_that_space():  # rule 5
    from cogs.components import group_actions
    from engine.infinities.state import RIFT_AT, neighbour

    s, seat = exploring()
    options = GAME.legal_actions(s, seat)
    groups = group_actions(options)
    assert len(groups) == len({a.dir for a in options}) > 1  # one menu per space around the Rift
    for _, ix in groups:
        (way,) = {options[i].dir for i in ix}
        marks = GAME.highlight(GAME.view(s, None), [options[i] for i in ix])
        assert marks == {"selected": RIFT_AT, "move": [neighbour(RIFT_AT, way)]}
