"""Grand Saga Futura data: pools and preset decks load, are legal, and cover every v1 keyword."""

import pytest

from engine.futura import cards as fc


def test_summary_reports_the_pools_the_issue_names():
    s = fc.summary()
    assert (s["acolytes"], s["districts"], s["station_cards"]) == (15, 12, 5)
    assert s["legal_decks"] >= 4
    for deck in s["decks"].values():
        assert deck["size"] == 60 and deck["legal"]
        assert deck["by_kind"] == {"ability": 10, "armour": 15, "artefact": 2, "creature": 3, "item": 5,
                                   "saber": 15, "sigil": 10}
    assert s["v1_keywords_used"] == s["v1_keywords"] == 30 and s["v1_keywords_missing"] == []


def test_each_deck_has_its_own_play_style():
    styles = [d.style for d in fc.catalog().decks.values()]
    assert len(set(styles)) == len(styles) >= 4


def good_deck() -> list[str]:
    return list(fc.catalog().decks["vanguard"].cards)


@pytest.mark.parametrize("change, message", [
    (lambda d: d[:-1], "exactly 60"),
    (lambda d: ["stealth_plate"] + d[1:], "armour by class"),  # a Recon armour swapped for a Heavy one
    (lambda d: d[:30] + ["sigil_emperor"] + d[31:], "two sigils of each deity"),
    (lambda d: [c if c != "shadow_strike" else "warp_gate" for c in d], "Ambush"),
    (lambda d: [c if c != "vyr_wolf" else "chroma_bomb" for c in d], "item slots"),
])
def test_illegal_decks_are_refused(change, message):
    cat = fc.catalog()
    fc.check_deck(cat.cards, "ok", fc.DeckDef(name="t", style="t", text="", cards=good_deck()))
    with pytest.raises(ValueError, match=message):
        fc.check_deck(cat.cards, "bad", fc.DeckDef(name="t", style="t", text="", cards=change(good_deck())))


def test_cards_outside_their_class_range_are_refused():
    with pytest.raises(ValueError, match="armour level or AP"):
        fc.DeckCard(id="x", name="X", kind="armour", cls="Recon", level=2, ap=40)
    with pytest.raises(ValueError, match="saber level or DAM"):
        fc.DeckCard(id="x", name="X", kind="saber", cls="Heavy", level=9, dam=8)
    with pytest.raises(ValueError, match="level's die"):
        fc.DeckCard(id="x", name="X", kind="creature", level=9, ap=80, dam=12, die="d10", sigil="Primal",
                    effect=fc.Effect(name="e", keyword="Strike", timing="active", text="t"))
    with pytest.raises(ValueError):
        fc.AcolyteCard(id="x", name="X", house="Mori", sigil="Primal", base_ap=25, base_dam=3,
                       ability=fc.Effect(name="e", keyword="Strike", timing="active", text="t"))


def test_the_rulebook_example_cards_carry_their_numbers():
    cat = fc.catalog()
    chen, wolf, plate = cat.acolytes["ghost_chen"], cat.cards["vyr_wolf"], cat.cards["stealth_plate"]
    assert (chen.base_dam, chen.base_ap) == (3, 14)
    assert (wolf.level, wolf.ap, wolf.dam, wolf.die, wolf.sigil) == (3, 57, 9, "d10", "Primal")
    assert (plate.cls, plate.level, plate.ap, plate.sigil) == ("Heavy", 10, 78, "Paladin")
    assert cat.cards["impaler_armour"].ap == 50 and cat.districts["aegis_outpost"].energy == 2


def test_lookup_entries_cover_every_card_in_player_words():
    cat = fc.catalog()
    entries = fc.lookup_entries()
    assert len(entries) == len(cat.acolytes) + len(cat.districts) + len(cat.stations) + len(cat.cards)
    wolf = next(e for e in entries if e["name"] == "Vyr Wolf")
    assert "57 AP" in wolf["text"] and "rolls d10" in wolf["text"] and "Feral Form" in wolf["text"]
    assert all("_" not in e["text"] for e in entries)
