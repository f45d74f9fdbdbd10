"""Special abilities: (PT) abilities on your turn, (OT) wards on the defender's, Break and Poison.

An attack (a standard attack or an "attack" ability) is declared first; if the defending seat owns a
ward that can answer it, the game queues a `ward` prompt for that seat (A-22) before the fight.
Each kind of (PT) ability has its targets and its effect in a table below, one function each.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event, answered, ask

from .actions import Attack, React, UseAbility
from .board import STATUS_BONUS, STATUS_TICK, is_god, tag
from .cards import Ability, catalog
from .state import ClansState, PendingAttack, Unit, dist
from .wards import ability, ward_decision, ward_options


def friends(state: ClansState, seat: int):
    return [u for u in state.units.values() if not state.foes(u.owner, seat)]


def enemies(state: ClansState, seat: int):
    return [u for u in state.units.values() if state.foes(u.owner, seat)]


# --- whom each (PT) ability may be aimed at: (user, its reach, foes, friends) -> targets ----------
# Asked for every ally's abilities whenever its moves are listed (legal.act_moves), with the
# user's foes and friends read from the board once per list of moves, and the distance test
# written out in place. A target is a unit, or None for an ability aimed at no one.
def _in_reach(u: Unit, reach_: int, units: list[Unit]) -> list[Unit | None]:
    x, y = u.pos
    return [o for o in units if abs(o.pos[0] - x) <= reach_ and abs(o.pos[1] - y) <= reach_]


def _foes_in(u: Unit, reach_: int, foes: list[Unit], friends_: list[Unit]) -> list[Unit | None]:
    return _in_reach(u, reach_, foes)


def _friends_in(u: Unit, reach_: int, foes: list[Unit], friends_: list[Unit]) -> list[Unit | None]:
    return _in_reach(u, reach_, friends_)


def _others_in(u: Unit, reach_: int, foes: list[Unit], friends_: list[Unit]) -> list[Unit | None]:
    return [o for o in _in_reach(u, reach_, friends_) if o.iid != u.iid]


def _area(u: Unit, reach_: int, foes: list[Unit], friends_: list[Unit]) -> list[Unit | None]:
    """No target: it goes off when a foe other than a God stands in reach."""
    x, y = u.pos
    cards = catalog().cards
    hit = any(abs(o.pos[0] - x) <= reach_ and abs(o.pos[1] - y) <= reach_ and not cards[o.card].god for o in foes)
    return [None] if hit else []


TARGETS: dict[str, Callable[[Unit, int, list[Unit], list[Unit]], list[Unit | None]]] = {
    "attack": _foes_in, "blast": _foes_in, "heal": _friends_in, "rally": _others_in, "eclipse": _area,
    "shield": lambda u, reach_, foes, friends_: [None],
}


def ability_reach(ab: Ability, rng: int) -> int:
    """An attack ability reaches as far as the ally's range, the others as far as the card says."""
    return rng if ab.kind == "attack" else ab.params.get("range", rng)


# --- what each non-attack (PT) ability does: (game, state, move, ability, user's name, events) -----
def _heal_effect(game, state: ClansState, a: UseAbility, ab: Ability, who: str, events: list[Event]) -> None:
    p = ab.params
    game._heal(state, a.target, p.get("amount", 0), p.get("cure", False), events, f"{who}'s {ab.name}")


def _rally_effect(game, state: ClansState, a: UseAbility, ab: Ability, who: str, events: list[Event]) -> None:
    p, t = ab.params, state.units[a.target]
    t.mods_turn[p["stat"]] = t.mods_turn.get(p["stat"], 0) + p["amount"]
    events.append(Event(text=f"{who}'s {ab.name}: {tag(state, a.target)} gets +{p['amount']} "
                             f"{p['stat'].upper()} until the turn ends."))


def _shield_effect(game, state: ClansState, a: UseAbility, ab: Ability, who: str, events: list[Event]) -> None:
    u = state.units[a.unit]
    u.shield = ab.params.get("amount", 0)
    events.append(Event(text=f"{who} uses {ab.name}: hits on it deal {u.shield} less until its next turn."))


def _blast_effect(game, state: ClansState, a: UseAbility, ab: Ability, who: str, events: list[Event]) -> None:
    p = ab.params
    events.append(Event(text=f"{who} uses {ab.name} ({ab.sp} SP) on {tag(state, a.target)}."))
    game._hurt(state, a.target, p.get("amount", 0), a.seat, events, ab.name)
    if p.get("status") and a.target in state.units:
        game._inflict(state, a.target, p["status"], a.seat, events)


