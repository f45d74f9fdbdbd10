"""Every keyword and every tag of data/resonance/rules/keywords.json has at least one test that pins it.

Tests declare what they pin with `@covers("0.1")` or `@covers("Tag:Mark")` (resonance_helpers.covers)."""

import importlib
import pkgutil

import tests.engine as pkg
from engine.core.data import read_json
from engine.resonance.cards import DATA


def covered() -> set[str]:
    found: set[str] = set()
    for info in pkgutil.iter_modules(pkg.__path__):
        if info.name.startswith("test_resonance_"):
            mod = importlib.import_module(f"tests.engine.{info.name}")
            for obj in vars(mod).values():
                found.update(getattr(obj, "covers", ()))
    return found


def test_every_keyword_and_tag_has_a_test():
    doc = read_json(DATA / "rules" / "keywords.json")
    want = {k["number"] for k in doc["keywords"]} | {"Tag:" + t["name"].removesuffix(" Tag") for t in doc["tags"]}
    have = covered()
    missing = sorted(want - have)
    assert not missing, f"no test covers: {missing}"
    assert not have - want, f"tests claim unknown ids: {sorted(have - want)}"
    assert len(want) == 120
