"""What the board marks for a group of the acting leader's moves, from the public view and the moves:
the leader's tile, where a step or warp can take them (or where a start tile may go) (empty spaces to discover included), their reach
and the tiles of the leaders whose units they can attack."""

from __future__ import annotations

from .actions import Attack, Move, PlaceStart, Step, Warp
from .state import RIFT_AT, neighbour


def highlight(view: dict, actions: list) -> dict | None:
    if actions and all(isinstance(a, PlaceStart) for a in actions):  # the spaces a start tile may take
        return {"selected": RIFT_AT, "move": sorted({neighbour(RIFT_AT, a.dir) for a in actions})}
    players = view["players"]
    owners = {c["id"]: p["pos"] for p in players for c in p["group"]}
    if any(isinstance(a, Step | Warp) for a in actions) and view.get("moving"):
        here = players[view["moving"]["mover"]]["pos"]
        if here is None:
            return None
        to = [neighbour(here, a.dir) for a in actions if isinstance(a, Step)]
        to += [a.to for a in actions if isinstance(a, Warp)]
        return {"selected": here, "move": sorted(set(to))}
    if any(isinstance(a, Attack | Move) for a in actions):
        here = players[view["active"]]["pos"]
        if here is None:
            return None
        attack = {owners[a.unit] for a in actions if isinstance(a, Attack) and owners.get(a.unit)}
        return {"selected": here, "reach": list(view.get("reach", [])), "attack": sorted(attack)}
    return None