def _eclipse_effect(game, state: ClansState, a: UseAbility, ab: Ability, who: str, events: list[Event]) -> None:
    p, u = ab.params, state.units[a.unit]
    events.append(Event(text=f"{who} casts {ab.name} ({ab.sp} SP)."))
    for o in [o for o in enemies(state, a.seat) if dist(o.pos, u.pos) <= p.get("range", 2)]:
        if not is_god(state, o.iid):  # Gods ignore area Poison entirely (RULINGS)
            game._hurt(state, o.iid, STATUS_BONUS[p["status"]], a.seat, events, ab.name)
            if o.iid in state.units:
                game._inflict(state, o.iid, p["status"], a.seat, events)


EFFECTS = {"heal": _heal_effect, "rally": _rally_effect, "shield": _shield_effect, "blast": _blast_effect,
           "eclipse": _eclipse_effect}


class AbilityRules:
    """Mixin for the Clans game: declaring and resolving attacks, abilities and wards."""

    def _pending_attack(self, state: ClansState, att: str, dfn: str, ab: Ability | None) -> PendingAttack:
        p = ab.params if ab else {}
        return PendingAttack(attacker=att, target=dfn, ability=ab.name if ab else None,
                             atk_bonus=p.get("atk_bonus", 0), status=p.get("status"),
                             heal_self=p.get("heal_self", 0), self_damage=p.get("self_damage", 0),
                             splash=p.get("splash", False))

    def _declare(self, state: ClansState, pa: PendingAttack, events: list[Event]) -> None:
        """Ask the defender for a ward if one can answer, else fight now."""
        state.attack = pa
        defender = state.units[pa.target].owner
        if ward_options(state, defender):
            state.phase = "react"
            events.append(Event(text=f"{state.seats[defender]} may answer with a ward."))
            ask(state, ward_decision(state, defender))
            return
        self._resolve_attack(state, events)

    def _resolve_attack(self, state: ClansState, events: list[Event]) -> None:
        pa = state.attack
        state.attack, state.phase = None, "play"
        if pa.attacker in state.units and pa.target in state.units:
            self._fight(state, pa, events)
        state.current = None

    def do_attack(self, state: ClansState, a: Attack, events: list[Event]) -> None:
        self._select(state, a.unit)
        state.units[a.unit].act = "done"
        self._declare(state, self._pending_attack(state, a.unit, a.target, None), events)

    def do_ability(self, state: ClansState, a: UseAbility, events: list[Event]) -> None:
        self._select(state, a.unit)
        u = state.units[a.unit]
        ab = ability(state, a.unit, a.ability)
        state.players[a.seat].sp -= ab.sp
        u.act = "done"
        who = catalog().cards[u.card].name
        if ab.kind == "attack":
            events.append(Event(text=f"{who} uses {ab.name} ({ab.sp} SP) on {tag(state, a.target)}."))
            self._declare(state, self._pending_attack(state, a.unit, a.target, ab), events)
            return
        state.current = None
        EFFECTS[ab.kind](self, state, a, ab, who, events)

    def do_react(self, state: ClansState, a: React, events: list[Event]) -> None:
        """A ward answers; the defender is asked again while another of its wards still fits."""
        pa, u = state.attack, state.units[a.unit]
        ab = ability(state, a.unit, a.ability)
        answered(state)
        state.players[a.seat].sp -= ab.sp
        u.ot_used = True
        pa.reduce += ab.params.get("amount", 0)
        pa.no_status = pa.no_status or ab.params.get("no_status", False)
        pa.wards.append(ab.name)
        events.append(Event(text=f"{catalog().cards[u.card].name} answers with {ab.name} ({ab.sp} SP)."))
        if ward_options(state, a.seat):
            ask(state, ward_decision(state, a.seat), first=True)
        else:
            self._resolve_attack(state, events)

    def do_pass(self, state: ClansState, a, events: list[Event]) -> None:
        answered(state)
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
        events.append(Event(text=f"{why}: {tag(state, iid)} regains {healed} HP ({u.hp} HP)"
                                 + (" and is cured." if cured else ".")))

    def _inflict(self, state: ClansState, iid: str, status: str, by: int, events: list[Event]) -> None:
        """Break or Poison; Gods are immune and a status never stacks with itself (A-10)."""
        u = state.units[iid]
        if is_god(state, iid) or status in u.statuses:
            return
        u.statuses.append(status)
        u.status_by[status] = by
        events.append(Event(text=f"{tag(state, iid)} suffers {status.capitalize()}."))

    def _tick(self, state: ClansState, events: list[Event]) -> None:
        """Break and Poison hurt at the start of every player's turn; the inflicter gets the EXP."""
        for u in list(state.units.values()):
            for status in list(u.statuses):
                if u.iid in state.units and not state.finished:
                    by = u.status_by.get(status, (u.owner + 1) % len(state.players))
                    self._hurt(state, u.iid, STATUS_TICK[status], by, events, status.capitalize())
