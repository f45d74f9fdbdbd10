"""Acolytes' classes, carrying capacity and stats (rules 10, 19-22), and station numbers (rules 4, 11).

Pure queries over the state, shared by the rules, the engagement, the views and the AI.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.memo import finite_cache

from .cards import CLASSES, catalog
from .state import CLASS_DIE, Acolyte, FuturaState, Station, class_index


def keywords(s: FuturaState, a: Acolyte) -> set[str]:
    """Passive keywords the acolyte has: its own ability and its passive cards (armour unbroken)."""
    words = set(_inherent_passive(a.cid))
    cards = s.cards
    for uid in a.gear():
        inst = cards[uid]
        if not inst.broken:
            more = _passive(inst.cid)
            if more:  # most cards have no passive keyword
                words |= more
    return words


@finite_cache  # keyed by acolyte card id: a few dozen entries
def _inherent_passive(cid: str) -> frozenset[str]:
    ability = catalog().acolytes[cid].ability
    return frozenset((ability.keyword,) if ability.timing == "passive" else ())


@finite_cache  # keyed by deck card id: a few hundred entries
def _passive(cid: str) -> frozenset[str]:
    return frozenset(e.keyword for e in catalog().cards[cid].effects if e.timing == "passive")


def current_class(s: FuturaState, a: Acolyte) -> str:
    """Rule 10: the class of the armour worn (broken armour still counts), else Base."""
    return s.card(a.armour).cls if a.armour else "Base"


def highest_wearable(s: FuturaState, a: Acolyte, words: set[str] | None = None) -> str:
    """One step above max_class, or Adept at once for a Commander (rule 10). `words`: `a`'s
    keywords, when the caller has them already."""
    step = class_index(a.max_class) + (0 if a.climbed_turn == s.turn else 1)
    if "Commander" in (keywords(s, a) if words is None else words):
        step = max(step, CLASSES.index("Adept"))
    return CLASSES[min(step, 3)]


def fits(s: FuturaState, cls: str, armour: str | None, sabers: list[str], items: list[str],
         abilities: list[str]) -> bool:
    """Rules 19-20 and A41: does this loadout fit a `cls` acolyte?"""
    cards = s.cards
    return _fits(cls, cards[armour].cid if armour else None, tuple(cards[u].cid for u in sabers),
                 tuple(cards[u].cid for u in items), len(abilities))


@lru_cache(maxsize=4096)  # asked for every card and benched acolyte each turn; loadouts recur
def _fits(cls: str, armour: str | None, ids: tuple[str, ...], item_ids: tuple[str, ...], n_abilities: int) -> bool:
    """`fits` by card ids: the answer depends only on which cards they are."""
    cards = catalog().cards
    item_defs = [cards[c] for c in item_ids]
    if any(class_index(d.min_class) > class_index(cls) for d in item_defs):
        return False
    arm_cls = cards[armour].cls if armour else "Base"
    if any(class_index(cards[c].cls) > class_index(arm_cls) for c in ids):
        return False  # a saber needs armour of its class or higher (rule 19)
    offhand = [d for d in item_defs if d.subtype in ("offhand_saber", "shield")]
    if cls == "Base":
        return not ids and len(item_ids) + n_abilities <= 1
    if cls == "Recon":
        return len(ids) <= 1 and len(item_ids) + n_abilities <= 1 and not offhand
    if cls == "Heavy":
        return len(ids) <= 1 and len(item_ids) <= 2 and n_abilities <= 2 and not offhand
    # Adept: a primary saber plus up to 3: <= 2 items, <= 2 abilities, <= 1 off-hand saber
    if len(ids) > 2 or (len(ids) == 2 and cards[ids[1]].cls != "Recon"):
        return False
    if offhand and not ids:
        return False
    offhand_sabers = (len(ids) - 1 if ids else 0) + sum(d.subtype == "offhand_saber" for d in item_defs)
    extra = max(len(ids) - 1, 0) + len(item_ids) + n_abilities
    return offhand_sabers <= 1 and len(item_ids) <= 2 and n_abilities <= 2 and extra <= 3


def can_carry(s: FuturaState, a: Acolyte, uid: str, wearable: str | None = None,
              gear: tuple[str | None, tuple[str, ...], tuple[str, ...], int] | None = None) -> bool:
    """Could `uid` go on `a` now (class climb, capacity)? Sigils and creatures never can.
    `wearable`, `gear`: `a`'s highest_wearable and gear_ids, when the caller has them already."""
    cid = s.cards[uid].cid
    if wearable is None and catalog().cards[cid].kind == "armour":
        wearable = highest_wearable(s, a)
    return carries(cid, wearable, gear or gear_ids(s, a))


