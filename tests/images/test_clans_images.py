"""Golden images for Gods & Clans, the highlight option, and proof that the board ignores the hand."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image, ImageChops, ImageStat

import images
from engine.clans.view import build_view
from engine.core import get_game
from images import clans

from .clans_views import (
    ARCHER_HIGHLIGHT,
    HAND,
    make_board_view,
    make_four_view,
    make_hand_view,
    make_over_view,
)
from .golden import check_golden, drawn_strings, png_chunks

# One card of each type: God, Divine Spirit, ally, Equipment, item, Runic Art, Terrain Effect, Homebase.
CARD_SAMPLES = ["aurelius", "vesper", "templar_knight", "cursed_brooch", "holy_water", "crimson_waltz",
                "mountain_sanctuary", "crimson_manor"]


def picture(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def changed_box(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()


def tile_box(tile: str) -> tuple[int, int, int, int]:
    """Where a tile sits inside clans._field's picture (row 1 at the bottom, 12 rows)."""
    col, row = ord(tile[0]) - ord("A"), int(tile[1:]) - 1
    x, y = clans.LABEL + col * clans.TW, clans.LABEL + (11 - row) * clans.TH
    return x, y, x + clans.TW, y + clans.TH


def inside(box, outer) -> bool:
    return outer[0] <= box[0] and outer[1] <= box[1] and box[2] <= outer[2] and box[3] <= outer[3]


@pytest.mark.parametrize("card_id", CARD_SAMPLES)
def test_card_faces_match_golden(card_id):
    check_golden(f"clans_card_{card_id}", images.render_card("clans", card_id))


def test_board_matches_golden():
    check_golden("clans_board", images.render_board("clans", make_board_view(), detail=True))
    check_golden("clans_preview", images.render_board("clans", make_board_view()))


def test_board_with_highlight_matches_golden():
    check_golden("clans_board_highlight", images.render_board("clans", make_board_view(), highlight=ARCHER_HIGHLIGHT,
                                                              detail=True))
    check_golden("clans_preview_highlight", images.render_board("clans", make_board_view(), highlight=ARCHER_HIGHLIGHT))


def test_four_owner_board_matches_golden():
    check_golden("clans_board_four", images.render_board("clans", make_four_view(), detail=True))
    check_golden("clans_preview_four", images.render_board("clans", make_four_view()))


def test_hand_matches_golden():
    check_golden("clans_hand", images.render_hand("clans", make_hand_view()))


def test_hand_written_views_have_the_engine_view_shape():
    game = get_game("clans")
    state = game.setup({"setup": "auto"}, ["Ann", "Bob"], "shape")
    engine_public, engine_seat = build_view(state, None), build_view(state, 0)
    for mine, theirs in ((make_board_view(), engine_public), (make_four_view(), engine_public),
                         (make_hand_view(), engine_seat)):
        assert set(mine) == set(theirs)
        assert {k for u in mine["units"] for k in u} == set(theirs["units"][0])
        assert {k for p in mine["players"] for k in p} == set(theirs["players"][0])
    assert set(make_hand_view()["hand"][0]) == set(engine_seat["hand"][0])


def test_every_card_renders():
    for card_id in clans.catalog().cards:
        assert images.render_card("clans", card_id).startswith(b"\x89PNG")


def test_public_board_ignores_the_hand():
    public = make_board_view()
    with_hand = copy.deepcopy(public)
    with_hand["hand"] = make_hand_view()["hand"]
    assert images.render_board("clans", public) == images.render_board("clans", with_hand)


def test_hand_card_names_are_never_drawn_on_the_board(monkeypatch):
    view = make_hand_view()
    names = {clans.catalog().cards[c].name for c in HAND}
    assert not names & {u["name"] for u in view["units"]}
    seen = drawn_strings(monkeypatch, lambda: clans.render_board(view, detail=True), clans.clear_caches)
    assert any("Sanguria" in s for s in seen)  # the spy does see the board's text
    seen += drawn_strings(monkeypatch, lambda: clans.render_board(view), clans.clear_caches)
    assert not [s for s in seen if any(n in s for n in names)]


def test_grid_is_labelled_as_the_engine_names_tiles(monkeypatch):
    seen = drawn_strings(monkeypatch, lambda: clans.render_board(make_board_view()), clans.clear_caches)
    assert set("ABCDEFGHI") <= set(seen) and {str(r) for r in range(1, 13)} <= set(seen)


