"""Intergalactic Psi Wars rules on the shared engine contract.

Section numbers are the book's, with the design notes' renumbering (A-n = notes item n):
Phase 1 Creation Units, Phase 2 Build, Phase 3 Equip, Phase 4 Battle.

The phase, the Power window and the battle in the state say which step the turn is at. After
every move the steps nobody needs to decide are taken (`auto_steps`), then the game asks the
next answer through the core: an answer owed by the other player (a defence, a Power window, a
Cyborg Phase) or a Power's private choice is queued with `ask`, the turn's own steps are the
ordinary `decisions`. The moves, Power effects and Cyborg abilities are tables at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

from pydantic import BaseModel, Field

from engine.core import (
    Action,
    Decision,
    Event,  # made directly (a plain dataclass), not through note(): two or three a move
    Game,
    IllegalAction,
    Pass,
    answered,
    ask,
    draw,
    finish,
    interned,
)
from engine.core.rng import commitment

from . import combat
from . import legal as moves_now
from . import search as for_search
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
    PsiAction,
    Resolve,
    UseAbility,
    card_name,
)
from .board import (
    HAND_LIMIT,
    any_ready_cu,
    any_ready_unit,
    boost,
    cdef,
    cost_key,
    cu_kinds,
    first_in_hand,
    light_places,
    names,
    ready_cus,
    tag,
    waiting_seat,
)
from .cards import LIGHT_NAMES, LIGHTS, CardDef, Cost, catalog
from .prompts import decision
from .state import Battle, Card, Matchup, Player, PsiState, Window
from .view import board_text, build_view

TRAP_ESCAPE = 8
LIGHT_AT = {k: n for n, k in enumerate(LIGHTS)}  # a light's place in LIGHTS

AiPlayer = Callable[[Game, PsiState, int], Action]
Explainer = Callable[[Game, PsiState, Action], IllegalAction]



def unspent_cus(state: PsiState, done: Done) -> str | None:
    """What ending the Creation Units or Build Phase leaves unused (§5): the one Creation Unit a
    turn not placed, or ready Creation Units that could still build a card from the hand."""
    kinds = {"cu": moves_now.cu_moves, "build": moves_now.build_moves}
    moves = kinds[done.phase](state, done.seat) if done.phase in kinds else []
    if done.phase == "cu" and any(isinstance(m, PlaceCU) for m in moves):
        return "You place no Creation Unit this turn (one a turn, only in this phase)."
    builds = list(dict.fromkeys(card_name(m.card) for m in moves if isinstance(m, Build)))
    if done.phase == "build" and builds:
        ready = sum(ready_cus(state, done.seat).values())
        shown = ", ".join(builds[:3]) + (" and more" if len(builds) > 3 else "")
        return (f"Your {ready} ready Creation Unit{'s' if ready != 1 else ''} could still build {shown}; "
                "unspent they stay ready for Powers.")
    return None

def _lab_cards(state: PsiState) -> Iterator[Card]:
    """The cards in both labs: only they are ever marked used or disoriented (a destroyed card
    leaves as a fresh copy), so the marks are cleared without walking the whole game's cards.
    (Looked up by `map` in C: once a turn over two dozen cards.)"""
    one, other = state.players
    return map(state.cards.__getitem__, one.lab + other.lab)


@lru_cache(maxsize=64)
def _deal(decks: tuple[str, ...]) -> tuple[tuple[str, str, int], ...]:
    """(tag, card id, owner) of every card of both decks: seat A's cards are tagged A01..A40 and
    seat B's B01..B40 in deck-list order (a new game's cards, made from this per game)."""
    return tuple((f"{'AB'[seat]}{n:02d}", card_id, seat) for seat, deck_key in enumerate(decks)
                 for n, card_id in enumerate(catalog().deck_list(deck_key), start=1))


@lru_cache(maxsize=64)
def _deck_tags(decks: tuple[str, ...], seat: int) -> tuple[str, ...]:
    """The tags of one seat's cards in `_deal`, in deck-list order (the deck before its shuffle)."""
    return tuple(iid for iid, _, owner in _deal(decks) if owner == seat)


