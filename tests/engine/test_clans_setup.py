"""Gods & Clans set-up choices: battlemaps in turn order (faces, rotations, connectivity), then each
Homebase and God as Decisions; the automatic set-up stays available."""

from engine.clans.actions import DraftMap, PlaceGod, PlaceHomebase, PlaceMap
from engine.clans.cards import Placement, battlemaps, connected
from engine.clans.setup import next_setup
from engine.clans.state import coord, parse_coord
from engine.core import EndTurn, get_game

from .test_clans_rules import refused

GAME = get_game("clans")


def chosen(seed="setup"):
    return GAME.setup({}, ["Ann", "Bob"], seed)


def test_battlemaps_are_laid_in_turn_order_on_each_players_side():
    s = chosen()
    assert s.phase == "setup" and not s.units
    first = s.first
    seats = []
    for _ in range(12):
        (d,) = s.pending
        assert d.kind == "setup"
        seats.append(d.seat)
        drafts = GAME.legal_actions(s, d.seat)
        assert 0 < len(drafts) <= 12 and all(isinstance(a, DraftMap) for a in drafts)
        assert GAME.legal_actions(s, 1 - d.seat) == []
        GAME.advance(s, drafts[-1])
        lays = GAME.legal_actions(s, d.seat)
        assert 0 < len(lays) <= 8 and {a.piece for a in lays} == {drafts[-1].piece}
        GAME.advance(s, lays[-1])
        assert s.maps[-1].side == d.seat % 2 and s.maps[-1].piece == drafts[-1].piece
    assert seats == [first, 1 - first] * 6
    assert sorted(m.piece for m in s.maps) == list(range(1, 13))
    assert s.field == battlemaps().lay(s.maps) and connected(s.field)
    assert next_setup(s) == (first, "homebase")


def lays(s, piece):
    s = s.model_copy(deep=True)
    GAME.advance(s, DraftMap(seat=s.first, piece=piece))
    return {(a.piece, a.face, a.rotation) for a in GAME.legal_actions(s, s.first)}


def test_every_face_and_distinct_rotation_is_offered():
    s = chosen()
    assert {a.piece for a in GAME.legal_actions(s, s.first)} == set(range(1, 13))
    offered = lays(s, 1) | lays(s, 7)
    assert (1, "A", 0) in offered and (1, "A", 90) not in offered  # an all-Ground face looks the same turned
    assert {(7, "A", r) for r in (0, 90, 180, 270)} <= offered
    assert (7, "B", 0) in offered and (7, "B", 90) in offered and (7, "B", 180) not in offered


def test_a_battlemap_that_would_cut_off_part_of_the_field_is_refused():
    s = chosen()
    seat = s.first
    row0 = 6 * (seat % 2)
    slot = {(c, r) for c in range(3) for r in range(row0, row0 + 3)}
    fence = {(c, r) for c in range(4) for r in range(row0 - 1, row0 + 4) if 0 <= r < 12} - slot - {(3, row0)}
    s.field = ["".join("M" if (c, r) in fence else t for c, t in enumerate(row)) for r, row in enumerate(s.field)]
    assert connected(s.field)  # the next slot still reaches the field through one gap at column D
    GAME.advance(s, DraftMap(seat=seat, piece=3))
    walled = PlaceMap(seat=seat, piece=3, face="B", rotation=0)  # Water down its right edge closes the gap
    assert walled not in GAME.legal_actions(s, seat)
    assert refused(s, walled).rule == "battlemaps"
    assert refused(s, PlaceMap(seat=seat, piece=4, face="A", rotation=0)).rule == "battlemaps"  # not taken
    for a in GAME.legal_actions(s, seat):
        laid = battlemaps().lay([Placement(piece=a.piece, face=a.face, side=seat % 2, slot=0, rotation=a.rotation)],
                                s.field)
        assert connected(laid)


def finish_maps(s):
    while next_setup(s)[1] == "map":
        seat = next_setup(s)[0]
        GAME.advance(s, GAME.ai_action(s, seat))


