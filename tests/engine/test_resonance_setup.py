"""Set-up: the d10 roll, the World Weaving draft with chaos slots, secret Codex choices, opening hands."""

import pytest

from engine.core import IllegalAction
from engine.resonance.cards import catalog

from .resonance_helpers import GAME, answer


def run_setup(players: int, seed: str = "setup"):
    s = GAME.setup({}, ["Ann", "Bob", "Cat", "Dan"][:players], seed)
    picks = []
    while s.phase == "draft":
        assert GAME.to_act(s) == [s.ask.seat]
        picks.append(s.ask.seat)
        s = answer(s, "draft", s.ask.options[0][0])
    return s, picks


@pytest.mark.parametrize("players,each,chaos", [(2, 5, 0), (3, 3, 1), (4, 2, 2)])
def test_draft_picks_go_clockwise_from_the_first_player_and_chaos_fills_ten(players, each, chaos):
    s, picks = run_setup(players)
    first = picks[0]
    assert picks == [(first + i) % players for i in range(players)] * each  # repeats, not snake
    assert all(len(p.modules) == each for p in s.players)
    assert len(s.main_deck) == 100  # ten modules, hands are dealt only after the Codex choices
    chosen = {m for p in s.players for m in p.modules}
    in_deck = {int(c[1:3]) for c in s.main_deck}
    assert chosen <= in_deck and len(in_deck - chosen) == chaos
    assert any("Chaos" in e.text for e in s.recent) == bool(chaos)


def test_the_starting_player_is_the_highest_d10_and_the_roll_is_logged():
    s = GAME.setup({}, ["Ann", "Bob"], "roll")
    rolls = [e for e in s.recent if e.kind == "roll"]
    last = rolls[-1].data["dice"]
    assert last.index(max(last)) == s.first and last.count(max(last)) == 1


def test_codex_choices_are_private_and_build_a_ten_card_deck():
    s, _ = run_setup(2, "codex")
    seat = s.ask.seat
    assert s.ask.kind == "codex_primary" and s.pending[0].private
    s = answer(s, "codex_primary", "3")
    assert [o for o, _ in s.ask.options] == [str(c) for c in range(10) if c != 3]
    s = answer(s, "codex_secondary", "4")
    s = answer(s, "codex_secondary", "6")
    assert len(s.ask.options) == 14  # Primary types 2-5 and both Secondaries' five blocks (§3.3.3)
    for _ in range(4):
        s = answer(s, "codex_drop", s.ask.options[0][0])
    assert s.ask.seat != seat
    public = GAME.view(s, None)
    assert "codex_deck" not in public["players"][seat] and "secondaries" not in public["players"][seat]
    assert public["players"][seat]["primary"] is None  # revealed when every player has chosen
    while s.phase == "codex":
        s = answer(s, s.ask.kind, s.ask.options[0][0])
    p = s.players[seat]
    assert len(p.codex_deck) == 10 and p.active_codex == ["X3-1"]
    assert set(p.codex_deck) <= {f"X3-{t}" for t in range(2, 6)} | {f"X{c}-{t}" for c in (4, 6) for t in range(1, 6)}
    assert all(len(q.hand) == 5 for q in s.players) and len(s.main_deck) == 90
    assert s.phase == "play" and s.active == s.first and s.pending[0].kind == "turn"
    mine = GAME.view(s, seat)["players"][seat]
    assert len(mine["codex_deck"]) == 10 and mine["secondaries"] == ["Black", "White"]


def test_quick_setup_uses_the_paragon_modules_and_prebuilt_codex_decks():
    s = GAME.setup({"setup": "quick"}, ["Ann", "Bob", "Cat"], "quick")
    mods = {int(c[1:3]) for p in s.players for c in p.hand} | {int(c[1:3]) for c in s.main_deck}
    assert mods == {m.id for m in catalog().modules.values() if m.kind == "paragon"}
    for p in s.players:
        assert len(p.codex_deck) == 10 and p.active_codex == [f"X{p.primary}-1"]
    assert s.phase == "play"


def test_player_count_is_two_to_four():
    with pytest.raises(IllegalAction):
        GAME.setup({}, ["solo"], "x")
    assert GAME.min_players == 2 and GAME.max_players == 4


def test_the_lobbys_quick_setup_switch_maps_to_quick_and_draft():
    assert GAME.setup({"setup": "auto"}, ["Ann", "Bob"], "q").phase == "play"
    assert GAME.setup({"setup": "choose"}, ["Ann", "Bob"], "q").phase == "draft"


@pytest.mark.parametrize("players", [2, 3])
def test_with_the_handicap_every_player_but_the_first_starts_with_one_karma(players):
    s = GAME.setup({"setup": "quick", "handicap": True}, ["Ann", "Bob", "Cat"][:players], "karma")
    assert s.phase == "play"
    assert [p.karma for p in s.players] == [0 if p.seat == s.first else 1 for p in s.players]
    assert any("1 Karma for not going first" in e.text for e in s.recent)


def test_the_book_starts_every_player_at_zero_karma():
    s = GAME.setup({"setup": "quick"}, ["Ann", "Bob", "Cat"], "karma")
    assert [p.karma for p in s.players] == [0, 0, 0]
