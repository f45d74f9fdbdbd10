"""Futura pictures: golden boards (two and four seats, mid-engagement), the private hand and station
inventories, card faces from data; size limits; and the public board never draws a hidden card."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import images
from engine.futura.cards import catalog
from images import futura

from .futura_views import board_view, busy_state, hand_view
from .golden import check_golden, drawn_strings

CARD_SAMPLES = ["ghost_chen", "aegis_outpost", "vyr_wolf", "might_makes_right", "stealth_plate", "skull_of_alman"]
MAX_BYTES = 300_000


def size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


@pytest.mark.parametrize("players", [2, 4])
def test_boards_match_golden_and_stay_small(players):
    png = images.render_board("futura", board_view(players))
    check_golden(f"futura_preview_{players}p", png)
    assert len(png) <= MAX_BYTES
    assert size(png)[0] == futura.PREVIEW_W  # its numbers are legible once Discord shows it 550 px wide
    png = images.render_board("futura", board_view(players), detail=True)
    check_golden(f"futura_board_{players}p", png)
    assert len(png) <= MAX_BYTES


def test_hand_and_inventories_match_golden():
    png = images.render_hand("futura", hand_view())
    check_golden("futura_hand", png)
    assert len(png) <= MAX_BYTES


@pytest.mark.parametrize("card_id", CARD_SAMPLES)
def test_card_faces_match_golden(card_id):
    png = images.render_card("futura", card_id)
    check_golden(f"futura_card_{card_id}", png)
    assert len(png) <= MAX_BYTES


def test_every_card_in_the_data_draws():
    cat = catalog()
    for card_id in [*cat.acolytes, *cat.districts, *cat.stations, *cat.cards]:
        assert futura.render_card(card_id).size == (futura.CARD_W, futura.CARD_H)


def test_the_engagement_panel_shows_both_sides_dice():
    view = board_view(2)
    units = view["fight"]["units"]
    assert {u["role"] for u in units} >= {"primary", "support", "defender"}
    assert all(u["roll"] is not None for u in units)


def test_public_board_draws_no_hidden_card(monkeypatch):
    s = busy_state(4)
    hidden = {s.card(u).name for p in s.players for u in p.hand + [c for h in p.holdings if h.station
                                                                   for c in h.station.slots]}
    shown = {s.card(u).name for u in s.cards if s.cards[u].revealed}
    drawn = " ".join(drawn_strings(monkeypatch, lambda: futura.render_board(board_view(4)), futura.clear_caches)
                     + drawn_strings(monkeypatch, lambda: futura.render_board(board_view(4), detail=True),
                                     futura.clear_caches))
    assert "Rustmarket" in drawn and hidden - shown, "the sample holds no hidden card to look for"
    assert [name for name in hidden - shown if name in drawn] == []


def test_the_hand_picture_shows_the_seats_own_cards():
    s = busy_state(4)
    drawn_names = {c["name"] for c in hand_view()["players"][0]["hand"]}
    assert drawn_names == {s.card(u).name for u in s.players[0].hand}
