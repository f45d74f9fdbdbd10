"""Shared set-ups for the Infinities tests: a game driven by the AI to its first Main phase."""

from __future__ import annotations

from engine.core import get_game
from engine.infinities.cards import catalog
from engine.infinities.state import InfState, Placed

GAME = get_game("infinities")


def to_main(seed: str = "t1", players: int = 2, config: dict | None = None) -> InfState:
    s = GAME.setup(config or {}, [f"P{i}" for i in range(players)], seed)
    while not (s.phase == "main" and not s.runs and s.motion is None and not s.asks):
        seat = GAME.to_act(s)[0]
        GAME.advance(s, GAME.ai_action(s, seat))
    return s


def put(s: InfState, k: str, tile: str, *, rot: int = 0, control: int | None = None) -> Placed:
    """Lay a tile ("<id>" side A up, "<id>/b" side B up) at k."""
    tid, _, up = tile.partition("/")
    s.board[k] = Placed(tile=tid, up=up or "a", rot=rot, control=control)
    return s.board[k]


def tile_of(kind: str, walls: int | None = None, exclude: set[str] = frozenset()) -> str:
    """A world tile with a side of this type (and this many walls), as put() takes it."""
    for t in catalog().tiles.values():
        if t.id in exclude or walls is not None and len(t.walls) != walls:
            continue
        if t.side_a.type == kind:
            return t.id
        if t.side_b.type == kind:
            return f"{t.id}/b"
    raise LookupError(kind)


def bare(s: InfState) -> None:
    """Clear the map to the Rift and take every leader off it, so a test lays out its own tiles."""
    s.board = {k: v for k, v in s.board.items() if k == "0,0"}
    for p in s.players:
        p.pos = None
    s.runs, s.motion, s.discovery, s.asks = [], None, None, []
    GAME.publish(s)


def act(s: InfState, action) -> list:
    GAME.check(s, action)
    return GAME.advance(s, action)


def main_turn(s, dice):
    seat = s.active
    s.players[seat].dice = list(dice)
    GAME.publish(s)
    return seat


def face_off(s, dice):
    """The active leader on a wall-free tile with the other leader on the next tile east."""
    seat = main_turn(s, dice)
    foe = 1 - seat
    bare(s)
    put(s, "1,0", tile_of("boost", 0))
    put(s, "2,0", tile_of("star", 0))
    s.players[seat].pos, s.players[foe].pos = "1,0", "2,0"
    return seat, foe


def weakest(s, foe):
    return next(c for c in catalog().deck(s.players[foe].faction) if catalog().cards[c.split("#")[0]].defense == 3)