def test_homebase_goes_on_your_side_with_room_then_the_god_beside_it():
    s = chosen("homes")
    finish_maps(s)
    seat = s.first
    enemy_side = "E10" if seat % 2 == 0 else "E3"
    assert refused(s, PlaceHomebase(seat=seat, tile=enemy_side)).rule == "homebase"
    options = GAME.legal_actions(s, seat)
    assert options and all(isinstance(a, PlaceHomebase) for a in options)
    rows = range(0, 6) if seat % 2 == 0 else range(6, 12)
    assert all(parse_coord(a.tile)[1] in rows for a in options)
    home = options[0]
    GAME.advance(s, home)
    assert s.pending[0].seat == seat and s.pending[0].kind == "setup"
    far = coord((parse_coord(home.tile)[0], parse_coord(home.tile)[1] + 3 * (1 if seat % 2 == 0 else -1)))
    assert refused(s, PlaceGod(seat=seat, tile=far)).rule == "homebase"
    gods = GAME.legal_actions(s, seat)
    assert gods and all(max(abs(a - b) for a, b in zip(parse_coord(g.tile), parse_coord(home.tile), strict=True))
                        == 1 for g in gods)
    GAME.advance(s, gods[0])
    other = 1 - seat
    assert next_setup(s) == (other, "homebase")
    assert GAME.explain_illegal(s, PlaceHomebase(seat=seat, tile=home.tile)).rule == "getting-started"


def test_play_starts_with_the_first_player_once_everything_is_placed():
    s = chosen("start")
    while s.phase == "setup":
        GAME.advance(s, GAME.ai_action(s, GAME.to_act(s)[0]))
    assert s.phase == "play" and s.active == s.first and s.pending[0].kind == "turn"
    assert len(s.units) == 2 and all(p.homebase for p in s.players)
    assert s.players[s.first].sp == 4  # the book: 4 SP every turn, the first one too
    homes = {p.homebase for p in s.players}
    assert connected(s.field, homes)


def test_with_the_handicap_only_the_games_first_turn_gains_half_the_sp():
    s = GAME.setup({"setup": "auto", "handicap": True}, ["Ann", "Bob"], "half")
    first, other = s.first, 1 - s.first
    assert s.players[first].sp == 2 and s.players[other].sp == 0
    GAME.advance(s, EndTurn(seat=first))
    assert s.active == other and s.players[other].sp == 4
    GAME.advance(s, EndTurn(seat=other))
    assert s.players[first].sp == 2 + 4


def test_the_automatic_set_up_is_still_available():
    s = GAME.setup({"setup": "auto"}, ["Ann", "Bob"], "auto")
    assert s.phase == "play" and len(s.units) == 2
    assert s.field == battlemaps().field("quick_start")


def test_a_team_game_lays_battlemaps_round_the_table_on_each_teams_side():
    s = GAME.setup({}, ["Ann", "Bob", "Cid", "Dee"], "team-setup")
    seats = []
    while s.phase == "setup":
        (seat,) = GAME.to_act(s)
        action = GAME.ai_action(s, seat)
        if action.type == "place_map":
            seats.append(seat)
        GAME.advance(s, action)
        if action.type == "place_map":
            assert s.maps[-1].side == seat % 2
    assert seats == [(s.first + k) % 4 for k in range(12)]
    assert len(s.units) == 4 and s.active == s.first
    assert all(p.homebase[1] in (range(0, 6) if i % 2 == 0 else range(6, 12)) for i, p in enumerate(s.players))


def test_the_homebase_is_picked_row_first_and_the_board_marks_that_rows_squares():
    from cogs.components import MAX_OPTIONS, group_actions, plan_panel

    s = chosen("homes")
    finish_maps(s)
    seat = s.first
    options = GAME.legal_actions(s, seat)
    assert len(options) > MAX_OPTIONS  # one list of every square would need pages
    groups = group_actions(options)
    assert len(groups) > 1 and all(len(ix) <= 9 for _, ix in groups)  # a row has nine squares
    for name, ix in groups:
        rows = {options[i].tile[1:] for i in ix}
        assert rows == {name.rsplit(" ", 1)[1]}
    rows = plan_panel(options, 1, s.version, seat, group_first=GAME.pieces)
    assert "page" not in rows[0].placeholder  # the rows fit in one select: no pages
    name, ix = groups[0]
    marks = GAME.highlight(GAME.view(s, None), [options[i] for i in ix])
    assert marks == {"reach": sorted(options[i].tile for i in ix)}
