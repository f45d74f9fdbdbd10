"""Which moves a seat has now: one function per kind of move, one per phase.

A turn's legal moves are these kinds in a fixed order (the random player and the AI's tie-breaks
depend on it). `moves_like` builds only the kind a given move belongs to, which is all that is
needed to tell whether that move is legal: the full list costs as much as a whole step.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import count

from engine.core import Action, EndTurn, Pass

from . import made
from .abilities import TARGETS
from .actions import Assimilate, Attack, CastArt, CastTerrain, Equip, Move, Summon, UseAbility, UseItem
from .arts import art_actions, terrain_actions
from .board import (
    BIT,
    Hand,
    box,
    equip_fits,
    hand,
    home_tiles,
    item_fits,
    mask_of,
    perms,
    reach_stats,
    summon_tiles,
)
from .cards import PER_CARD, catalog
from .setup import setup_actions
from .state import ClansState, Unit
from .wards import ward_options


def summon_moves(state: ClansState, seat: int, held: Hand | None = None) -> list[Action]:
    allies = (held or hand(state, seat)).get("ally", ())
    sp = state.players[seat].sp
    if not allies or cheapest(allies) > sp:
        return []  # no ally affordable (often, once SP is spent): no tiles to look for
    return list(made.summons_of(seat, allies, sp, tuple(summon_tiles(state, seat))))


@lru_cache(maxsize=1 << 10)
def cheapest(cards: tuple[str, ...]) -> int:
    """The lowest SP cost among these cards (a hand's allies)."""
    return min(catalog().cards[card].sp for card in cards)


def equipment_moves(state: ClansState, seat: int, held: Hand | None = None) -> list[Action]:
    """Each unused piece: on every ally that may wear it, then assimilated (once a turn)."""
    p = state.players[seat]
    out: list[Action] = []
    for card in (held or hand(state, seat)).get("equipment", ()):
        d = catalog().cards[card]
        if d.sp <= p.sp and d.exp <= p.exp:  # else no ally may wear it (can_equip)
            out += [made.card_on(Equip, seat, card, iid, u.card, u.pos)
                    for iid, u in state.units.items() if equip_fits(state, seat, d, u)]
        if not p.assimilated:
            out.append(made.card_alone(Assimilate, seat, card))
    return out


def item_moves(state: ClansState, seat: int, held: Hand | None = None) -> list[Action]:
    p = state.players[seat]
    cards = catalog().cards
    items = [card for card in (held or hand(state, seat)).get("item", ())
             if cards[card].sp <= p.sp and cards[card].exp <= p.exp]  # else no target fits (can_use_item)
    if not items:
        return []
    own = [u for u in state.units.values() if u.owner == seat]
    foes = [u for u in state.units.values() if u.owner % 2 != seat % 2]  # state.foes, less a call per unit
    mine = [u.pos for u in own]
    out: list[Action] = []
    for card in items:
        d = cards[card]
        # item_fits takes heals and buffs to the seat's own allies only, the rest to foes only:
        # each list holds every unit it could pass, in board order
        pool = own if d.effect in ("heal", "buff") else foes
        out += [made.card_on(UseItem, seat, card, u.iid, u.card, u.pos) for u in pool if item_fits(state, seat, d, u, mine)]
    return out


def unit_moves(state: ClansState, seat: int, only: str | None = None) -> list[Action]:
    """Each of the seat's allies (or just `only`): its moves, then its attacks and (PT) abilities.

    Asked on every step, so the board is read once into plain lists, and each ally's moves are
    remembered by what decides them (`_Board.walk_part`, `_Board.act_part`): on a seat's own turn its foes
    stand still, so most allies are offered the same moves as on the step before. `can_act` and
    `can_move` are taken apart here: both need the ally's owner to be the active seat (so
    another seat has nothing), then `can_move` is `can_act` with the ally still fresh."""
    if seat != state.active:
        return []
    turn, current, team = state.turn, state.current, seat % 2
    occupied = foe_bits = 0  # every unit's tile, the foes' tiles, as bit masks
    foes: list[Unit] = []  # the seat's foes and friends (its team-mates' allies too), in board order
    mine: list[Unit] = []
    actors: list[Unit] = []
    for iid, u in state.units.items():
        bit = BIT[u.pos]
        occupied |= bit
        if u.owner % 2 != team:  # state.foes
            foes.append(u)
            foe_bits |= bit
            continue
        mine.append(u)
        if u.owner == seat and u.summoned_turn != turn and (only is None or iid == only):
            if u.act == "fresh" or (u.act == "moved" and current == iid):  # else it can neither act nor move
                actors.append(u)
    if not actors:
        return []
    board = _Board(state, seat, foes, foe_bits, mine)
    out: list[Action] = []
    for u in actors:
        facts = unit_facts(u.card)  # read once for both parts
        spd, rng, phase = facts[:3]
        if u.mods_turn or u.mods_act or u.equipment or u.statuses:
            spd, rng = reach_stats(state, u.iid)
        if u.act == "fresh":
            out += board.walk_part(u, spd, phase, occupied)
        out += board.act_part(u, rng, facts)
    return out


class _Board:
    """What one list of unit moves reads from the board, worked out when first needed: the
    ground and its walls, the token that stands for the foes in the memo keys."""

    def __init__(self, state: ClansState, seat: int, foes: list[Unit], foe_bits: int, mine: list[Unit]):
        self.state, self.seat, self.foes, self.foe_bits, self.mine = state, seat, foes, foe_bits, mine
        self.sp = state.players[seat].sp
        self.foe_token: int | None = None
        self.ground: tuple | None = None

    def walk_part(self, u: Unit, spd: int, phase: bool, occupied: int) -> tuple[Action, ...]:
        """`made.walks` for a fresh ally (`phase`: it phases through foes), less the moves onto
        tiles taken (`occupied`: a bit mask)."""
        if self.ground is None:
            state = self.state
            field, rules = tuple(state.field), tuple(state.players[self.seat].terrain)
            homes = mask_of(home_tiles(state))
            walls = homes | self.foe_bits  # board.walls, as a bit mask
            self.ground = (field, rules, homes, walls)
        field, rules, homes, walls = self.ground
        # walls more than `spd` steps away change nothing: leaving them out lets the walk be
        # remembered while foes move elsewhere
        stop = (homes if phase else walls) & box(u.pos, spd)
        ends, at, moves, free = made.walks(self.seat, u.iid, u.card, u.pos, field, rules, spd, stop)
        taken = ends & occupied
        if not taken:
            return moves
        # the same walk is asked again while allies move elsewhere: its moves are remembered by
        # which of its end tiles are taken, a few masks a walk
        kept = free.get(taken)
        if kept is None:
            if len(free) >= FREE_SIZE:
                free.clear()
            kept = free[taken] = _without(moves, at, taken)
        return kept

    def foes_token(self) -> int:
        """The token of the seat's foes (card and tile, in board order), made at its first use."""
        if self.foe_token is None:
            self.foe_token = _token(tuple([(o.iid, o.card, o.pos) for o in self.foes]))
        return self.foe_token

    def act_part(self, u: Unit, rng: int, facts: tuple) -> tuple[Action, ...]:
        """The ally's attacks, then its (PT) abilities it can pay for, on each legal target
        (`facts`: its card's `unit_facts`). Friends are told apart only within the reach of the
        abilities aimed at them: on a seat's own turn its allies move step after step, mostly
        elsewhere. Foes, only when one stands within reach: half the time none does."""
        _, _, _, dearest, friendly, hostile, needs_foes = facts
        far = rng if rng > hostile else hostile
        foes_near = box(u.pos, far) & self.foe_bits
        if not foes_near and needs_foes:
            return ()  # nothing to attack, and no ability aimed elsewhere
        # only which abilities it can pay for tells SP apart: the dearest cost within its SP
        sp = self.sp
        sp = dearest[sp if sp < len(dearest) else -1]
        near = None if friendly is None else _near(u, max(rng, friendly), self.mine)
        key = (self.seat, u.iid, u.card, u.pos, rng, sp, self.foes_token() if foes_near else None, near)
        found = _act_memo.get(key)
        if found is None:
            found = _remember(_act_memo, key, tuple(act_moves(u, rng, sp, self.foes, self.mine)))
        return found


def _without(moves: tuple[Action, ...], at: dict[int, int], taken: int) -> tuple[Action, ...]:
    """A walk's `moves` less those onto the tiles of `taken` (`at`: an end tile's bit -> the
    index of its move): one or two tiles mostly, cut out by index rather than a pass over all."""
    gone = []
    while taken:
        low = taken & -taken  # the lowest tile left
        gone.append(at[low])
        taken ^= low
    kept = list(moves)
    for i in sorted(gone, reverse=True):
        del kept[i]
    return tuple(kept)


def _near(u: Unit, far: int, units: list[Unit]) -> tuple:
    """The units at most `far` columns and rows from `u` (the reach `abilities.TARGETS` tests),
    in board order, as plain values: what its abilities read of them."""
    x, y = u.pos
    return tuple([(o.iid, o.card, o.pos) for o in units if -far <= o.pos[0] - x <= far and -far <= o.pos[1] - y <= far])


def act_moves(u: Unit, rng: int, sp: int, foes: list[Unit], mine: list[Unit]) -> list[Action]:
    """An ally's attacks on the foes within its range, then each (PT) ability it can pay for on
    each legal target (special-abilities): foes within range for an attack ability, else whom
    abilities.TARGETS names for its kind. `foes`, `mine`: its foes and friends, in board order."""
    seat, iid, card, pos = u.owner, u.iid, u.card, u.pos
    x, y = pos
    near = [o for o in foes if -rng <= o.pos[0] - x <= rng and -rng <= o.pos[1] - y <= rng]
    out: list[Action] = [made.attack(seat, iid, card, pos, o.iid, o.card, o.pos) for o in near]
    for i, cost, aim, far in pt_aims(card):
        if cost > sp:
            continue
        aimed = near if aim is None else aim(u, rng if far is None else far, foes, mine)
        out += [made.ability(seat, iid, card, pos, i, t and t.iid, t and t.card, t and t.pos) for t in aimed]
    return out


@lru_cache(maxsize=PER_CARD)
def pt_aims(card: str) -> tuple[tuple[int, int, Callable | None, int | None], ...]:
    """A card's (PT) abilities as `act_moves` asks of them, in card order: (index, SP cost, whom
    it is aimed at (abilities.TARGETS; None: the foes within range, an attack), how far: None for
    the range, else `ability_reach`'s own figure). An ability of no known kind is aimed at no one."""
    out = []
    for i, ab in made.pt_abilities(card):
        if ab.kind == "attack":
            out.append((i, ab.sp, None, None))
        else:
            out.append((i, ab.sp, TARGETS.get(ab.kind, _no_one), ab.params.get("range")))
    return tuple(out)


def _no_one(u: Unit, reach_: int, foes: list[Unit], mine: list[Unit]) -> list[Unit | None]:
    return []


@lru_cache(maxsize=PER_CARD)
def unit_facts(card: str) -> tuple[int, int, bool, tuple[int, ...], int | None, int, bool]:
    """What the legal moves ask of an ally's card: (SPD, RNG, phases through foes, for each SP
    from 0 to its dearest (PT) ability's cost the dearest one it can pay for or -1, how far its
    abilities aimed at friends reach beyond its range or None if it has none, how far the others
    reach beyond it or 0, whether all of them need a foe within reach). `ability_reach`: the
    card's own figure, else the range."""
    d = catalog().cards[card]
    pts = made.pt_abilities(card)
    friendly = [ab.params.get("range", 0) for _, ab in pts if ab.kind in FRIENDLY]
    costs = [ab.sp for _, ab in pts]
    dearest = tuple(max([c for c in costs if c <= sp], default=-1) for sp in range(max(costs, default=0) + 1))
    return (d.spd, d.rng, "phase" in perms(card), dearest,
            max(friendly) if friendly else None,
            max((ab.params.get("range", 0) for _, ab in pts if ab.kind not in FRIENDLY), default=0),
            all(aim in FOE_AIMED for _, _, aim, _ in pt_aims(card)))


FRIENDLY = ("heal", "rally")  # (PT) abilities aimed at friends (abilities.TARGETS)
FOE_AIMED = (None, TARGETS["attack"], TARGETS["blast"], TARGETS["eclipse"], _no_one)  # pt_aims: no foe in reach, no target

# --- the memo of unit_moves' attacks and abilities ------------------------------------------------
# Keyed by plain values: an ally's card, tile and stats, a token that stands for the tuple of foes
# (hashed once per list of moves, not once per ally), and the friends near an ally whose
# abilities are aimed at friends. (A walk is remembered by `made.walks` itself, keyed by the
# walls near the ally.)
# Bounded for long runs: when one fills up, everything is forgotten at once. Tokens are never
# given out twice, so a key holding a token from before a reset matches nothing made after it.

MEMO_SIZE = 1 << 10  # a few turns: their foe tokens go stale each turn, and whatever is kept longer only burdens the GC
FREE_SIZE = 16  # the masks of taken tiles remembered for one walk: more than a turn asks
_tokens: dict[tuple, int] = {}
_next_token = count()
_act_memo: dict[tuple, tuple] = {}


def _token(value: tuple) -> int:
    found = _tokens.get(value)
    if found is None:
        if len(_tokens) >= MEMO_SIZE:
            _forget()
        found = _tokens[value] = next(_next_token)
    return found


def _remember(memo: dict, key: tuple, value: tuple) -> tuple:
    if len(memo) >= MEMO_SIZE:
        _forget()
    memo[key] = value
    return value


def _forget() -> None:
    _tokens.clear()
    _act_memo.clear()


def end_turn_moves(state: ClansState, seat: int) -> list[Action]:
    return [made.end_turn(seat)]


CARD_KINDS = (summon_moves, equipment_moves, item_moves, terrain_actions, art_actions)  # each reads the hand


def turn_moves(state: ClansState, seat: int) -> list[Action]:
    """The cards' moves, then the allies', then ending the turn: the hand sorted by kind once for all."""
    held = hand(state, seat)
    out: list[Action] = []
    for kind in CARD_KINDS:
        out += kind(state, seat, held)
    out += unit_moves(state, seat)
    out += end_turn_moves(state, seat)
    return out


def ward_moves(state: ClansState, seat: int) -> list[Action]:
    """The defender's answers to a declared attack: each ward that fits, or Pass."""
    return [*ward_options(state, seat), Pass(seat=seat)]


PHASES = {"setup": setup_actions, "play": turn_moves, "react": ward_moves}

KIND_OF = {Summon: summon_moves, Equip: equipment_moves, Assimilate: equipment_moves, UseItem: item_moves,
           CastTerrain: terrain_actions, CastArt: art_actions, EndTurn: end_turn_moves}
UNIT_KINDS = (Move, Attack, UseAbility)


def moves_like(state: ClansState, action: Action) -> list[Action]:
    """The legal moves of the kind `action` is (a unit's move: that unit's moves only). `action` is
    legal exactly when it is among them, as every move of its kind comes from this one function."""
    seat = action.seat
    if state.phase != "play":
        return PHASES[state.phase](state, seat)
    if isinstance(action, UNIT_KINDS):
        return unit_moves(state, seat, only=action.unit)
    kind = KIND_OF.get(type(action))
    return kind(state, seat) if kind else []
