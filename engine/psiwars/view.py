"""What each seat may see. The public view (seat None) never names a card in a hand or deck."""

from __future__ import annotations

from engine.core import Decision

from .cards import catalog
from .combat import formation_strengths
from .state import Card, PsiState

PHASE_LABELS = {
    "cu": "Phase 1: Creation Units", "build": "Phase 2: Build", "equip": "Phase 3: Equip",
    "attack": "Phase 4: Battle - declare attackers", "window": "Phase 4: Battle - Powers",
    "defend": "Phase 4: Battle - declare defenders", "cyborg": "Phase 4: Battle - Cyborg Phase",
    "matchups": "Phase 4: Battle - matchups", "discard": "End of turn: hand limit", "over": "Game over",
}


def _unit(state: PsiState, c: Card) -> dict:
    eq = state.cards[c.equipment] if c.equipment else None
    return {
        "iid": c.iid, "card": c.card, "name": catalog().cards[c.card].name,
        "depleted": c.depleted, "disoriented": c.disoriented, "trapped": c.trapped, "used": c.used,
        "new": c.created_turn == state.turn,
        "equipment": {"iid": eq.iid, "card": eq.card, "name": catalog().cards[eq.card].name} if eq else None,
    }


def _player(state: PsiState, seat: int) -> dict:
    p = state.players[seat]
    cards = catalog().cards
    lab = [state.cards[i] for i in p.lab]
    return {
        "seat": seat, "name": p.name, "deck_name": catalog().decks[p.deck_key].name,
        "lab_hp": p.lab_hp, "hand_count": len(p.hand), "deck_count": len(p.deck),
        "discard": [state.cards[i].card for i in p.discard],
        "cus": [{"iid": c.iid, "card": c.card, "kind": cards[c.card].cu_kind, "depleted": c.depleted}
                for c in lab if cards[c.card].kind == "cu"],
        "units": [_unit(state, c) for c in lab if cards[c.card].kind == "battle_unit"],
        "gear": [{"iid": c.iid, "card": c.card, "name": cards[c.card].name, "depleted": c.depleted}
                 for c in lab if cards[c.card].kind == "equipment" and not c.carrier],
    }


def _battle(state: PsiState) -> dict | None:
    b = state.battle
    if not b:
        return None
    matchups = []
    for i, m in enumerate(b.matchups):
        matchups.append({
            "index": i, "attack": m.attack, "defend": m.defend, "blocked": m.blocked,
            "resolved": m.resolved, "skip": m.skip,
            "attack_strength": formation_strengths(state, m.attack, i, "attack"),
            "defend_strength": formation_strengths(state, m.defend, i, "defend") if m.defend else None,
        })
    return {"matchups": matchups, "current": b.current, "declared": b.declared,
            "withdrawn": b.withdrawn}


def build_view(state: PsiState, seat: int | None) -> dict:
    phase = "over" if state.finished else state.phase  # also when the step cap ended the game
    view = {
        "game": "psiwars", "version": state.version, "turn": state.turn, "round": state.round,
        "max_rounds": state.max_rounds, "phase": phase, "phase_label": PHASE_LABELS[phase],
        "active": state.active, "lab_hp_start": state.lab_hp_start,
        "seed_commitment": state.seed_commitment,
        "window": state.window.name if state.window else None,
        "pending": [_decision(d, seat) for d in state.pending],
        "players": [_player(state, s) for s in range(len(state.players))],
        "battle": _battle(state),
        "recent": [e.text for e in state.recent if e.visible(seat)],
        "outcome": state.finished.model_dump() if state.finished else None,
        "you": seat,
    }
    if state.finished:
        view["seed"] = state.rng.seed  # revealed at the end so every roll can be re-checked
    if seat is not None:
        me = state.players[seat]
        view["hand"] = [_named(state, i) for i in me.hand]
        if seat == state.active and state.peek:
            view["peek"] = [_named(state, i) for i in state.peek]
    return view


def _decision(d: Decision, seat: int | None) -> dict:
    """A pending decision as `seat` may see it: its context lines only for its owner."""
    data = d.model_dump()
    if d.seat != seat:
        data["context"] = []
    return data


def _named(state: PsiState, iid: str) -> dict:
    card = state.cards[iid].card
    return {"iid": iid, "card": card, "name": catalog().cards[card].name}


def _marks(unit: dict) -> str:
    marks = [m for m in ("depleted", "disoriented", "trapped", "new") if unit.get(m)]
    return f" ({', '.join(marks)})" if marks else ""


def board_text(view: dict) -> str:
    """The view as plain text for the console and for text-only fallbacks."""
    lines = [f"Turn {view['turn']} (round {view['round']}/{view['max_rounds']}) - {view['phase_label']}"]
    for p in view["players"]:
        turn = " <- to play" if p["seat"] == view["active"] else ""
        lines.append(f"{p['name']} [{p['deck_name']}]: lab {p['lab_hp']}/{view['lab_hp_start']} HP, "
                     f"hand {p['hand_count']}, deck {p['deck_count']}, discard {len(p['discard'])}{turn}")
        cus = [f"{c['kind'].upper()}{'*' if c['depleted'] else ''}" for c in p["cus"]]
        lines.append(f"  Creation Units: {' '.join(cus) or '-'}   (* = depleted)")
        for u in p["units"]:
            gear = f" + {u['equipment']['name']}" if u["equipment"] else ""
            lines.append(f"  {u['name']} [{u['iid']}]{gear}{_marks(u)}")
        for g in p["gear"]:
            lines.append(f"  Equipment {g['name']} [{g['iid']}] (not attached)")
    battle = view.get("battle")
    if battle:
        for m in battle["matchups"]:
            against = ", ".join(m["defend"]) if m["defend"] else "unblocked"
            done = " (fought)" if m["resolved"] else ""
            lines.append(f"  Matchup {m['index'] + 1}: {', '.join(m['attack'])} vs {against}{done}")
    if view.get("hand") is not None:
        lines.append("Your hand: " + (", ".join(c["name"] for c in view["hand"]) or "empty"))
    if view.get("outcome"):
        lines.append(view["outcome"]["reason"])
    return "\n".join(lines)
