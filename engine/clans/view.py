"""What each seat may see. The public view (seat None) only counts unused cards, never names them."""

from __future__ import annotations

from .cards import catalog
from .state import ClansState, coord


def build_view(state: ClansState, seat: int | None) -> dict:
    cards = catalog().cards
    units = [{"iid": u.iid, "card": u.card, "name": cards[u.card].name, "owner": u.owner, "tile": coord(u.pos),
              "hp": u.hp, "max_hp": cards[u.card].hp, "statuses": list(u.statuses), "equipment": u.equipment,
              "act": u.act, "new": u.summoned_turn == state.turn, "god": cards[u.card].god,
              "shield": u.shield, "ot_used": u.ot_used}
             for u in state.units.values()]
    players = [{"seat": s, "name": p.name, "deck": catalog().decks[p.deck_key].name, "sp": p.sp, "exp": p.exp,
                "exp_gained": p.exp_gained, "unused_count": len(p.unused), "used": list(p.used),
                "homebase": coord(p.homebase) if p.homebase else None, "terrain": list(p.terrain)}
               for s, p in enumerate(state.players)]
    view = {"game": "clans", "version": state.version, "turn": state.turn, "round": state.round,
            "max_rounds": state.max_rounds, "phase": state.phase, "active": state.active, "field": list(state.field),
            "units": units, "players": players, "current": state.current,
            "pending": [d.model_dump() for d in state.pending],
            "recent": [e.text for e in state.recent if e.visible(seat)],
            "outcome": state.finished.model_dump() if state.finished else None, "you": seat,
            "attack": state.attack.model_dump() if state.attack else None}
    if seat is not None:
        view["hand"] = [{"card": c, "name": cards[c].name} for c in state.players[seat].unused]
    return view


def board_text(view: dict) -> str:
    marks = {u["tile"]: ("abcdefghijklmnopqrstuvwxyz"[i % 26].upper() if u["owner"] == 0 else
                         "abcdefghijklmnopqrstuvwxyz"[i % 26]) for i, u in enumerate(view["units"])}
    homes = {p["homebase"]: "#" for p in view["players"] if p["homebase"]}
    lines = [f"Turn {view['turn']} (round {view['round']}/{view['max_rounds']})", "   ABCDEFGHI"]
    for r in range(len(view["field"]) - 1, -1, -1):
        row = ""
        for c, t in enumerate(view["field"][r]):
            key = f"{'ABCDEFGHI'[c]}{r + 1}"
            row += marks.get(key) or homes.get(key) or {"G": ".", "F": "f", "W": "~", "M": "^"}[t]
        lines.append(f"{r + 1:>2} {row}")
    for p in view["players"]:
        lines.append(f"{p['name']} [{p['deck']}]: {p['sp']} SP, {p['exp']} EXP, {p['unused_count']} unused cards")
    for u in view["units"]:
        lines.append(f"  {marks[u['tile']]} {u['name']} {u['tile']} {u['hp']}/{u['max_hp']} HP"
                     + (f" [{', '.join(u['statuses'])}]" if u["statuses"] else ""))
    if view.get("outcome"):
        lines.append(view["outcome"]["reason"])
    return "\n".join(lines)
