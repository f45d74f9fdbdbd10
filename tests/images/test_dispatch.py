"""Pictures are found by convention: images/<id>.py with render_board draws game <id>."""

from pathlib import Path

import images
from engine.core.registry import game_ids

IMAGES = Path(images.__file__).parent


def test_a_game_has_pictures_exactly_when_its_module_exists():
    for game in game_ids():
        assert images.supports(game) == (IMAGES / f"{game}.py").exists(), game


def test_helpers_and_odd_names_are_not_games():
    assert not images.supports("theme")  # a module without render_board
    assert not images.supports("fonts") and not images.supports("../theme") and not images.supports("")
