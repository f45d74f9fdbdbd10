"""Golden images for Resonance, proof that the table ignores private information, and a pass over every card."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

import images
from engine.core import get_game
from engine.resonance.cards import catalog
from engine.resonance.view import build_view
from images import resonance

from .golden import check_golden, drawn_strings, png_chunks
from .resonance_views import (
    HAND,
    make_big_hand_view,
    make_combat_view,
    make_four_view,
    make_hand_view,
    make_two_view,
)

# Different colours and kinds: one-colour Animation, two-colour Animation, two-colour Item, an Animation with
# no keywords, one with a Flaw, a one-colour Item, and two Codex blocks (one with a Flaw).
CARD_SAMPLES = ["M01-0", "M33-4", "M40-9", "M12-3", "M20-5", "M07-8", "X3-2", "X6-5"]
TABLES = {"two": make_two_view, "four": make_four_view, "combat": make_combat_view}


def picture(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


def hand_names() -> set[str]:
    return {catalog().card(c).name for c in HAND}


@pytest.mark.parametrize("card_id", CARD_SAMPLES)
def test_card_faces_match_golden(card_id):
    check_golden(f"resonance_card_{card_id}", images.render_card("resonance", card_id))


@pytest.mark.parametrize("name", TABLES)
def test_tables_match_golden(name):
    check_golden(f"resonance_board_{name}", images.render_board("resonance", TABLES[name](), detail=True))
    check_golden(f"resonance_preview_{name}", images.render_board("resonance", TABLES[name]()))


def test_hand_matches_golden():
    check_golden("resonance_hand", images.render_hand("resonance", make_hand_view()))


def test_big_hand_matches_golden_and_fits():
    png = images.render_hand("resonance", make_big_hand_view())
    check_golden("resonance_hand_big", png)
    assert max(resonance.render_hand(make_big_hand_view()).size) <= 2000  # fits before any shrinking


def engine_views(players: int) -> tuple[dict, dict, dict]:
    """(a public view with the combat key filled, a public view, a seat view) from a real AI game."""
    game = get_game("resonance")
    state = game.setup({}, [f"P{i}" for i in range(players)], f"shape-{players}")
    fought = None
    while not state.finished and state.version < 3000:
        game.advance(state, game.ai_action(state, game.to_act(state)[0]))
        if state.combat and state.units and fought is None:
            fought = build_view(state, None)
        if fought and any(u.kind == "animation" for u in state.units.values()):
            break
    return fought, build_view(state, None), build_view(state, 0)


def test_hand_written_views_have_the_engine_view_shape():
    fought, public, seat = engine_views(2)
    assert fought is not None
    animation = next(a for p in public["players"] for a in p["animations"] if a["kind"] == "animation")
    mine = [make_two_view(), make_four_view(), make_combat_view()]
    for view in mine:
        assert set(view) == set(public) - {"seed"}
        assert {k for p in view["players"] for k in p} == set(public["players"][0])
        assert {k for p in view["players"] for k in p["unit"]} == set(public["players"][0]["unit"])
        for a in (a for p in view["players"] for a in p["animations"] if a["kind"] == "animation"):
            assert set(a) - {"bane"} == set(animation) - {"bane"}
        for item in (i for p in view["players"] for i in p["unit"]["items"]):
            assert set(item) == {"card", "name", "power", "keywords"}
    assert set(make_combat_view()["combat"]) == set(fought["combat"])
    hand_view = make_hand_view()
    optional = {"options", "seed"}  # only while the seat is asked something / once the game is over
    assert "options" in hand_view and set(hand_view) - optional == set(seat) - optional
    assert set(hand_view["players"][0]) == set(seat["players"][0])
    assert set(hand_view["players"][0]["hand"][0]) == set(seat["players"][0]["hand"][0])
    assert set(hand_view["players"][0]["codex_deck"][0]) == set(seat["players"][0]["codex_deck"][0])


def test_views_from_engine_games_render():
    """Views made by the engine for 2 to 4 players, mid-combat and after: the table and the hand draw."""
    for players in (2, 3, 4):
        for view in engine_views(players):
            board = picture(images.render_board("resonance", view))
            assert max(board.size) <= 2000
        images.render_hand("resonance", view)


def test_every_card_and_codex_block_renders():
    """All 500 cards and 50 Codex blocks (about 8 s here; no sampling)."""
    ids = list(catalog().cards) + list(catalog().codex)
    assert len(ids) == 550
    for card_id in ids:
        face = resonance.render_card(card_id)
        assert face.size == (resonance.CARD_W, resonance.CARD_H)
    resonance.clear_caches()


def test_card_face_shows_numbers_names_power_and_focus(monkeypatch):
    seen = drawn_strings(monkeypatch, lambda: resonance.render_card("M33-4"), resonance.clear_caches)
    for want in ("Purple-Black", "Harmonist", "4", "FOCUS 4", "9.5", "9.6", "9.8", "Purple / Black", "M33-4"):
        assert any(want in s for s in seen), want
    assert any("Nullify" in s and "Status" in s for s in seen)


def test_codex_face_shows_its_two_keywords(monkeypatch):
    seen = drawn_strings(monkeypatch, lambda: resonance.render_card("X3-2"), resonance.clear_caches)
    assert {"3.3", "3.4"} <= set(seen) and any("Stubborn & Ward" in s for s in seen)


def test_two_colour_card_stripe_has_both_colours():
    face = resonance.render_card("M33-4")  # Purple/Black
    top, bottom = face.getpixel((8, 60))[:3], face.getpixel((8, resonance.CARD_H - 60))[:3]
    assert top == resonance.COLOUR_RGB[9] and bottom == resonance.COLOUR_RGB[4]


def test_public_table_ignores_the_private_keys():
    for make in TABLES.values():
        public = make()
        private = copy.deepcopy(public)
        private["you"] = None
        p = private["players"][0]
        seat = make_hand_view()["players"][0]
        for key in ("hand", "codex_deck", "secondaries", "immunized", "seen"):
            p[key] = seat[key]
        private["options"] = ["Discard Blue Exemplar"]
        assert images.render_board("resonance", public) == images.render_board("resonance", private)


def test_hand_card_names_are_never_drawn_on_the_table(monkeypatch):
    view = make_hand_view()  # a seat view, with a private prompt that names a hand card
    assert any(n in d["prompt"] for d in view["pending"] for n in hand_names())
    seen = drawn_strings(monkeypatch, lambda: resonance.render_board(view, detail=True), resonance.clear_caches)
    assert any("Green Reliquary" in s for s in seen)  # the spy does see the table's text
    seen += drawn_strings(monkeypatch, lambda: resonance.render_board(view), resonance.clear_caches)
    assert not [s for s in seen if any(n in s for n in hand_names())]
    codex_deck = {b["name"] for b in view["players"][0]["codex_deck"]}
    assert not [s for s in seen if s in codex_deck]


def test_table_changes_when_the_public_state_does():
    view = make_two_view()
    changed = copy.deepcopy(view)
    changed["players"][1]["animations"][0]["damage"] += 1
    for detail in (False, True):
        assert images.render_board("resonance", view, detail) != images.render_board("resonance", changed, detail)


def test_png_carries_no_text_metadata_and_fits():
    pngs = [images.render_board("resonance", make()) for make in TABLES.values()]
    pngs += [images.render_hand("resonance", make_hand_view()), images.render_card("resonance", "M40-9")]
    for png in pngs:
        assert set(png_chunks(png)) <= {b"IHDR", b"PLTE", b"IDAT", b"IEND"}
        assert max(picture(png).size) <= 2000
    for make in TABLES.values():  # even four mats fit without the final shrink
        assert max(resonance.render_board(make(), detail=True).size) <= 2000
        assert resonance.render_board(make()).width == resonance.PREVIEW_W


def test_hand_needs_a_seat_view():
    with pytest.raises(ValueError, match="private view"):
        resonance.render_hand(make_two_view())


def test_unknown_card_is_a_clear_error():
    for bad in ("M51-0", "M01-12", "X0-9", "nonsense"):
        with pytest.raises(ValueError, match="Unknown Resonance card"):
            images.render_card("resonance", bad)


def test_resonance_is_registered():
    assert images.supports("resonance")
    with pytest.raises(TypeError):
        images.render_board("resonance", make_two_view(), highlight={"selected": "M31-4"})


def test_setup_phases_name_the_step_not_a_turn(monkeypatch):
    """In the draft nobody has a turn yet: the header names the setup step, who is awaited, and the pool."""
    game = get_game("resonance")
    state = game.setup({}, ["Ann", "Bob"], "setup-header")
    view = game.view(state, None)
    assert view["phase"] == "draft"
    seen = drawn_strings(monkeypatch, lambda: resonance.render_board(view), resonance.clear_caches)
    assert any(s.startswith("Setup: drafting") for s in seen) and not any("'s turn" in s for s in seen)
    assert any(s.startswith("Waiting on") for s in seen)
    assert any(s.startswith("Draft pool") for s in seen)


def test_a_killing_blow_shows_zero_hp_not_a_negative_number(monkeypatch):
    view = make_four_view()
    view["players"][3]["hp"] = -3
    seen = drawn_strings(monkeypatch, lambda: resonance.render_board(view), resonance.clear_caches)
    assert "HP 0 / 10" in seen and not any("HP -" in s for s in seen)


@pytest.mark.parametrize("size", [0, 1, 5, 10, 11, 25, 40])
def test_any_hand_fits_without_shrinking(size):
    """Full faces up to ten cards, small faces beyond: the picture stays within 2000 px before to_png shrinks it."""
    view = make_hand_view()
    cards = list(catalog().cards)[:size]
    view["players"][0]["hand"] = [{"card": c, "name": catalog().card(c).name, "kind": catalog().card(c).kind}
                                  for c in cards]
    view["players"][0]["codex_deck"] = make_hand_view()["players"][0]["codex_deck"] * 2  # 14 blocks
    assert max(resonance.render_hand(view).size) <= 2000
