"""Questions about the board that the rules, the AI, the prompts and the refusals all ask.

Pure reads of a ClansState: card stats with their modifiers, armor and hit damage, who may move or
act, where an ally can go and where a new one can arrive. Nothing here changes the state, and
this module imports no other part of the game's rules, so every module can use it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from .cards import PER_CARD, CardDef, catalog, neighbours
from .state import ClansState, Pos, Unit, coord, dist

STATUS_BONUS = {"break": 1, "poison": 2}  # the extra damage a status-inflicting hit deals
STATUS_TICK = {"break": 1, "poison": 2}  # the damage at the start of every player's turn


def cdef(state: ClansState, iid: str) -> CardDef:
    return catalog().cards[state.units[iid].card]


def is_god(state: ClansState, iid: str) -> bool:
    return cdef(state, iid).god


def tag(state: ClansState, iid: str) -> str:
    u = state.units[iid]
    return f"{catalog().cards[u.card].name} ({coord(u.pos)})"


def short(state: ClansState, iid: str) -> str:
    """A short button name: the card name before any comma, and the tile."""
    u = state.units[iid]
    return f"{catalog().cards[u.card].name.split(',')[0]} ({coord(u.pos)})"


def has_perm(state: ClansState, iid: str, kind: str) -> bool:
    return kind in perms(state.units[iid].card)


@lru_cache(maxsize=PER_CARD)
def perms(card: str) -> frozenset[str]:
    """The kinds of a card's permanent abilities (cards never change during a game)."""
    return frozenset(a.kind for a in catalog().cards[card].abilities if a.timing == "PERM")


def stat(state: ClansState, iid: str, name: str) -> int:
    u = state.units[iid]
    value = getattr(catalog().cards[u.card], name)
    if u.mods_turn or u.mods_act:
        value += u.mods_turn.get(name, 0) + u.mods_act.get(name, 0)
    if u.equipment:
        value += catalog().cards[u.equipment].mods.get(name, 0)
    if name == "atk":
        for o in state.units.values():
            if o.owner == u.owner and o.iid != iid:
                value += sum(a.params.get("amount", 0) for a in cdef(state, o.iid).abilities if a.kind == "aura_atk")
    if name == "spd" and "break" in u.statuses:
        value = min(value, 1)
    return max(value, 1 if name == "rng" else 0)


def reach_stats(state: ClansState, iid: str) -> tuple[int, int]:
    """`stat(spd)` and `stat(rng)` at once, as the legal-move lists ask for both of every ally on
    every step: no aura touches them, so they are the unit's own card, modifiers and Equipment."""
    u = state.units[iid]
    d = catalog().cards[u.card]
    spd, rng = d.spd, d.rng
    if u.mods_turn or u.mods_act:
        spd += u.mods_turn.get("spd", 0) + u.mods_act.get("spd", 0)
        rng += u.mods_turn.get("rng", 0) + u.mods_act.get("rng", 0)
    if u.equipment:
        mods = catalog().cards[u.equipment].mods
        spd += mods.get("spd", 0)
        rng += mods.get("rng", 0)
    if "break" in u.statuses:
        spd = min(spd, 1)
    return max(spd, 0), max(rng, 1)


def ground_bonus(state: ClansState, iid: str) -> int:
    """+1 ATK on a Mountain or a Forest when the owner's Terrain Effect says so (terrain-effects-in-play)."""
    u = state.units[iid]
    rules = state.players[u.owner].terrain
    t = state.tile(u.pos)
    return int(t == "M" and "mountain" in rules) + int(t == "F" and "forest_atk" in rules)


def armor(state: ClansState, iid: str) -> int:
    """What comes off every hit on this ally: its shield, armor abilities and Equipment."""
    u = state.units[iid]
    value = u.shield + sum(a.params.get("amount", 0) for a in cdef(state, iid).abilities if a.kind == "armor")
    if u.equipment:
        value += catalog().cards[u.equipment].reduce
    return value


def hit_damage(state: ClansState, src: str, dst: str, bonus: int = 0, reduce: int = 0) -> int:
    """The damage one strike of `src` deals to `dst` in a fight (never below 0)."""
    return max(0, stat(state, src, "atk") + bonus + ground_bonus(state, src) - armor(state, dst) - reduce)


def can_counter(state: ClansState, att: str, dfn: str) -> bool:
    """The defender answers within its own range, or from any range when it can (counterattack)."""
    return (dist(state.units[att].pos, state.units[dfn].pos) <= stat(state, dfn, "rng")
            or has_perm(state, dfn, "counter_any"))


def strikes_first(state: ClansState, att: str, dfn: str) -> bool:
    """Initiative lets a defender that can answer strike first, unless the attacker has it too."""
    return (can_counter(state, att, dfn) and has_perm(state, dfn, "initiative")
            and not has_perm(state, att, "initiative"))


