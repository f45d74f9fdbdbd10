"""Resonance card data (data/resonance/*.json): counts, load-time validation, and the cards against the book."""

import copy
import re
from pathlib import Path

import pytest

from engine.cards import summary as cli_summary
from engine.resonance import cards as rc
from lookup.entries import card_entries

BOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "resonance.txt"


@pytest.fixture(scope="module")
def cat():
    return rc.catalog()


@pytest.fixture
def docs():
    return copy.deepcopy(rc.load_documents())


def module(docs, mid):
    return next(m for m in docs[1]["modules"] if m["id"] == mid)


def card(docs, cid):
    return module(docs, int(cid[1:3]))["cards"][int(cid[-1])]


def rejects(docs, match):
    with pytest.raises(ValueError, match=match):
        rc.build_catalog(*docs)


# ---------------------------------------------------------------- counts

def test_summary_counts():
    s = cli_summary("resonance")
    assert (s["modules"], s["cards"], s["keywords"], s["tags"], s["codex_blocks"]) == (50, 500, 100, 20, 50)
    assert s["by_kind"] == {"animation": 300, "item": 200}
    assert s["modules_by_kind"] == dict.fromkeys(("paragon", "fallen", "ascendant", "complementary", "opposed"), 10)
    assert s["templates"] == 5


def test_the_untouched_data_loads(docs):
    assert len(rc.build_catalog(*docs).cards) == 500


def test_every_keyword_is_on_some_card(cat):
    used = {k for c in cat.cards.values() for k in c.keywords}
    assert used == set(cat.keywords)


def test_template_deviations_match_the_notes(cat):
    devs = cat.template_deviations()
    assert len(devs) == 30  # notes A-3: 30 slots of the 2-colour modules break their templates
    assert all(int(cid[1:3]) >= 31 for cid, _, _ in devs)
    assert ("M33-4", ["9.5", "4.6", "9.8"], ["9.5", "9.6", "9.8"]) in devs  # Chain where Piercing was due


def test_only_one_card_is_off_colour(cat):
    assert [(c.id, c.off_colour) for c in cat.cards.values() if c.off_colour] == [("M36-5", ["7.0"])]


def test_lookup_entries_cover_every_card(cat):
    entries = rc.lookup_entries()
    assert len(entries) == 500 and len({e["id"] for e in entries}) == 500
    first = next(e for e in entries if e["id"] == "M01-0")
    assert first["name"] == "Null Initiate" and "Restricted" in first["terms"] and "Aura" in first["text"]
    assert len(card_entries("resonance")) == 500
    assert cat.by_name("null initiate").id == "M01-0"


# ---------------------------------------------------------------- spot checks against the book

@pytest.mark.parametrize("cid, kind, power, focus, names", [
    ("M01-0", "animation", 1, 1, ["Restricted", "Aura"]),  # Null Paragon, first card
    ("M07-4", "animation", 4, 4, ["Haste", "Slow", "Snap"]),  # Yellow Paragon
    ("M14-1", "animation", 2, 2, ["Feeble", "Survivor", "Stoic"]),  # Black Fallen
    ("M28-3", "animation", 4, 5, []),  # Purple Paragon's vanilla P4/F5
    ("M31-9", "item", 3, None, ["Lingering", "Impact", "Potent"]),  # Green/Blue Complementary
    ("M36-5", "animation", 5, 4, ["Limited", "Animate"]),  # Green/Black Opposed, off-colour Flaw
    ("M50-0", "animation", 1, 1, ["Bane", "Aura"]),  # Silver/Null Opposed, the only change from #40
    ("M23-6", "item", 1, None, ["Limited", "Blight"]),  # Red Fallen: a Flaw beside a cost-1 keyword
])
def test_spot_checks(cat, cid, kind, power, focus, names):
    c = cat.card(cid)
    assert (c.kind, c.power, c.focus) == (kind, power, focus)
    assert [cat.keywords[k].name for k in c.keywords] == names


def test_module_colours(cat):
    assert (cat.modules[1].name, cat.modules[1].colours) == ("Null Paragon", (0,))
    assert (cat.modules[31].name, cat.modules[31].colours) == ("Green/Blue Complementary", (3, 8))
    assert (cat.modules[50].kind, cat.modules[50].colours, cat.modules[50].set) == ("opposed", (1, 0), "new")


def test_codex_blocks(cat):
    assert cat.codex["X3-1"].keywords == ("3.1", "3.2")  # Green type 1: Sturdy & Brawler (App F)
    assert cat.codex["X9-5"].keywords == ("9.9", "9.0")


@pytest.mark.skipif(not BOOK.exists(), reason="rulebook not beside the project")
def test_all_500_cards_match_appendix_b(cat):
    text = BOOK.read_text(encoding="utf-8")
    text = text[text.index("Populated Faction Modules"):text.index("APPENDIX C")]
    seen = 0
    for mid, body in re.findall(r"^(\d+)\. (?:Module|Faction): .*? \* (.*)$", text, flags=re.M):
        entries = body.split(" * ")
        assert len(entries) == 10, mid
        for slot, entry in enumerate(entries):
            head, _, rest = entry.partition(":")
            c = cat.card(f"M{int(mid):02d}-{slot}")
            label = f"P{c.power}/F{c.focus}" if c.kind == "animation" else f"Cost {c.power}"
            assert head.strip() == f"{c.kind.capitalize()} ({label})", (c.id, head)
            rest = rest.lstrip(":").strip()
            names = [] if rest == "(None)" else [re.sub(r"\s*\(\d\.\d\)", "", n).strip() for n in rest.split(",")]
            assert [cat.keywords[k].name for k in c.keywords] == names, c.id
            seen += 1
    assert seen == 500


