"""Posted boards are legible where Discord shows them: PREVIEW_W px wide, before anyone clicks.

Every key number drawn on a game's default board (a bare number or pair such as "6 / 4", or a figure
with its unit such as "21 / 30 HP", "3 AP") must be at least KEY_TEXT px tall once the picture is
scaled to PREVIEW_W wide; the board must be landscape or near-square; the detail board stays available.
"""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageDraw

import images
from engine.core import get_game
from images import theme
from tests.images import resonance_views
from tests.images.clans_views import make_board_view, make_four_view
from tests.images.futura_views import board_view
from tests.images.infinities_views import make_board_view as infinities_board
from tests.images.views import make_battle_view

MAX_BYTES = 300_000  # Discord previews a picture quickly only when it is small
KEY_NUMBER = re.compile(r"^[+\-]?\d+( ?/ ?\d+)?$|^\d+ points$|\d+ ?(HP|AP|VP|DAM|SP|EXP|energy)\b|\b(HP|SP|EXP|Hand|Deck) \d+")


def _views():
    battle = make_battle_view()
    yield "psiwars", battle, ["Lab 21 / 30 HP", "Lab 14 / 30 HP", "6 / 4"]
    for view in (make_board_view(), make_four_view()):
        yield "clans", view, [f"{u['hp']}/{u['max_hp']}" for u in view["units"]] + ["12"]
    view = infinities_board()
    yield "infinities", view, [f"{p['score']} points" for p in view["players"]] + [
        str(x["influence"]) for x in view["tiles"]]
    for players in (2, 4):
        view = board_view(players)
        yield "futura", view, [f"{u['ap']} AP" for u in view["fight"]["units"]]
    for view in (resonance_views.make_combat_view(), resonance_views.make_four_view()):
        yield "resonance", view, [f"HP {p['hp']} / {p['max_hp']}" for p in view["players"] if p["hp"] > 0]


CASES = list(_views())
IDS = [f"{game}-{i}" for i, (game, _, _) in enumerate(CASES)]


def _drawn(monkeypatch, game: str, view: dict, detail: bool = False) -> tuple[list[tuple[str, int]], Image.Image]:
    """(string, font px) of everything drawn on the default board (caches emptied first), and the picture."""
    images._module(game).clear_caches()
    seen: list[tuple[str, int]] = []
    original = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, font=None, **kwargs):
        seen.append((str(text), getattr(font, "size", 0)))
        return original(self, xy, text, *args, font=font, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    png = images.render_board(game, view, detail=detail)
    monkeypatch.undo()
    return seen, Image.open(io.BytesIO(png))


@pytest.mark.parametrize(("game", "view", "expected"), CASES, ids=IDS)
def test_key_numbers_are_legible_at_discord_preview_width(monkeypatch, game, view, expected):
    seen, img = _drawn(monkeypatch, game, view)
    scale = theme.PREVIEW_W / img.width
    keys = {s: size for s, size in seen if KEY_NUMBER.search(s)}
    assert set(expected) <= set(keys), f"expected key numbers not drawn: {set(expected) - set(keys)}"
    small = {s: round(size * scale, 1) for s, size in keys.items() if size * scale < theme.KEY_TEXT}
    assert not small, f"key numbers under {theme.KEY_TEXT} px at {theme.PREVIEW_W} px wide: {small}"


@pytest.mark.parametrize(("game", "view", "expected"), CASES, ids=IDS)
def test_board_is_landscape_or_near_square_and_a_detail_board_shows_more(monkeypatch, game, view, expected):
    seen, preview = _drawn(monkeypatch, game, view)
    assert preview.height <= 1.4 * preview.width, preview.size
    more, _ = _drawn(monkeypatch, game, view, detail=True)
    assert len(more) > len(seen)


@pytest.mark.parametrize(("game", "view", "expected"), CASES, ids=IDS)
def test_posted_and_detail_boards_stay_under_300_kb(game, view, expected):
    for detail in (False, True):
        assert len(images.render_board(game, view, detail=detail)) <= MAX_BYTES


def test_a_full_opening_hand_stays_under_300_kb():
    """Gods & Clans opens with 28 unused cards: the longest hand picture of any game."""
    game = get_game("clans")
    view = game.view(game.setup({}, ["Ann", "Bob"], "bench-render"), 0)
    assert len(view["hand"]) == 28
    assert len(images.render_hand("clans", view)) <= MAX_BYTES
