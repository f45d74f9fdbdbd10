"""Infinities views for the golden pictures: a state laid out by hand (no AI play), so the pictures
change only when the view or the drawing does. Every mark appears: walls, tokens of three seats,
four standees, the acting leader, locked and rolled dice, full and empty areas, a pending prompt."""

from __future__ import annotations

from engine.core import Decision, Event, get_game
from engine.infinities.cards import card
from engine.infinities.state import Discovery, InfState, Placed

GAME = get_game("infinities")
# (space, tile, side up, rotation, control)
LAYOUT = [("1,0", "V01", "a", 0, 0), ("1,-1", "V02", "b", 2, None), ("0,-1", "G05", "a", 1, 1),
          ("-1,0", "G09", "b", 0, 2), ("-1,1", "V07", "a", 3, 0), ("0,1", "G12", "a", 0, None),
          ("2,-1", "V11", "b", 4, 1), ("2,0", "G17", "a", 5, None), ("-2,1", "V15", "a", 0, 2),
          ("1,1", "V20", "b", 1, None)]
LEADERS = [("reiso", "lightbearers", "varra"), ("kal7", "deva", "genesis"), ("chijen", "lightbearers", "varra"),
           ("okoro", "deva", "genesis")]


def make_state(players: int = 4) -> InfState:
    s = GAME.setup({}, ["Ann", "Bob", "Cleo", "Dan"][:players], "golden")
    for k, tile, up, rot, control in LAYOUT:
        s.board[k] = Placed(tile=tile, up=up, rot=rot, control=control if control is None or control < players
                            else None)
    for seat, p in enumerate(s.players):
        p.leader, p.faction, p.world = LEADERS[seat]
        p.pos = ["1,0", "0,-1", "-1,1", "2,0"][seat]
        deck = s.piles[p.faction].deck
        units = [c for c in deck if card(c).kind == "unit"]
        p.group = units[seat: seat + 2 + seat % 2]
        p.timeline = [c for c in deck if c not in p.group][:seat]
        p.hand = [c for c in deck if c not in p.group + p.timeline][5:9]
        p.track, p.reserve = 5 - seat, 9 + seat - sum(1 for pl in s.board.values() if pl.control == seat)
        p.score = [12, 9, 17, 4][seat]
    s.players[0].dice = ["power", "boost", "star"]
    s.players[1].dice = ["fortitude"]
    s.players[1].passed = True
    s.phase, s.round, s.order, s.idx, s.active = "main", 2, list(range(players)), 0, 0
    s.recent = [Event(text="Round 2 begins."), Event(text="Ann rolls Power, Boost, Star."),
                Event(text="Bob destroys Cleo's control token on Glass Flats.")]
    GAME.publish(s)
    return s


def make_board_view() -> dict:
    return GAME.view(make_state(), None)


def make_hand_view() -> dict:
    return GAME.view(make_state(), 0)


def make_discovery_view() -> dict:
    """Ann has stepped east out of 2,0's neighbour into an empty space: the tile waits for its side and turn."""
    s = make_state(2)
    s.discovery = Discovery(seat=0, tile="G20", at="2,-2", toward="1,-1", moving=True)
    s.pending = [Decision(seat=0, kind="discover", prompt="Ann: choose the new tile's side and rotation.")]
    return GAME.view(s, None)