class PsiConfig(BaseModel):
    lab_hp: int = Field(default=30, ge=20, le=40)  # §6.5.1, A-6
    decks: list[str] = Field(default_factory=lambda: ["bio_psi", "techno"])
    max_rounds: int = Field(default=40, ge=1, le=200)  # the one round cap, checked in _end_turn


class PsiWars(Game):
    """The rules. Its AI and its refusals are plain functions handed in by the package
    (engine/psiwars/__init__.py), so neither module has to import this one back."""

    id = "psiwars"
    title = "Intergalactic Psi Wars"
    min_players = 2
    max_players = 2
    state_model = PsiState
    action_model = PsiAction
    turn_rule = "6.0"  # the flow of a turn: whose move it is
    end_rule = "6.5.5"
    # The end summary's key moments: a Battle Unit destroyed, and the biggest blows to a lab.
    key_patterns = ((r"^Destroyed: ", 20), (r"lab takes (\d+) damage", 12))
    # Ending a phase (or passing one's own Power window) may go with a move of the next step in one
    # click, when it draws and rolls nothing and the same player acts on (Game.joined_moves).
    step_ends = (Done, Pass)

    def __init__(self, ai: AiPlayer, explain: Explainer) -> None:
        super().__init__()
        self._ai = ai
        self._explain = explain

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

    # --- setup (§6.1) ----------------------------------------------------------------
    def setup(self, config: dict, seats: list[str], seed: str) -> PsiState:
        if len(seats) != 2:
            raise IllegalAction("Psi Wars is a game for exactly two players.", "A-25")
        cfg = PsiConfig.model_validate(config or {})
        decks = tuple(cfg.decks[seat % len(cfg.decks)] for seat in range(len(seats)))
        state = PsiState(
            seats=list(seats), rng={"seed": seed}, seed_commitment=commitment(seed),
            lab_hp_start=cfg.lab_hp, max_rounds=cfg.max_rounds, players=[], cards={}, phase="cu",
            window=None, battle=None,
        )  # (phase, window and battle given: among the fields set from the start, see PsiState)
        # The new cards are set past validation, which would only check each of the 80 again.
        state.cards = {iid: Card(iid, card_id, owner) for iid, card_id, owner in _deal(decks)}
        for seat, name in enumerate(seats):
            player = Player(name=name, deck_key=decks[seat], lab_hp=cfg.lab_hp)
            player.deck.extend(_deck_tags(decks, seat))
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
        fields = state.__dict__  # (read and set in the dict: see PsiState)
        seat = fields["active"]
        p = fields["players"][seat]
        cards = fields["cards"]
        for iid in p.lab:
            c = cards[iid]
            c.depleted = c.disoriented = c.used = False
        p.placed_cu = False
        fields["phase"] = "cu"
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
            events.append(Event(text=f"You draw {card_name(cards[card].card)}.", visible_to=[seat]))
        else:
            events.append(Event(text=f"{p.name} has no card to draw."))

    def _end_turn(self, state: PsiState, events: list[Event]) -> None:
        fields = state.__dict__  # (see PsiState: active is always among the fields set)
        capped = fields["turn"] >= 2 * fields["max_rounds"]  # the round cap
        # used cards stay depleted until their controller's turn. The next player's own
        # lab is replenished at once by _start_turn, so only a game that ends here marks it.
        cards = _lab_cards(state) if capped else map(fields["cards"].__getitem__,
                                                     fields["players"][fields["active"]].lab)
        for c in cards:
            if c.used:
                c.used = False
                c.depleted = True
        if capped:
            winners, reason, draw_ = self._lab_verdict(state, f"After {state.max_rounds} rounds")
            self._end(state, events, winners, reason, draw_)
            return
        state.turn += 1
        fields["active"] = 1 - fields["active"]
        self._start_turn(state, events)

    def cap_result(self, state: PsiState) -> tuple[list[int], str, bool]:
        """A game stopped by the core's step cap is scored like a stalled one (A-26)."""
        return self._lab_verdict(state, f"After {state.steps} moves")

    def _lab_verdict(self, state: PsiState, head: str) -> tuple[list[int], str, bool]:
        """The stronger lab wins a game cut short; equal labs draw (A-26)."""
        hp = [p.lab_hp for p in state.players]
        if hp[0] == hp[1]:
            return [], f"{head} both labs have {hp[0]} HP: a draw (A-26).", True
        win = 0 if hp[0] > hp[1] else 1
        return [win], (f"{head} {state.seats[win]} has the stronger lab ({hp[win]} HP to {hp[1 - win]}) "
                       "and wins (A-26)."), False

    def _end(self, state: PsiState, events: list[Event], winners: list[int], reason: str,
             draw_: bool = False) -> None:
        state.__dict__["phase"] = "over"
        finish(state, events, winners, reason, draw=draw_)

    def _damage_lab(self, state: PsiState, seat: int, amount: int, events: list[Event], why: str) -> None:
        p = state.players[seat]
        p.lab_hp = max(0, p.lab_hp - amount)
        events.append(Event(kind="damage", text=f"{why}: {p.name}'s lab takes {amount} damage ({p.lab_hp} HP left)."))
        if p.lab_hp == 0 and not state.finished:
            win = state.other(seat)
            self._end(state, events, [win], f"{state.seats[win]} wins: {p.name}'s lab is destroyed (§2.0).")

    # --- the contract ------------------------------------------------------------------
    def view(self, state: PsiState, seat: int | None) -> dict:
        return build_view(state, seat)

    def board_text(self, view: dict) -> str:
        return board_text(view)

    def hidden_tokens(self, state: PsiState, seat: int | None) -> list[str]:
        """The tags ("[A07]") of cards `seat` may not see: the other player's hand and deck, and
        the Oracle's cards while another player looks at them. (A tag names one card: the decks
        are dealt their tags in list order.)"""
        hidden = []
        for owner, p in enumerate(state.players):
            if owner != seat:
                hidden += p.hand + p.deck + (state.peek if owner == state.active else [])
        return [f"[{iid}]" for iid in hidden]

    # --- for the search AI (engine.core.search) -------------------------------------------
    def unknown_groups(self, state: PsiState, seat: int) -> list[list[list[str]]]:
        return for_search.unknown_groups(state, seat)

    def evaluate(self, state: PsiState) -> list[float]:
        return for_search.evaluate(state)

    def content(self, state: PsiState) -> dict[int, list[str]]:
        return for_search.content(state)

    def search_budget(self) -> dict:
        return dict(for_search.BUDGET)

    def legal_actions(self, state: PsiState, seat: int) -> list[Action]:
        fields = state.__dict__  # (read from the dict: see waiting_seat)
        pending = fields["pending"]  # (in play, the one step or prompt the game waits on)
        if fields["finished"] or not pending or (pending[0].seat != seat and not self.waits_on(state, seat)):
            return []
        if fields["peek"] or fields["hunting"]:
            return moves_now.legal_actions(state, seat)
        return moves_now.BY_PHASE[fields["phase"]](state, seat)  # (its last step, one call fewer a move)

    def decisions(self, state: PsiState) -> list[Decision]:
        """The turn's own step, when no prompt is queued."""
        return [decision(state)]

    def after_move(self, state: PsiState, events: list[Event]) -> None:
        """Take the steps nobody needs to decide, then ask the next prompt, if one is owed."""
        steps, fields = self.auto_steps, state.__dict__  # (fields read from the dict: see waiting_seat)
        # A Power's private choice is always a player's. Only a move opens one (no step plays a
        # Power), so it is looked at once, not before each step.
        private = fields["peek"] or fields["hunting"]
        if not private:
            step = steps.get(fields["phase"])
            while step is not None and not fields["finished"] and step(self, state, waiting_seat(fields), events):
                step = steps.get(fields["phase"])
        if fields["asks"]:  # the move answered the open prompt, if there was one
            answered(state)
        if not fields["finished"]:
            seat = waiting_seat(fields)  # (once, for the step the game stops at)
            # A prompt is queued for a Power's private choice or an answer owed outside the
            # owner's own turn; the turn's own step is the ordinary decision (`decisions`).
            if private or seat != fields["active"]:
                ask(state, decision(state, seat))

    def _settle(self, state: PsiState, events: list[Event]) -> None:
        """After setup (or a hand-made position): settle the automatic steps and publish."""
        self.after_move(state, events)
        self.publish(state)

    def danger(self, state: PsiState, action: Action) -> str | None:
        """Ending a phase with Creation Units unused (one not placed, ready ones that could still
        build), and ending a phase that also ends the whole turn (the later phases have nothing
        to do): the opponent then draws, so it cannot be taken back."""
        if not isinstance(action, Done) or action.phase == "attack":
            return None
        said = [unspent_cus(state, action)]
        after = self.played(state, action)[0]  # shared with the joined pairs' warnings (Game.played)
        if after.active != state.active or after.finished:
            said.append("This also ends your turn (nothing is left to do in the later phases), and it cannot "
                        "be undone.")
        return " ".join(s for s in said if s) or None

    def copies(self, state: PsiState, action: Action) -> int:
        """A discard for the hand limit may name each copy of a card in hand (A-5)."""
        if not isinstance(action, Discard):
            return 1
        return sum(state.cards[i].card == action.card for i in state.players[action.seat].hand)

    def explain_illegal(self, state: PsiState, action: Action) -> IllegalAction:
        return self._explain(self, state, action)

    def ai_action(self, state: PsiState, seat: int) -> Action:
        return self._ai(self, state, seat)

    # --- applying moves ------------------------------------------------------------------
    def _pay(self, state: PsiState, seat: int, cost: Cost, pay_any: tuple[str, ...]) -> None:
        """Deplete the Creation Units that pay a cost (§5.0-5.6)."""
        need = list(cost_key(cost)[:4])  # by place in LIGHTS, as light_places numbers the units
        for k in pay_any:
            need[LIGHT_AT[k]] += 1
        fields = state.__dict__  # (read from the dict: see waiting_seat)
        place_of, cards = light_places(), fields["cards"]
        left = sum(need)
        for i in fields["players"][seat].lab:  # the lab's Creation Units, in order
            c = cards[i]
            at = place_of.get(c.card)
            if at is not None and not c.depleted and need[at] > 0:
                c.depleted = True
                need[at] -= 1
                left -= 1
                if not left:  # paid: the rest of the lab stays as it is
                    return

    def _do_place_cu(self, state: PsiState, a: PlaceCU, events: list[Event]) -> None:
        fields = state.__dict__  # (read and set in the dict: see PsiState)
        p = fields["players"][a.seat]
        light_of, cards = cu_kinds(), fields["cards"]
        for iid in p.hand:  # the first Creation Unit of that light (a plain loop: every turn)
            if light_of.get(cards[iid].card) == a.kind:
                break
        else:
            raise ValueError(f"no {a.kind} Creation Unit in hand")  # (a checked move always finds one)
        p.hand.remove(iid)
        p.lab.append(iid)
        cards[iid].created_turn = fields["turn"]
        p.placed_cu = True
        events.append(Event(text=f"{p.name} places a {LIGHT_NAMES[a.kind]} Creation Unit [{iid}] in their lab."))
        fields["phase"] = "build"

    def _do_done(self, state: PsiState, a: Done, events: list[Event]) -> None:
        if a.phase == "cu":
            state.__dict__["phase"] = "build"
        elif a.phase == "build":
            self._trap_escapes(state, events)
            state.__dict__["phase"] = "equip"
        elif a.phase == "equip":
            state.__dict__["phase"] = "attack"
        elif a.phase == "attack":
            self._close_declaration(state, events)
            return

    def _trap_escapes(self, state: PsiState, events: list[Event]) -> None:
        """End of Build Phase: each Trapped unit rolls 2d6 and escapes on 8+ (A-19)."""
        cards = state.cards
        for u in state.players[state.active].lab:  # (only units are trapped; the lab stays as it is)
            if cards[u].trapped and cdef(state, u).kind == "battle_unit":
                dice = state.rng.dice(2)
                free = sum(dice) >= TRAP_ESCAPE
                cards[u].trapped = not free
                events.append(Event(kind="roll", data={"dice": dice}, text=(
                    f"{tag(state, u)} tries to escape its trap: rolled {dice[0]}+{dice[1]}={sum(dice)}, needs "
                    f"{TRAP_ESCAPE} - {'free!' if free else 'still trapped.'}")))

    def _cast(self, state: PsiState, a: Build | PlayPower, zone: str) -> tuple[Player, str, CardDef]:
        """Pay for a hand card and move it to `zone` ("lab", or "discard" for a resolving Power)."""
        p = state.__dict__["players"][a.seat]  # (read from the dict: see waiting_seat)
        iid = first_in_hand(state, a.seat, a.card)
        card = catalog().cards[a.card]
        self._pay(state, a.seat, card.cost, a.pay_any)
        p.hand.remove(iid)
        getattr(p, zone).append(iid)
        return p, iid, card

    def _do_build(self, state: PsiState, a: Build, events: list[Event]) -> None:
        p, iid, _ = self._cast(state, a, "lab")
        fields = state.__dict__  # (read from the dict: see waiting_seat)
        c = fields["cards"][iid]
        c.created_turn, c.depleted = fields["turn"], True  # new cards enter depleted
        events.append(Event(text=f"{p.name} builds {tag(state, iid)}."))

    def _do_play_power(self, state: PsiState, a: PlayPower, events: list[Event]) -> None:
        p, _, card = self._cast(state, a, "discard")  # a Power is discarded once it resolves
        what = ""
        if a.target:
            what = f" on {tag(state, a.target)}"
        elif a.matchup is not None:
            what = f" on matchup {a.matchup + 1}"
        events.append(Event(text=f"{p.name} plays {card.name}{what}."))
        self.power_effects[card.power.effect](self, state, a, card, events)
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
        fields = state.__dict__  # (read and set in the dict: see PsiState)
        battle, cards = fields["battle"], fields["cards"]
        if battle is None:
            battle = fields["battle"] = Battle()
        battle.matchups.append(Matchup(attack=list(a.units)))
        for u in a.units:
            cards[u].used = True
        events.append(Event(text=f"{fields['seats'][a.seat]} sends formation {len(battle.matchups)} into battle: "
                               f"{names(state, a.units)}."))

    def _close_declaration(self, state: PsiState, events: list[Event]) -> None:
        fields = state.__dict__  # (read and set in the dict: see PsiState)
        battle = fields["battle"]
        if not battle or not battle.matchups:
            events.append(Event(text=f"{fields['seats'][fields['active']]} does not attack this turn."))
            fields["battle"] = None
            self._to_discard_or_end(state, events)
            return
        battle.declared = True
        self._open_window(state, "after_attack")

    def _do_block(self, state: PsiState, a: Block, events: list[Event]) -> None:
        fields = state.__dict__  # (read from the dict: see waiting_seat)
        battle, cards = fields["battle"], fields["cards"]
        m = battle.matchups[a.matchup]
        who = fields["seats"][a.seat]
        if a.units:
            m.defend, m.blocked = list(a.units), True
            for u in a.units:
                cards[u].used = True
            events.append(Event(text=f"{who} blocks formation {a.matchup + 1} with {names(state, a.units)}."))
        else:
            events.append(Event(text=f"{who} lets formation {a.matchup + 1} through to the lab."))
        battle.to_assign += 1
        if battle.to_assign >= len(battle.matchups):
            self._open_window(state, "after_defend")

    def _do_use_ability(self, state: PsiState, a: UseAbility, events: list[Event]) -> None:
        card = cdef(state, a.unit)
        state.cards[a.unit].used = True
        state.battle.withdrawn.append(a.unit)  # a Cyborg that acts leaves its formation
        events.append(Event(text=f"{tag(state, a.unit)} uses {card.ability.name}"
                                 + (f" on {tag(state, a.target)}." if a.target else ".")))
        self.ability_effects[card.ability.id](self, state, a, card, events)

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
        fields = state.__dict__  # (window and phase set in the dict: see PsiState)
        fields["window"] = Window(name=name, seat=fields["active"])
        fields["phase"] = "window"

    def _pass_window(self, state: PsiState, events: list[Event]) -> None:
        """Both players passing in succession closes a window; a play re-opens it (RULINGS)."""
        fields = state.__dict__  # (read and set in the dict: see PsiState)
        w = fields["window"]
        w.passes += 1
        if w.passes < 2:
            w.seat = 1 - w.seat  # the other player
            return
        fields["window"] = None
        if w.name == "after_attack":
            fields["phase"] = "defend"
        elif w.name == "after_defend":
            fields["phase"] = "cyborg"
            fields["battle"].cyborg_seat = fields["active"]
        elif w.name == "before_roll":
            fields["phase"] = "matchups"
            self._fight_current(state, events)

    def _next_cyborg_seat(self, state: PsiState) -> None:
        b = state.battle
        if b.cyborg_seat == state.active:
            b.cyborg_seat = state.other(state.active)
        else:
            b.cyborg_seat = None
            state.__dict__["phase"] = "matchups"

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
        # The fighting units stay the same until a formation is destroyed: the mental phases only
        # disorient, so both formations are read once here.
        first = b.first_mental or "cyber"
        for screen in (first, "psionic" if first == "cyber" else "cyber"):
            if self._mental_phase(state, m, att, dfn, screen, events):
                break
        self._physical_phase(state, att, dfn, i, events)

    def _mental_phase(self, state: PsiState, m: Matchup, att: list[str], dfn: list[str], screen: str,
                      events: list[Event]) -> bool:
        """Cyber or Psionic (§6.5.4.4-5). True when either side won, which skips to Physical (A-11)."""
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

    def _physical_phase(self, state: PsiState, att: list[str], dfn: list[str], i: int, events: list[Event]) -> None:
        """Physical (§6.5.4.6): the loser's whole formation, Equipment included, is destroyed."""
        a = combat.attack_strength(state, att, "physical", boost(state, "attack", i))
        if self._roll(state, a, combat.defense_strength(state, dfn, "physical"), "Physical", events):
            self._destroy(state, dfn, events)
            return
        c = combat.attack_strength(state, dfn, "physical", boost(state, "defend", i))
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
        fields = state.__dict__  # (read and set in the dict: see PsiState)
        b = fields["battle"]
        foe = 1 - fields["active"]
        for i, m in enumerate(b.matchups):
            att = combat.active_units(state, m.attack)
            if att and not combat.active_units(state, m.defend) and not fields["finished"]:
                dmg = combat.attack_strength(state, att, "physical", boost(state, "attack", i))
                self._damage_lab(state, foe, dmg, events, f"Formation {i + 1} ({names(state, att)}) is unblocked")
        cards = fields["cards"]
        for m in b.matchups:  # only units of the battle's formations are ever disoriented
            for u in m.attack:
                cards[u].disoriented = False
            for u in m.defend or ():
                cards[u].disoriented = False
        fields["battle"] = None
        if not fields["finished"]:
            self._to_discard_or_end(state, events)

    def _to_discard_or_end(self, state: PsiState, events: list[Event]) -> None:
        fields = state.__dict__  # (read and set in the dict: see PsiState)
        if len(fields["players"][fields["active"]].hand) > HAND_LIMIT:
            fields["phase"] = "discard"
        else:
            self._end_turn(state, events)

    # --- Cyborg abilities (A-15) ---------------------------------------------------------
    def _ability_uplink_ping(self, state: PsiState, a: UseAbility, card: CardDef, events: list[Event]) -> None:
        self._damage_lab(state, state.other(a.seat), card.ability.params.get("damage", 1), events, "Uplink Ping")

    def _ability_neural_dart(self, state: PsiState, a: UseAbility, card: CardDef, events: list[Event]) -> None:
        state.cards[a.target].disoriented = True
        events.append(Event(text=f"{tag(state, a.target)} is Disoriented."))

    def _ability_overload(self, state: PsiState, a: UseAbility, card: CardDef, events: list[Event]) -> None:
        amount = card.ability.params.get("amount", 2)
        state.battle.defense_malus[a.target] = state.battle.defense_malus.get(a.target, 0) + amount

    def _ability_long_range_strike(self, state: PsiState, a: UseAbility, card: CardDef, events: list[Event]) -> None:
        defense = combat.unit_screen(state, a.target, "physical")[1]
        if self._roll(state, card.ability.params.get("attack", 3), defense, "Long-Range Strike", events):
            self._destroy(state, [a.target], events)

    # --- steps nobody needs to decide (RULINGS: "Steps the bot takes for you") ----------------
    # Each takes one step for `seat`, whose step it is (waiting_seat), and says True, or says False
    # when that player must choose.
    def _auto_window(self, state: PsiState, seat: int, events: list[Event]) -> bool:
        if moves_now.can_play_in_window(state, seat):
            return False
        self._pass_window(state, events)  # nothing playable: pass for them (RULINGS: auto-pass)
        return True

    def _auto_cyborg(self, state: PsiState, seat: int, events: list[Event]) -> bool:
        if moves_now.can_use_ability(state, seat):
            return False
        self._next_cyborg_seat(state)
        return True

    def _auto_equip(self, state: PsiState, seat: int, events: list[Event]) -> bool:
        fields = state.__dict__  # (read and set in the dict: see PsiState)
        scan = moves_now._attack_scan(state, seat)  # (ready attackers, their cards, loose gear, free units)
        ready, _, gear, free = scan
        if gear and free:  # something to equip
            moves_now.ATTACK_SCAN.keep_for_next(state, seat, scan)
            return False
        fields["phase"] = "attack"
        # The attack step's own check, without asking again whether anything can be equipped.
        if ready:
            moves_now.ATTACK_SCAN.keep_for_next(state, seat, scan)
            return False
        self._close_declaration(state, events)
        return True

    def _auto_attack(self, state: PsiState, seat: int, events: list[Event]) -> bool:
        scan = moves_now._attack_scan(state, seat)
        ready, _, gear, free = scan
        if ready or (gear and free):  # a unit to attack with, or something to equip
            moves_now.ATTACK_SCAN.keep_for_next(state, seat, scan)
            return False
        self._close_declaration(state, events)
        return True

    def _auto_build(self, state: PsiState, seat: int, events: list[Event]) -> bool:
        if any_ready_cu(state, seat):
            return False
        self._do_done(state, interned(Done, seat=seat, phase="build"), events)
        return True

    def _auto_defend(self, state: PsiState, seat: int, events: list[Event]) -> bool:
        if any_ready_unit(state, seat, attacking=False):
            return False
        self._do_block(state, interned(Block, seat=seat, matchup=state.__dict__["battle"].to_assign), events)  # nothing can block
        return True

    def _auto_matchups(self, state: PsiState, seat: int, events: list[Event]) -> bool:
        legal = moves_now.matchup_moves(state, seat)
        if not legal:
            self._finish_battle(state, events)
            return True
        if len(legal) == 1:
            self._do_resolve(state, legal[0], events)
            return True
        return False

    # --- the tables: which handler each move, Power, ability and automatic step uses -------
    moves = {
        PlaceCU: _do_place_cu, Done: _do_done, Build: _do_build, PlayPower: _do_play_power, Equip: _do_equip,
        Attack: _do_attack, Block: _do_block, UseAbility: _do_use_ability, Resolve: _do_resolve, Pass: _do_pass,
        OracleTake: _do_oracle_take, HunterTake: _do_hunter_take, Discard: _do_discard,
    }
    power_effects = {
        "creation_oracle": _power_creation_oracle, "equipment_hunter": _power_equipment_hunter,
        "stasis_trap": _power_stasis_trap, "mental_disrupter": _power_mental_disrupter,
        "em_disrupter": _power_em_disrupter, "adrenal_surge": _power_adrenal_surge,
        "lab_reinforcement": _power_lab_reinforcement,
    }
    ability_effects = {
        "uplink_ping": _ability_uplink_ping, "neural_dart": _ability_neural_dart, "overload": _ability_overload,
        "long_range_strike": _ability_long_range_strike,
    }
    auto_steps = {
        "window": _auto_window, "cyborg": _auto_cyborg, "equip": _auto_equip, "attack": _auto_attack,
        "build": _auto_build, "defend": _auto_defend, "matchups": _auto_matchups,
    }
