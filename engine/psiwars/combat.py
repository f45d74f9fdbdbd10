"""Battle arithmetic: the 14x14 matrix as a formula, and formation strengths (§6.5.4.3)."""

from __future__ import annotations

from .cards import SCREENS, catalog
from .state import PsiState

# P(2d6 >= n) in 36ths, for n = 2..12.
WAYS_AT_LEAST = {n: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= n) for n in range(2, 13)}


def need(attack: int, defense: int) -> int | None:
    """2d6 total the attacker needs; 2 or less is an automatic win, 13+ a loss (A-13).

    Returns None for "no roll needed" cases is not used: callers read the raw number.
    """
    return 8 + defense - attack


def matrix_cell(attack: int, defense: int) -> str:
    """The printed matrix cell: 'W', 'L' or the number to roll."""
    if attack <= 0:
        return "L"
    n = need(attack, defense)
    if n <= 2:
        return "W"
    if n >= 13:
        return "L"
    return str(n)


def win_chance(attack: int, defense: int) -> float:
    cell = matrix_cell(attack, defense)
    if cell == "W":
        return 1.0
    if cell == "L":
        return 0.0
    return WAYS_AT_LEAST[int(cell)] / 36


def formation_key(units: list[str]) -> str:
    return "+".join(sorted(units))


def active_units(state: PsiState, units: list[str] | None) -> list[str]:
    """Units still fighting: not trapped, not withdrawn by an ability, not destroyed."""
    if not units:
        return []
    withdrawn = state.battle.withdrawn if state.battle else []
    owner_lab = set()
    for p in state.players:
        owner_lab.update(p.lab)
    return [u for u in units if u in owner_lab and not state.cards[u].trapped and u not in withdrawn]


def unit_screen(state: PsiState, iid: str, screen: str) -> tuple[int, int] | None:
    """(attack, defense) of a unit on one screen with its Equipment, or None if it lacks the screen.

    Equipment only adds to screens its carrier has (A-16); Overload lowers each Defense (min 0).
    """
    card = state.cards[iid]
    base = catalog().cards[card.card].screen(screen)
    if base is None:
        return None
    attack, defense = base.attack, base.defense
    if card.equipment:
        bonus = (catalog().cards[state.cards[card.equipment].card].equip_bonus or {}).get(screen)
        if bonus:
            attack, defense = attack + bonus[0], defense + bonus[1]
    if state.battle:
        defense = max(0, defense - state.battle.defense_malus.get(iid, 0))
    return attack, defense


def has_screen(state: PsiState, units: list[str], screen: str) -> bool:
    return any(unit_screen(state, u, screen) is not None for u in units)


def attack_strength(state: PsiState, units: list[str], screen: str) -> int:
    """Sum of Attack of non-disoriented units with the screen, plus a formation boost."""
    total = 0
    fighters = 0
    for u in units:
        values = unit_screen(state, u, screen)
        if values is not None and not state.cards[u].disoriented:
            total += values[0]
            fighters += 1
    if screen == "physical" and fighters and state.battle:
        total += state.battle.attack_boost.get(formation_key(units), 0)
    return total


def defense_strength(state: PsiState, units: list[str], screen: str) -> int:
    """Sum of Defense of every unit with the screen; disoriented units still defend."""
    return sum(v[1] for u in units if (v := unit_screen(state, u, screen)) is not None)


def formation_strengths(state: PsiState, units: list[str] | None, index: int, attacking: bool) -> dict:
    """Per screen {attack, defense} for display, None where the formation lacks the screen."""
    live = active_units(state, units)
    out = {}
    for s in SCREENS:
        if not has_screen(state, live, s):
            out[s] = None
        else:
            out[s] = {"attack": attack_strength(state, live, s), "defense": defense_strength(state, live, s)}
    return out
