"""Infinities property run: random 2-, 3- and 4-player games end without error, conserve cards, tiles
and tokens, and hold every limit after each move."""

from engine.infinities import mechanics as M
from engine.infinities.actions import Concede, Step
from engine.infinities.cards import catalog
from engine.infinities.state import neighbour

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


def cheap(s) -> None:
    """After every move of every game: counts only (cards, tiles, tokens), limits, one leader a tile."""
    held = sum(len(p.hand) + len(p.group) + len(p.timeline) for p in s.players)
    held += sum(len(pile.deck) + len(pile.discard) for pile in s.piles.values()) + sum(1 for r in s.runs if r.card)
    assert held == CARDS
    tiles = len(s.board) + sum(map(len, s.stacks.values())) + sum(1 for p in s.players if p.start_tile)
    assert tiles + (s.discovery is not None) == TILES
    for seat, p in enumerate(s.players):
        assert 0 <= p.track <= 5 and p.track + p.reserve + sum(t.control == seat for t in s.board.values()) == 14
        room = 4 + any(r.seat == seat and r.steps[0].op == "return_hand" for r in s.runs)  # a trim under way
        assert len(p.group) <= room and len(p.timeline) <= room
    standees = [p.pos for p in s.players if p.pos]
    assert len(standees) == len(set(standees))


def walls_respected(s, move) -> None:
    """A step crosses an open edge unless the mover ignores walls (Power tile or Power level 4)."""
    if isinstance(move, Step) and s.motion is not None:
        here = s.players[s.motion.mover].pos
        assert M.ignores_walls(s, s.motion.mover) or M.open_edge(s, here, neighbour(here, move.dir))


CARDS = 2 * 46
TILES = 47


def test_a_thousand_random_games_of_two_three_and_four_players():
    """Every game: no exception, counts and walls after each move, the full check at its end; every
    tenth game also has the full check after each move; some leaders concede part-way."""
    ends = {2: 0, 3: 0, 4: 0}
    for n in range(1000):
        players = 2 + n % 3
        s = GAME.setup({}, [f"P{i}" for i in range(players)], f"prop{n}")
        quitter = n % players if n % 25 == 1 and players > 2 else None

        def after(state, full=n % 10 == 0, quitter=quitter):
            cheap(state)
            if full:
                check(state)
            if quitter is not None and state.steps == 60 and not state.finished:
                GAME.advance(state, Concede(seat=quitter))
        play_randomly(GAME, s, f"move{n}", before=walls_respected, after=after)
        check(s)
        assert s.finished is not None and (s.finished.draw or s.finished.winners)
        if quitter is not None and s.steps > 60:
            assert quitter not in s.finished.winners
        ends[players] += 1
    assert all(v >= 333 for v in ends.values())


def test_replay_from_seed_and_moves_gives_the_same_state():
    s = GAME.setup({}, ["A", "B", "C"], "replay")
    moves = play_randomly(GAME, s, "replay-moves")
    again = GAME.setup({}, ["A", "B", "C"], "replay")
    for a in moves:
        again, _ = GAME.apply(again, GAME.parse_action(a.model_dump_json()))
    assert again.model_dump_json() == s.model_dump_json()


def test_random_games_with_teams_and_presets_end():
    for n, cfg in enumerate([{"teams": [0, 1, 0, 1]}, {"preset": "short"}, {"tutorial": True}]):
        players = 4 if "teams" in cfg else 2
        s = GAME.setup(cfg, [f"P{i}" for i in range(players)], f"cfg{n}")
        play_randomly(GAME, s, f"c{n}", after=check)
        assert s.finished is not None
