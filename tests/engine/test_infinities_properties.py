"""Infinities property run: random 2-, 3- and 4-player games end without error, conserve cards, tiles
and tokens, and hold every limit after each move."""

import pytest

from engine.infinities import mechanics as M
from engine.infinities.cards import catalog

from .infinities_helpers import GAME
from .random_play import play_randomly


def check(s) -> None:
    cat = catalog()
    for faction, pile in s.piles.items():
        held = [c for p in s.players for c in p.hand + p.group + p.timeline if c.split("#")[0] in cat.cards
                and cat.cards[c.split("#")[0]].faction == faction]
        resolving = [r.card for r in s.runs if r.card and cat.cards[r.card.split("#")[0]].faction == faction]
        every = pile.deck + pile.discard + held + resolving
        assert sorted(every) == sorted(cat.deck(faction)), f"{faction} cards lost or copied"
    tiles = [p.tile for p in s.board.values()] + [t for st in s.stacks.values() for t in st]
    tiles += [p.start_tile for p in s.players if p.start_tile] + ([s.discovery.tile] if s.discovery else [])
    assert sorted(tiles) == sorted([*cat.tiles, cat.rift.id])
    for seat, p in enumerate(s.players):
        on_board = sum(1 for t in s.board.values() if t.control == seat)
        assert p.track + p.reserve + on_board == 14 and 0 <= p.track <= 5
        trimming = any(r.seat == seat and r.steps[0].op == "return_hand" for r in s.runs)
        if not trimming and not s.finished:
            assert len(p.group) <= M.group_limit(s, seat) and len(p.timeline) <= M.timeline_limit(s, seat)
    standees = [p.pos for p in s.players if p.pos]
    assert len(standees) == len(set(standees)), "two leaders on one tile"
    assert all(k in s.board for k in standees)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_hold_the_invariants(players):
    for n in range(12):
        s = GAME.setup({}, [f"P{i}" for i in range(players)], f"prop{players}-{n}")
        play_randomly(GAME, s, f"move{n}", after=check)
        assert s.finished is not None


def test_random_games_with_teams_and_presets_end():
    for n, cfg in enumerate([{"teams": [0, 1, 0, 1]}, {"preset": "short"}, {"tutorial": True}]):
        players = 4 if "teams" in cfg else 2
        s = GAME.setup(cfg, [f"P{i}" for i in range(players)], f"cfg{n}")
        play_randomly(GAME, s, f"c{n}", after=check)
        assert s.finished is not None
