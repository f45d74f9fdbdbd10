"""The AI plays from its own seat's knowledge: hidden cards elsewhere never change its choice."""

import random

from .resonance_helpers import GAME


def hide_swap(s, seat):
    """The same position with every other player's hand and the deck order changed."""
    t = s.model_copy(deep=True)
    pool = [c for p in t.players if p.seat != seat for c in p.hand] + t.main_deck
    random.Random(9).shuffle(pool)
    for p in t.players:
        if p.seat != seat:
            n = len(p.hand)
            p.hand, pool = pool[:n], pool[n:]
    t.main_deck = pool
    return t


def test_ai_choices_do_not_depend_on_hidden_cards():
    checked = 0
    for n in range(20):
        s = GAME.setup({"setup": "quick"}, ["A", "B", "C"][: 2 + n % 2], f"ai-{n}")
        for _ in range(300):
            if s.finished:
                break
            seat = GAME.to_act(s)[0]
            if s.ask is None or s.ask.kind in ("augment", "fuel", "react", "refresh"):
                assert GAME.ai_action(s, seat) == GAME.ai_action(hide_swap(s, seat), seat)
                checked += 1
            GAME.advance(s, GAME.ai_action(s, seat))
    assert checked > 500


def test_ai_beats_random_and_finishes():
    from engine.simulate import simulate

    report = simulate("resonance", 40, 3, ["ai", "random"])
    assert report["errors"] == 0 and report["wins"][0] >= 32
