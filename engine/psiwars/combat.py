"""Battle arithmetic: the 14x14 matrix as a formula, and formation strengths (§6.5.4.3)."""

from __future__ import annotations

from functools import lru_cache

from .cards import SCREENS, catalog
from .state import PsiState

# P(2d6 >= n) in 36ths, for n = 2..12.
WAYS_AT_LEAST = {n: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= n) for n in range(2, 13)}


def need(attack: int, defense: int) -> int:
    """2d6 total the attacker needs: the printed matrix is exactly 8 + D - A (A-13)."""
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


@lru_cache(maxsize=1024)  # (attack, defense): a few dozen pairs
def win_chance(attack: int, defense: int) -> float:
    cell = matrix_cell(attack, defense)
    if cell == "W":
        return 1.0
    if cell == "L":
        return 0.0
    return WAYS_AT_LEAST[int(cell)] / 36


def active_units(state: PsiState, units: list[str] | None) -> list[str]:
    """Units still fighting: not trapped, not withdrawn by an ability, not destroyed."""
    if not units:
        return []
    fields = state.__dict__  # (read from the dict: see board.waiting_seat)
    battle, cards = fields["battle"], fields["cards"]
    withdrawn = battle.withdrawn if battle else ()
    one, other = fields["players"]
    labs = (one.lab, other.lab)  # in a lab: not destroyed (a dozen cards each; its owner's looked at first)
    out = []
    for u in units:
        c = cards[u]
        if not c.trapped and u not in withdrawn and (u in labs[c.owner] or u in labs[1 - c.owner]):
            out.append(u)
    return out


def unit_screen(state: PsiState, iid: str, screen: str) -> tuple[int, int] | None:
    """(attack, defense) of a unit on one screen with its Equipment, or None if it lacks the screen.

    Equipment only adds to screens its carrier has (A-16); Overload lowers each Defense (min 0).
    """
    fields = state.__dict__  # (read from the dict: see board.waiting_seat; asked for every fighter)
    cards, battle = fields["cards"], fields["battle"]
    card = cards[iid]
    base = _printed(card.card, screen)
    if base is None:
        return None
    attack, defense = base
    if card.equipment:
        bonus = _bonus(cards[card.equipment].card, screen)
        if bonus:
            attack, defense = attack + bonus[0], defense + bonus[1]
    if battle and battle.defense_malus:  # (Overload: seldom played, so the dict is mostly empty)
        defense = max(0, defense - battle.defense_malus.get(iid, 0))
    return attack, defense


@lru_cache(maxsize=1024)  # (card, screen): bounded by the catalogue
def _printed(card_id: str, screen: str) -> tuple[int, int] | None:
    """A card's printed (attack, defense) on one screen: card data never changes in a game."""
    base = catalog().cards[card_id].screen(screen)
    return None if base is None else (base.attack, base.defense)


@lru_cache(maxsize=1024)
def _bonus(card_id: str, screen: str) -> tuple[int, int] | None:
    return (catalog().cards[card_id].equip_bonus or {}).get(screen)


def has_screen(state: PsiState, units: list[str], screen: str) -> bool:
    """Whether any of `units` has the screen (printed: Equipment adds only to screens it has)."""
    screens, cards = printed_screens(), state.cards
    for u in units:  # (a plain loop over a set per card: asked for every matchup a battle lists)
        if screen in screens[cards[u].card]:
            return True
    return False


@lru_cache(maxsize=1)
def printed_screens() -> dict[str, frozenset[str]]:
    """Card id -> the screens printed on it (none for cards that are not Battle Units)."""
    return {card_id: frozenset(s for s in SCREENS if card.screen(s) is not None)
            for card_id, card in catalog().cards.items()}


def attack_strength(state: PsiState, units: list[str], screen: str, boost: int = 0) -> int:
    """Sum of Attack of non-disoriented units with the screen; a boost counts only if one of them fights."""
    cards, total, fights = state.cards, 0, False
    for u in units:  # (a plain loop: asked for every formation a battle fights or lets through)
        if not cards[u].disoriented and (v := unit_screen(state, u, screen)):
            total += v[0]
            fights = True
    return total + boost if fights else 0


def defense_strength(state: PsiState, units: list[str], screen: str) -> int:
    """Sum of Defense of every unit with the screen; disoriented units still defend."""
    return sum([v[1] for u in units if (v := unit_screen(state, u, screen)) is not None])


def formation_strengths(state: PsiState, units: list[str] | None, index: int, side: str) -> dict:
    """Per screen {attack, defense} for display, None where the formation lacks the screen."""
    live = active_units(state, units)
    boost = state.battle.attack_boost.get(f"{side}:{index}", 0) if state.battle else 0
    out = {}
    for s in SCREENS:
        if not has_screen(state, live, s):
            out[s] = None
        else:
            extra = boost if s == "physical" else 0
            out[s] = {"attack": attack_strength(state, live, s, extra), "defense": defense_strength(state, live, s)}
    return out
