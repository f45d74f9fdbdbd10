"""Golden images for Psi Wars, and proof that public pictures ignore private information.

UPDATE_GOLDEN=1 rewrites the golden files; a mismatch writes the new picture to tests/golden/_actual/.
"""

from __future__ import annotations

import copy
import io
import json
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

import images
from engine.psiwars.cards import catalog

HERE = Path(__file__).resolve().parent
GOLDEN = HERE.parent / "golden"
ACTUAL = GOLDEN / "_actual"
TOLERANCE = 1.5  # mean absolute difference per channel (0-255): survives FreeType/zlib differences


def fixture(name: str) -> dict:
    return json.loads((HERE / "fixtures" / f"{name}.json").read_text())


def check_golden(name: str, png: bytes) -> None:
    path = GOLDEN / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN") or not path.exists():
        path.write_bytes(png)
        if not os.environ.get("UPDATE_GOLDEN"):
            pytest.fail(f"golden {path.name} was missing and has been written; re-run")
    got = Image.open(io.BytesIO(png)).convert("RGB")
    want = Image.open(path).convert("RGB")
    diff = None if got.size != want.size else sum(ImageStat.Stat(ImageChops.difference(got, want)).mean) / 3
    if diff is None or diff > TOLERANCE:
        ACTUAL.mkdir(exist_ok=True)
        (ACTUAL / f"{name}.png").write_bytes(png)
        pytest.fail(f"{name}: size {got.size} vs {want.size}, mean difference {diff}; see {ACTUAL}")


CARD_SAMPLES = ["CU-DS", "B06", "R05", "Y04", "E05", "W01", "W07"]


@pytest.mark.parametrize("card_id", CARD_SAMPLES)
def test_card_faces_match_golden(card_id):
    check_golden(f"psiwars_card_{card_id}", images.render_card("psiwars", card_id))


def test_board_matches_golden():
    check_golden("psiwars_board", images.render_board("psiwars", fixture("psiwars_board")))


def test_hand_matches_golden():
    check_golden("psiwars_hand", images.render_hand("psiwars", fixture("psiwars_hand")))


def test_every_card_renders():
    for card_id in catalog().cards:
        assert images.render_card("psiwars", card_id).startswith(b"\x89PNG")


def test_public_board_ignores_the_hand():
    public = fixture("psiwars_board")
    with_hand = copy.deepcopy(public)
    with_hand["hand"] = [{"iid": "A01", "card": "B06", "name": "Mind Titan"}]
    with_hand["peek"] = [{"iid": "A02", "card": "W03", "name": "Stasis Trap"}]
    assert images.render_board("psiwars", public) == images.render_board("psiwars", with_hand)


def test_board_changes_when_the_public_state_does():
    view = fixture("psiwars_board")
    changed = copy.deepcopy(view)
    changed["players"][0]["lab_hp"] -= 5
    assert images.render_board("psiwars", view) != images.render_board("psiwars", changed)


def test_png_carries_no_text_metadata():
    png = images.render_board("psiwars", fixture("psiwars_board"))
    img = Image.open(io.BytesIO(png))
    assert not img.info.get("text") and not getattr(img, "text", {})
    for chunk in (b"tEXt", b"zTXt", b"iTXt", b"eXIf"):
        assert chunk not in png


def test_board_fits_discord_and_phones():
    img = Image.open(io.BytesIO(images.render_board("psiwars", fixture("psiwars_board"))))
    assert max(img.size) <= 2000


def test_unknown_game_is_a_clear_error():
    with pytest.raises(ValueError, match="No pictures"):
        images.render_board("nosuchgame", {})
