"""Intergalactic Psi Wars rules on the shared engine contract.

Section numbers are the book's, with the design notes' renumbering (A-n = notes item n):
Phase 1 Creation Units, Phase 2 Build, Phase 3 Equip, Phase 4 Battle.
"""

from __future__ import annotations

from itertools import combinations

from pydantic import BaseModel, Field

from engine.core import Action, Decision, Event, Game, IllegalAction, Outcome, draw
from engine.core.rng import commitment

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
    Pass,
    PlaceCU,
    PlayPower,
    PsiAction,
    Resolve,
    UseAbility,
)
from .cards import LIGHT_NAMES, LIGHTS, CardDef, Cost, catalog
from .state import Battle, Card, Matchup, Player, PsiState, Window
from .view import board_text, build_view

HAND_LIMIT = 10
TRAP_ESCAPE = 8
FIRST_MENTAL = ("cyber", "psionic")


class PsiConfig(BaseModel):
    lab_hp: int = Field(default=30, ge=20, le=40)  # §6.5.1, A-6
    decks: list[str] = Field(default_factory=lambda: ["bio_psi", "techno"])
    max_rounds: int = Field(default=40, ge=1, le=200)


# --- small helpers over the state -------------------------------------------------------

def cdef(state: PsiState, iid: str) -> CardDef:
    return catalog().cards[state.cards[iid].card]


def tag(state: PsiState, iid: str) -> str:
    return f"{cdef(state, iid).name} [{iid}]"


def names(state: PsiState, iids) -> str:
    return " + ".join(tag(state, i) for i in iids)


def lab_cards(state: PsiState, seat: int, kind: str) -> list[str]:
    return [i for i in state.players[seat].lab if cdef(state, i).kind == kind]


def ready_cus(state: PsiState, seat: int) -> dict[str, int]:
    counts = dict.fromkeys(LIGHTS, 0)
    for i in lab_cards(state, seat, "cu"):
        if not state.cards[i].depleted:
            counts[cdef(state, i).cu_kind] += 1
    return counts


def any_payments(cost: Cost, ready: dict[str, int]) -> list[tuple[str, ...]]:
    """Every distinct way to pay the white lights after the coloured ones (§5.5)."""
    left = {k: ready[k] - getattr(cost, k) for k in LIGHTS}
    if any(v < 0 for v in left.values()):
        return []
    pool = [k for k in LIGHTS for _ in range(left[k])]
    return sorted(set(combinations(pool, cost.any))) if cost.any <= len(pool) else []


def hand_card_ids(state: PsiState, seat: int) -> list[str]:
    """Distinct card ids in hand, in first-seen order (copies give one option)."""
    return list(dict.fromkeys(state.cards[i].card for i in state.players[seat].hand))


def first_in_hand(state: PsiState, seat: int, card_id: str) -> str:
    return next(i for i in state.players[seat].hand if state.cards[i].card == card_id)


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


