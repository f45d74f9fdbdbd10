"""Gods & Clans data: both pre-built decks are legal, the battlemaps build a connected field."""

import pytest

from engine.clans import cards as c


def test_summary_reports_two_legal_decks_and_twelve_battlemaps():
    s = c.summary()
    assert s["battlemaps"] == 12
    assert set(s["decks"]) == {"sacred_cross", "crimson_nobles"}
    for deck in s["decks"].values():
        assert deck["size"] == 30 and deck["legal"]
        assert deck["by_kind"]["god"] == 1 and deck["by_kind"]["divine_spirit"] == 1
    assert s["layouts"]["quick_start"]["tiles"] == {"Ground": 84, "Forest": 12, "Water": 6, "Mountain": 6}


def deck(cards):
    return c.DeckDef(name="Test", status="break", cards=cards)


def test_deck_rules_are_enforced():
    cat = c.catalog()
    good = list(cat.decks["sacred_cross"].cards)
    c.check_deck(cat.cards, "ok", deck(good))
    with pytest.raises(ValueError, match="copies"):
        c.check_deck(cat.cards, "dup", deck(good[:-1] + [good[3]]))
    with pytest.raises(ValueError, match="limit is 30"):
        c.check_deck(cat.cards, "big", deck(good + ["blood_thrall"]))
    with pytest.raises(ValueError, match="one God"):
        c.check_deck(cat.cards, "gods", deck(good[:-1] + ["sanguria"]))
    with pytest.raises(ValueError, match="one Divine Spirit"):
        c.check_deck(cat.cards, "spirits", deck(good[:-1] + ["vesper"]))


def test_a_cut_off_field_is_refused():
    field = ["GGGGGGGGG"] * 5 + ["WWWWWWWWW"] + ["GGGGGGGGG"] * 6
    assert not c.connected(field)
    assert c.connected(c.battlemaps().field("quick_start"))


def test_rotation_turns_a_face_clockwise():
    assert c.rotate(["GWW", "GGG", "FGG"], 90) == ["FGG", "GGW", "GGW"]