def test_a_highlight_draws_only_on_its_own_tiles():
    """Row 1 is at the bottom and column A at the left, as in "C7"; nothing else on the field moves."""
    view = make_board_view()
    plain = clans._field(view, {})
    for tile in ("A1", "I12", "C7", "F5"):
        for kind in ("reach", "attack"):
            marked = clans._field(view, clans._check_highlight({kind: [tile]}, 9, 12))
            assert inside(changed_box(plain, marked), tile_box(tile)), (kind, tile)
    marked = clans._field(view, clans._check_highlight({"selected": "F5"}, 9, 12))
    assert inside(changed_box(plain, marked), tile_box("F5"))


def test_highlight_adds_a_legend_and_changes_the_board():
    view = make_board_view()
    plain = images.render_board("clans", view)
    assert images.render_board("clans", view, highlight=ARCHER_HIGHLIGHT) != plain
    assert images.render_board("clans", view, highlight=None) == plain
    assert images.render_board("clans", view, highlight={}) == plain


@pytest.mark.parametrize("spec, message", [
    ({"reach": ["J1"]}, "No tile 'J1'"),
    ({"attack": ["C13"]}, "No tile 'C13'"),
    ({"selected": "7C"}, "No tile '7C'"),
    ({"moves": ["C7"]}, "Unknown highlight keys"),
])
def test_bad_highlights_are_clear_errors(spec, message):
    with pytest.raises(ValueError, match=message):
        images.render_board("clans", make_board_view(), highlight=spec)


def test_units_are_drawn_where_the_view_puts_them():
    view = make_board_view()
    moved = copy.deepcopy(view)
    archer = next(u for u in moved["units"] if u["tile"] == "C5")
    archer["tile"] = "A1"
    box = changed_box(clans._field(view, {}), clans._field(moved, {}))
    assert box and inside(box, (*tile_box("A1")[:1], tile_box("C5")[1], tile_box("C5")[2], tile_box("A1")[3]))


def test_board_changes_when_the_public_state_does():
    view = make_board_view()
    base = images.render_board("clans", view)
    for change in (lambda v: v["units"][0].update(hp=20), lambda v: v["units"][2]["statuses"].remove("poison"),
                   lambda v: v["units"][1].update(act="fresh"), lambda v: v["units"][4].update(new=False),
                   lambda v: v["units"][6].update(equipment=None), lambda v: v["players"][1].update(sp=9)):
        changed = copy.deepcopy(view)
        change(changed)
        assert images.render_board("clans", changed) != base


def test_boosts_show_when_a_view_carries_them():
    """The engine view does not list boosts yet; a unit with a "buffs" entry gets a mark and a legend key."""
    view = make_board_view()
    boosted = copy.deepcopy(view)
    boosted["units"][3]["buffs"] = {"spd": 2}
    assert clans._unit_marks(boosted["units"][3])[-1] == "buff"
    assert images.render_board("clans", boosted) != images.render_board("clans", view)


def test_four_owners_have_four_colours_and_seat_numbers(monkeypatch):
    view = make_four_view()
    tokens = [clans._token(next(u for u in view["units"] if u["owner"] == s)) for s in range(4)]
    body = {tok.getpixel((clans.TW - 12, 50))[:3] for tok in tokens}
    assert len(body) == 4
    seen = drawn_strings(monkeypatch, lambda: clans.render_board(view), clans.clear_caches)
    assert {"1", "2", "3", "4"} <= set(seen) and any("Dev's turn" in s for s in seen)


def test_png_carries_no_text_metadata():
    for png in (images.render_board("clans", make_board_view(), highlight=ARCHER_HIGHLIGHT),
                images.render_hand("clans", make_hand_view()), images.render_card("clans", "luminel")):
        assert set(png_chunks(png)) <= {b"IHDR", b"PLTE", b"IDAT", b"IEND"}
        assert b"Luminel" not in png


def test_boards_fit_discord_and_phones():
    for view in (make_board_view(), make_four_view(), make_over_view()):
        size = picture(images.render_board("clans", view, highlight=ARCHER_HIGHLIGHT)).size
        assert size[0] == clans.PREVIEW_W and size[1] < size[0]  # landscape, as the channel shows it
        size = picture(images.render_board("clans", view, highlight=ARCHER_HIGHLIGHT, detail=True)).size
        assert max(size) <= 2000 and size[1] > size[0]  # the detail board: portrait, with legend and log


def test_finished_game_says_who_won(monkeypatch):
    seen = drawn_strings(monkeypatch, lambda: clans.render_board(make_over_view()), clans.clear_caches)
    assert any(s.startswith("Game over: Ann wins") for s in seen)


def test_hand_needs_a_seat_view():
    with pytest.raises(ValueError, match="private view"):
        clans.render_hand(make_board_view())


def test_unknown_card_is_a_clear_error():
    with pytest.raises(ValueError, match="Unknown Gods & Clans card"):
        images.render_card("clans", "nosuchcard")


