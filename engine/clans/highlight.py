"""What the board marks for one unit's moves: its square, where it may go, whom it may hit.

Built from the public view and the legal actions of that unit, as plain tiles for the renderer.
"""

from __future__ import annotations

from .actions import Attack, Move, PlaceGod, PlaceHomebase, Summon, UseAbility


def highlight(view: dict, actions: list) -> dict | None:
    """{"selected": tile, "reach": [tiles], "attack": [tiles]} when the actions are one unit's;
    {"reach": [tiles]} when they summon one card (the squares it may enter on) or place the
    Homebase or the God (the squares offered)."""
    summons = {a.card for a in actions if isinstance(a, Summon)}
    if len(summons) == 1 and all(isinstance(a, Summon) for a in actions):
        return {"reach": sorted({a.tile for a in actions})}
    if actions and all(isinstance(a, PlaceHomebase | PlaceGod) for a in actions):
        return {"reach": sorted({a.tile for a in actions})}  # where the Homebase (or God) may go
    units = {u["iid"]: u["tile"] for u in view.get("units", [])}
    mine = {a.unit for a in actions if isinstance(a, Move | Attack | UseAbility)}
    if len(mine) != 1:
        return None
    (unit,) = mine
    if unit not in units:
        return None
    reach = sorted({a.to for a in actions if isinstance(a, Move)})
    targets = {a.target for a in actions if isinstance(a, Attack)}
    targets |= {a.target for a in actions if isinstance(a, UseAbility) and a.target and a.target != unit}
    return {"selected": units[unit], "reach": reach, "attack": sorted(units[t] for t in targets if t in units)}
