"""Golden images for Psi Wars, and proof that public pictures ignore private information."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

import images
from engine.core import get_game
from engine.psiwars.cards import catalog
from images import psiwars

from .golden import check_golden, drawn_strings, png_chunks
from .views import make_battle_view, make_hand_view, make_over_view

# One card of each kind: Creation Unit, Being, Robot, Cyborg, Equipment, Build Power, Power for any window.
CARD_SAMPLES = ["CU-DS", "B06", "R05", "Y04", "E05", "W01", "W07"]


@pytest.mark.parametrize("card_id", CARD_SAMPLES)
def test_card_faces_match_golden(card_id):
    check_golden(f"psiwars_card_{card_id}", images.render_card("psiwars", card_id))


def test_battle_board_matches_golden():
    check_golden("psiwars_board", images.render_board("psiwars", make_battle_view(), detail=True))
    check_golden("psiwars_preview", images.render_board("psiwars", make_battle_view()))


def test_finished_board_from_a_seat_matches_golden():
    check_golden("psiwars_board_over", images.render_board("psiwars", make_over_view(), detail=True))
    check_golden("psiwars_preview_over", images.render_board("psiwars", make_over_view()))


def test_hand_matches_golden():
    check_golden("psiwars_hand", images.render_hand("psiwars", make_hand_view()))


def test_every_card_renders():
    for card_id in catalog().cards:
        assert images.render_card("psiwars", card_id).startswith(b"\x89PNG")


def test_public_board_ignores_hand_and_peek():
    public = make_battle_view()
    other = copy.deepcopy(public)
    other["hand"] = make_hand_view()["hand"]
    other["peek"] = make_hand_view()["peek"]
    assert images.render_board("psiwars", public) == images.render_board("psiwars", other)


def test_hand_card_names_are_never_drawn_on_the_board(monkeypatch):
    view = make_battle_view()
    secret = ["Ghost Operative", "Stasis Trap", "Creation Oracle", "Lab Reinforcement"]
    on_board = {u["name"] for p in view["players"] for u in p["units"]}
    assert not on_board & set(secret)
    view["hand"] = [{"iid": f"h{i}", "card": catalog().by_name(n).id, "name": n} for i, n in enumerate(secret)]
    view["pending"].append({"seat": 1, "kind": "trap", "prompt": "Play Stasis Trap [h1]?", "private": True})
    for detail in (False, True):
        seen = drawn_strings(monkeypatch, lambda d=detail: psiwars.render_board(view, d), psiwars.clear_caches)
        assert any("Bio-Titan" in s for s in seen)  # the spy does see the board's text
        assert not [s for s in seen if any(n in s for n in secret)]


def test_board_changes_when_the_public_state_does():
    view = make_battle_view()
    changed = copy.deepcopy(view)
    changed["players"][0]["lab_hp"] -= 5
    for detail in (False, True):
        assert images.render_board("psiwars", view, detail) != images.render_board("psiwars", changed, detail)


def test_preview_units_show_screens_with_their_equipment_added(monkeypatch):
    view = make_battle_view()  # Bio-Titan (PHY 5/3) carries Kinetic Blade (PHY +1/+1... as printed)
    titan = view["players"][0]["units"][0]
    base = psiwars._screen_values(psiwars._card(titan["card"]))["physical"]
    bonus = psiwars._card(titan["equipment"]["card"]).equip_bonus["physical"]
    assert psiwars._totals(titan)["physical"] == (base[0] + bonus[0], base[1] + bonus[1])
    seen = drawn_strings(monkeypatch, lambda: psiwars.render_board(view), psiwars.clear_caches)
    assert "+ Kinetic Blade" in seen or any(s.startswith("+ Kinetic") for s in seen)


def test_png_carries_no_text_metadata():
    for png in (images.render_board("psiwars", make_battle_view()), images.render_hand("psiwars", make_hand_view()),
                images.render_card("psiwars", "Y04")):
        assert set(png_chunks(png)) <= {b"IHDR", b"PLTE", b"IDAT", b"IEND"}
        assert b"Ghost Operative" not in png


def test_board_fits_discord_and_phones():
    img = Image.open(io.BytesIO(images.render_board("psiwars", make_battle_view())))
    assert img.width == psiwars.PREVIEW_W and max(img.size) <= 2000
    img = Image.open(io.BytesIO(images.render_board("psiwars", make_battle_view(), detail=True)))
    assert img.width == psiwars.BOARD_W and max(img.size) <= 2000


def test_hand_needs_a_seat_view():
    with pytest.raises(ValueError, match="private view"):
        psiwars.render_hand(make_battle_view())


def test_unknown_game_and_card_are_clear_errors():
    with pytest.raises(ValueError, match="No pictures"):
        images.render_board("nosuchgame", {})
    with pytest.raises(ValueError, match="Unknown Psi Wars card"):
        images.render_card("psiwars", "Z99")


def test_views_from_a_whole_engine_game_render():
    """Views made by the engine (not by hand) along an AI game: every kind of moment renders."""
    game = get_game("psiwars")
    state = game.setup({}, ["Ann", "Bob"], "images-smoke")
    seen_battle = False
    while not state.finished:
        game.advance(state, game.ai_action(state, game.to_act(state)[0]))
        public = game.view(state, None)
        if public["battle"] or state.version % 10 == 0 or state.finished:
            seen_battle |= bool(public["battle"])
            board = Image.open(io.BytesIO(images.render_board("psiwars", public)))
            assert max(board.size) <= 2000
            images.render_hand("psiwars", game.view(state, state.active))
    assert seen_battle


def test_dispatch_knows_which_games_have_pictures():
    assert images.supports("psiwars") and images.supports("clans") and not images.supports("race")
    with pytest.raises(images.UnknownGame, match="pictures exist for: .*clans.*psiwars.*resonance"):
        images.render_hand("race", {})


def test_psiwars_board_refuses_options_it_does_not_have():
    with pytest.raises(TypeError):
        images.render_board("psiwars", make_battle_view(), highlight={"selected": "C7"})
