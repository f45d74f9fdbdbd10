"""Questions about the table that the menu, the pipeline, the refusals and the AI all ask."""

from __future__ import annotations

from collections.abc import Collection

from . import keywords as K
from .state import ResState, Unit


def can_act(s: ResState, u: Unit) -> bool:
    return not u.suppressed and not K.is_spent(s, u)


def can_attack(s: ResState, u: Unit) -> bool:
    if s.first_turn and u.owner == s.first:
        return False  # §2.15
    return not ("Bind" in u.tags and K.tag_active(s, u, "Bind"))  # a rare tag: the call only when there


def can_cs(s: ResState, u: Unit, kws: Collection[str] | None = None) -> bool:
    """`kws`: the unit's `all_kws`, when the caller has them already (the menu asks many questions)."""
    if ("2.0" in kws) if kws is not None else K.has(s, u, "2.0"):
        return False  # Anxious
    return not (u.kind != "player" and "4.2" in K.printed(s, u))  # innate Stoic


def has_pair(s: ResState, seat: int) -> bool:
    """`bool(cs_pairs(...))`: two cards of one Power in hand."""
    spec = K.specs()
    powers = [spec[c].power for c in s.players[seat].hand]
    return len(set(powers)) < len(powers)


def cs_pairs(s: ResState, seat: int) -> list[int]:
    powers = [K.card(c).power for c in s.players[seat].hand]
    return sorted({p for p in powers if powers.count(p) >= 2})


FUEL_FREE = frozenset(("2.6", "4.2", "9.8", "7.6", "1.9"))


def fuel_free(kws: Collection[str]) -> bool:
    """Keywords (a unit's `all_kws`) that let an attack go without a fuel card (Snap, Stoic,
    Ambience, Area, Translocate)."""
    return not FUEL_FREE.isdisjoint(kws)


def fuel_enough(have: int, fuel: int, needs: tuple[int, bool]) -> bool:
    """Cards to declare an Attack from a hand of `have`: the `fuel` the target takes (1, 2 against
    Obscure, see `fuel_cards`), +1 for Awkward, which is never optional; `needs` is `fuel_needs`."""
    awkward, free = needs
    return have >= fuel + awkward or (free and have >= awkward)


def fuel_cards(s: ResState, target: str) -> int:
    """The fuel an attack on `target` takes: 2 cards against an Obscure Tag, else 1."""
    return 2 if K.tag_active(s, s.units[target], "Obscure") else 1


def fuel_needs(kws: Collection[str]) -> tuple[int, bool]:
    """What an actor with these keywords (its `all_kws`) adds to any attack's fuel: 1 card for
    Awkward, and whether it may attack unfuelled."""
    return (1 if "8.0" in kws else 0), fuel_free(kws)


def attack_targets(s: ResState, u: Unit, kws: Collection[str] | None = None) -> list[str]:
    """Enemy units this actor may attack: Guardian (§2.5) unless Traveller, never Acrobatic ones (A-46)."""
    traveller = "1.1" in (K.all_kws(s, u) if kws is None else kws)
    return [uid for uid, shielded in foes(s, u.owner) if traveller or not shielded]


def foes(s: ResState, seat: int) -> list[tuple[str, bool]]:
    """The enemy units that some unit of `seat` may attack (never Acrobatic ones, A-46), in table
    order, each with whether Guardian Precedence shields it (§2.5), which only a Traveller passes."""
    out = []
    for t in s.units.values():
        if t.owner == seat or not s.players[t.owner].alive or t.acrobatic:
            continue
        out.append((t.uid, t.kind == "player" and K.guards(s, t.owner)))
    return out


def stealth_cost(s: ResState, seat: int, targets: list[str]) -> int:
    cost = 0
    for t in targets:  # a loop, not a generator: the menu asks this of every enemy
        if K.has(s, s.units[t], "9.2"):
            cost += 1
    return cost


def cost_rules(s: ResState, seat: int, side: set[str] | None = None) -> tuple[int, bool]:
    """What changes the EN cost of the seat's cards: Restricted adds 1 to each, Crafty takes 1 off an
    Item (never below 1). Worked out once when a whole hand is priced; `side`: the seat's `side_kws`."""
    if side is not None:
        return (1 if "0.0" in side else 0), "5.3" in side
    return (1 if K.side_has(s, seat, "0.0") else 0), K.side_has(s, seat, "5.3")


def deploy_cost(s: ResState, seat: int, c: str, rules: tuple[int, bool] | None = None) -> int:
    surcharge, _ = rules or cost_rules(s, seat)
    return K.card(c).power + surcharge


def equip_cost(s: ResState, seat: int, c: str, rules: tuple[int, bool] | None = None) -> int:
    surcharge, crafty = rules or cost_rules(s, seat)
    cost = K.card(c).power + surcharge
    return max(1, cost - 1) if crafty else cost


def support_keywords(kws: Collection[str]) -> bool:
    """Keywords (a unit's `all_kws`) that act on a Support."""
    return not K.SUPPORT_KWS.isdisjoint(kws)
