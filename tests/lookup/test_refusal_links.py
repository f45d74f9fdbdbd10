"""Every rule a refusal cites opens an entry through the "Why?" button."""

import re
from pathlib import Path

import pytest

from cogs.lookup import ENTRY_TEMPLATE, refusal_kwargs
from engine.core import IllegalAction
from engine.core.registry import game_ids
from lookup import default_lookup, rule_key

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def cited_rules(game: str) -> set[str]:
    text = "\n".join(p.read_text() for p in (ENGINE / game).glob("*.py"))
    return set(re.findall(r'IllegalAction\([^)]*?,\s*"([^"]+)"\)', text, flags=re.S))


def test_rule_citations_become_section_ids():
    assert rule_key("§6.5.2.1") == "6.5.2.1"
    assert rule_key("A-12") == "A-12"
    assert rule_key("Resonance 2.5") == "2.5"
    assert rule_key(None) is None


def test_every_psiwars_refusal_rule_has_an_entry():
    rules = cited_rules("psiwars")
    assert len(rules) > 8
    missing = [r for r in rules if default_lookup().get("psiwars", "rule", rule_key(r)) is None]
    assert not missing


def test_refusal_carries_a_why_button_to_its_rule():
    kw = refusal_kwargs("psiwars", IllegalAction("A formation has one or two Battle Units.", "§6.5.2.1"))
    assert kw["ephemeral"] and kw["content"].startswith("§6.5.2.1")
    (button,) = kw["view"].children
    assert button.item.label == "Why?" and re.fullmatch(ENTRY_TEMPLATE, button.custom_id)
    assert button.custom_id.endswith(":6.5.2.1")
    assert "view" not in refusal_kwargs("psiwars", IllegalAction("No rule here."))


@pytest.mark.parametrize("game, cited, key", [
    ("clans", "ally-cards", "ally-cards"),
    ("clans", "Ally cards", "ally-cards"),
    ("resonance", "E.III", "E.III"),
    ("resonance", "tag-bind", "tag-bind"),
    ("resonance", "4.2-stoic", "4.2-stoic"),  # the keyword's own section, not 4.2
    ("resonance", "Resonance 2.5", "2.5"),
    ("psiwars", "§6.5.2.1", "6.5.2.1"),
    ("psiwars", "A-12", "A-12"),
    ("psiwars", "3.4-physical", "3.4-physical"),
    ("clans", "ruling-battlefield", "ruling-battlefield"),
    ("clans", "RULINGS: Battlefield", "ruling-battlefield"),
])
def test_a_citation_opens_its_exact_entry(game, cited, key):
    entry = default_lookup().cited(game, cited)
    assert entry is not None and entry.key == key


def test_a_citation_of_nothing_opens_nothing():
    assert default_lookup().cited("psiwars", None) is None
    assert default_lookup().cited("psiwars", "") is None
    assert default_lookup().cited("psiwars", "9.9.9") is None
    assert default_lookup().cited("clans", "no-such-section") is None


@pytest.mark.parametrize("game", game_ids())
def test_every_section_id_and_ruling_of_every_game_opens_itself(game):
    lookup = default_lookup()
    citable = [e for e in lookup.by_game[game] if e.kind in ("rule", "ruling")]
    assert citable
    assert [e.key for e in citable if lookup.cited(game, e.key) is not e] == []


def test_the_why_button_opens_a_word_id_section():
    kw = refusal_kwargs("resonance", IllegalAction("Stoic cannot be used now.", "4.2-stoic"))
    (button,) = kw["view"].children
    assert button.custom_id.endswith(":r:4.2-stoic")