class PsiWars(Game):
    id = "psiwars"
    title = "Intergalactic Psi Wars"
    min_players = 2
    max_players = 2
    state_model = PsiState
    action_model = PsiAction

    def config_model(self):
        return PsiConfig

    # --- standing answers (/autopilot) -------------------------------------------------
    def standing_answers(self) -> dict[str, dict[str, str]]:
        return {"window": {"pass": "Always pass Power windows"},
                "defend": {}, "oracle": {}, "hunter": {}}

    def standing_action(self, state: PsiState, seat: int, kind: str, answer: str) -> Action | None:
        if kind == "window" and answer == "pass":
            return next((a for a in self.legal_actions(state, seat) if isinstance(a, Pass)), None)
        return None

    def timeout_action(self, state: PsiState, seat: int) -> Action | None:
        """A Power window left to run out is passed: nothing is spent. (A defence goes to the AI,
        which blocks at no cost when blocking is the better odds.)"""
        if any(d.seat == seat and d.kind == "window" for d in state.pending):
            return self.standing_action(state, seat, "window", "pass")
        return None

    # --- setup (§6.1) ----------------------------------------------------------------
    def setup(self, config: dict, seats: list[str], seed: str) -> PsiState:
        if len(seats) != 2:
            raise IllegalAction("Psi Wars is a game for exactly two players.", "A-25")
        cfg = PsiConfig.model_validate(config or {})
        state = PsiState(
            seats=list(seats), rng={"seed": seed}, seed_commitment=commitment(seed),
            lab_hp_start=cfg.lab_hp, max_rounds=cfg.max_rounds, players=[], cards={},
        )
        for seat, name in enumerate(seats):
            deck_key = cfg.decks[seat % len(cfg.decks)]
            player = Player(name=name, deck_key=deck_key, lab_hp=cfg.lab_hp)
            for n, card_id in enumerate(catalog().deck_list(deck_key), start=1):
                iid = f"{'AB'[seat]}{n:02d}"
                state.cards[iid] = Card(iid=iid, card=card_id, owner=seat)
                player.deck.append(iid)
            state.rng.shuffle(player.deck)
            for _ in range(8):
                draw(player.deck, player.discard, player.hand, state.rng)
            state.players.append(player)
        events = [Event(text=f"Psi Wars begins: {seats[0]} ({catalog().decks[state.players[0].deck_key].name}) "
                             f"vs {seats[1]} ({catalog().decks[state.players[1].deck_key].name}), labs at "
                             f"{cfg.lab_hp} HP. Each player draws 8 cards.")]
        events += self._roll_first(state)
        state.recent = events
        self._start_turn(state, events, first=True)
        self._settle(state, events)
        state.recent = events[-state.RECENT_KEEP:]
        return state

    def _roll_first(self, state: PsiState) -> list[Event]:
        """Both roll 2d6, ties re-roll (A-7)."""
        events = []
        while True:
            a, b = state.rng.dice(2), state.rng.dice(2)
            events.append(Event(kind="roll", text=f"First player roll: {state.seats[0]} {a[0]}+{a[1]}={sum(a)}, "
                                                  f"{state.seats[1]} {b[0]}+{b[1]}={sum(b)}.",
                                data={"dice": [a, b]}))
            if sum(a) != sum(b):
                state.first = state.active = 0 if sum(a) > sum(b) else 1
                events.append(Event(text=f"{state.seats[state.active]} goes first."))
                return events

    # --- turn structure (§6.2, A-4, A-8) ------------------------------------------------
    def _start_turn(self, state: PsiState, events: list[Event], first: bool = False) -> None:
        seat = state.active
        p = state.players[seat]
        for iid in p.lab:
            c = state.cards[iid]
            c.depleted = c.disoriented = c.used = False
        p.placed_cu = False
        state.phase = "cu"
        events.append(Event(text=f"Turn {state.turn} (round {state.round}): {p.name}. "
                                 "Creation Units, Battle Units and Equipment replenish."))
        if first:
            events.append(Event(text=f"{p.name} goes first and does not draw this turn (A-4)."))
            return
        card, reshuffled = draw(p.deck, p.discard, p.hand, state.rng)
        if reshuffled:
            events.append(Event(kind="shuffle", text=f"{p.name}'s deck was empty: the discard pile is shuffled "
                                                     "into a new deck."))
        if card:
            events.append(Event(text=f"{p.name} draws a card."))
            events.append(Event(text=f"You draw {cdef(state, card).name}.", visible_to=[seat]))
        else:
            events.append(Event(text=f"{p.name} has no card to draw."))

    def _end_turn(self, state: PsiState, events: list[Event]) -> None:
        for c in state.cards.values():  # used cards stay depleted until their controller's turn
            if c.used:
                c.used = False
                c.depleted = True
        if state.turn >= 2 * state.max_rounds:
            self._finish_by_stall(state, events)
            return
        state.turn += 1
        state.active = state.other(state.active)
        self._start_turn(state, events)

    def _finish_by_stall(self, state: PsiState, events: list[Event]) -> None:
        hp = [p.lab_hp for p in state.players]
        if hp[0] == hp[1]:
            state.finished = Outcome(draw=True, reason=f"After {state.max_rounds} rounds both labs have {hp[0]} HP: a draw (A-26).")
        else:
            win = 0 if hp[0] > hp[1] else 1
            state.finished = Outcome(winners=[win], reason=f"After {state.max_rounds} rounds {state.seats[win]} has "
                                                          f"the stronger lab ({hp[win]} HP to {hp[1 - win]}) and wins (A-26).")
        state.phase = "over"
        events.append(Event(kind="end", text=state.finished.reason))

    def _damage_lab(self, state: PsiState, seat: int, amount: int, events: list[Event], why: str) -> None:
        p = state.players[seat]
        p.lab_hp = max(0, p.lab_hp - amount)
        events.append(Event(kind="damage", text=f"{why}: {p.name}'s lab takes {amount} damage ({p.lab_hp} HP left)."))
        if p.lab_hp == 0 and not state.finished:
            win = state.other(seat)
            state.finished = Outcome(winners=[win], reason=f"{state.seats[win]} wins: {p.name}'s lab is destroyed (§2.0).")
            state.phase = "over"
            events.append(Event(kind="end", text=state.finished.reason))

    # --- the contract ------------------------------------------------------------------
    def view(self, state: PsiState, seat: int | None) -> dict:
        return build_view(state, seat)

    def board_text(self, view: dict) -> str:
        return board_text(view)

    def legal_actions(self, state: PsiState, seat: int) -> list[Action]:
        if state.finished or seat not in self.to_act(state):
            return []
        if state.peek:
            return [OracleTake(seat=seat, card=None)] + [
                OracleTake(seat=seat, card=i, name=tag(state, i)) for i in state.peek if cdef(state, i).kind == "cu"]
        if state.hunting:
            found = [c for c in dict.fromkeys(state.cards[i].card for i in state.players[seat].deck)
                     if catalog().cards[c].kind == "equipment"]
            return [HunterTake(seat=seat, card=c) for c in found] or [HunterTake(seat=seat, card=None)]
        return getattr(self, f"_legal_{state.phase}")(state, seat)

    def _legal_cu(self, state: PsiState, seat: int) -> list[Action]:
        kinds = {cdef(state, i).cu_kind for i in state.players[seat].hand if cdef(state, i).kind == "cu"}
        places = [] if state.players[seat].placed_cu else [PlaceCU(seat=seat, kind=k) for k in LIGHTS if k in kinds]
        return places + [Done(seat=seat, phase="cu")]

    def _legal_build(self, state: PsiState, seat: int) -> list[Action]:
        ready = ready_cus(state, seat)
        out: list[Action] = []
        for card_id in hand_card_ids(state, seat):
            card = catalog().cards[card_id]
            if card.kind in ("battle_unit", "equipment"):
                out += [Build(seat=seat, card=card_id, pay_any=pay) for pay in any_payments(card.cost, ready)]
            elif card.kind == "power" and card.power.timing in ("build", "any"):
                out += self._power_plays(state, seat, card, ready)
        return out + [Done(seat=seat, phase="build")]

    def _legal_equip(self, state: PsiState, seat: int) -> list[Action]:
        return self._equips(state, seat) + [Done(seat=seat, phase="equip")]

    def _equips(self, state: PsiState, seat: int) -> list[Action]:
        """Equipment built on an earlier turn onto a Battle Unit without one (§3.3, §6.4, A-20)."""
        gear = [i for i in lab_cards(state, seat, "equipment")
                if not state.cards[i].carrier and state.cards[i].created_turn < state.turn]
        units = [u for u in lab_cards(state, seat, "battle_unit")
                 if not state.cards[u].equipment and not state.cards[u].used]
        return [Equip(seat=seat, equipment=e, unit=u, names=f"{tag(state, e)} to {tag(state, u)}")
                for e in gear for u in units]

    def _legal_attack(self, state: PsiState, seat: int) -> list[Action]:
        ready = [u for u in lab_cards(state, seat, "battle_unit") if can_attack(state, u)]
        forms = [(u,) for u in ready] + list(combinations(ready, 2))
        attacks = [Attack(seat=seat, units=f, names=names(state, f)) for f in forms]
        return self._equips(state, seat) + attacks + [Done(seat=seat, phase="attack")]

    def _legal_defend(self, state: PsiState, seat: int) -> list[Action]:
        i = state.battle.to_assign
        ready = [u for u in lab_cards(state, seat, "battle_unit") if can_defend(state, u)]
        forms = [(u,) for u in ready] + list(combinations(ready, 2))
        attackers = combat.active_units(state, state.battle.matchups[i].attack)
        return [Block(seat=seat, matchup=i)] + [
            Block(seat=seat, matchup=i, units=f, names=f"{names(state, f)} ({self._odds(state, attackers, list(f))})")
            for f in forms]

    def _odds(self, state: PsiState, attackers: list[str], defenders: list[str]) -> str:
        """The matrix odds a defender weighs (notes §4): their Physical win, then our counter's."""
        theirs = combat.win_chance(combat.attack_strength(state, attackers, "physical"),
                                   combat.defense_strength(state, defenders, "physical"))
        ours = combat.win_chance(combat.attack_strength(state, defenders, "physical"),
                                 combat.defense_strength(state, attackers, "physical"))
        return f"they win {theirs:.0%}, counter {ours:.0%}"

    def _legal_window(self, state: PsiState, seat: int) -> list[Action]:
        ready = ready_cus(state, seat)
        plays: list[Action] = []
        for card_id in hand_card_ids(state, seat):
            card = catalog().cards[card_id]
            if card.kind == "power" and card.power.timing in ("battle", "any"):
                plays += self._power_plays(state, seat, card, ready)
        return plays + [Pass(seat=seat)]

    def _legal_cyborg(self, state: PsiState, seat: int) -> list[Action]:
        return self._ability_uses(state, seat) + [Pass(seat=seat)]

    def _legal_matchups(self, state: PsiState, seat: int) -> list[Action]:
        out = []
        for i, m in enumerate(state.battle.matchups):
            if engaged(state, m):
                a, d = combat.active_units(state, m.attack), combat.active_units(state, m.defend)
                mental = [s for s in FIRST_MENTAL if s not in m.skip and combat.has_screen(state, a, s)
                          and combat.has_screen(state, d, s)]
                firsts = mental if len(mental) == 2 else [None]
                out += [Resolve(seat=seat, matchup=i, first=f) for f in firsts]
        return out

    def _legal_discard(self, state: PsiState, seat: int) -> list[Action]:
        return [Discard(seat=seat, card=c) for c in hand_card_ids(state, seat)]

    # --- Powers and abilities: who may target what -------------------------------------
    def _power_plays(self, state: PsiState, seat: int, card: CardDef, ready: dict[str, int]) -> list[Action]:
        pays = any_payments(card.cost, ready)
        if not pays:
            return []
        targets = self._power_targets(state, seat, card.power.effect)
        return [PlayPower(seat=seat, card=card.id, pay_any=pay, **t) for pay in pays for t in targets]

    def _power_targets(self, state: PsiState, seat: int, effect: str) -> list[dict]:
        if effect in ("creation_oracle", "equipment_hunter", "lab_reinforcement"):
            if effect == "equipment_hunter" and not state.players[seat].deck:
                return []
            return [{}]
        b = state.battle
        if b is None:
            return []
        if effect == "stasis_trap":
            return [{"target": u, "target_name": tag(state, u)} for u in in_battle(state)
                    if state.cards[u].owner != seat]
        if effect in ("mental_disrupter", "em_disrupter"):
            screen = "psionic" if effect == "mental_disrupter" else "cyber"
            return [{"matchup": i} for i, m in enumerate(b.matchups) if engaged(state, m) and screen not in m.skip]
        if effect == "adrenal_surge":
            side = "attack" if seat == state.active else "defend"
            return [{"matchup": i, "side": side, "target_name": names(state, getattr(m, side))}
                    for i, m in enumerate(b.matchups)
                    if not m.resolved and combat.active_units(state, getattr(m, side))]
        return []

    def _ability_uses(self, state: PsiState, seat: int) -> list[Action]:
        out = []
        foes_in_battle = [u for u in in_battle(state) if state.cards[u].owner != seat]
        for u in lab_cards(state, seat, "battle_unit"):
            card, c = cdef(state, u), state.cards[u]
            if card.unit_type != "cyborg" or c.depleted or c.trapped or u in state.battle.withdrawn:
                continue
            if seat == state.active and c.created_turn == state.turn:
                continue
            ability = card.ability
            label = f"{tag(state, u)}: {ability.name}"
            if ability.id == "uplink_ping":
                out.append(UseAbility(seat=seat, unit=u, names=label))
                continue
            if ability.id == "neural_dart":
                targets = [t for t in foes_in_battle if not state.cards[t].disoriented]
            elif ability.id == "overload":
                targets = [t for t in foes_in_battle if cdef(state, t).unit_type in ("robot", "cyborg")]
            else:  # long_range_strike reaches any opposing Battle Unit in its lab
                targets = lab_cards(state, state.other(seat), "battle_unit")
            out += [UseAbility(seat=seat, unit=u, target=t, names=f"{label} on {tag(state, t)}") for t in targets]
        return out

    # --- applying moves ------------------------------------------------------------------
    def step(self, state: PsiState, action: Action) -> list[Event]:
        events: list[Event] = []
        getattr(self, f"_do_{action.type}")(state, action, events)
        self._settle(state, events)
        return events

    def _pay(self, state: PsiState, seat: int, cost: Cost, pay_any: tuple[str, ...]) -> None:
        """Deplete the Creation Units that pay a cost (§5.0-5.6)."""
        need = {k: getattr(cost, k) for k in LIGHTS}
        for k in pay_any:
            need[k] += 1
        for i in lab_cards(state, seat, "cu"):
            c = state.cards[i]
            k = cdef(state, i).cu_kind
            if not c.depleted and need[k] > 0:
                c.depleted = True
                need[k] -= 1

    def _do_place_cu(self, state: PsiState, a: PlaceCU, events: list[Event]) -> None:
        p = state.players[a.seat]
        iid = next(i for i in p.hand if cdef(state, i).cu_kind == a.kind)
        p.hand.remove(iid)
        p.lab.append(iid)
        state.cards[iid].created_turn = state.turn
        p.placed_cu = True
        events.append(Event(text=f"{p.name} places a {LIGHT_NAMES[a.kind]} Creation Unit [{iid}] in their lab."))
        state.phase = "build"

    def _do_done(self, state: PsiState, a: Done, events: list[Event]) -> None:
        if a.phase == "cu":
            state.phase = "build"
        elif a.phase == "build":
            self._trap_escapes(state, events)
            state.phase = "equip"
        elif a.phase == "equip":
            state.phase = "attack"
        elif a.phase == "attack":
            self._close_declaration(state, events)
            return

    def _trap_escapes(self, state: PsiState, events: list[Event]) -> None:
        """End of Build Phase: each Trapped unit rolls 2d6 and escapes on 8+ (A-19)."""
        for u in lab_cards(state, state.active, "battle_unit"):
            if state.cards[u].trapped:
                dice = state.rng.dice(2)
                free = sum(dice) >= TRAP_ESCAPE
                state.cards[u].trapped = not free
                events.append(Event(kind="roll", data={"dice": dice}, text=(
                    f"{tag(state, u)} tries to escape its trap: rolled {dice[0]}+{dice[1]}={sum(dice)}, needs "
                    f"{TRAP_ESCAPE} - {'free!' if free else 'still trapped.'}")))

    def _cast(self, state: PsiState, a: Build | PlayPower, zone: str) -> tuple[Player, str, CardDef]:
        """Pay for a hand card and move it to `zone` ("lab", or "discard" for a resolving Power)."""
        p = state.players[a.seat]
        iid = first_in_hand(state, a.seat, a.card)
        card = catalog().cards[a.card]
        self._pay(state, a.seat, card.cost, a.pay_any)
        p.hand.remove(iid)
        getattr(p, zone).append(iid)
        return p, iid, card

    def _do_build(self, state: PsiState, a: Build, events: list[Event]) -> None:
        p, iid, _ = self._cast(state, a, "lab")
        c = state.cards[iid]
        c.created_turn, c.depleted = state.turn, True  # new cards enter depleted
        events.append(Event(text=f"{p.name} builds {tag(state, iid)}."))

    def _do_play_power(self, state: PsiState, a: PlayPower, events: list[Event]) -> None:
        p, _, card = self._cast(state, a, "discard")  # a Power is discarded once it resolves
        what = ""
        if a.target:
            what = f" on {tag(state, a.target)}"
        elif a.matchup is not None:
            what = f" on matchup {a.matchup + 1}"
        events.append(Event(text=f"{p.name} plays {card.name}{what}."))
        getattr(self, f"_power_{card.power.effect}")(state, a, card, events)
        if state.window:
            state.window.passes = 0  # a play re-opens the window for the other player too

    def _power_creation_oracle(self, state, a, card, events):
        p = state.players[a.seat]
        state.peek = p.deck[: card.power.params.get("look", 4)]
        del p.deck[: len(state.peek)]
        shown = ", ".join(tag(state, i) for i in state.peek) or "nothing"
        events.append(Event(text=f"Creation Oracle shows you: {shown}.", visible_to=[a.seat]))

    def _power_equipment_hunter(self, state, a, card, events):
        state.hunting = True

    def _power_stasis_trap(self, state, a, card, events):
        state.cards[a.target].trapped = True
        events.append(Event(text=f"{tag(state, a.target)} is Trapped: it leaves its formation (A-19)."))

    def _power_mental_disrupter(self, state, a, card, events):
        state.battle.matchups[a.matchup].skip.append("psionic")

    def _power_em_disrupter(self, state, a, card, events):
        m = state.battle.matchups[a.matchup]
        m.skip.append("cyber")
        for u in combat.active_units(state, m.attack) + combat.active_units(state, m.defend):
            if cdef(state, u).unit_type == "robot":
                state.cards[u].disoriented = True
                events.append(Event(text=f"{tag(state, u)} is Disoriented by the pulse."))

    def _power_adrenal_surge(self, state, a, card, events):
        key = f"{a.side}:{a.matchup}"
        state.battle.attack_boost[key] = state.battle.attack_boost.get(key, 0) + card.power.params.get("amount", 2)

    def _power_lab_reinforcement(self, state, a, card, events):
        p = state.players[a.seat]
        before = p.lab_hp
        p.lab_hp = min(state.lab_hp_start, p.lab_hp + card.power.params.get("amount", 4))
        events.append(Event(text=f"{p.name}'s lab is restored from {before} to {p.lab_hp} HP."))

    def _do_oracle_take(self, state: PsiState, a: OracleTake, events: list[Event]) -> None:
        p = state.players[a.seat]
        rest = [i for i in state.peek if i != a.card]
        if a.card:
            p.lab.append(a.card)
            state.cards[a.card].created_turn = state.turn  # enters replenished, usable now
            events.append(Event(text=f"{p.name} puts {tag(state, a.card)} from the Oracle into their lab."))
        else:
            events.append(Event(text=f"{p.name} takes no Creation Unit from the Oracle."))
        p.deck.extend(rest)
        state.peek = []
        if rest:
            events.append(Event(text=f"{len(rest)} card(s) go to the bottom of {p.name}'s deck."))

    def _do_hunter_take(self, state: PsiState, a: HunterTake, events: list[Event]) -> None:
        p = state.players[a.seat]
        if a.card:
            iid = next(i for i in p.deck if state.cards[i].card == a.card)
            p.deck.remove(iid)
            p.hand.append(iid)
            events.append(Event(text=f"{p.name} finds and reveals {catalog().cards[a.card].name}, taking it into hand."))
        else:
            events.append(Event(text=f"{p.name} finds no Equipment in their deck."))
        state.rng.shuffle(p.deck)
        events.append(Event(kind="shuffle", text=f"{p.name} shuffles their deck."))
        state.hunting = False

    def _do_equip(self, state: PsiState, a: Equip, events: list[Event]) -> None:
        state.cards[a.unit].equipment = a.equipment
        state.cards[a.equipment].carrier = a.unit
        events.append(Event(text=f"{state.seats[a.seat]} equips {tag(state, a.equipment)} to {tag(state, a.unit)}."))

    def _do_attack(self, state: PsiState, a: Attack, events: list[Event]) -> None:
        if state.battle is None:
            state.battle = Battle()
        state.battle.matchups.append(Matchup(attack=list(a.units)))
        for u in a.units:
            state.cards[u].used = True
        events.append(Event(text=f"{state.seats[a.seat]} sends formation {len(state.battle.matchups)} into battle: "
                                 f"{names(state, a.units)}."))

    def _close_declaration(self, state: PsiState, events: list[Event]) -> None:
        if not state.battle or not state.battle.matchups:
            events.append(Event(text=f"{state.seats[state.active]} does not attack this turn."))
            state.battle = None
            self._to_discard_or_end(state, events)
            return
        state.battle.declared = True
        self._open_window(state, "after_attack")

    def _do_block(self, state: PsiState, a: Block, events: list[Event]) -> None:
        m = state.battle.matchups[a.matchup]
        who = state.seats[a.seat]
        if a.units:
            m.defend, m.blocked = list(a.units), True
            for u in a.units:
                state.cards[u].used = True
            events.append(Event(text=f"{who} blocks formation {a.matchup + 1} with {names(state, a.units)}."))
        else:
            events.append(Event(text=f"{who} lets formation {a.matchup + 1} through to the lab."))
        state.battle.to_assign += 1
        if state.battle.to_assign >= len(state.battle.matchups):
            self._open_window(state, "after_defend")

    def _do_use_ability(self, state: PsiState, a: UseAbility, events: list[Event]) -> None:
        card = cdef(state, a.unit)
        state.cards[a.unit].used = True
        state.battle.withdrawn.append(a.unit)  # a Cyborg that acts leaves its formation
        events.append(Event(text=f"{tag(state, a.unit)} uses {card.ability.name}"
                                 + (f" on {tag(state, a.target)}." if a.target else ".")))
        foe = state.other(a.seat)
        effect = card.ability.id
        if effect == "uplink_ping":
            self._damage_lab(state, foe, card.ability.params.get("damage", 1), events, "Uplink Ping")
        elif effect == "neural_dart":
            state.cards[a.target].disoriented = True
            events.append(Event(text=f"{tag(state, a.target)} is Disoriented."))
        elif effect == "overload":
            amount = card.ability.params.get("amount", 2)
            state.battle.defense_malus[a.target] = state.battle.defense_malus.get(a.target, 0) + amount
        elif effect == "long_range_strike":
            defense = combat.unit_screen(state, a.target, "physical")[1]
            if self._roll(state, card.ability.params.get("attack", 3), defense, "Long-Range Strike", events):
                self._destroy(state, [a.target], events)

    def _do_resolve(self, state: PsiState, a: Resolve, events: list[Event]) -> None:
        state.battle.current = a.matchup
        state.battle.first_mental = a.first
        self._open_window(state, "before_roll")

    def _do_pass(self, state: PsiState, a: Pass, events: list[Event]) -> None:
        if state.phase == "cyborg":
            self._next_cyborg_seat(state)
        else:
            self._pass_window(state, events)

    def _do_discard(self, state: PsiState, a: Discard, events: list[Event]) -> None:
        p = state.players[a.seat]
        iid = first_in_hand(state, a.seat, a.card)
        p.hand.remove(iid)
        p.discard.append(iid)
        events.append(Event(text=f"{p.name} discards {cdef(state, iid).name} for the hand limit (A-5)."))
        if len(p.hand) <= HAND_LIMIT:
            self._end_turn(state, events)

    # --- battle flow ---------------------------------------------------------------------
    def _open_window(self, state: PsiState, name: str) -> None:
        state.window = Window(name=name, seat=state.active)
        state.phase = "window"

    def _pass_window(self, state: PsiState, events: list[Event]) -> None:
        """Both players passing in succession closes a window; a play re-opens it (RULINGS)."""
        w = state.window
        w.passes += 1
        if w.passes < 2:
            w.seat = state.other(w.seat)
            return
        state.window = None
        if w.name == "after_attack":
            state.phase = "defend"
        elif w.name == "after_defend":
            state.phase = "cyborg"
            state.battle.cyborg_seat = state.active
        elif w.name == "before_roll":
            state.phase = "matchups"
            self._fight_current(state, events)

    def _next_cyborg_seat(self, state: PsiState) -> None:
        b = state.battle
        if b.cyborg_seat == state.active:
            b.cyborg_seat = state.other(state.active)
        else:
            b.cyborg_seat = None
            state.phase = "matchups"

    def _roll(self, state: PsiState, attack: int, defense: int, what: str, events: list[Event]) -> bool:
        """One matrix check (§6.5.4.3): need = 8 + D - A; W/L cells need no roll."""
        cell = combat.matrix_cell(attack, defense)
        head = f"{what}: attack {attack} vs defense {defense}"
        if cell in ("W", "L"):
            won = cell == "W"
            events.append(Event(kind="check", text=f"{head} - automatic {'win' if won else 'loss'}."))
            return won
        dice = state.rng.dice(2)
        won = sum(dice) >= int(cell)
        events.append(Event(kind="roll", data={"dice": dice, "need": int(cell)}, text=(
            f"{head}, needs {cell}: rolled {dice[0]}+{dice[1]}={sum(dice)} - {'wins' if won else 'fails'}.")))
        return won

    def _boost(self, state: PsiState, side: str, index: int) -> int:
        return state.battle.attack_boost.get(f"{side}:{index}", 0)

    def _fight_current(self, state: PsiState, events: list[Event]) -> None:
        b = state.battle
        i = b.current
        m = b.matchups[i]
        b.current = None
        m.resolved = True
        att, dfn = combat.active_units(state, m.attack), combat.active_units(state, m.defend)
        if not att or not dfn:  # emptied by a Trap after it was chosen: unblocked or nothing
            return
        events.append(Event(text=f"Matchup {i + 1}: {names(state, att)} against {names(state, dfn)}."))
        first = b.first_mental or "cyber"
        for screen in (first, "psionic" if first == "cyber" else "cyber"):
            if self._mental_phase(state, m, i, screen, events):
                break
        self._physical_phase(state, m, i, events)

    def _mental_phase(self, state: PsiState, m: Matchup, i: int, screen: str, events: list[Event]) -> bool:
        """Cyber or Psionic (§6.5.4.4-5). True when either side won, which skips to Physical (A-11)."""
        att, dfn = combat.active_units(state, m.attack), combat.active_units(state, m.defend)
        if screen in m.skip or not (combat.has_screen(state, att, screen) and combat.has_screen(state, dfn, screen)):
            return False
        name = screen.capitalize()
        a = combat.attack_strength(state, att, screen)
        if self._roll(state, a, combat.defense_strength(state, dfn, screen), name, events):
            self._disorient(state, dfn, screen, events)
            return True
        a = combat.attack_strength(state, dfn, screen)
        if self._roll(state, a, combat.defense_strength(state, att, screen), f"{name} counter-attack", events):
            self._disorient(state, att, screen, events)
            return True
        return False

    def _physical_phase(self, state: PsiState, m: Matchup, i: int, events: list[Event]) -> None:
        """Physical (§6.5.4.6): the loser's whole formation, Equipment included, is destroyed."""
        att, dfn = combat.active_units(state, m.attack), combat.active_units(state, m.defend)
        a = combat.attack_strength(state, att, "physical", self._boost(state, "attack", i))
        if self._roll(state, a, combat.defense_strength(state, dfn, "physical"), "Physical", events):
            self._destroy(state, dfn, events)
            return
        c = combat.attack_strength(state, dfn, "physical", self._boost(state, "defend", i))
        if self._roll(state, c, combat.defense_strength(state, att, "physical"), "Physical counter-attack", events):
            self._destroy(state, att, events)
        else:
            events.append(Event(text=f"Matchup {i + 1}: both formations survive."))

    def _disorient(self, state: PsiState, units: list[str], screen: str, events: list[Event]) -> None:
        hit = [u for u in units if combat.unit_screen(state, u, screen) is not None]
        for u in hit:
            state.cards[u].disoriented = True
        events.append(Event(text=f"Disoriented: {names(state, hit)} (no more attacks this battle)."))

    def _destroy(self, state: PsiState, units: list[str], events: list[Event]) -> None:
        for u in units:
            c = state.cards[u]
            p = state.players[c.owner]
            lost = [u] + ([c.equipment] if c.equipment else [])
            for iid in lost:
                p.lab.remove(iid)
                p.discard.append(iid)
                state.cards[iid] = Card(iid=iid, card=state.cards[iid].card, owner=c.owner)
            events.append(Event(kind="destroy", text=f"Destroyed: {', '.join(cdef(state, x).name + f' [{x}]' for x in lost)}."))

    def _finish_battle(self, state: PsiState, events: list[Event]) -> None:
        """Unblocked formations hit the lab in one step, after every matchup (A-23)."""
        b = state.battle
        foe = state.other(state.active)
        for i, m in enumerate(b.matchups):
            att = combat.active_units(state, m.attack)
            if att and not combat.active_units(state, m.defend) and not state.finished:
                dmg = combat.attack_strength(state, att, "physical", self._boost(state, "attack", i))
                self._damage_lab(state, foe, dmg, events, f"Formation {i + 1} ({names(state, att)}) is unblocked")
        for c in state.cards.values():
            c.disoriented = False
        state.battle = None
        if not state.finished:
            self._to_discard_or_end(state, events)

    def _to_discard_or_end(self, state: PsiState, events: list[Event]) -> None:
        if len(state.players[state.active].hand) > HAND_LIMIT:
            state.phase = "discard"
        else:
            self._end_turn(state, events)

    # --- automatic steps and who must act --------------------------------------------------
    def _settle(self, state: PsiState, events: list[Event]) -> None:
        """Advance through steps that need nobody's choice, then publish the pending decision."""
        for _ in range(1000):
            if state.finished or not self._auto_step(state, events):
                break
        state.pending = [] if state.finished else [self._decision(state)]

    def _auto_step(self, state: PsiState, events: list[Event]) -> bool:
        """Take one step no player needs to decide. False when a player must choose."""
        if state.peek or state.hunting:
            return False
        seat = self._seat_to_act(state)
        phase = state.phase
        if phase == "window" and self._legal_window(state, seat) == [Pass(seat=seat)]:
            self._pass_window(state, events)  # nothing playable: pass for them (RULINGS: auto-pass)
            return True
        if phase == "cyborg" and not self._ability_uses(state, seat):
            self._next_cyborg_seat(state)
            return True
        if phase == "equip" and not self._equips(state, seat):
            state.phase = "attack"
            return True
        if phase == "attack" and self._legal_attack(state, seat) == [Done(seat=seat, phase="attack")]:
            self._close_declaration(state, events)
            return True
        if phase == "build" and not any(ready_cus(state, seat).values()):
            self._do_done(state, Done(seat=seat, phase="build"), events)
            return True
        if phase == "defend":
            b = state.battle
            if len(self._legal_defend(state, seat)) == 1:  # no ready unit left: every formation gets through
                self._do_block(state, Block(seat=seat, matchup=b.to_assign), events)
                return True
        if phase == "matchups":
            legal = self._legal_matchups(state, seat)
            if not legal:
                self._finish_battle(state, events)
                return True
            if len(legal) == 1:
                self._do_resolve(state, legal[0], events)
                return True
        return False

    def _seat_to_act(self, state: PsiState) -> int:
        if state.phase == "window":
            return state.window.seat
        if state.phase == "defend":
            return state.other(state.active)
        if state.phase == "cyborg":
            return state.battle.cyborg_seat
        return state.active

    def _decision(self, state: PsiState) -> Decision:
        seat = self._seat_to_act(state)
        name = state.seats[seat]
        if state.peek:
            return Decision(seat=seat, kind="oracle", private=True, prompt=f"{name}: choose a Creation Unit from the Oracle")
        if state.hunting:
            return Decision(seat=seat, kind="hunter", private=True, prompt=f"{name}: take an Equipment from your deck")
        prompts = {
            "cu": "place a Creation Unit (Phase 1)", "build": "build (Phase 2)", "equip": "equip (Phase 3)",
            "attack": "declare attackers (Phase 4)", "cyborg": "use Cyborg abilities",
            "matchups": "choose the next matchup to fight", "discard": f"discard down to {HAND_LIMIT} cards",
        }
        if state.phase == "defend":
            i = state.battle.to_assign
            att = names(state, combat.active_units(state, state.battle.matchups[i].attack))
            return Decision(seat=seat, kind="defend", prompt=f"{name}: choose your defense against formation {i + 1} ({att})")
        if state.phase == "window":
            when = {"after_attack": "after attackers are declared", "after_defend": "after defenders are declared",
                    "before_roll": "before the matchup is fought"}[state.window.name]
            return Decision(seat=seat, kind="window", prompt=f"{name}: play Powers {when}, or pass")
        return Decision(seat=seat, kind=state.phase, prompt=f"{name}: {prompts[state.phase]}")

    # --- refusals that explain ------------------------------------------------------------
    def explain_illegal(self, state: PsiState, action: Action) -> IllegalAction:
        from .explain import explain

        return explain(self, state, action)

    def ai_action(self, state: PsiState, seat: int) -> Action:
        from .ai import choose

        return choose(self, state, seat)
