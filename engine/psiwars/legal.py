"""Which moves a seat has now: one function per step of the turn, chosen from `BY_PHASE`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations

from engine.core import Action, Pass, interned, made
from engine.core.memo import finite_cache

from . import combat
from .actions import (
    Attack,
    Block,
    Build,
    Discard,
    Done,
    Equip,
    HunterTake,
    OracleTake,
    PlaceCU,
    PlayPower,
    Resolve,
    UseAbility,
)
from .board import (
    Kept,
    _payments,
    _tag,
    cdef,
    cost_key,
    cu_kinds,
    engaged,
    hand_card_ids,
    in_battle,
    kinds,
    lab_cards,
    names,
    ready_lights,
    ready_units,
    tag,
)
from .cards import LIGHTS, CardDef, catalog
from .state import PsiState

FIRST_MENTAL = ("cyber", "psionic")


def legal_actions(state: PsiState, seat: int) -> list[Action]:
    """Every move `seat` may make now; the caller has checked that the game waits on `seat`."""
    fields = state.__dict__  # (read from the dict: see board.waiting_seat)
    if fields["peek"]:
        return [interned(OracleTake, seat=seat, card=None)] + [
            interned(OracleTake, seat=seat, card=i, name=tag(state, i)) for i in state.peek if cdef(state, i).kind == "cu"]
    if fields["hunting"]:
        found = [c for c in dict.fromkeys(state.cards[i].card for i in state.players[seat].deck)
                 if catalog().cards[c].kind == "equipment"]
        return [interned(HunterTake, seat=seat, card=c) for c in found] or [interned(HunterTake, seat=seat, card=None)]
    return BY_PHASE[fields["phase"]](state, seat)


def cu_moves(state: PsiState, seat: int) -> list[Action]:
    fields = state.__dict__  # (read from the dict: see board.waiting_seat; every Phase 1 step)
    p = fields["players"][seat]
    held: frozenset[str | None] = frozenset()
    if not p.placed_cu:
        light_of, cards = cu_kinds(), fields["cards"]
        held = frozenset([light_of.get(cards[i].card) for i in p.hand])  # (None: not a Creation Unit)
    return list(_cu_list(seat, held))


@lru_cache(maxsize=256)
def _cu_list(seat: int, held: frozenset[str | None]) -> tuple[Action, ...]:
    """A placement for each light held (in the book's light order), then "done"."""
    return tuple(interned(PlaceCU, seat=seat, kind=k) for k in LIGHTS if k in held) + (
        interned(Done, seat=seat, phase="cu"),)


def build_moves(state: PsiState, seat: int) -> list[Action]:
    fields = state.__dict__  # (read from the dict: see board.waiting_seat; every Build Phase step)
    p = fields["players"][seat]
    if fields["battle"] is None:  # then a Power's targets depend only on a deck to search: remembered
        cards = fields["cards"]
        table = _build_table(seat, ready_lights(state, seat), bool(p.deck))
        known, out = table.moves, []
        for card_id in dict.fromkeys([cards[i].card for i in p.hand]):  # distinct, as first held
            try:  # (a plain dict's subscript is the fastest look-up; a miss comes once per card)
                out += known[card_id]
            except KeyError:
                out += table.add(card_id)
        out.append(table.done)
        return out
    hand = tuple(hand_card_ids(state, seat))
    return _build_moves(seat, hand, ready_lights(state, seat), lambda effect: power_targets(state, seat, effect))


class _BuildTable:
    """Card id -> the moves that build or play it from these ready lights when no battle
    is on (`moves`), made when first asked: a hand is a new mix almost every turn, its cards and
    lights are not."""

    def __init__(self, seat: int, lights: tuple[int, ...], deck: bool):
        self.seat, self.lights, self.deck = seat, lights, deck
        self.done = interned(Done, seat=seat, phase="build")
        self.moves: dict[str, tuple[Action, ...]] = {}

    def add(self, card_id: str) -> tuple[Action, ...]:
        found = self.moves[card_id] = tuple(_card_moves(self.seat, card_id, self.lights, self._targets))
        return found

    def _targets(self, effect: str) -> list[dict]:
        return _outside_targets(effect, self.deck)


@lru_cache(maxsize=1 << 12)
def _build_table(seat: int, lights: tuple[int, ...], deck: bool) -> _BuildTable:
    return _BuildTable(seat, lights, deck)


def _build_moves(seat: int, hand: tuple[str, ...], lights: tuple[int, ...],
                 targets: Callable[[str], list[dict]]) -> list[Action]:
    """Each build of a card in `hand` (distinct card ids) and each Power play with `targets`."""
    out: list[Action] = []
    for card_id in hand:
        out += _card_moves(seat, card_id, lights, targets)
    out.append(interned(Done, seat=seat, phase="build"))
    return out


def _card_moves(seat: int, card_id: str, lights: tuple[int, ...],
                targets: Callable[[str], list[dict]]) -> Sequence[Action]:
    """The Build Phase moves of one card in hand: its builds, or its Power's plays with `targets`."""
    how, cost, card = _build_plan(card_id)
    if how == "build":
        return _builds(seat, card_id, _payments(cost, lights))
    if how == "play":
        return _plays(seat, card, lights, targets)
    return ()


@finite_cache  # one entry a card of the catalogue
def _build_plan(card_id: str) -> tuple[str, tuple[int, ...], CardDef]:
    """How the Build Phase offers a card in hand ("build", "play" or "" for neither), its cost as a
    plain tuple and the card: read from the card's models once, not at every new table's look."""
    card = catalog().cards[card_id]
    if card.kind in ("battle_unit", "equipment"):
        return "build", cost_key(card.cost), card
    if card.kind == "power" and card.power.timing in ("build", "any"):
        return "play", cost_key(card.cost), card
    return "", (), card


@lru_cache(maxsize=1 << 12)
def _builds(seat: int, card_id: str, pays: tuple[tuple[str, ...], ...]) -> tuple[Build, ...]:
    """Each way to build one card with these ways to pay its Any lights: keyed by the payments,
    not the lights, since most ready lights pay a card the same few ways."""
    return tuple([_build(seat, card_id, pay) for pay in pays])


@lru_cache(maxsize=1 << 12)
def _build(seat: int, card_id: str, pay: tuple[str, ...]) -> Build:
    """One build, shared by every list that offers it (a new way to pay is mostly one seen before)."""
    return made(Build, seat=seat, card=card_id, pay_any=pay)


def equip_moves(state: PsiState, seat: int) -> list[Action]:
    return equips(state, seat) + [interned(Done, seat=seat, phase="equip")]


def equips(state: PsiState, seat: int) -> list[Action]:
    """Equipment built on an earlier turn onto a Battle Unit without one (§3.3, §6.4, A-20)."""
    _, _, gear, free = attack_scan(state, seat)
    return _equips(state, seat, gear, free) if gear else []


def _equips(state: PsiState, seat: int, gear: list[str], units: list[str]) -> list[Action]:
    """Each of `gear` onto each of `units`."""
    cards = state.__dict__["cards"]  # (read from the dict: see board.waiting_seat)
    return [_equip(seat, e, cards[e].card, u, cards[u].card) for e in gear for u in units]


@lru_cache(maxsize=1 << 12)
def _equip(seat: int, equipment: str, equipment_card: str, unit: str, unit_card: str) -> Equip:
    """One equip move, shared by every list that offers it (its label names both cards)."""
    return made(Equip, seat=seat, equipment=equipment, unit=unit,
                names=f"{_tag(equipment_card, equipment)} to {_tag(unit_card, unit)}")


def attackers(state: PsiState, seat: int) -> list[str]:
    return ready_units(state, seat, attacking=True)


def defenders(state: PsiState, seat: int) -> list[str]:
    return ready_units(state, seat, attacking=False)


def attack_moves(state: PsiState, seat: int) -> list[Action]:
    ready, card_ids, gear, free = attack_scan(state, seat)
    return _equips(state, seat, gear, free) + list(_attacks(seat, tuple(ready), tuple(card_ids)))


def attack_scan(state: PsiState, seat: int) -> tuple[list[str], list[str], list[str], list[str]]:
    """`_attack_scan`, the one the equip or attack step's automatic check took when it is of
    this very position (see board.Kept). Shared: not to be changed."""
    return ATTACK_SCAN(state, seat)


def _attack_scan(state: PsiState, seat: int) -> tuple[list[str], list[str], list[str], list[str]]:
    """What the equip and attack steps list, from one pass over the lab: the ready attackers (as
    `attackers` finds them) with their card ids, the loose Equipment built before this turn and
    the Battle Units free to take one (without Equipment, not used)."""
    fields = state.__dict__  # (read from the dict: see board.waiting_seat)
    kind_of, cards, turn = kinds(), fields["cards"], fields["turn"]
    ready, card_ids, gear, free = [], [], [], []
    for i in fields["players"][seat].lab:
        c = cards[i]
        kind = kind_of[c.card]
        if kind == "battle_unit":
            if not (c.depleted or c.trapped or c.used) and c.created_turn != turn:
                ready.append(i)
                card_ids.append(c.card)
            if not c.equipment and not c.used:
                free.append(i)
        elif kind == "equipment" and not c.carrier and c.created_turn < turn:
            gear.append(i)
    return ready, card_ids, gear, free


ATTACK_SCAN = Kept(_attack_scan)  # the equip and attack steps' one walk of the lab a position


@lru_cache(maxsize=1 << 14)
def _attacks(seat: int, units: tuple[str, ...], card_ids: tuple[str, ...]) -> tuple[Action, ...]:
    """Each formation of these ready units (each alone, then each stack of two: §6.5.2.1, §6.5.3),
    then "done": the same few lists turn after turn (the card ids name the units in the labels).
    Made unit by unit and pair by pair, each attack remembered by its flat (tag, card id) values."""
    ready = list(zip(units, card_ids, strict=True))
    attacks = [_attack(seat, u, u_card) for u, u_card in ready]
    attacks += [_attack(seat, u, u_card, v, v_card) for (u, u_card), (v, v_card) in combinations(ready, 2)]
    attacks.append(interned(Done, seat=seat, phase="attack"))
    return tuple(attacks)


@lru_cache(maxsize=1 << 14)
def _attack(seat: int, u: str, u_card: str, v: str | None = None, v_card: str | None = None) -> Attack:
    """The attack of unit `u` alone, or stacked with `v`: a new mix of ready units is mostly
    formations seen before."""
    if v is None:
        units, names = (u,), _tag(u_card, u)
    else:
        units, names = (u, v), f"{_tag(u_card, u)} + {_tag(v_card, v)}"
    return made(Attack, seat=seat, units=units, names=names)


def defend_moves(state: PsiState, seat: int) -> list[Action]:
    fields = state.__dict__  # (read from the dict: see board.waiting_seat)
    battle = fields["battle"]
    i = battle.to_assign
    incoming = combat.active_units(state, battle.matchups[i].attack)
    odds, cards = Odds(state, incoming), fields["cards"]
    ready = tuple([(u, cards[u].card, odds.numbers(u)) for u in defenders(state, seat)])
    return [interned(Block, seat=seat, matchup=i), *_blocks(seat, i, odds.attack, odds.defense, ready)]


@lru_cache(maxsize=1 << 14)
def _blocks(seat: int, i: int, attack: int, defense: int,
            ready: tuple[tuple[str, str, tuple[int | None, int | None]], ...]) -> tuple[Action, ...]:
    """Each block of formation `i` by these ready units ((tag, card id, Physical numbers) each),
    each alone, then each stack of two (§6.5.3), labelled with its odds against that Physical
    attack and defense. Made unit by unit and pair by pair here, without a call or a remembered
    name per block: a new mix of ready units or a new attack lists a dozen new blocks (the tags
    and the odds vary apart, so whole labels come back seldom; the odds texts do)."""
    blocks = []
    for u, card_id, numbers in ready:  # each unit alone
        mine, guard = _sums([numbers])
        blocks.append(_block_move(seat, i, (u,), _tag(card_id, u) + _odds_label(attack, defense, mine, guard)))
    for (u, u_card, u_numbers), (v, v_card, v_numbers) in combinations(ready, 2):  # then each stack of two
        mine, guard = _sums([u_numbers, v_numbers])
        names = f"{_tag(u_card, u)} + {_tag(v_card, v)}"
        blocks.append(_block_move(seat, i, (u, v), names + _odds_label(attack, defense, mine, guard)))
    return tuple(blocks)


@lru_cache(maxsize=1 << 12)
def _block_move(seat: int, i: int, units: tuple[str, ...], names: str) -> Block:
    """A block, remembered: a block comes back in other lists."""
    return made(Block, seat=seat, matchup=i, units=units, names=names)


@lru_cache(maxsize=1 << 12)  # sums of a few screen values: some hundreds of foursomes
def _odds_label(attack: int, defense: int, mine: int, guard: int) -> str:
    """The odds part of a block's label, from the Physical sums it weighs (see `_face`): one
    look-up a block, where the two chances and their text were three."""
    return _odds_of(combat.win_chance(attack, guard), combat.win_chance(mine, defense))


@finite_cache  # the chances are 36ths of 2d6 (or sure), so there are a few dozen pairs at most
def _odds_of(theirs: float, ours: float) -> str:
    """`_odds_label` by the two chances: many foursomes share a pair, and its text is made once."""
    return f" ({_odds_text(theirs, ours)})"


class Odds:
    """The matrix odds a defender weighs against one incoming formation (notes §4): the
    attackers' Physical win, then the blockers' counter. Each unit's Physical numbers are read
    once, then every blocking formation is plain sums (the same as attack_strength and
    defense_strength without a boost)."""

    def __init__(self, state: PsiState, incoming: list[str]):
        self.state, self.units = state, {}
        self.attack, self.defense = self._sums(incoming)

    def numbers(self, u: str) -> tuple[int | None, int | None]:
        """(Physical attack if it fights, Physical defense), None where it has no such value."""
        found = self.units.get(u)
        if found is None:
            v = combat.unit_screen(self.state, u, "physical")
            found = self.units[u] = (None, None) if v is None else (
                None if self.state.cards[u].disoriented else v[0], v[1])
        return found

    def _sums(self, units) -> tuple[int, int]:
        return _sums([self.numbers(u) for u in units])

    def of(self, blockers) -> tuple[float, float]:
        return _face(self.attack, self.defense, [self.numbers(u) for u in blockers])


def _sums(numbers: list[tuple[int | None, int | None]]) -> tuple[int, int]:
    """(Physical attack, Physical defense) of a formation from its units' numbers."""
    attack = defense = 0
    for a, d in numbers:  # (a plain loop, not two generators: one or two units, every block listed)
        if a is not None:
            attack += a
        if d is not None:
            defense += d
    return attack, defense


def _face(attack: int, defense: int, blockers: list[tuple[int | None, int | None]]) -> tuple[float, float]:
    """(their win, our counter) when blockers with these numbers meet that attack and defense."""
    mine, guard = _sums(blockers)
    return combat.win_chance(attack, guard), combat.win_chance(mine, defense)


def _odds_text(theirs: float, ours: float) -> str:
    return f"they win {theirs:.0%}, counter {ours:.0%}"


def block_odds(state: PsiState, incoming: list[str], blockers: list[str]) -> tuple[float, float]:
    """The odds of one block (see Odds)."""
    return Odds(state, incoming).of(blockers)


def window_moves(state: PsiState, seat: int) -> list[Action]:
    return window_plays(state, seat) + [interned(Pass, seat=seat)]


def window_plays(state: PsiState, seat: int) -> list[Action]:
    """The Battle and Any Powers `seat` can pay for and aim now (A-18)."""
    lights = ready_lights(state, seat)
    plays: list[Action] = []
    for card in _window_powers(state, seat):
        plays += power_plays(state, seat, card, lights)
    return plays


def can_play_in_window(state: PsiState, seat: int) -> bool:
    """Whether `window_plays` has any move, without building them (asked after every move)."""
    fields = state.__dict__  # (read from the dict: see board.waiting_seat; every window step)
    costs, cards = _window_costs(), fields["cards"]
    held = []  # (a plain loop: most hands hold no window Power, and then no set is made)
    for i in fields["players"][seat].hand:
        card_id = cards[i].card
        if card_id in costs:
            held.append(card_id)
    if not held:
        return False
    lights = ready_lights(state, seat)
    for card_id in set(held):  # (any order will do)
        cost, effect = costs[card_id]
        if _payments(cost, lights) and power_targets(state, seat, effect):
            return True
    return False


@lru_cache(maxsize=1)
def _window_costs() -> dict[str, tuple[tuple[int, ...], str]]:
    """Card id -> (cost as a plain tuple, effect) of each window Power: asked after most moves."""
    return {card_id: (cost_key(card.cost), card.power.effect) for card_id, card in window_powers().items()}


def _window_powers(state: PsiState, seat: int) -> list[CardDef]:
    powers = window_powers()
    return [powers[card_id] for card_id in hand_card_ids(state, seat) if card_id in powers]


@lru_cache(maxsize=1)
def window_powers() -> dict[str, CardDef]:
    """Card id -> card, for the Powers that may be played in a battle window (Battle or Any)."""
    return {card.id: card for card in catalog().cards.values()
            if card.kind == "power" and card.power.timing in ("battle", "any")}


def cyborg_moves(state: PsiState, seat: int) -> list[Action]:
    return ability_uses(state, seat) + [interned(Pass, seat=seat)]


def matchup_moves(state: PsiState, seat: int) -> list[Action]:
    """Each engaged matchup (as `engaged`, each side's live units read once), with a choice of
    the first mental screen when both screens would be fought."""
    out: list[Action] = []
    for i, m in enumerate(state.battle.matchups):
        if not m.blocked or m.resolved:
            continue
        a = combat.active_units(state, m.attack)
        d = combat.active_units(state, m.defend) if a else None
        if d:
            has, skip = combat.has_screen, m.skip
            both = ("cyber" not in skip and "psionic" not in skip and has(state, a, "cyber")
                    and has(state, d, "cyber") and has(state, a, "psionic") and has(state, d, "psionic"))
            out += _resolves(seat, i, both)
    return out


@lru_cache(maxsize=1 << 8)  # (seat, matchup, a choice or not): a few dozen
def _resolves(seat: int, i: int, both: bool) -> tuple[Resolve, ...]:
    """The fights of matchup `i`: cyber or psionic first when `both` are fought, else one."""
    return tuple(interned(Resolve, seat=seat, matchup=i, first=f) for f in (FIRST_MENTAL if both else (None,)))


def discard_moves(state: PsiState, seat: int) -> list[Action]:
    return [interned(Discard, seat=seat, card=c) for c in hand_card_ids(state, seat)]


def no_moves(state: PsiState, seat: int) -> list[Action]:
    return []


BY_PHASE: dict[str, Callable[[PsiState, int], list[Action]]] = {
    "cu": cu_moves, "build": build_moves, "equip": equip_moves, "attack": attack_moves,
    "defend": defend_moves, "window": window_moves, "cyborg": cyborg_moves, "matchups": matchup_moves,
    "discard": discard_moves, "over": no_moves,
}


# --- Powers and abilities: who may target what -------------------------------------------

def power_plays(state: PsiState, seat: int, card: CardDef, lights: tuple[int, ...]) -> list[Action]:
    return _plays(seat, card, lights, lambda effect: power_targets(state, seat, effect))


def _plays(seat: int, card: CardDef, lights: tuple[int, ...],
           targets: Callable[[str], list[dict]]) -> list[Action]:
    """Each way to pay for a Power (ready `lights` in LIGHTS order) times each of its targets
    (asked only when it can be paid)."""
    pays = _payments(cost_key(card.cost), lights)
    if not pays:
        return []
    aims = targets(card.power.effect)
    return [interned(PlayPower, seat=seat, card=card.id, pay_any=pay, **t) for pay in pays for t in aims]


def _whole_table(state: PsiState, seat: int, effect: str) -> list[dict]:
    """Powers without a target; the Hunter needs a deck to search."""
    return _outside_targets(effect, bool(state.players[seat].deck))


def _outside_targets(effect: str, deck: bool) -> list[dict]:
    """A Power's targets when no battle is on (the Hunter needs a deck to search)."""
    if effect in NEEDS_BATTLE or (effect == "equipment_hunter" and not deck):
        return []
    return [{}]


def _trap_targets(state: PsiState, seat: int, effect: str) -> list[dict]:
    cards = state.__dict__["cards"]  # (read from the dict: see board.waiting_seat)
    return [{"target": u, "target_name": tag(state, u)} for u in in_battle(state) if cards[u].owner != seat]


def _disrupter_targets(state: PsiState, seat: int, effect: str) -> list[dict]:
    screen = "psionic" if effect == "mental_disrupter" else "cyber"
    return [{"matchup": i} for i, m in enumerate(state.battle.matchups) if engaged(state, m) and screen not in m.skip]


def _surge_targets(state: PsiState, seat: int, effect: str) -> list[dict]:
    side = "attack" if seat == state.active else "defend"
    return [{"matchup": i, "side": side, "target_name": names(state, getattr(m, side))}
            for i, m in enumerate(state.battle.matchups)
            if not m.resolved and combat.active_units(state, getattr(m, side))]


TARGETS: dict[str, Callable[[PsiState, int, str], list[dict]]] = {
    "creation_oracle": _whole_table, "equipment_hunter": _whole_table, "lab_reinforcement": _whole_table,
    "stasis_trap": _trap_targets, "mental_disrupter": _disrupter_targets, "em_disrupter": _disrupter_targets,
    "adrenal_surge": _surge_targets,
}
NEEDS_BATTLE = {"stasis_trap", "mental_disrupter", "em_disrupter", "adrenal_surge"}


def power_targets(state: PsiState, seat: int, effect: str) -> list[dict]:
    if effect in NEEDS_BATTLE and state.battle is None:
        return []
    return TARGETS[effect](state, seat, effect)


def ability_uses(state: PsiState, seat: int) -> list[Action]:
    """Each ready Cyborg's ability with each target it may take (A-15)."""
    out = []
    for u, card, targets in _cyborg_targets(state, seat):
        label = f"{tag(state, u)}: {card.ability.name}"
        if targets is None:
            out.append(interned(UseAbility, seat=seat, unit=u, names=label))
        else:
            out += [interned(UseAbility, seat=seat, unit=u, target=t, names=f"{label} on {tag(state, t)}") for t in targets]
    return out


def can_use_ability(state: PsiState, seat: int) -> bool:
    """Whether `ability_uses` has any move, without building them (asked after every move)."""
    for _, _, targets in _cyborg_targets(state, seat):  # (a plain loop, not a generator: twice a battle)
        if targets is None or targets:
            return True
    return False


def _cyborg_targets(state: PsiState, seat: int) -> list[tuple[str, CardDef, list[str] | None]]:
    """(Cyborg, its card, the units its ability may target or None for an untargeted one) for
    each Cyborg of `seat` ready to act."""
    ready = []
    fields = state.__dict__  # (read from the dict: see board.waiting_seat; twice a battle)
    cyborgs, cards, withdrawn = _cyborgs(), fields["cards"], fields["battle"].withdrawn
    new_turn = fields["turn"] if seat == fields["active"] else None  # built this turn: not ready yet
    for u in fields["players"][seat].lab:
        c = cards[u]
        card = cyborgs.get(c.card)
        if card is None or c.depleted or c.trapped or u in withdrawn or c.created_turn == new_turn:
            continue
        ready.append((u, card))
    if not ready:
        return []
    foes_in_battle = [u for u in in_battle(state) if cards[u].owner != seat]
    out = []
    for u, card in ready:
        ability = card.ability.id
        if ability == "uplink_ping":
            targets = None
        elif ability == "neural_dart":
            targets = [t for t in foes_in_battle if not cards[t].disoriented]
        elif ability == "overload":
            targets = [t for t in foes_in_battle if cdef(state, t).unit_type in ("robot", "cyborg")]
        else:  # long_range_strike reaches any opposing Battle Unit in its lab
            targets = lab_cards(state, state.other(seat), "battle_unit")
        out.append((u, card, targets))
    return out


@lru_cache(maxsize=1)
def _cyborgs() -> dict[str, CardDef]:
    """Card id -> card, for the Cyborgs (the Battle Units with an ability)."""
    return {card.id: card for card in catalog().cards.values()
            if card.kind == "battle_unit" and card.unit_type == "cyborg"}
