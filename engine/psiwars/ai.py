"""A heuristic Psi Wars player that reasons with the matrix odds.

It reads only what its seat may know: its own hand and the public table (never the
opponent's hand or either deck order).
"""

from __future__ import annotations

from engine.core import Action

from . import combat
from .actions import Discard, Done, Equip, Pass, PlaceCU, PlayPower, Resolve, UseAbility
from .board import can_attack, can_defend, cdef, lab_cards
from .cards import LIGHTS, SCREENS, catalog


def card_value(card_id: str) -> float:
    """Rough worth of a card: its printed stats, with attack weighted up."""
    c = catalog().cards[card_id]
    if c.kind == "battle_unit":
        v = sum(1.2 * s.attack + s.defense for s in (c.screen(n) for n in SCREENS) if s)
        return v + (2 if c.ability else 0)
    if c.kind == "equipment":
        return sum(1.2 * a + d for a, d in c.equip_bonus.values())
    if c.kind == "power":
        return 3.0
    return 1.0


def unit_value(state, iid: str) -> float:
    c = state.cards[iid]
    return card_value(c.card) + (card_value(state.cards[c.equipment].card) if c.equipment else 0)


def physical(state, units: list[str], boost: int = 0) -> tuple[int, int]:
    return combat.attack_strength(state, units, "physical", boost), combat.defense_strength(state, units, "physical")


def duel(state, att: list[str], dfn: list[str]) -> tuple[float, float]:
    """(P attacker destroys defender, P defender destroys attacker), Physical phase only."""
    aa, ad = physical(state, att)
    da, dd = physical(state, dfn)
    p_win = combat.win_chance(aa, dd)
    return p_win, (1 - p_win) * combat.win_chance(da, ad)


def lab_cost(state, seat: int, damage: int) -> float:
    """How much losing `damage` lab HP hurts: a lot more when it is lethal or close."""
    hp = state.players[seat].lab_hp
    if damage >= hp:
        return 1000.0
    return damage * (1.0 + 8.0 / hp)


def choose(game, state, seat: int) -> Action:
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    by_type: dict[str, list[Action]] = {}
    for a in legal:
        by_type.setdefault(a.type, []).append(a)
    if "oracle_take" in by_type:
        return max(by_type["oracle_take"], key=lambda a: a.card is not None)
    if "hunter_take" in by_type:
        return max(by_type["hunter_take"], key=lambda a: card_value(a.card) if a.card else 0)
    handler = {"cu": _place, "build": _build, "equip": _equip, "attack": _attack, "defend": _defend,
               "window": _window, "cyborg": _cyborg, "matchups": _matchup, "discard": _discard}[state.phase]
    return handler(state, seat, by_type, legal)


def _place(state, seat, by_type, legal):
    places: list[PlaceCU] = by_type.get("place_cu", [])
    if not places:
        return legal[-1]
    lab = {k: 0 for k in LIGHTS}
    for i in lab_cards(state, seat, "cu"):
        lab[cdef(state, i).cu_kind] += 1
    need = {k: 0 for k in LIGHTS}
    for i in state.players[seat].hand:
        cost = cdef(state, i).cost
        for k in LIGHTS:
            if cost and getattr(cost, k) > lab[k]:
                need[k] += getattr(cost, k) - lab[k]
    return max(places, key=lambda a: (need[a.kind], -lab[a.kind]))


def _build(state, seat, by_type, legal):
    options = by_type.get("build", []) + [p for p in by_type.get("play_power", []) if _power_worth(state, seat, p) > 0]
    if not options:
        return Done(seat=seat, phase="build")
    units = [u for u in lab_cards(state, seat, "battle_unit") if not state.cards[u].equipment]
    gear = [e for e in lab_cards(state, seat, "equipment") if not state.cards[e].carrier]

    def worth(a):
        if a.type == "play_power":
            return _power_worth(state, seat, a)
        value = card_value(a.card)
        if catalog().cards[a.card].kind == "equipment" and len(gear) >= len(units):
            value *= 0.3  # nothing to carry it yet
        return value - 0.1 * len(a.pay_any)
    return max(options, key=worth)


def _equip(state, seat, by_type, legal):
    equips = by_type.get("equip", [])
    if not equips:
        return legal[-1]

    def fit(a: Equip):
        bonus = catalog().cards[state.cards[a.equipment].card].equip_bonus
        return sum(a_ + d for s, (a_, d) in bonus.items() if combat.unit_screen(state, a.unit, s)) + unit_value(state, a.unit) / 10
    return max(equips, key=fit)


def _foe_blockers(state, seat) -> list[str]:
    foe = state.other(seat)
    return [u for u in lab_cards(state, foe, "battle_unit") if can_defend(state, u)]


def _attack(state, seat, by_type, legal):
    if by_type.get("equip"):
        return _equip(state, seat, by_type, legal)
    reserve = _reserve(state, seat)
    attacks = [a for a in by_type.get("attack", []) if not set(a.units) & reserve]
    blockers = _foe_blockers(state, seat)
    foe = state.other(seat)
    declared = len(state.battle.matchups) if state.battle else 0
    best, best_score = None, 0.0
    for a in attacks:
        units = list(a.units)
        if len(units) == 2 and len(blockers) <= declared:
            continue  # a stack only helps when it will be blocked
        score = _attack_score(state, units, blockers, foe)
        if score > best_score:
            best, best_score = a, score
    return best or Done(seat=seat, phase="attack")


