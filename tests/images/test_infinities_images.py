"""Infinities pictures: golden images of the board (plain, highlighted, discovering), the hand and card
faces; size and width limits over a real four-leader game; hands never on the public board."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import images
from engine.core import get_game
from engine.infinities.actions import Attack, Step
from engine.infinities.cards import catalog
from images import infinities

from .golden import check_golden, drawn_strings
from .infinities_views import make_board_view, make_discovery_view, make_hand_view, make_state

GAME = get_game("infinities")
LIMIT = 300_000
CARDS = ["LB01", "DV05", "reiso", "okoro", "V07a", "all"]


def size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_board_matches_golden():
    check_golden("infinities_board", images.render_board("infinities", make_board_view()))


def test_highlighted_board_matches_golden():
    spec = {"selected": "1,0", "move": ["1,-1", "2,-2"], "reach": ["1,0", "2,0", "0,1"], "attack": ["2,0"]}
    check_golden("infinities_board_highlight", images.render_board("infinities", make_board_view(), highlight=spec))


def test_discovery_shows_both_sides_in_each_rotation():
    view = make_discovery_view()
    assert view["discovering"]["rotations"] and len(view["discovering"]["rotations"]) < 6  # some turns are walled
    check_golden("infinities_board_discovery", images.render_board("infinities", view))


def test_hand_matches_golden():
    check_golden("infinities_hand", images.render_hand("infinities", make_hand_view()))


@pytest.mark.parametrize("card_id", CARDS)
def test_card_faces_match_golden(card_id):
    check_golden(f"infinities_card_{card_id}", images.render_card("infinities", card_id))


def test_every_card_leader_tile_and_skirmish_card_has_a_face():
    cat = catalog()
    ids = [*cat.cards, *cat.leaders, *cat.skirmish, *(f"{t}a" for t in cat.tiles), cat.rift.id]
    for i in ids:
        assert max(infinities.render_card(i).size) <= 1000
    with pytest.raises(KeyError):
        infinities.render_card("nonsense")


def test_the_hand_needs_its_owners_view():
    with pytest.raises(ValueError):
        images.render_hand("infinities", make_board_view())


def test_a_bad_highlight_is_refused():
    with pytest.raises(ValueError):
        images.render_board("infinities", make_board_view(), highlight={"move": ["C7"]})
    with pytest.raises(ValueError):
        images.render_board("infinities", make_board_view(), highlight={"glow": ["1,0"]})


def test_the_public_board_never_draws_a_hand(monkeypatch):
    s = make_state()
    mine = GAME.view(s, 0)  # Ann's own view holds her hand; the board must still leave it out
    public_cards = {c["name"] for p in mine["players"] for c in p["group"] + p["timeline"]}
    secret = {c["name"] for c in mine["players"][0]["hand"]} - public_cards
    assert secret
    drawn = drawn_strings(monkeypatch, lambda: infinities.render_board(mine), infinities.clear_caches)
    assert not any(name in line for line in drawn for name in secret)


def test_boards_of_a_real_game_stay_small_and_narrow():
    """Every 40th position of a four-leader AI game: at most 300 KB and 1100 px wide, so a phone
    showing it 550 px wide halves the text at most (16 px type stays 8 px and up)."""
    s = GAME.setup({}, ["Ann", "Bob", "Cleo", "Dan"], "pictures")
    worst = 0
    while not s.finished and s.version < 1200:
        GAME.advance(s, GAME.ai_action(s, GAME.to_act(s)[0]))
        if s.version % 40 == 0:
            png = images.render_board("infinities", GAME.view(s, None))
            worst = max(worst, len(png))
            assert size(png)[0] <= 1100 and max(size(png)) <= 2000
    assert 0 < worst <= LIMIT
    for seat in range(4):
        assert len(images.render_hand("infinities", GAME.view(s, seat))) <= LIMIT


def test_highlight_marks_the_acting_leaders_steps_and_attacks():
    s = make_state()
    view = GAME.view(s, None)
    steps = [Step(seat=0, dir=d) for d in (0, 2)]
    s.motion = None
    assert GAME.highlight(view, steps) is None  # no movement under way: nothing to mark
    from engine.infinities.state import Motion
    s.motion = Motion(mover=0, by=0, left=2)
    view = GAME.view(s, None)
    spec = GAME.highlight(view, steps)
    assert spec == {"selected": "1,0", "move": ["1,-1", "2,0"]}
    s.motion = None
    view = GAME.view(s, None)
    dan = s.players[3].group[0]
    spec = GAME.highlight(view, [Attack(seat=0, unit=dan)])
    assert spec["selected"] == "1,0" and spec["attack"] == ["2,0"] and "1,0" in spec["reach"]
