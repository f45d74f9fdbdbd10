"""Why a Psi Wars move is refused, in a player's words with the rule it breaks."""

from __future__ import annotations

from engine.core import Action, IllegalAction

from . import rules as r
from .cards import LIGHTS, catalog
from .view import PHASE_LABELS

PHASE_OF = {"place_cu": "cu", "build": "build", "equip": "equip", "attack": "attack", "block": "defend",
            "use_ability": "cyborg", "resolve": "matchups", "discard": "discard"}


def explain(game, state, action: Action) -> IllegalAction:
    """The most specific reason we can find; falls back to naming the current step."""
    for check in (_wrong_step, _card_checks, _unit_checks):
        reason = check(game, state, action)
        if reason:
            return reason
    return IllegalAction(f"That move is not available now ({PHASE_LABELS[state.phase]}).")


def _wrong_step(game, state, a: Action) -> IllegalAction | None:
    wanted = PHASE_OF.get(a.type)
    if a.type == "equip" and state.phase in ("equip", "attack"):
        return None
    if wanted and wanted != state.phase:
        rule = {"cu": "§6.2", "build": "§6.3", "equip": "§6.4", "attack": "§6.5.2", "defend": "§6.5.3",
                "cyborg": "§6.5.4.1", "matchups": "§6.5.4.2", "discard": "A-5"}[wanted]
        return IllegalAction(f"That belongs to {PHASE_LABELS[wanted]}, but the game is in {PHASE_LABELS[state.phase]}.", rule)
    if a.type == "done" and a.phase != state.phase:
        return IllegalAction(f"The game is in {PHASE_LABELS[state.phase]}, not {PHASE_LABELS[a.phase]}.")
    if a.type == "play_power" and state.phase not in ("build", "window"):
        return IllegalAction("Powers are played in your Build Phase or in the battle's Power windows.", "A-18")
    return None


def _card_checks(game, state, a: Action) -> IllegalAction | None:
    p = state.players[a.seat]
    if a.type == "place_cu":
        if p.placed_cu:
            return IllegalAction("You may place only one Creation Unit per turn.", "§6.2")
        if not any(r.cdef(state, i).cu_kind == a.kind for i in p.hand):
            return IllegalAction("You have no Creation Unit of that kind in hand.", "§6.2")
    if a.type in ("build", "play_power", "discard"):
        if not any(state.cards[i].card == a.card for i in p.hand):
            return IllegalAction("That card is not in your hand.")
    if a.type in ("build", "play_power"):
        card = catalog().cards[a.card]
        ready = r.ready_cus(state, a.seat)
        if not r.any_payments(card.cost, ready):
            have = ", ".join(f"{k.upper()} {ready[k]}" for k in LIGHTS if ready[k]) or "none"
            return IllegalAction(f"You cannot pay for {card.name}: it needs {card.cost.short()} and your ready "
                                 f"Creation Units are {have}.", "§5.0")
        if a.pay_any and tuple(a.pay_any) not in r.any_payments(card.cost, ready):
            return IllegalAction("Those Creation Units cannot pay the white lights of that card.", "§5.5")
        if a.type == "build" and card.kind == "power":
            return IllegalAction("Powers are played, not built.", "§3.4")
        if a.type == "play_power" and state.phase == "build" and card.power.timing == "battle":
            return IllegalAction(f"{card.name} is played in battle, not in the Build Phase.", "A-18")
        if a.type == "play_power" and state.phase == "window" and card.power.timing == "build":
            return IllegalAction(f"{card.name} can only be played in your Build Phase.", "§6.3")
    return None


def _unit_checks(game, state, a: Action) -> IllegalAction | None:
    if a.type == "attack":
        if len(a.units) > 2 or len(set(a.units)) != len(a.units):
            return IllegalAction("A formation has one or two different Battle Units.", "§6.5.2.1")
        for u in a.units:
            if u not in state.players[a.seat].lab or r.cdef(state, u).kind != "battle_unit":
                return IllegalAction(f"{u} is not one of your Battle Units.")
            reason = _why_not_ready(state, u, attacking=True)
            if reason:
                return reason
    if a.type == "block":
        if len(a.units) > 2:
            return IllegalAction("A defending formation has at most two Battle Units.", "§6.5.3")
        for u in a.units:
            if u not in state.players[a.seat].lab or r.cdef(state, u).kind != "battle_unit":
                return IllegalAction(f"{u} is not one of your Battle Units.")
            if state.cards[u].used:
                return IllegalAction(f"{r.tag(state, u)} already defends elsewhere: each unit joins one formation.", "A-12")
            reason = _why_not_ready(state, u, attacking=False)
            if reason:
                return reason
    if a.type == "equip":
        for iid in (a.equipment, a.unit):
            if iid not in state.players[a.seat].lab:
                return IllegalAction(f"{iid} is not in your lab.")
        if state.cards[a.unit].equipment:
            return IllegalAction(f"{r.tag(state, a.unit)} already carries Equipment: one per unit.", "§3.3")
        if state.cards[a.equipment].carrier:
            return IllegalAction("That Equipment is already attached and stays on its carrier.", "A-20")
        if state.cards[a.equipment].created_turn == state.turn:
            return IllegalAction("Equipment can be attached only on a turn after it was built.", "§6.4")
    return None


def _why_not_ready(state, u: str, attacking: bool) -> IllegalAction | None:
    c = state.cards[u]
    if c.trapped:
        return IllegalAction(f"{r.tag(state, u)} is Trapped and cannot fight until it escapes.", "A-19")
    if attacking and c.created_turn == state.turn:
        return IllegalAction(f"{r.tag(state, u)} was created this turn and cannot attack yet.", "§6.3")
    if c.depleted:
        return IllegalAction(f"{r.tag(state, u)} is Depleted until its controller's next turn.", "§6.5.4.7")
    if attacking and c.used:
        return IllegalAction(f"{r.tag(state, u)} is already in a formation.", "§6.5.2.1")
    return None