def _reserve(state, seat) -> set[str]:
    """Units to keep home: attackers stay depleted through the opponent's turn (A-8), so when the
    opponent's next swing could bring the lab near 0 the sturdiest units stay back to block."""
    foe = state.other(seat)
    threats = sorted((combat.attack_strength(state, [u], "physical") for u in lab_cards(state, foe, "battle_unit")
                      if not state.cards[u].trapped), reverse=True)
    hp = state.players[seat].lab_hp
    mine = [u for u in lab_cards(state, seat, "battle_unit") if can_attack(state, u)]
    mine.sort(key=lambda u: physical(state, [u])[1], reverse=True)
    keep: set[str] = set()
    while mine and threats and sum(threats) >= hp - 2:
        keep.add(mine.pop(0))
        threats.pop(0)
    return keep


def _attack_score(state, units, blockers, foe) -> float:
    dmg = combat.attack_strength(state, units, "physical")
    through = min(dmg, state.players[foe].lab_hp) * (1.0 + 8.0 / max(state.players[foe].lab_hp, 1))
    if not blockers:
        return through
    mine = sum(unit_value(state, u) for u in units)
    worst = min(p_kill * unit_value(state, b) - p_die * mine
                for b in blockers for p_kill, p_die in [duel(state, units, [b])])
    return min(through, worst + 0.5 * dmg) + 0.01


def _defend(state, seat, by_type, legal):
    i = state.battle.matchups[state.battle.to_assign]
    att = combat.active_units(state, i.attack)
    dmg = combat.attack_strength(state, att, "physical")
    best, best_score = legal[0], -lab_cost(state, seat, dmg)  # legal[0] lets it through
    for a in legal[1:]:
        p_kill, p_die = duel(state, att, list(a.units))
        score = p_die * sum(unit_value(state, u) for u in att) - p_kill * sum(unit_value(state, u) for u in a.units)
        score -= 0.3 * len(a.units)  # keep spare units for the other formations
        if score > best_score:
            best, best_score = a, score
    return best


def _power_worth(state, seat, a: PlayPower) -> float:
    effect = catalog().cards[a.card].power.effect
    me = state.players[seat]
    if effect == "lab_reinforcement":
        return min(4, state.lab_hp_start - me.lab_hp) - 2
    if effect in ("creation_oracle", "equipment_hunter"):
        return 1.0
    b = state.battle
    if b is None:
        return -1
    if effect == "stasis_trap":
        return unit_value(state, a.target) - 6
    if effect == "adrenal_surge":
        m = b.matchups[a.matchup]
        return 3.0 if (a.side == "attack" and (m.blocked or not m.defend)) or (a.side == "defend" and m.blocked) else -1
    if effect == "em_disrupter":
        m = b.matchups[a.matchup]
        return sum(2 for u in combat.active_units(state, m.attack) + combat.active_units(state, m.defend)
                   if cdef(state, u).unit_type == "robot" and state.cards[u].owner != seat) - 1
    if effect == "mental_disrupter":
        return 0.5 if seat != state.active else -1
    return -1


def _window(state, seat, by_type, legal):
    plays = by_type.get("play_power", [])
    best = max(plays, key=lambda a: _power_worth(state, seat, a), default=None)
    if best is not None and _power_worth(state, seat, best) > 0:
        return best
    return Pass(seat=seat)


def _cyborg(state, seat, by_type, legal):
    formations = set()
    for m in state.battle.matchups:
        formations.update(m.attack + (m.defend or []))
    best, best_score = Pass(seat=seat), 0.0
    for a in by_type.get("use_ability", []):
        a: UseAbility
        cost = unit_value(state, a.unit) * 0.4 if a.unit in formations else 0.0
        effect = cdef(state, a.unit).ability.id
        if effect == "uplink_ping":
            gain = 1.5
        elif effect == "long_range_strike":
            gain = combat.win_chance(3, combat.unit_screen(state, a.target, "physical")[1]) * unit_value(state, a.target)
        elif effect == "neural_dart":
            gain = 0.4 * unit_value(state, a.target)
        else:
            gain = 0.3 * unit_value(state, a.target)
        if gain - cost > best_score:
            best, best_score = a, gain - cost
    return best


def _matchup(state, seat, by_type, legal):
    def odds(a: Resolve):
        if a.first is None:
            return 0
        m = state.battle.matchups[a.matchup]
        att, dfn = combat.active_units(state, m.attack), combat.active_units(state, m.defend)
        return combat.win_chance(combat.attack_strength(state, att, a.first), combat.defense_strength(state, dfn, a.first))
    return max(legal, key=odds)


def _discard(state, seat, by_type, legal):
    discards: list[Discard] = by_type["discard"]
    cus = [cdef(state, i).cu_kind for i in lab_cards(state, seat, "cu")]
    return min(discards, key=lambda a: card_value(a.card) - (0 if catalog().cards[a.card].kind != "cu"
                                                             else -cus.count(catalog().cards[a.card].cu_kind)))

