"""Why a Psi Wars move is refused, in a player's words, citing the section id of the rule it
breaks (an id in data/psiwars/rules/sections.json, so the "Why?" button can open it)."""

from __future__ import annotations

from engine.core import Action, IllegalAction

from .board import any_payments, cdef, ready_cus, tag
from .cards import LIGHTS, catalog
from .view import PHASE_LABELS

PHASE_OF = {"place_cu": "cu", "build": "build", "equip": "equip", "attack": "attack", "block": "defend",
            "use_ability": "cyborg", "resolve": "matchups", "discard": "discard"}
STEP_RULE = {"cu": "6.2", "build": "6.3", "equip": "6.4", "attack": "6.5.2", "window": "A-18",
             "defend": "6.5.3", "cyborg": "6.5.4.1", "matchups": "6.5.4.2", "discard": "A-5", "over": "6.5.5"}
HAND_RULE = {"build": "6.3", "play_power": "3.4", "discard": "A-5"}
POWERS = "3.4"  # Powers, with the Oracle's and the Hunter's choices


def explain(game, state, action: Action) -> IllegalAction:
    """The most specific reason we can find; falls back to naming the current step and its rule."""
    for check in (_open_choice, _wrong_step, _card_checks, _unit_checks, _battle_checks):
        reason = check(state, action)
        if reason:
            return reason
    return IllegalAction(f"That move is not available now ({PHASE_LABELS[state.phase]}).", STEP_RULE[state.phase])


def _open_choice(state, a: Action) -> IllegalAction | None:
    """A Power's choice (Oracle, Hunter) is answered before anything else."""
    if state.peek:
        if a.type != "oracle_take":
            return IllegalAction("First choose what to take from the Creation Oracle.", POWERS)
        return IllegalAction("Only a Creation Unit among the cards the Oracle shows can go into your lab.", POWERS)
    if state.hunting:
        if a.type != "hunter_take":
            return IllegalAction("First take an Equipment with the Equipment Hunter.", POWERS)
        return IllegalAction("Only an Equipment card still in your deck can be taken.", POWERS)
    if a.type in ("oracle_take", "hunter_take"):
        return IllegalAction("No Creation Oracle or Equipment Hunter is waiting for a choice.", POWERS)
    return None


def _wrong_step(state, a: Action) -> IllegalAction | None:
    here = PHASE_LABELS[state.phase]
    wanted = PHASE_OF.get(a.type)
    if a.type == "equip" and state.phase in ("equip", "attack"):
        return None
    if wanted and wanted != state.phase:
        return IllegalAction(f"That belongs to {PHASE_LABELS[wanted]}, but the game is in {here}.", STEP_RULE[wanted])
    if a.type == "done" and a.phase != state.phase:
        return IllegalAction(f"The game is in {here}, not {PHASE_LABELS[a.phase]}.", STEP_RULE[state.phase])
    if a.type == "play_power" and state.phase not in ("build", "window"):
        return IllegalAction("Powers are played in your Build Phase or in the battle's Power windows.", "A-18")
    if a.type == "pass" and state.phase not in ("window", "cyborg"):
        return IllegalAction(f"Passing answers a Power window or the Cyborg Phase; the game is in {here}.", "A-18")
    return None


def _card_checks(state, a: Action) -> IllegalAction | None:
    p = state.players[a.seat]
    if a.type == "place_cu":
        if p.placed_cu:
            return IllegalAction("You may place only one Creation Unit per turn.", "6.2")
        if not any(cdef(state, i).cu_kind == a.kind for i in p.hand):
            return IllegalAction("You have no Creation Unit of that kind in hand.", "6.2")
    if a.type in HAND_RULE and not any(state.cards[i].card == a.card for i in p.hand):
        return IllegalAction("That card is not in your hand.", HAND_RULE[a.type])
    if a.type in ("build", "play_power"):
        return _payment_checks(state, a)
    return None


def _payment_checks(state, a: Action) -> IllegalAction | None:
    card = catalog().cards[a.card]
    ready = ready_cus(state, a.seat)
    if a.type == "build" and card.kind in ("power", "cu"):
        what = "Powers are played" if card.kind == "power" else "Creation Units are placed in Phase 1"
        return IllegalAction(f"{what}, not built.", POWERS if card.kind == "power" else "6.2")
    if a.type == "play_power" and card.kind != "power":
        return IllegalAction(f"{card.name} is not a Power: it is built in Phase 2.", "6.3")
    if not any_payments(card.cost, ready):
        have = ", ".join(f"{k.upper()} {ready[k]}" for k in LIGHTS if ready[k]) or "none"
        return IllegalAction(f"You cannot pay for {card.name}: it needs {card.cost.short()} and your ready "
                             f"Creation Units are {have}.", "5.0")
    if tuple(a.pay_any) not in any_payments(card.cost, ready):
        if not card.cost.any:
            return IllegalAction(f"{card.name} has no white lights to pay.", "5.5")
        return IllegalAction(f"Choose ready Creation Units for the {card.cost.any} white light"
                             f"{'s' if card.cost.any > 1 else ''} of {card.name}.", "5.5")
    if a.type == "play_power" and state.phase == "build" and card.power.timing == "battle":
        return IllegalAction(f"{card.name} is played in battle, not in the Build Phase.", "A-18")
    if a.type == "play_power" and state.phase == "window" and card.power.timing == "build":
        return IllegalAction(f"{card.name} can only be played in your Build Phase.", "6.3")
    if a.type == "play_power":
        return IllegalAction(f"{card.name} cannot be aimed that way now.", POWERS)
    return None