Hand = dict[str, tuple[str, ...]]  # card ids by kind, each kind in hand order


def hand(state: ClansState, seat: int) -> Hand:
    """The seat's unused cards by kind ("ally", "item", ...), each kind in hand order: every kind
    of move reads its own cards from here instead of looking up the whole hand again."""
    return _by_kind(tuple(state.players[seat].unused))


@lru_cache(maxsize=1 << 12)
def _by_kind(cards: tuple[str, ...]) -> Hand:
    kinds: dict[str, list[str]] = {}
    for card in cards:
        kinds.setdefault(catalog().cards[card].kind, []).append(card)
    return {kind: tuple(of_kind) for kind, of_kind in kinds.items()}


def home_tiles(state: ClansState) -> set[Pos]:
    return {p.homebase for p in state.players if p.homebase}


W = 10  # bits per row of a tile mask: the 9 tiles and one always-empty bit, so shifts never wrap


def cost_of(rules: tuple[str, ...]) -> dict[str, int]:
    """The SPD it takes to step onto each tile kind under these Terrain Effects (movement, forest):
    kinds left out cannot be entered, and a Mountain ends the move (it costs more than any SPD)."""
    spend = {"G": 1, "F": 1 if "forest_free" in rules else 2}
    if "water" in rules:
        spend["W"] = 2
    if "mountain" in rules:
        spend["M"] = 1000
    return spend


