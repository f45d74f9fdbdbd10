"""Whole random games with 2, 3 and 4 players: they end, never lose or copy a card, keep damage
markers in range and respect the Focus limits; replays are exact and the public view stays private."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.resonance import keywords as K
from engine.resonance.actions import Deploy, Equip
from engine.resonance.state import ResState

from .random_play import play_randomly
from .resonance_helpers import GAME


def cards_in_play(s: ResState) -> list[str]:
    cards = list(s.main_deck) + list(s.discard)
    cards += [c for p in s.players for c in p.hand]
    for u in s.units.values():
        cards += u.items + ([u.card] if u.kind == "animation" else [])
    return cards


def check_invariants(s: ResState) -> None:
    cards = cards_in_play(s)
    assert len(cards) == 100 == len(set(cards)), "a card was created or lost"
    for u in s.units.values():
        assert u.damage >= 0
        alive = u.kind != "player" or s.players[u.owner].alive
        if alive:
            assert u.damage < K.max_hp(s, u), f"{u.uid} should have been destroyed"
    for p in s.players:
        assert 0 <= p.en <= 10 and p.karma >= 0 and 0 <= p.tokens <= 2
    c = s.combat
    if c is not None and c.actor in s.units:
        assert len(c.aug) <= max(K.focus(s, s.units[c.actor]), 1 if "1.1" in c.aug else 0)


def check_limits_before(s: ResState, a) -> None:
    """Focus gates Deploy (command limit, §2.12) and Equip from hand (Item limit, §2.11)."""
    me = s.units[f"P{a.seat}"]
    if isinstance(a, Deploy):
        assert K.command_count(s, a.seat) < K.focus(s, me)
    if isinstance(a, Equip) and a.item in s.players[a.seat].hand:
        assert len(s.units[a.target].items) < K.item_limit(s, s.units[a.target])


def random_game(seed: str, players: int, check: bool, rounds: int = 12) -> tuple[ResState, list]:
    s = GAME.setup({"setup": "quick", "max_rounds": rounds}, ["A", "B", "C", "D"][:players], seed)
    checks = {"before": check_limits_before, "after": check_invariants} if check else {}
    return s, play_randomly(GAME, s, seed, **checks)


def test_a_thousand_random_games_of_two_three_and_four_players():
    ends = {2: 0, 3: 0, 4: 0}
    for n in range(1000):
        players = 2 + n % 3
        s, _ = random_game(f"prop-{n}", players, check=n % 10 == 0)
        check_invariants(s)
        assert s.finished.draw or s.finished.winners
        ends[players] += 1
    assert all(v > 300 for v in ends.values())


def test_replay_from_seed_and_actions_gives_the_same_state():
    s, actions = random_game("replay-me", 3, check=False)
    again = GAME.setup({"setup": "quick", "max_rounds": 12}, ["A", "B", "C"], "replay-me")
    for a in actions:
        again, _ = GAME.apply(again, GAME.parse_action(a.model_dump_json()))
    assert again.model_dump_json() == s.model_dump_json()


def test_the_public_view_never_names_a_card_in_a_hand_or_codex_deck():
    s = GAME.setup({}, ["A", "B"], "privacy")
    chooser = random.Random(5)
    for _ in range(400):
        if s.finished:
            break
        public = str(GAME.view(s, None))
        for p in s.players:
            for c in p.hand:
                assert f"'{c}'" not in public
            for b in p.codex_deck:
                assert f"'{b}'" not in public
        seat = GAME.to_act(s)[0]
        GAME.advance(s, chooser.choice(GAME.legal_actions(s, seat)))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(min_size=1, max_size=12), st.integers(2, 4))
def test_any_seed_and_player_count_plays_to_an_end_with_a_board_at_every_step(seed, players):
    s = GAME.setup({"max_rounds": 8}, ["A", "B", "C", "D"][:players], seed)
    chooser = random.Random(seed)
    for _ in range(20_000):
        assert GAME.board_text(GAME.view(s, None))
        if s.finished:
            break
        seat = GAME.to_act(s)[0]
        GAME.advance(s, chooser.choice(GAME.legal_actions(s, seat)))
    assert s.finished
