"""A game's lobby settings come from its own config model: read, offered and refused in words."""

from typing import Literal

import pytest
from pydantic import BaseModel, Field, ValidationError

from table import TableError
from table.options import options, parse, reworded, suggestions


class Config(BaseModel):
    lab_hp: int = Field(default=30, ge=20, le=40, description="starting HP of each lab")
    setup: Literal["draft", "quick", "auto"] = "draft"
    fast: bool = False
    decks: list[str] = Field(default_factory=lambda: ["a", "b"])  # not a lobby setting: a list


def test_the_settings_are_the_models_plain_fields_in_player_words():
    assert [(o.name, o.label) for o in options(Config)] == [("lab_hp", "lab hp"), ("setup", "setup"),
                                                            ("fast", "fast")]
    assert options(Config)[0].describe() == "lab hp: starting HP of each lab, from 20 to 40, default 30"
    assert options(Config)[1].describe() == "setup: draft, quick or auto, default draft"
    assert options(None) == []


def test_typed_settings_become_the_config_whatever_the_spelling():
    assert parse(Config, "Test", "lab hp=25, Setup = quick;FAST=yes") == {"lab_hp": "25", "setup": "quick",
                                                                          "fast": "yes"}
    assert parse(Config, "Test", "lab_hp=25") == {"lab_hp": "25"}
    assert parse(Config, "Test", None) == {} == parse(Config, "Test", "  ")


@pytest.mark.parametrize("typed", ["speed=3", "lab hp", "lab hp=", "decks=a"])
def test_a_setting_the_game_does_not_have_is_refused_with_the_ones_it_has(typed):
    with pytest.raises(TableError) as refused:
        parse(Config, "Test", typed)
    assert "as a setting of Test" in refused.value.message and "“lab hp=…”" in refused.value.message


def test_pydantic_complaints_are_reworded():
    with pytest.raises(ValidationError) as bad:
        Config.model_validate({"lab_hp": "19", "setup": "later", "fast": "perhaps"})
    assert reworded(bad.value, Config) == ("lab hp must be from 20 to 40 (not 19); setup must be draft, quick or "
                                           "auto (not later); fast must be yes or no (not perhaps)")
    with pytest.raises(ValidationError) as bad:
        Config.model_validate({"lab_hp": "many"})
    assert reworded(bad.value, Config) == "lab hp must be a whole number (not many)"


def test_the_autocomplete_completes_the_last_setting_and_keeps_the_rest():
    assert suggestions(Config, "") == [("lab hp: starting HP of each lab, from 20 to 40, default 30", "lab hp=30"),
                                       ("setup: draft, quick or auto, default draft", "setup=draft"),
                                       ("fast: yes or no, default no", "fast=no")]
    assert suggestions(Config, "lab hp=25,se") == [("setup: draft, quick or auto, default draft",
                                                    "lab hp=25, setup=draft")]
    assert suggestions(Config, "setup=q") == [("setup = quick", "setup=quick")]
    assert [v for _, v in suggestions(Config, "lab hp=25, ")] == ["lab hp=25, setup=draft", "lab hp=25, fast=no"]
    assert suggestions(None, "") == []
