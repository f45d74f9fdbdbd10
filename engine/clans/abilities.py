"""Special abilities: (PT) abilities on your turn, (OT) wards on the defender's, Break and Poison.

An attack (a standard attack or an "attack" ability) is declared first; if the defending seat owns a
ward that can answer it, the game waits on a `ward` Decision for that seat (A-22) before the fight.
"""

from __future__ import annotations

from engine.core import Event

from .actions import Attack, React, UseAbility
from .cards import Ability, catalog
from .state import ClansState, PendingAttack, dist

STATUS_BONUS = {"break": 1, "poison": 2}  # the extra damage a status-inflicting hit deals
STATUS_TICK = {"break": 1, "poison": 2}  # the damage at the start of every player's turn


def ability(state: ClansState, iid: str, index: int) -> Ability:
    return catalog().cards[state.units[iid].card].abilities[index]


def is_god(state: ClansState, iid: str) -> bool:
    return catalog().cards[state.units[iid].card].god


def friends(state: ClansState, seat: int):
    return [u for u in state.units.values() if not state.foes(u.owner, seat)]


def enemies(state: ClansState, seat: int):
    return [u for u in state.units.values() if state.foes(u.owner, seat)]


def ability_targets(state: ClansState, iid: str, ab: Ability, rng: int) -> list[str | None]:
    """Who a (PT) ability may be aimed at; [None] for abilities without a target."""
    u = state.units[iid]
    reach_ = ab.params.get("range", rng)
    if ab.kind == "attack":
        return [o.iid for o in enemies(state, u.owner) if dist(o.pos, u.pos) <= rng]
    if ab.kind == "blast":
        return [o.iid for o in enemies(state, u.owner) if dist(o.pos, u.pos) <= reach_]
    if ab.kind == "heal":
        return [o.iid for o in friends(state, u.owner) if dist(o.pos, u.pos) <= reach_]
    if ab.kind == "rally":
        return [o.iid for o in friends(state, u.owner) if o.iid != iid and dist(o.pos, u.pos) <= reach_]
    if ab.kind == "eclipse":
        hit = [o for o in enemies(state, u.owner) if dist(o.pos, u.pos) <= reach_ and not is_god(state, o.iid)]
        return [None] if hit else []
    if ab.kind == "shield":
        return [None]
    return []


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


