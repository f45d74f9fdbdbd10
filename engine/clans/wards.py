"""(OT) wards: which of the defender's allies can answer a declared attack, and the prompt that asks.

When an attack is declared and the defending seat owns a ward that fits it and can pay for it, the
game queues a `ward` prompt for that seat (A-22). Its context is the defender's picture of the
fight, built from the public board: the attack, what the hit would do, the counter-strike, and
what each answer (and letting the time run out) does.
"""

from __future__ import annotations

from engine.core import Decision

from .actions import React
from .board import (
    STATUS_BONUS,
    STATUS_TICK,
    can_counter,
    cdef,
    hit_damage,
    is_god,
    short,
    strikes_first,
    tag,
)
from .cards import Ability, catalog
from .state import ClansState, PendingAttack, dist

WARD_TIMEOUT = {"type": "pass"}  # the notes' default when the defender does not answer: no ward, no SP spent


def ability(state: ClansState, iid: str, index: int) -> Ability:
    return catalog().cards[state.units[iid].card].abilities[index]


def ward_fits(state: ClansState, pa: PendingAttack, iid: str, ab: Ability) -> bool:
    """Can this (OT) ward answer the pending attack? Reach is measured from the warding ally to the target."""
    target, attacker = state.units[pa.target], state.units[pa.attacker]
    if ab.timing != "OT" or ab.kind != "ward" or ab.name in pa.wards:
        return False
    gap = dist(state.units[iid].pos, target.pos)
    if gap > ab.params.get("range", 0):
        return False
    if iid == pa.target and ab.params.get("range", 0) and not ab.params.get("self"):
        return False  # "a friend within N" guards others; only wards that say so guard the warder too
    if ab.params.get("amount", 0) == 0 and not (pa.status and not is_god(state, pa.target)):
        return False  # a ward that only stops statuses is not offered against a hit that carries none
    return dist(attacker.pos, target.pos) >= ab.params.get("min_dist", 0)


def ward_options(state: ClansState, seat: int) -> list[React]:
    """The defender's wards it can afford now: each ally answers once per opponent turn (A-22)."""
    pa = state.attack
    if pa is None or pa.target not in state.units:
        return []
    out = []
    sp = state.players[seat].sp
    for u in state.units.values():
        if u.owner != seat or u.ot_used:
            continue
        for i, ab in enumerate(catalog().cards[u.card].abilities):
            if ab.sp <= sp and ward_fits(state, pa, u.iid, ab):
                name = catalog().cards[u.card].name.split(",")[0]
                out.append(React(seat=seat, unit=u.iid, ability=i,
                                 names=f"{name}: {ab.name} ({ab.sp} SP)"[:80]))
    return out


def ward_strength(state: ClansState, a: React) -> int:
    """How much a ward takes off the pending hit (a status stopped counts as its damage)."""
    ab = ability(state, a.unit, a.ability)
    stopped = STATUS_BONUS.get(state.attack.status, 0) if ab.params.get("no_status") and state.attack else 0
    return ab.params.get("amount", 0) + stopped


def landing_status(state: ClansState, pa: PendingAttack) -> str | None:
    """The status the hit would inflict: none on a God, none once a ward stopped it."""
    return pa.status if pa.status and not is_god(state, pa.target) and not pa.no_status else None


def pending_hit(state: ClansState, pa: PendingAttack, reduce: int = 0, no_status: bool = False) -> int:
    """The damage the attack's hit would deal now, with `reduce` more taken off by a ward."""
    status = None if no_status else landing_status(state, pa)
    bonus = pa.atk_bonus + (STATUS_BONUS[status] if status else 0)
    return hit_damage(state, pa.attacker, pa.target, bonus, pa.reduce + reduce)


def ward_decision(state: ClansState, seat: int) -> Decision:
    pa = state.attack
    return Decision(seat=seat, kind="ward", reaction=True, timeout=WARD_TIMEOUT, button="Choose your defense",
                    prompt=f"{state.seats[seat]}: {tag(state, pa.attacker)} attacks {tag(state, pa.target)}. "
                           "Answer with a ward?",
                    context=ward_context(state, seat))


def ward_context(state: ClansState, seat: int) -> list[str]:
    """The defender's view of the fight and of each answer, in player words."""
    pa = state.attack
    att, dfn = pa.attacker, pa.target
    by = state.seats[state.units[att].owner]
    how = f"uses {pa.ability} on" if pa.ability else "attacks"
    lines = [f"{by}'s {tag(state, att)} {how} your {tag(state, dfn)}."]
    lines += [_hit_line(state, pa), *_extras(state, pa), _counter_line(state, att, dfn)]
    if pa.wards:
        lines.append(f"Wards already used against it: {', '.join(pa.wards)}.")
    lines.append(f"You have {state.players[seat].sp} SP; each of your allies may answer once this turn.")
    for a in ward_options(state, seat):
        lines.append(_option_line(state, pa, a))
    lines.append("Pass: no ward, no SP spent; the attack goes ahead as above.")
    lines.append("If the time runs out, Pass is chosen for you.")
    return lines


def _hit_line(state: ClansState, pa: PendingAttack) -> str:
    dmg, hp = pending_hit(state, pa), state.units[pa.target].hp
    after = f"leaving {hp - dmg} of {hp} HP" if dmg < hp else f"which destroys it ({hp} HP)"
    line = f"The hit would deal {dmg} damage, {after}."
    status = landing_status(state, pa)
    if status and dmg < hp:
        line += (f" It also inflicts {status.capitalize()}: {STATUS_TICK[status]} damage at the start of "
                 "every turn.")
    return line


def _extras(state: ClansState, pa: PendingAttack) -> list[str]:
    """What else the attacker's ability does around the hit."""
    out = []
    if pa.splash:
        out.append("Cleave: the weakest other foe next to the attacker then takes its ATK - 1.")
    if pa.heal_self:
        out.append(f"The attacker regains {pa.heal_self} HP after the hit.")
    if pa.self_damage:
        out.append(f"The attacker takes {pa.self_damage} damage itself afterwards.")
    return out


def _counter_line(state: ClansState, att: str, dfn: str) -> str:
    name = cdef(state, dfn).name
    if not can_counter(state, att, dfn):
        return f"Your {name} cannot strike back: the attacker is beyond its range."
    back, hp = hit_damage(state, dfn, att), state.units[att].hp
    if strikes_first(state, att, dfn):
        return f"Your {name} strikes first (Initiative) for {back}, before the hit; the attacker has {hp} HP."
    return f"If it survives, your {name} strikes back for {back}; the attacker has {hp} HP."


def _option_line(state: ClansState, pa: PendingAttack, a: React) -> str:
    ab = ability(state, a.unit, a.ability)
    effects = []
    if ab.params.get("amount", 0):
        effects.append(f"takes {ab.params['amount']} off the hit")
    if ab.params.get("no_status") and landing_status(state, pa):
        effects.append(f"stops the {landing_status(state, pa).capitalize()}")
    dmg = pending_hit(state, pa, ab.params.get("amount", 0), ab.params.get("no_status", False))
    return f"{ab.name} from {short(state, a.unit)}: {ab.sp} SP, {' and '.join(effects)} ({dmg} damage)."
