"""Every rule a refusal cites opens an entry through the "Why?" button."""

import re
from pathlib import Path

from cogs.lookup import ENTRY_TEMPLATE, refusal_kwargs, rule_key
from engine.core import IllegalAction
from lookup import default_lookup

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