# ---------------------------------------------------------------- each validator rejects bad data

def test_rejects_animation_stats_out_of_range(docs):
    card(docs, "M01-2")["focus"] = 6
    rejects(docs, "Power and Focus of 1 to 5")


def test_rejects_item_with_focus(docs):
    card(docs, "M01-6")["focus"] = 1
    rejects(docs, "an Item has one value")


def test_rejects_more_than_three_keywords(docs):
    card(docs, "M01-4")["keywords"].append("0.7")
    rejects(docs, "at most 3 keywords")


def test_rejects_a_keyword_printed_twice(docs):
    card(docs, "M01-1")["keywords"] = ["0.2", "0.2"]
    rejects(docs, "printed twice")


def test_rejects_off_colour_note_for_a_missing_keyword(docs):
    card(docs, "M01-0")["off_colour"] = ["1.1"]
    rejects(docs, "off_colour names a keyword the card does not have")


def test_rejects_item_with_more_plain_keywords_than_cost(docs):
    card(docs, "M01-6")["keywords"] = ["0.4", "0.1"]  # cost 1 Item, two non-Flaw keywords
    rejects(docs, "2 non-Flaw keywords on a cost 1 Item")


def test_a_flaw_does_not_count_against_item_cost(docs):
    card(docs, "M01-6")["keywords"] = ["0.0", "0.4"]
    rc.build_catalog(*docs)


def test_rejects_unknown_keyword(docs):
    card(docs, "M01-1")["keywords"] = ["Specialist"]
    rejects(docs, "unknown keywords")


def test_rejects_unlisted_off_colour_keyword(docs):
    card(docs, "M01-1")["keywords"] = ["1.2"]
    rejects(docs, "off-colour")


def test_rejects_the_book_s_off_colour_flaw_unless_declared(docs):
    del card(docs, "M36-5")["off_colour"]
    rejects(docs, "off-colour")


def test_rejects_on_colour_keyword_declared_off_colour(docs):
    card(docs, "M01-0")["off_colour"] = ["0.1"]
    rejects(docs, "off-colour")


def test_rejects_card_that_does_not_fit_its_slot(docs):
    card(docs, "M01-2")["power"] = 4
    rejects(docs, "slot 2 is animation Power 3 Focus 3")


def test_rejects_duplicate_card_names(docs):
    card(docs, "M02-0")["name"] = card(docs, "M01-0")["name"]
    rejects(docs, "duplicate card name")


def test_rejects_module_with_nine_cards(docs):
    module(docs, 5)["cards"].pop()
    rejects(docs, "exactly 10 cards")


def test_rejects_card_id_from_another_module(docs):
    card(docs, "M01-3")["id"] = "M02-3"
    rejects(docs, "does not match its module")


def test_rejects_two_colour_module_without_secondary(docs):
    del module(docs, 31)["secondary"]
    rejects(docs, "secondary colour")


def test_rejects_secondary_equal_to_primary(docs):
    module(docs, 31)["secondary"] = 3
    rejects(docs, "must differ from the primary")


def test_rejects_missing_module(docs):
    docs[1]["modules"].pop()
    rejects(docs, "50 modules")


def test_rejects_duplicate_module_ids(docs):
    module(docs, 2)["id"] = 1
    rejects(docs, "duplicate module ids")


def test_rejects_changed_slot_table(docs):
    docs[1]["slots"][3]["focus"] = 4
    rejects(docs, "App B's ten slots")


def test_rejects_missing_template(docs):
    del docs[3]["templates"]["opposed"]
    rejects(docs, "one template per module kind")


def test_rejects_template_with_wrong_colour_count(docs):
    docs[3]["templates"]["paragon"]["colours"] = 2
    rejects(docs, "colour count does not fit")


def test_rejects_template_reference_to_a_missing_colour(docs):
    docs[3]["templates"]["paragon"]["slots"][0] = ["C2.1"]
    rejects(docs, "template refers to")


def test_rejects_missing_keyword(docs):
    docs[0]["keywords"].pop()
    rejects(docs, "exactly the 100 keywords")


def test_rejects_keyword_with_wrong_colour_or_flaw(docs):
    docs[0]["keywords"][1]["category"] = "Flaw"
    rejects(docs, "Flaw category disagree")


def test_rejects_missing_tag(docs):
    docs[0]["tags"].pop()
    rejects(docs, "20 tags")


def test_rejects_tag_of_the_wrong_kind(docs):
    docs[0]["tags"][0]["kind"] = "Status" if docs[0]["tags"][0]["kind"] == "Boost" else "Boost"
    rejects(docs, "Boost Tags")


def test_rejects_codex_block_with_wrong_pair(docs):
    docs[2]["blocks"][0]["keywords"] = ["0.1", "0.3"]
    rejects(docs, "§2.4")


def test_rejects_codex_block_with_wrong_id(docs):
    docs[2]["blocks"][0]["id"] = "X9-9"
    rejects(docs, "id must be")


def test_rejects_missing_codex_block(docs):
    docs[2]["blocks"].pop()
    rejects(docs, "50 Codex blocks")


def test_card_lookup_by_name_typo_and_id():
    from lookup import Lookup

    lk = Lookup(card_entries("resonance"))
    assert lk.search("resonance", "Silver-Null Paradox", kinds=("card",))[0].key == "M50-9"
    assert lk.search("resonance", "nul initiat", kinds=("card",))[0].key == "M01-0"
    assert lk.search("resonance", "M36-5", kinds=("card",))[0].title == "Green-Black Warlord"