# Not cached: its callers' Fits tables (moves.fits_for) already remember each card per loadout,
# and a cache here hit 3% of the time while holding thousands of keys.
def carries(cid: str, wearable: str | None, gear: tuple[str | None, tuple[str, ...], tuple[str, ...], int]) -> bool:
    """`can_carry` by card ids: could card `cid` join the loadout `gear` (armour, sabers, items,
    number of abilities) of an acolyte who may wear armour up to class `wearable`?"""
    card = catalog().cards[cid]
    armour, sabers, items, abilities = gear
    if card.kind == "saber" and armour is None:
        return False
    if card.kind in ("item", "ability") and armour is None and (items or abilities):
        return False  # a Base acolyte carries one item or ability (rule 20)
    if card.kind == "armour":
        if class_index(card.cls) > class_index(wearable):
            return False
        armour = cid
    elif card.kind == "saber":
        sabers += (cid,)
    elif card.kind == "item":
        items += (cid,)
    elif card.kind == "ability":
        abilities += 1
    else:
        return False
    return _fits(catalog().cards[armour].cls if armour else "Base", armour, sabers, items, abilities)


def gear_ids(s: FuturaState, a: Acolyte) -> tuple[str | None, tuple[str, ...], tuple[str, ...], int]:
    """`a`'s loadout as card ids: (armour, sabers, items, how many abilities)."""
    cards = s.cards
    # Lists, not generators, into the tuples (several times cheaper for a card or two), and the
    # shared empty tuple for an empty zone.
    return (cards[a.armour].cid if a.armour else None,
            tuple([cards[u].cid for u in a.sabers]) if a.sabers else (),
            tuple([cards[u].cid for u in a.items]) if a.items else (), len(a.abilities))


def stats(s: FuturaState, a: Acolyte) -> tuple[int, int]:
    """Rule 21: (AP, DAM) now. Ability AP counts only once the ability is in play (its layer)."""
    words = keywords(s, a)
    ap = max(a.base_ap, 0)
    dam = catalog().acolytes[a.cid].base_dam
    for uid in [a.armour] if a.armour else []:
        ap += s.cards[uid].ap
    for uid in a.sabers:
        dam += s.card(uid).dam
    for uid in a.items:
        d = s.card(uid)
        ap += s.cards[uid].ap
        dam += d.dam - d.penalty_dam
    for uid in a.abilities:
        d = s.card(uid)
        if d.effect.timing == "passive":
            ap += s.cards[uid].ap
            dam += d.dam
    if "Cyborg" in words and catalog().acolytes[a.cid].ability.keyword == "Cyborg":
        dam += 2
        ap += 4
    return ap, max(dam, 0)


def die_of(s: FuturaState, a: Acolyte) -> str:
    return CLASS_DIE[current_class(s, a)]


def roll_spec(s: FuturaState, spec: str) -> int:
    """Roll a die spec like "d12" or "d12+d4" or "2d20" with the game's dice."""
    total = 0
    for sides in dice_of(spec):
        total += s.rng.die(sides)
    return total


@finite_cache  # a handful of specs, rolled every exchange
def dice_of(spec: str) -> tuple[int, ...]:
    """The sides of each die `spec` rolls, in the order they are rolled ("2d20+d4": 20, 20, 4)."""
    sides: list[int] = []
    for part in spec.split("+"):
        count, _, n = part.partition("d")
        sides += [int(n)] * int(count or 1)
    return tuple(sides)


def station_ap(s: FuturaState, st: Station) -> int:
    """What the station and its creatures can still absorb."""
    return st.ap + sum(max(s.cards[c].ap, 0) for c in st.creatures)


def shed(s: FuturaState, a: Acolyte) -> list[str]:
    """Rule 10: when the class drops, cards the acolyte can no longer carry (last equipped first)
    go to a free slot of one of its owner's stations, else to a hand of fewer than 5 cards, else to
    the discard pile of the deck they came from."""
    owner = next(p for p in s.players if a in p.acolytes)
    dropped = []
    while not fits(s, current_class(s, a), a.armour, a.sabers, a.items, a.abilities):
        zone = next(z for z in (a.items, a.abilities, a.sabers) if z)
        uid = zone.pop()
        slot = next((h.station for h in owner.holdings if h.station and not h.face_down
                     and len(h.station.slots) < h.station.level), None)
        if slot is not None:
            slot.slots.append(uid)
        elif len(owner.hand) < 5:
            owner.hand.append(uid)
        else:
            s.players[s.cards[uid].owner].discard.append(uid)
        dropped.append(uid)
    return dropped
