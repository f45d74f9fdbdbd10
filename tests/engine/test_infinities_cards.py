"""Infinities data: the counts the issue names, and the notes' distributions enforced at load."""

import pytest

from engine.cards import summary
from engine.infinities import cards as c


def test_summary_reports_the_counts_the_issue_names():
    s = summary("infinities")
    assert (s["world_tiles"], s["rift"], s["leaders"], s["skirmish_cards"]) == (46, 1, 6, 4)
    assert {f: d["size"] for f, d in s["decks"].items()} == {"lightbearers": 46, "deva": 46}
    assert all(d["units"] == 24 and d["prepared"] == 6 for d in s["decks"].values())


def raw():
    return c.catalog().model_dump()


def rebuild(data):
    return c.Catalog.model_validate(data)


def test_a_changed_side_type_breaks_the_world_distribution():
    data = raw()
    tile = next(t for t in data["tiles"].values() if t["world"] == "varra" and t["side_a"]["type"] == "power")
    tile["side_a"]["type"] = "energy"
    with pytest.raises(ValueError, match="side types"):
        rebuild(data)


def test_a_fourth_wall_is_refused():
    data = raw()
    next(iter(data["tiles"].values()))["walls"] = [0, 1, 2, 3]
    with pytest.raises(ValueError):
        rebuild(data)


def test_repeated_side_names_are_refused():
    data = raw()
    tiles = list(data["tiles"].values())
    tiles[1]["side_b"]["name"] = tiles[0]["side_a"]["name"]
    with pytest.raises(ValueError, match="own name"):
        rebuild(data)


def test_unit_defense_spread_is_enforced():
    data = raw()
    data["cards"]["LB02"]["defense"] = 9
    with pytest.raises(ValueError, match="defenses"):
        rebuild(data)


def test_leader_costs_follow_the_board_shape():
    data = raw()
    data["leaders"]["reiso"]["action_boost"]["cost"] = ["energy", "power"]
    with pytest.raises(ValueError, match="Boost"):
        rebuild(data)


def test_each_world_fixes_one_faction_with_three_leaders():
    cat = c.catalog()
    assert {w.faction for w in cat.worlds.values()} == {"lightbearers", "deva"}
    for faction in cat.factions:
        assert sum(ld.faction == faction for ld in cat.leaders.values()) == 3
        assert len(cat.deck(faction)) == 46


def test_side_a_is_never_the_lower_influence():
    for t in c.catalog().tiles.values():
        assert t.side_a.influence >= t.side_b.influence


def test_lookup_finds_cards_leaders_tiles_and_skirmish_cards():
    names = {e["name"] for e in c.lookup_entries()}
    assert {"Dawnspear Vanguard", "Reiso, Hero of Dawn", "Amber Dunes", "All Leaders (skirmish card)"} <= names
    vanguard = next(e for e in c.lookup_entries() if e["name"] == "Dawnspear Vanguard")
    assert "defense 7" in vanguard["text"] and "[Boost]" in vanguard["text"]
