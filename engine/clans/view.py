"""What each seat may see. The public view (seat None) only counts unused cards, never names them."""

from __future__ import annotations

from dataclasses import asdict

from .cards import catalog
from .setup import next_setup
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
                "homebase": coord(p.homebase) if p.homebase else None, "terrain": list(p.terrain),
                "team": s % 2, "out": p.out}
               for s, p in enumerate(state.players)]
    view = {"game": "clans", "version": state.version, "turn": state.turn, "round": state.round,
            "max_rounds": state.max_rounds, "phase": state.phase, "active": state.active, "field": list(state.field),
            "units": units, "players": players, "current": state.current,
            "pending": [d.model_dump(exclude=None if d.seat == seat else {"context"}) for d in state.pending],
            "recent": [e.text for e in state.recent if e.visible(seat)],
            "outcome": state.finished.model_dump() if state.finished else None, "you": seat,
            "attack": asdict(state.attack) if state.attack else None,
            "setup": setup_view(state), "teams": teams(state)}
    if seat is not None:
        view["hand"] = [{"card": c, "name": cards[c].name} for c in state.players[seat].unused]
    return view


def hidden_tokens(state: ClansState, seat: int | None) -> list[str]:
    """Ids and names of the cards still face down in other players' piles that `seat` has no other
    way to see: not played, not on the field, not in its own pile (team-mates may share a deck list)."""
    cards = catalog().cards
    shown = {c for p in state.players for c in p.used} | {u.card for u in state.units.values()}
    if seat is not None:
        shown |= set(state.players[seat].unused)
    hidden = {c for s, p in enumerate(state.players) if s != seat for c in p.unused} - shown
    return sorted({token for c in hidden for token in (c, cards[c].name)})


def teams(state: ClansState) -> list[list[int]]:
    """Seats that share victory: [[0, 2], [1, 3]] in a 2-vs-2 game, [[0], [1]] otherwise."""
    n = len(state.players)
    return [list(range(0, n, 2)), list(range(1, n, 2))]


def setup_view(state: ClansState) -> dict:
    """Set-up progress: the mode, who places what next, the battlemaps laid and the slots still open
    (open slots are drawn as Ground in `field` until a battlemap is laid there)."""
    step = next_setup(state) if state.phase == "setup" else None
    laid = {(m.side, m.slot) for m in state.maps}
    open_slots = [{"side": side, "slot": slot} for side in (0, 1) for slot in range(6)
                  if state.setup_mode == "choose" and (side, slot) not in laid]
    return {"mode": state.setup_mode, "seat": step[0] if step else None, "step": step[1] if step else None,
            "maps": [m.model_dump() for m in state.maps], "open_slots": open_slots}


def board_text(view: dict) -> str:
    marks = {u["tile"]: ("abcdefghijklmnopqrstuvwxyz"[i % 26].upper() if u["owner"] % 2 == 0 else
                         "abcdefghijklmnopqrstuvwxyz"[i % 26]) for i, u in enumerate(view["units"])}
    homes = {p["homebase"]: "#" for p in view["players"] if p["homebase"]}
    for o in (view.get("setup") or {}).get("open_slots", []):
        c0, r0 = 3 * (o["slot"] % 3), 6 * o["side"] + 3 * (o["slot"] // 3)
        homes.update({f"{'ABCDEFGHI'[c]}{r + 1}": "?" for c in range(c0, c0 + 3) for r in range(r0, r0 + 3)})
    lines = [f"Turn {view['turn']} (round {view['round']}/{view['max_rounds']})", "   ABCDEFGHI"]
    for r in range(len(view["field"]) - 1, -1, -1):
        row = ""
        for c, t in enumerate(view["field"][r]):
            key = f"{'ABCDEFGHI'[c]}{r + 1}"
            row += marks.get(key) or homes.get(key) or {"G": ".", "F": "f", "W": "~", "M": "^"}[t]
        lines.append(f"{r + 1:>2} {row}")
    for p in view["players"]:
        lines.append(f"{p['name']} [{p['deck']}]: {p['sp']} SP, {p['exp']} EXP, {p['unused_count']} unused cards"
                     + (" (out)" if p.get("out") else ""))
    for u in view["units"]:
        lines.append(f"  {marks[u['tile']]} {u['name']} {u['tile']} {u['hp']}/{u['max_hp']} HP"
                     + (f" [{', '.join(u['statuses'])}]" if u["statuses"] else ""))
    setup = view.get("setup") or {}
    if setup.get("step"):
        what = {"map": "a battlemap", "homebase": "a Homebase", "god": "a God"}[setup["step"]]
        lines.append(f"Set-up: {view['players'][setup['seat']]['name']} places {what}; "
                     f"{len(setup['maps'])}/12 battlemaps laid (? = still open).")
    if view.get("outcome"):
        lines.append(view["outcome"]["reason"])
    return "\n".join(lines)
