"""Small questions about a Psi Wars position, shared by the rules, the prompts, the AI and the
refusals (so none of those needs to import another)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations

from engine.core import quiet

from . import combat
from .cards import LIGHTS, CardDef, Cost, catalog
from .state import Matchup, PsiState

HAND_LIMIT = 10


def cdef(state: PsiState, iid: str) -> CardDef:
    return catalog().cards[state.cards[iid].card]


def tag(state: PsiState, iid: str) -> str:
    return _tag(state.cards[iid].card, iid)


@lru_cache(maxsize=1 << 12)  # both decks' tags with their cards: a few hundred pairs
def _tag(card_id: str, iid: str) -> str:
    """A card's name with its tag; a tag holds one card for the whole game, so this is asked again
    and again for a few dozen pairs."""
    return f"{catalog().cards[card_id].name} [{iid}]"


def names(state: PsiState, iids) -> str:
    cards = state.__dict__["cards"]  # (read from the dict: see waiting_seat)
    if len(iids) == 1:  # (most formations: no list to join)
        return _tag(cards[iids[0]].card, iids[0])
    return " + ".join([_tag(cards[i].card, i) for i in iids])


@lru_cache(maxsize=1)
def kinds() -> dict[str, str]:
    """Card id -> kind (cu, battle_unit, equipment, power): asked for every card of a lab each step."""
    return {card_id: card.kind for card_id, card in catalog().cards.items()}


def lab_cards(state: PsiState, seat: int, kind: str) -> list[str]:
    kind_of, cards = kinds(), state.cards
    return [i for i in state.players[seat].lab if kind_of[cards[i].card] == kind]


@lru_cache(maxsize=1)
def cu_kinds() -> dict[str, str]:
    """Card id -> the light a Creation Unit gives, for Creation Units only."""
    return {card_id: card.cu_kind for card_id, card in catalog().cards.items() if card.kind == "cu"}


def ready_cus(state: PsiState, seat: int) -> dict[str, int]:
    """Undepleted Creation Units of a lab by light (in LIGHTS order)."""
    return dict(zip(LIGHTS, ready_lights(state, seat), strict=True))


@lru_cache(maxsize=1)
def light_places() -> dict[str, int]:
    """Card id -> place of its light in LIGHTS, for Creation Units only."""
    return {card_id: LIGHTS.index(light) for card_id, light in cu_kinds().items()}


def ready_lights(state: PsiState, seat: int) -> tuple[int, int, int, int]:
    """Undepleted Creation Units of a lab by light, as a plain tuple in LIGHTS order (the key of
    remembered payments and lists): one pass over the lab, asked several times a step."""
    counts = [0, 0, 0, 0]
    fields = state.__dict__  # (read from the dict: see waiting_seat)
    index, cards = light_places(), fields["cards"]
    for i in fields["players"][seat].lab:
        c = cards[i]
        if not c.depleted:
            at = index.get(c.card)
            if at is not None:
                counts[at] += 1
    return tuple(counts)


def any_ready_cu(state: PsiState, seat: int) -> bool:
    """Whether `seat` has an undepleted Creation Unit (asked after every Build Phase move)."""
    fields = state.__dict__  # (read from the dict: see waiting_seat)
    light_of, cards = cu_kinds(), fields["cards"]
    for i in fields["players"][seat].lab:
        c = cards[i]
        if not c.depleted and c.card in light_of:
            return True
    return False


def any_payments(cost: Cost, ready: dict[str, int]) -> list[tuple[str, ...]]:
    """Every distinct way to pay the white lights after the coloured ones (§5.5)."""
    return list(_payments(cost_key(cost), (ready["ds"], ready["ng"], ready["ba"], ready["ma"])))


_cost_keys: dict[int, tuple[Cost, tuple[int, ...]]] = {}


def cost_key(cost: Cost) -> tuple[int, ...]:
    """A cost as a plain tuple (LIGHTS order, then Any), remembered per catalogue object: the
    same few dozen costs are asked about on every step."""
    entry = _cost_keys.get(id(cost))
    if entry is None or entry[0] is not cost:  # (the object is held, so its id is not reused)
        if len(_cost_keys) >= 1 << 10:  # bounded: a fresh catalogue (tests) brings new objects
            _cost_keys.clear()
        entry = _cost_keys[id(cost)] = (cost, (cost.ds, cost.ng, cost.ba, cost.ma, cost.any))
    return entry[1]


@lru_cache(maxsize=1 << 12)
def _payments(cost: tuple[int, ...], ready: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """any_payments on plain tuples (cost in LIGHTS order then Any, ready in LIGHTS order): a
    handful of distinct questions asked on every step."""
    ds, ng, ba, ma, white = cost  # (unpacked, not zipped: a third of the calls are new pairs)
    left = (ready[0] - ds, ready[1] - ng, ready[2] - ba, ready[3] - ma)
    if min(left) < 0:
        return ()
    return _white_ways(white, tuple([v if v < white else white for v in left]))


@lru_cache(maxsize=1 << 10)
def _white_ways(white: int, spare: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """Every distinct way to pay `white` Any lights from the `spare` lights of each kind (LIGHTS
    order): more than `white` of one kind can never be spent, so the spares are capped at it and
    many ready counts share one answer."""
    pool = [k for k, n in zip(LIGHTS, spare, strict=True) for _ in range(n)]
    return tuple(sorted(set(combinations(pool, white)))) if white <= len(pool) else ()


def hand_card_ids(state: PsiState, seat: int) -> list[str]:
    """Distinct card ids in hand, in first-seen order (copies give one option)."""
    cards = state.cards
    return list(dict.fromkeys([cards[i].card for i in state.players[seat].hand]))


def first_in_hand(state: PsiState, seat: int, card_id: str) -> str:
    fields = state.__dict__  # (read from the dict: see waiting_seat)
    cards = fields["cards"]
    for i in fields["players"][seat].hand:  # (a plain loop, not next() over a generator: every build)
        if cards[i].card == card_id:
            return i
    raise ValueError(f"no {card_id} in hand")  # (a checked move always finds one)


def ready_units(state: PsiState, seat: int, attacking: bool) -> list[str]:
    """`seat`'s Battle Units that may attack (`attacking`) or block now, in lab order: one pass
    over the lab, asked several times a step (can_attack and can_defend for each unit)."""
    fields = state.__dict__  # (read from the dict: see waiting_seat)
    kind_of, cards, turn = kinds(), fields["cards"], fields["turn"] if attacking else None
    out = []
    for i in fields["players"][seat].lab:
        c = cards[i]
        if (kind_of[c.card] == "battle_unit" and not (c.depleted or c.trapped or c.used)
                and c.created_turn != turn):
            out.append(i)
    return out


def any_ready_unit(state: PsiState, seat: int, attacking: bool) -> bool:
    """Whether `ready_units` has any unit, stopping at the first (asked after every declaration)."""
    fields = state.__dict__  # (read from the dict: see waiting_seat)
    kind_of, cards, turn = kinds(), fields["cards"], fields["turn"] if attacking else None
    for i in fields["players"][seat].lab:
        c = cards[i]
        if (kind_of[c.card] == "battle_unit" and not (c.depleted or c.trapped or c.used)
                and c.created_turn != turn):
            return True
    return False


def can_attack(state: PsiState, iid: str) -> bool:
    c = state.cards[iid]
    return not (c.depleted or c.trapped or c.used or c.created_turn == state.turn)


def can_defend(state: PsiState, iid: str) -> bool:
    c = state.cards[iid]
    return not (c.depleted or c.trapped or c.used)


def in_battle(state: PsiState) -> list[str]:
    """Live units in any formation of the current battle."""
    units = []
    for m in state.battle.matchups:
        units += combat.active_units(state, m.attack) + combat.active_units(state, m.defend)
    return units


def engaged(state: PsiState, m: Matchup) -> bool:
    return (m.blocked and not m.resolved and bool(combat.active_units(state, m.attack))
            and bool(combat.active_units(state, m.defend)))


def boost(state: PsiState, side: str, index: int) -> int:
    """Extra Physical Attack a Power gave one formation of the current battle."""
    return state.battle.attack_boost.get(f"{side}:{index}", 0)


def waiting_seat(fields: dict) -> int:
    """Whose answer the current step waits on: the phase says who (the turn's player, the
    defender, the window's or the Cyborg Phase's seat).

    It takes the state's field dict (`state.__dict__`, the model's own, so always current):
    the hot callers read several fields a step, and a read through a pydantic model's attribute
    hooks, which Python cannot specialise, costs about twice a dict look-up."""
    phase = fields["phase"]
    if phase == "window":
        return fields["window"].seat
    if phase == "defend":
        return 1 - fields["active"]
    if phase == "cyborg":
        return fields["battle"].cyborg_seat
    return fields["active"]


class Kept:
    """One look at a position, `look(state, seat)`, wanted several times for it: by the automatic
    step that stops there, the prompt published at once and the moves asked next. In quiet
    self-play, where only `advance` changes a state, the last look is kept with the version of
    the state it holds for (one slot: self-play plays one game at a time). What it gives is
    shared: not to be changed."""

    def __init__(self, look: Callable):
        self.look = look
        self.slot: tuple = (None, -1, -1, None)  # (state, version, seat, what the look found)

    def __call__(self, state: PsiState, seat: int):
        version = state.__dict__["version"]
        held, at, whose, found = self.slot
        if held is state and at == version and whose == seat and quiet(state):
            return found
        found = self.look(state, seat)
        if quiet(state):
            self.slot = (state, version, seat, found)
        return found

    def keep_for_next(self, state: PsiState, seat: int, found) -> None:
        """Keep what an automatic step's look found, for the version the current move ends at:
        only a step that leaves the position as it is (the one that stops) may keep it."""
        if quiet(state):
            self.slot = (state, state.__dict__["version"] + 1, seat, found)
