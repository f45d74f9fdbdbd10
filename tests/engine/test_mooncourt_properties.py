"""Moon Court over many random games (2-4 players): what must hold after every move, and the AI
against random play."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import get_game
from engine.mooncourt.cards import catalog, gift
from engine.mooncourt.state import Accuse, MoonState
from engine.simulate import simulate

GAME = get_game("mooncourt")
GAMES_PER_COUNT = 100  # x3 player counts: 300 random games
ALL = sorted(catalog().gifts)


def check_state(s: MoonState) -> None:
    # Every gift is in exactly one place.
    places = [c for h in s.hands for c in h] + s.deck + s.discard + [o.card for o in s.offers]
    places += [s.fashion] if s.fashion else []
    assert sorted(places) == ALL
    assert set(s.face_up) <= set(s.discard) and all(f >= 0 for f in s.favour)
    assert all(len(h) <= catalog().hand_size for h in s.hands)
    claims = [o.claim for o in s.offers]
    assert claims == sorted(set(claims)) and all(1 <= c <= catalog().max_claim for c in claims)
    if s.finished:
        assert not s.pending and not s.asks
        return
    assert s.fashion is not None and len(s.pending) == 1 and len(s.asks) <= 1
    (decision,) = s.pending
    if s.asks:  # the claim is answered by the courtier after its presenter, off their turn
        assert decision.reaction and decision.seat == (s.offers[-1].seat + 1) % len(s.seats) == (s.active + 1) % len(s.seats)
        assert decision.timeout == {"type": "pass"} and decision.context
    else:
        assert decision.seat == s.active and decision.private and not decision.reaction
        if not s.offers:  # a fresh audience: everyone holds a full hand
            assert all(len(h) == catalog().hand_size for h in s.hands)
    # Views: the public one and the awaited seat's name no gift hidden from them (the game's own
    # list, Game.hidden_tokens, which the shared contract test reads too).
    for viewer in (None, decision.seat):
        shown = json.dumps(GAME.view(s, viewer))
        hidden = GAME.hidden_tokens(s, viewer)
        assert len(hidden) >= len(s.deck)  # the deck is always hidden: the check has something to find
        leaked = {token for token in hidden if token in shown}
        assert not leaked, (viewer, leaked)


def check_events(offers: list, fashion: str | None, move, after: MoonState, events) -> None:
    """A public event names a gift only when it is shown to everyone: the accused gift or a fashion
    card. `offers` and `fashion` are the table before the move."""
    allowed = {gift(offers[-1].card).name} if isinstance(move, Accuse) else set()
    allowed |= {gift(c).name for c in (fashion, after.fashion) if c}
    allowed |= {gift(c).name for c in after.face_up}
    for e in events:
        if e.visible_to is None:
            named = {g.name for g in catalog().gifts.values() if g.name in e.text}
            assert named <= allowed, (e.text, named - allowed)
        else:  # a private event names only the owner's own gifts
            (owner,) = e.visible_to
            own = {gift(c).name for c in after.hands[owner]}
            own |= {gift(o.card).name for o in offers + after.offers if o.seat == owner}
            named = {g.name for g in catalog().gifts.values() if g.name in e.text}
            assert named <= own, (e.text, named - own)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players):
    longest = 0
    for n in range(GAMES_PER_COUNT):
        state = GAME.setup({}, [f"P{i}" for i in range(players)], f"prop-{players}-{n}")
        check_state(state)
        chooser = random.Random(f"moves-{players}-{n}")
        while not state.finished:
            (seat,) = GAME.to_act(state)
            move = chooser.choice(GAME.legal_actions(state, seat))
            offers, fashion = list(state.offers), state.fashion
            events = GAME.advance(state, move)
            check_state(state)
            check_events(offers, fashion, move, state, events)
        longest = max(longest, state.steps)
        assert state.steps < GAME.max_steps  # ended by the rules, not by the cap
        assert max(state.favour) >= state.target
        assert state.finished.winners == [i for i, f in enumerate(state.favour) if f == max(state.favour)]
        if n % 10 == 0:
            assert GAME.load_state(state.model_dump_json()) == state
    assert longest < 300


@pytest.mark.parametrize("players", [["ai", "random"], ["random", "ai"], ["ai", "random", "random"],
                                     ["random", "random", "ai", "random"]])
def test_the_ai_beats_random_play(players):
    """Against one random player the AI wins 80%; against two or three, well over twice its fair share."""
    report = simulate("mooncourt", 60, 7, players)
    share = report["wins"][players.index("ai")] / report["games"]
    assert report["errors"] == 0 and share >= (0.8 if len(players) == 2 else 0.6), report


def test_two_ais_are_evenly_matched():
    report = simulate("mooncourt", 200, 3, ["ai", "ai"])
    assert report["errors"] == 0 and 0.4 <= report["win_rate"][0] <= 0.6, report