class AbilityRules:
    """Mixin for the Clans game: declaring and resolving attacks, abilities and wards."""

    def _pending_attack(self, state: ClansState, att: str, dfn: str, ab: Ability | None) -> PendingAttack:
        p = ab.params if ab else {}
        return PendingAttack(attacker=att, target=dfn, ability=ab.name if ab else None,
                             atk_bonus=p.get("atk_bonus", 0), status=p.get("status"),
                             heal_self=p.get("heal_self", 0), self_damage=p.get("self_damage", 0),
                             splash=p.get("splash", False))

    def _declare(self, state: ClansState, pa: PendingAttack, events: list[Event]) -> None:
        """Open the ward window if the defender can answer, else fight now."""
        state.attack = pa
        defender = state.units[pa.target].owner
        if ward_options(state, defender):
            state.phase = "react"
            events.append(Event(text=f"{state.seats[defender]} may answer with a ward."))
            return
        self._resolve_attack(state, events)

    def _resolve_attack(self, state: ClansState, events: list[Event]) -> None:
        pa = state.attack
        state.attack, state.phase = None, "play"
        if pa.attacker in state.units and pa.target in state.units:
            self._fight(state, pa, events)
        state.current = None

    def _do_attack(self, state: ClansState, a: Attack, events: list[Event]) -> None:
        self._select(state, a.unit)
        state.units[a.unit].act = "done"
        self._declare(state, self._pending_attack(state, a.unit, a.target, None), events)

    def _do_ability(self, state: ClansState, a: UseAbility, events: list[Event]) -> None:
        self._select(state, a.unit)
        u = state.units[a.unit]
        ab = ability(state, a.unit, a.ability)
        state.players[a.seat].sp -= ab.sp
        u.act = "done"
        who = catalog().cards[u.card].name
        if ab.kind == "attack":
            events.append(Event(text=f"{who} uses {ab.name} ({ab.sp} SP) on {self._tag(state, a.target)}."))
            self._declare(state, self._pending_attack(state, a.unit, a.target, ab), events)
            return
        state.current = None
        p = ab.params
        if ab.kind == "heal":
            self._heal(state, a.target, p.get("amount", 0), p.get("cure", False), events, f"{who}'s {ab.name}")
        elif ab.kind == "rally":
            t = state.units[a.target]
            t.mods_turn[p["stat"]] = t.mods_turn.get(p["stat"], 0) + p["amount"]
            events.append(Event(text=f"{who}'s {ab.name}: {self._tag(state, a.target)} gets +{p['amount']} "
                                     f"{p['stat'].upper()} until the turn ends."))
        elif ab.kind == "shield":
            u.shield = p.get("amount", 0)
            events.append(Event(text=f"{who} uses {ab.name}: hits on it deal {u.shield} less until its next turn."))
        elif ab.kind == "blast":
            events.append(Event(text=f"{who} uses {ab.name} ({ab.sp} SP) on {self._tag(state, a.target)}."))
            self._hurt(state, a.target, p.get("amount", 0), a.seat, events, ab.name)
            if p.get("status") and a.target in state.units:
                self._inflict(state, a.target, p["status"], a.seat, events)
        elif ab.kind == "eclipse":
            events.append(Event(text=f"{who} casts {ab.name} ({ab.sp} SP)."))
            for o in [o for o in enemies(state, a.seat) if dist(o.pos, u.pos) <= p.get("range", 2)]:
                if not is_god(state, o.iid):  # Gods ignore area Poison entirely (RULINGS)
                    self._hurt(state, o.iid, STATUS_BONUS[p["status"]], a.seat, events, ab.name)
                    if o.iid in state.units:
                        self._inflict(state, o.iid, p["status"], a.seat, events)

    def _do_react(self, state: ClansState, a: React, events: list[Event]) -> None:
        pa, u = state.attack, state.units[a.unit]
        ab = ability(state, a.unit, a.ability)
        state.players[a.seat].sp -= ab.sp
        u.ot_used = True
        pa.reduce += ab.params.get("amount", 0)
        pa.no_status = pa.no_status or ab.params.get("no_status", False)
        pa.wards.append(ab.name)
        events.append(Event(text=f"{catalog().cards[u.card].name} answers with {ab.name} ({ab.sp} SP)."))
        if not ward_options(state, a.seat):
            self._resolve_attack(state, events)

    def _do_pass(self, state: ClansState, a, events: list[Event]) -> None:
        events.append(Event(text=f"{state.seats[a.seat]} lets the attack through."))
        self._resolve_attack(state, events)

    # --- hits, heals and statuses ------------------------------------------------------------
    def _heal(self, state: ClansState, iid: str, amount: int, cure: bool, events: list[Event], why: str) -> None:
        u = state.units[iid]
        cured = cure and bool(u.statuses)
        if cure:
            u.statuses, u.status_by = [], {}
        healed = max(0, min(amount, catalog().cards[u.card].hp - u.hp))
        u.hp += healed
        events.append(Event(text=f"{why}: {self._tag(state, iid)} regains {healed} HP ({u.hp} HP)"
                                 + (" and is cured." if cured else ".")))

    def _inflict(self, state: ClansState, iid: str, status: str, by: int, events: list[Event]) -> None:
        """Break or Poison; Gods are immune and a status never stacks with itself (A-10)."""
        u = state.units[iid]
        if is_god(state, iid) or status in u.statuses:
            return
        u.statuses.append(status)
        u.status_by[status] = by
        events.append(Event(text=f"{self._tag(state, iid)} suffers {status.capitalize()}."))

    def _tick(self, state: ClansState, events: list[Event]) -> None:
        """Break and Poison hurt at the start of every player's turn; the inflicter gets the EXP."""
        for u in list(state.units.values()):
            for status in list(u.statuses):
                if u.iid in state.units and not state.finished:
                    by = u.status_by.get(status, (u.owner + 1) % len(state.players))
                    self._hurt(state, u.iid, STATUS_TICK[status], by, events, status.capitalize())