def _unit_checks(state, a: Action) -> IllegalAction | None:
    if a.type == "attack":
        return _attack_checks(state, a)
    if a.type == "block":
        return _block_checks(state, a)
    if a.type == "equip":
        return _equip_checks(state, a)
    return None


def _own_unit(state, seat: int, u: str, rule: str) -> IllegalAction | None:
    if u not in state.players[seat].lab or cdef(state, u).kind != "battle_unit":
        return IllegalAction(f"{u} is not one of your Battle Units.", rule)
    return None


def _attack_checks(state, a: Action) -> IllegalAction | None:
    if not 1 <= len(a.units) <= 2 or len(set(a.units)) != len(a.units):
        return IllegalAction("A formation has one or two different Battle Units.", "6.5.2.1")
    for u in a.units:
        reason = _own_unit(state, a.seat, u, "6.5.2.1") or _why_not_ready(state, u, attacking=True)
        if reason:
            return reason
    return None


def _block_checks(state, a: Action) -> IllegalAction | None:
    if len(a.units) > 2 or len(set(a.units)) != len(a.units):
        return IllegalAction("A defending formation has one or two different Battle Units.", "6.5.3")
    for u in a.units:
        reason = _own_unit(state, a.seat, u, "6.5.3")
        if reason:
            return reason
        if state.cards[u].used:
            return IllegalAction(f"{tag(state, u)} already defends elsewhere: each unit joins one formation.", "A-12")
        reason = _why_not_ready(state, u, attacking=False)
        if reason:
            return reason
    if a.matchup != state.battle.to_assign:
        return IllegalAction(f"Formations are answered in order: formation {state.battle.to_assign + 1} is next.",
                             "A-12")
    return None


def _equip_checks(state, a: Action) -> IllegalAction | None:
    for iid in (a.equipment, a.unit):
        if iid not in state.players[a.seat].lab:
            return IllegalAction(f"{iid} is not in your lab.", "6.4")
    if cdef(state, a.equipment).kind != "equipment" or cdef(state, a.unit).kind != "battle_unit":
        return IllegalAction("Equipping puts one of your Equipment cards under one of your Battle Units.", "3.3")
    if state.cards[a.unit].equipment:
        return IllegalAction(f"{tag(state, a.unit)} already carries Equipment: one per unit.", "3.3")
    if state.cards[a.equipment].carrier:
        return IllegalAction("That Equipment is already attached and stays on its carrier.", "A-20")
    if state.cards[a.equipment].created_turn == state.turn:
        return IllegalAction("Equipment can be attached only on a turn after it was built.", "6.4")
    if state.cards[a.unit].used:
        return IllegalAction(f"{tag(state, a.unit)} is already in a formation.", "A-20")
    return None


def _battle_checks(state, a: Action) -> IllegalAction | None:
    if a.type == "use_ability":
        return _ability_checks(state, a)
    if a.type == "resolve":
        return IllegalAction("That matchup cannot be fought that way now: only engaged matchups are fought, and "
                             "the first mental screen is chosen only when both formations have both.", "6.5.4.2")
    return None


def _ability_checks(state, a: Action) -> IllegalAction | None:
    mine = a.unit in state.players[a.seat].lab and cdef(state, a.unit).unit_type == "cyborg"
    if not mine:
        return IllegalAction("Only your own Cyborgs have abilities to use.", "A-15")
    c = state.cards[a.unit]
    if c.depleted or c.trapped or a.unit in state.battle.withdrawn:
        return IllegalAction(f"{tag(state, a.unit)} is not ready: it is depleted, trapped or has already acted.",
                             "A-15")
    if a.seat == state.active and c.created_turn == state.turn:
        return IllegalAction(f"{tag(state, a.unit)} was created this turn and cannot act yet.", "A-15")
    return IllegalAction(f"{cdef(state, a.unit).ability.name} cannot target that.", "A-15")


def _why_not_ready(state, u: str, attacking: bool) -> IllegalAction | None:
    c = state.cards[u]
    if c.trapped:
        return IllegalAction(f"{tag(state, u)} is Trapped and cannot fight until it escapes.", "A-19")
    if attacking and c.created_turn == state.turn:
        return IllegalAction(f"{tag(state, u)} was created this turn and cannot attack yet.", "6.3")
    if c.depleted:
        return IllegalAction(f"{tag(state, u)} is Depleted until its controller's next turn.", "6.5.4.7")
    if attacking and c.used:
        return IllegalAction(f"{tag(state, u)} is already in a formation.", "6.5.2.1")
    return None
