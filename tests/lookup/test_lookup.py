"""Lookup: exact names first, typos forgiven, and the quality set answered for every game."""

import json

import pytest

from engine.core.registry import game_ids
from lookup import Lookup, default_lookup
from lookup.entries import DATA


@pytest.fixture(scope="module")
def lookup() -> Lookup:
    return default_lookup()


def quality(lookup: Lookup, game: str) -> tuple[int, float, float]:
    questions = json.loads((DATA / game / "rules" / "questions.json").read_text())["questions"]
    top1 = top3 = 0
    for q in questions:
        found = [e.key for e in lookup.search(game, q["q"], kinds=("rule", "ruling"), limit=3)]
        top1 += bool(found) and found[0] in q["answers"]
        top3 += bool(set(found) & set(q["answers"]))
    return len(questions), top1 / len(questions), top3 / len(questions)


GAMES_WITH_QUESTIONS = [g for g in game_ids() if (DATA / g / "rules" / "questions.json").exists()]


@pytest.mark.parametrize("game", GAMES_WITH_QUESTIONS)
def test_quality_set_top3_at_least_90_percent(lookup, game, capsys):
    n, top1, top3 = quality(lookup, game)
    with capsys.disabled():
        print(f"\n[lookup quality] {game}: {n} questions, top-1 {top1:.0%}, top-3 {top3:.0%}")
    assert n >= 30
    assert top3 >= 0.9


@pytest.mark.parametrize("game", GAMES_WITH_QUESTIONS)
def test_every_exact_title_and_id_ranks_first(lookup, game):
    for e in lookup.by_game[game]:
        if e.kind != "rule":
            continue
        for name in (e.key, e.title):
            first = lookup.search(game, name, kinds=("rule",), limit=1)
            same_name = [x for x in lookup.by_game[game] if x.kind == "rule" and name.lower() in (x.key.lower(), x.title.lower())]
            assert first and first[0] in same_name, f"{name!r} did not rank first"


def test_typos_find_the_section(lookup):
    hits = lookup.search("psiwars", "disoriantation", kinds=("rule", "ruling", "term"))
    assert any("isorient" in (e.title + e.text) for e in hits[:3])


def test_cards_by_exact_and_misspelt_name(lookup):
    assert lookup.search("psiwars", "Ghost Operative", kinds=("card",))[0].key == "Y04"
    assert lookup.search("psiwars", "gost operativ", kinds=("card",))[0].key == "Y04"
    assert lookup.search("psiwars", "w03", kinds=("card",))[0].title == "Stasis Trap"


def test_autocomplete_prefix_and_limits(lookup):
    hits = lookup.suggest("psiwars", "6.5.4", kinds=("rule",))
    assert hits and all(e.key.startswith("6.5.4") for e in hits[:5])
    assert len(lookup.suggest("psiwars", "", kinds=("rule",))) <= 25


def test_rulings_are_searchable(lookup):
    hits = lookup.search("psiwars", "who pays the white lights", kinds=("rule", "ruling"))
    assert any(e.kind == "ruling" or e.key == "5.5" for e in hits)


def test_keyword_lookup_covers_every_game_with_keyword_data(lookup):
    with_data = [g for g in game_ids() if (DATA / g / "rules" / "keywords.json").exists()]
    assert with_data and lookup.games_with("keyword") == with_data
    assert all(lookup.kinds_for(g, "keyword") == ("keyword", "tag") for g in with_data)
    assert lookup.kinds_for("no-such-game", "keyword") == ()


def test_a_game_may_narrow_what_its_keyword_lookup_searches(lookup, monkeypatch):
    from engine.core.registry import find_game

    game = lookup.games_with("keyword")[0]
    monkeypatch.setattr(type(find_game(game)), "lookup_kinds", {"keyword": ("tag", "no-such-kind")})
    assert lookup.kinds_for(game, "keyword") == ("tag",)