@lru_cache(maxsize=64)
def _masks(field: tuple[str, ...], rules: tuple[str, ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The field as bit masks (tile (x, y) is bit x + W*y): every tile, and the tiles of each step
    cost. The field is fixed once set up, so this is worked out once per field and Terrain Effects."""
    spend, every, by_cost = cost_of(rules), 0, {}
    for y, row in enumerate(field):
        for x, kind in enumerate(row):
            every |= 1 << (x + W * y)
            if kind in spend:
                by_cost[spend[kind]] = by_cost.get(spend[kind], 0) | 1 << (x + W * y)
    return every, tuple(sorted(by_cost.items()))


def spread(field: tuple[str, ...], rules: tuple[str, ...], start: Pos, spd: int,
           stop: frozenset[Pos]) -> dict[Pos, int]:
    """Every tile a unit on `start` with `spd` can reach and the SPD left there, occupied tiles
    included (they are left out by the caller), when the tiles of `stop` block: callers must not
    change the dict (it may be remembered)."""
    return spread_bits(field, rules, start, spd, mask_of(stop))


def mask_of(tiles: Iterable[Pos]) -> int:
    """Tiles as a bit mask (tile (x, y) is bit x + W*y)."""
    mask = 0
    for x, y in tiles:
        mask |= 1 << (x + W * y)
    return mask


@lru_cache(maxsize=1 << 9)
def spread_bits(field: tuple[str, ...], rules: tuple[str, ...], start: Pos, spd: int, blocked: int) -> dict[Pos, int]:
    """`spread` with the blocked tiles as a bit mask."""
    rings, _ = _rings(field, rules, start, spd, blocked)
    out = {}
    for left in range(spd, -1, -1):
        ring = rings[left]
        while ring:
            low = ring & -ring  # the lowest tile left in the ring
            out[TILE_AT[low.bit_length() - 1]] = left
            ring ^= low
    return out


def reach_bits(field: tuple[str, ...], rules: tuple[str, ...], start: Pos, spd: int, blocked: int) -> int:
    """The tiles `spread_bits` reaches (`start` too) as one bit mask, without the SPD left on
    each: all a walk needs (`made.walks`, which is remembered itself)."""
    return _rings(field, rules, start, spd, blocked)[1]


def _rings(field: tuple[str, ...], rules: tuple[str, ...], start: Pos, spd: int, blocked: int) -> tuple[list[int], int]:
    """The tiles reached from `start` with each SPD left (bit masks, by SPD left), and all of them.

    Whole rings at once on bit masks: the tiles with `rem` SPD left step onto all their free
    neighbours together, which keep `rem - cost` (or 0: a step is always allowed while SPD is
    left). Rings are taken from the most SPD left down, so a tile's first ring is its best."""
    every, by_cost = _masks(field, rules)
    seen = 1 << (start[0] + W * start[1])
    rings = [0] * (spd + 1)
    rings[spd] = seen
    for rem in range(spd, 0, -1):
        ring = rings[rem]
        if not ring:
            continue
        wide = ring | ring << 1 | ring >> 1
        free = (wide | wide << W | wide >> W) & every & ~blocked & ~seen
        for cost, tiles in by_cost:
            new = free & tiles
            if new:
                rings[rem - cost if rem > cost else 0] |= new
                seen |= new
    return rings, seen


TILE_AT = tuple((i % W, i // W) for i in range(W * 16))  # bit index -> tile, for fields up to 16 rows
BIT = {tile: 1 << i for i, tile in enumerate(TILE_AT)}  # tile -> its bit
COLUMNS = tuple(sum(1 << (x + W * y) for y in range(16)) for x in range(W - 1))  # each column's tiles


@lru_cache(maxsize=1 << 10)  # every tile of a 16-row field, for each SPD a unit has
def box(pos: Pos, steps: int) -> int:
    """The tiles at most `steps` columns and rows away from `pos`, as a bit mask: walls outside
    it cannot change a walk of that many steps (every step costs SPD)."""
    x, y = pos
    row = 0
    for c in range(max(0, x - steps), min(W - 2, x + steps) + 1):
        row |= 1 << c
    mask = 0
    for r in range(max(0, y - steps), min(15, y + steps) + 1):
        mask |= row << (W * r)
    return mask


def walls(state: ClansState, seat: int, phase: bool) -> frozenset[Pos]:
    """Tiles a unit of `seat` may not step on or through: every Homebase, and its foes unless it
    phases through them."""
    stop = home_tiles(state)
    if not phase:
        stop |= {o.pos for o in state.units.values() if state.foes(o.owner, seat)}
    return frozenset(stop)


def reach(state: ClansState, iid: str) -> dict[Pos, int]:
    """End tiles of a move and the SPD left there (movement, forest, steps, diagonal-movement):
    friends may be passed but not stopped on, foes and Homebases block."""
    u = state.units[iid]
    stop = walls(state, u.owner, has_perm(state, iid, "phase"))
    best = spread(tuple(state.field), tuple(state.players[u.owner].terrain), u.pos, stat(state, iid, "spd"), stop)
    occupied = {o.pos for o in state.units.values()}
    return {p: r for p, r in best.items() if p not in occupied}


def can_move(state: ClansState, iid: str) -> bool:
    u = state.units[iid]
    return u.owner == state.active and u.act == "fresh" and u.summoned_turn != state.turn


def can_act(state: ClansState, iid: str) -> bool:
    u = state.units[iid]
    if u.owner != state.active or u.summoned_turn == state.turn:
        return False
    return u.act == "fresh" or (u.act == "moved" and state.current == iid)


def summon_tiles(state: ClansState, seat: int) -> list[Pos]:
    home = state.players[seat].homebase
    if home is None:
        return []
    field = state.field  # state.tile, on every tile around the Homebase on every step
    taken = {u.pos for u in state.units.values()}
    homes = [p.homebase for p in state.players]  # home_tiles, without building a set for 8 tiles
    return [n for n in around(home) if field[n[1]][n[0]] in "GF" and n not in taken and n not in homes]


@lru_cache(maxsize=1 << 8)  # every tile of a field of up to 16 rows
def around(pos: Pos) -> tuple[Pos, ...]:
    """`neighbours` of a tile, worked out once per tile."""
    return tuple(neighbours(*pos))


def can_equip(state: ClansState, seat: int, card: str, iid: str) -> bool:
    """Equipment (A-24): paid in SP and EXP, one piece per ally, enemies only when the card says so."""
    p, d, u = state.players[seat], catalog().cards.get(card), state.units.get(iid)
    if d is None or d.kind != "equipment" or card not in p.unused or u is None:
        return False
    return d.sp <= p.sp and d.exp <= p.exp and equip_fits(state, seat, d, u)


def equip_fits(state: ClansState, seat: int, d: CardDef, u: Unit) -> bool:
    """`can_equip` for a piece the seat holds and can pay for: may `u` wear it?"""
    return not u.equipment and (u.owner == seat if d.target == "ally" else state.foes(u.owner, seat))


def can_use_item(state: ClansState, seat: int, card: str, iid: str) -> bool:
    """Inventory items (A-25, ruling 18): heals any friend, buffs a friend yet to finish its activation,
    damage and Poison a foe within the card's reach of any of your allies (Poison never on a God)."""
    p, d, u = state.players[seat], catalog().cards.get(card), state.units.get(iid)
    if d is None or d.kind != "item" or card not in p.unused or u is None or d.sp > p.sp or d.exp > p.exp:
        return False
    return item_fits(state, seat, d, u, [o.pos for o in state.units.values() if o.owner == seat])


def item_fits(state: ClansState, seat: int, d: CardDef, u: Unit, mine: list[Pos]) -> bool:
    """`can_use_item` for an item the seat holds and can pay for: may it go on `u`? `mine`: the
    tiles of the seat's allies, read once for every unit the item is tried on."""
    if d.effect == "heal":
        return u.owner == seat
    if d.effect == "buff":
        return u.owner == seat and can_act(state, u.iid)
    if not state.foes(u.owner, seat) or (d.effect == "status" and catalog().cards[u.card].god):
        return False
    reach_, (x, y) = d.params.get("range", 1), u.pos
    return any(max(abs(px - x), abs(py - y)) <= reach_ for px, py in mine)  # dist, on plain tiles