def test_views_from_a_whole_engine_game_render():
    """Views made by the engine (not by hand) along an AI game, with a highlight built from its moves."""
    game = get_game("clans")
    state = game.setup({}, ["Ann", "Bob"], "images-smoke")
    drawn = 0
    while not state.finished and state.version < 400:
        seat = game.to_act(state)[0]
        if state.version % 25 == 0:
            public = game.view(state, None)
            moves = [a for a in game.legal_actions(state, seat) if a.type == "move"]
            spec = {"selected": public["units"][0]["tile"]} if public["units"] else {}
            if moves:
                unit = next(u for u in public["units"] if u["iid"] == moves[0].unit)
                spec = {"selected": unit["tile"], "reach": [a.to for a in moves if a.unit == moves[0].unit]}
            assert max(picture(images.render_board("clans", public, highlight=spec)).size) <= 2000
            images.render_hand("clans", game.view(state, seat))
            drawn += 1
        game.advance(state, game.ai_action(state, seat))
    assert drawn >= 3
    assert max(picture(images.render_board("clans", game.view(state, None))).size) <= 2000


def test_hand_dims_the_cards_the_player_cannot_pay_for_yet():
    view = make_hand_view()
    view["hand"] = view["hand"][1:2]  # Cross Squire: 2 SP
    view["players"][0].update(sp=2, exp=0)
    ready = picture(images.render_hand("clans", view))
    view["players"][0]["sp"] = 1
    short = picture(images.render_hand("clans", view))
    assert ready.size == short.size
    assert ImageStat.Stat(short.convert("L")).mean[0] < ImageStat.Stat(ready.convert("L")).mean[0]


def test_highlight_for_turns_unit_ids_into_tiles():
    view = make_board_view()
    spec = clans.highlight_for(view, "A08", ["B5", "B5", "C4"], ["B03", "B05", "gone"])
    assert spec == {"selected": "C5", "reach": ["B5", "C4"], "attack": ["D8", "F8"]}
    with pytest.raises(ValueError, match="No unit 'Z99'"):
        clans.highlight_for(view, "Z99")


def test_highlight_from_engine_legal_actions_marks_those_tiles():
    game = get_game("clans")
    state = game.setup({"setup": "auto"}, ["Ann", "Bob"], "highlight")
    seat = game.to_act(state)[0]
    actions = game.legal_actions(state, seat)
    god = next(u for u in state.units.values() if u.owner == seat)
    moves = [a.to for a in actions if a.type == "move" and a.unit == god.iid]
    view = game.view(state, None)
    spec = clans.highlight_for(view, god.iid, moves)
    assert moves and spec["reach"] == moves
    plain, marked = clans._field(view, {}), clans._field(view, clans._check_highlight(spec, 9, 12))
    for tile in moves:
        x0, y0, x1, y1 = tile_box(tile)
        assert changed_box(plain.crop((x0, y0, x1, y1)), marked.crop((x0, y0, x1, y1)))


def test_done_marks_only_the_player_to_move_and_follow_the_activation_rule():
    view = make_board_view()
    spent = {u["iid"] for u in view["units"] if clans._spent(view, u)}
    # Templar attacked; Shieldmaiden moved and Ann has since chosen the Healer, who may still act;
    # Bob's Duelist is "done" from Bob's own turn, which says nothing about Ann's.
    assert spent == {"A04", "A06"}
    assert "done" in clans._unit_marks(view["units"][1], True) and "done" not in clans._unit_marks(view["units"][1])
    assert not {u["iid"] for u in make_over_view()["units"] if clans._spent(make_over_view(), u)}


def test_summon_is_the_unit_first_then_only_its_squares_marked_on_the_board():
    game = get_game("clans")
    state = game.setup({"setup": "auto"}, ["Ann", "Bob"], "summon-menu")
    seat = game.to_act(state)[0]
    summons = [a for a in game.legal_actions(state, seat) if a.type == "summon"]
    cards = {a.card for a in summons}
    assert len(cards) > 1
    groups = {a.group() for a in summons}
    assert len(groups) == len(cards)  # one menu per unit, never unit x square in one list
    card = sorted(cards)[0]
    mine = [a for a in summons if a.card == card]
    assert {a.group() for a in mine} == {mine[0].group()} and len(mine) <= 25
    view = game.view(state, None)
    spec = game.highlight(view, mine)
    assert spec == {"reach": sorted({a.tile for a in mine})}
    plain, marked = clans._field(view, {}), clans._field(view, clans._check_highlight(spec, 9, 12))
    x0, y0, x1, y1 = tile_box(spec["reach"][0])
    assert changed_box(plain.crop((x0, y0, x1, y1)), marked.crop((x0, y0, x1, y1)))
