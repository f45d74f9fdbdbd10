"""Gods & Clans rules on the shared engine contract.

Set-up (battlemaps drafted and laid with the connectivity check, Homebase and God; or automatic),
4 SP a turn, summoning beside the Homebase, movement (forest cost, diagonal gaps, friends yes / enemies
no), standard attack with range-based counter, Initiative and counter-from-any-range, (PT) abilities and
(OT) wards as the defender's prompt, Break and Poison, Runic Arts, Terrain Effects, Equipment and
assimilation, Inventory items, EXP, God loss, 2-vs-2 teams and the round cap.
Rule names are the heading ids of data/clans/rules/sections.json.

The AI and the refusals are separate modules; `engine/clans/__init__.py` joins them to these rules.
"""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Literal

from pydantic import BaseModel, Field

from engine.core import Action, Decision, Event, Game, IllegalAction, built, finish
from engine.core.rng import commitment

from . import search as for_search
from .abilities import AbilityRules
from .actions import (
    Assimilate,
    Attack,
    CastArt,
    CastTerrain,
    ClansAction,
    DraftMap,
    EndTurn,
    Equip,
    Move,
    Pass,
    PlaceGod,
    PlaceHomebase,
    PlaceMap,
    React,
    Summon,
    UseAbility,
    UseItem,
)
from .arts import ArtRules
from .board import (  # the board questions are also asked through this module (tests, tools)
    STATUS_BONUS,
    armor,
    can_act,
    can_counter,
    cdef,
    has_perm,
    hit_damage,
    home_tiles,
    is_god,
    reach,
    stat,
    strikes_first,
    tag,
)
from .cards import CardDef, battlemaps, catalog, neighbours
from .highlight import highlight
from .legal import PHASES, moves_like, summon_moves, unit_moves
from .setup import SetupRules, next_setup
from .state import ClansState, PendingAttack, Player, Pos, Unit, coord, dist, parse_coord
from .view import board_text, build_view, hidden_tokens
from .wards import ward_options, ward_strength

__all__ = ["Clans", "ClansConfig", "Attack", "UseItem", "can_act", "cdef", "has_perm", "home_tiles", "reach", "stat",
           "tag"]

SETUP_ASKS = {"map": "lay a battlemap on your side", "homebase": "set your Homebase on your side",
              "god": "place your God next to your Homebase"}


class ClansConfig(BaseModel):
    decks: list[str] = Field(default_factory=lambda: ["sacred_cross", "crimson_nobles"])
    layout: str = "quick_start"
    max_rounds: int = Field(default=40, ge=1, le=200)
    sp_per_turn: int = Field(default=4, ge=1, le=10)
    # RULINGS "Balance by self-play": the first player's edge; the book keeps 4 SP every turn.
    handicap: bool = Field(default=False, title="first player handicap",
                          description="the game's first turn gains half the SP (a variant for casual play; off, the book's rule)")
    # "choose": players lay the battlemaps and set Homebase and God as Decisions (the book's set-up);
    # "auto": the quick-start field and automatic placement (simulations and quick games)
    setup: Literal["choose", "auto"] = "choose"


def turn_decision(seat: int, prompt: str) -> Decision:
    """`Decision(seat=seat, kind="turn", prompt=prompt, button="Your move")`, put together
    without validation: asked after every move of a turn, from values the rules produced."""
    return built(Decision, {"seat": seat, "kind": "turn", "prompt": prompt, "private": False, "context": [],
                            "reaction": False, "timeout": None, "button": "Your move", "picks": 1,
                            "upto": False}, TURN_GIVEN.copy())  # its own set: a field set later joins it


TURN_GIVEN = {"seat", "kind", "prompt", "button"}  # the fields a turn's Decision is given


def first_turn_sp(per_turn: int) -> int:
    """With the first player handicap, the game's very first turn gains half the SP, rounded up:
    with the full amount the first player won 61.5% of AI games (RULINGS "Balance by self-play")."""
    return (per_turn + 1) // 2


# --- what each kind of Inventory item does: (game, state, move, card, log head, events) ------------
def _item_heal(game, state: ClansState, a: UseItem, d: CardDef, head: str, events: list[Event]) -> None:
    game._heal(state, a.target, d.params.get("amount", 0), d.params.get("cure", False), events, head)


def _item_buff(game, state: ClansState, a: UseItem, d: CardDef, head: str, events: list[Event]) -> None:
    u = state.units[a.target]
    stat_, amount = d.params["stat"], d.params["amount"]
    mods = u.mods_turn if d.params.get("duration") == "turn" else u.mods_act
    mods[stat_] = mods.get(stat_, 0) + amount
    until = "until the turn ends" if mods is u.mods_turn else "for its activation"
    events.append(Event(text=f"{head}: +{amount} {stat_.upper()} {until}."))


def _item_damage(game, state: ClansState, a: UseItem, d: CardDef, head: str, events: list[Event]) -> None:
    events.append(Event(text=f"{head}."))
    game._hurt(state, a.target, d.params.get("amount", 0), a.seat, events, d.name)


def _item_status(game, state: ClansState, a: UseItem, d: CardDef, head: str, events: list[Event]) -> None:
    """A Poison item: the status with its hit damage, never on a God (RULINGS)."""
    status = d.params["status"]
    events.append(Event(text=f"{head}."))
    game._hurt(state, a.target, STATUS_BONUS[status], a.seat, events, d.name)
    if a.target in state.units:
        game._inflict(state, a.target, status, a.seat, events)


def _clear_mods(u: Unit) -> None:
    """The end of a turn (or of an activation) takes every modifier away."""
    if u.mods_turn:
        u.mods_turn = {}
    if u.mods_act:
        u.mods_act = {}


def unspent_warning(state: ClansState, seat: int) -> str | None:
    """What ending the turn now leaves unused (your-turn): allies that could still move, attack
    or use an ability, and SP enough to summon an ally (SP carries over, so it is only a nudge)."""
    if state.phase != "play":
        return None
    idle = list(dict.fromkeys(a.unit for a in unit_moves(state, seat)))
    summon = bool(summon_moves(state, seat))
    if not idle and not summon:
        return None
    parts = []
    if idle:
        names = [cdef(state, iid).name for iid in idle]
        shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
        parts.append(f"{shown} could still act this turn")
    if summon:
        parts.append(f"your {state.players[seat].sp} SP could still summon an ally (unspent SP is kept)")
    return "Ending the turn now: " + "; ".join(parts) + "."


ITEM_EFFECTS = {"heal": _item_heal, "buff": _item_buff, "damage": _item_damage, "status": _item_status}


class Clans(AbilityRules, ArtRules, SetupRules, Game):
    id = "clans"
    title = "Gods & Clans"
    min_players = 2
    max_players = 4  # 2-vs-2: seats 0 and 2 against 1 and 3
    pieces = True  # the panel starts by picking a unit, then shows its moves on the board
    state_model = ClansState
    action_model = ClansAction
    # A safety net only: the round cap ends every game first (200 rounds of four seats, each turn at
    # most a move and an action per ally plus the cards in hand, stay below it); a game stopped here
    # is scored like one that reached the round cap.
    max_steps = 100_000
    turn_rule = "your-turn"
    end_rule = "winning"
    # The end summary's key moments: allies destroyed (worth more EXP: bigger), then the biggest hit.
    key_patterns = ((r"is destroyed; .+ gains (\d+) EXP", 30), (r"takes (\d+) \(\d+ HP left\)", 0))

    def config_model(self):
        return ClansConfig

    def danger(self, state: ClansState, action: Action) -> str | None:
        """A God attacking a foe whose counter-strike could fell it (and so lose the game), or
        ending the turn while allies could still act or SP could still summon one."""
        if isinstance(action, EndTurn):
            return unspent_warning(state, action.seat)
        if not isinstance(action, Attack) or not is_god(state, action.unit):
            return None
        if not can_counter(state, action.unit, action.target):
            return None
        back, hp = hit_damage(state, action.target, action.unit), state.units[action.unit].hp
        if back < hp:
            return None
        return (f"{cdef(state, action.unit).name} ({hp} HP) will take a counter-attack of up to {back} "
                "if the target survives: your God could fall and the game with it.")

    def highlight(self, view: dict, actions: list[Action]) -> dict | None:
        return highlight(view, actions)

    # --- setup (battlemaps, homebase, setup) -------------------------------------------
    def setup(self, config: dict, seats: list[str], seed: str) -> ClansState:
        if len(seats) not in (2, 4):
            raise IllegalAction("Gods & Clans is for 2 players, or 4 in two teams of two.", "players-and-teams")
        cfg = ClansConfig.model_validate(config or {})
        auto = cfg.setup == "auto"
        field = battlemaps().field(cfg.layout) if auto else battlemaps().lay([])
        state = ClansState(seats=list(seats), rng={"seed": seed}, seed_commitment=commitment(seed), field=field,
                           players=[], max_rounds=cfg.max_rounds, sp_per_turn=cfg.sp_per_turn, handicap=cfg.handicap,
                           setup_mode=cfg.setup, phase="play" if auto else "setup")
        where = f"the {battlemaps().layouts[cfg.layout].name} battlefield" if auto else "a battlefield of their making"
        events = [Event(text=f"Gods & Clans begins on {where}.")]
        for seat, name in enumerate(seats):
            key = cfg.decks[seat % len(cfg.decks)]
            deck = catalog().decks[key]
            state.players.append(Player(name=name, deck_key=key, unused=[
                c for c in deck.cards if not catalog().cards[c].god and catalog().cards[c].kind != "homebase"]))
        if len(seats) == 4:
            events.append(Event(text=f"Teams: {seats[0]} and {seats[2]} against {seats[1]} and {seats[3]}."))
        if auto:
            for seat in range(len(seats)):
                self._auto_place(state, seat, events)
        state.first = state.active = state.rng.below(len(seats))
        events.append(Event(kind="roll", text=f"Coin flip: {state.seats[state.active]} goes first."))
        if auto:
            self._start_turn(state, events)
        else:
            events.append(Event(text="Lay the 12 battlemaps in turn order, then each player sets a Homebase and God."))
            self._after_setup_step(state, events)
        self.publish(state)
        state.recent = events[-state.RECENT_KEEP:]
        return state

    def _auto_place(self, state: ClansState, seat: int, events: list[Event]) -> None:
        p = state.players[seat]
        p.homebase, god_tile = self._auto_home(state, seat)
        god = next(c for c in catalog().decks[p.deck_key].cards if catalog().cards[c].god)
        self._new_unit(state, seat, god, god_tile, summoned_turn=0)
        events.append(Event(text=f"{p.name} ({catalog().decks[p.deck_key].name}) sets the Homebase on "
                                 f"{coord(p.homebase)} and {catalog().cards[god].name} on {coord(god_tile)}."))

    def _auto_home(self, state: ClansState, seat: int) -> tuple[Pos, Pos]:
        """The back-centre tile with room around it (left and right of centre for team-mates); the God
        goes one step toward the enemy."""
        rows = range(1, 6) if seat % 2 == 0 else range(10, 5, -1)
        toward = 1 if seat % 2 == 0 else -1
        cols = (4, 3, 5, 2, 6, 1, 7) if len(state.players) == 2 else ((2, 1, 3, 0) if seat < 2 else (6, 7, 5, 8))
        taken = home_tiles(state) | {u.pos for u in state.units.values()}
        for r in rows:
            for c in cols:
                pos = (c, r)
                if state.tile(pos) not in "GF" or pos in taken:
                    continue
                room = [n for n in neighbours(*pos) if state.tile(n) in "GF" and n not in taken]
                god = (c, r + toward)
                if len(room) >= 4 and god in room:
                    return pos, god
        raise IllegalAction("No tile on this side can hold a Homebase.", "homebase")

    def _new_unit(self, state: ClansState, seat: int, card: str, pos: Pos, summoned_turn: int) -> Unit:
        iid = f"{'ABCD'[seat]}{state.next_iid:02d}"
        state.next_iid += 1
        u = Unit(iid=iid, card=card, owner=seat, pos=pos, hp=catalog().cards[card].hp, summoned_turn=summoned_turn)
        state.units[iid] = u
        return u

    # --- whom the game waits on --------------------------------------------------------
    def decisions(self, state: ClansState) -> list[Decision]:
        """The ordinary decision: the next set-up choice, else the active player's turn. A ward
        owed by the defender is a queued prompt (wards.py) and comes before this."""
        # Built afresh (not a shared plain_decision): scenario tests set `pending[0].seat` in place.
        if state.phase == "setup":
            seat, what = next_setup(state)
            return [Decision(seat=seat, kind="setup", prompt=f"{state.seats[seat]}: {SETUP_ASKS[what]}.",
                             button="Your move")]
        return [turn_decision(state.active, f"{state.seats[state.active]}: your turn.")]

    def after_move(self, state: ClansState, events: list[Event]) -> None:
        if state.phase == "play" and state.players[state.active].out:
            self._end_turn(state, events)  # a 2-vs-2 player whose God fell on their own turn

    # --- turns (your-turn, sp-and-exp, status-effects) ---------------------------------
    def _start_turn(self, state: ClansState, events: list[Event]) -> None:
        p = state.players[state.active]
        for u in list(state.units.values()):  # only what changes is written: a model's writes are slow
            if u.ot_used:
                u.ot_used = False
            if u.owner == state.active:
                if u.act != "fresh":
                    u.act = "fresh"
                if u.shield:
                    u.shield = 0
                _clear_mods(u)
        self._tick(state, events)
        if state.finished:
            return
        gain = first_turn_sp(state.sp_per_turn) if state.handicap and state.turn == 1 else state.sp_per_turn
        p.sp += gain
        p.assimilated = False
        state.current = None
        events.append(Event(text=f"Turn {state.turn} (round {state.round}): {p.name} gains "
                                 f"{gain} SP ({p.sp} SP, {p.exp} EXP)."))

    def _end_turn(self, state: ClansState, events: list[Event]) -> None:
        """Play passes in seat order (A1, B1, A2, B2 in 2-vs-2), skipping players whose God has fallen;
        after the last round the game is scored (A-33)."""
        for u in state.units.values():
            _clear_mods(u)
        n = len(state.players)
        while True:
            if state.turn >= n * state.max_rounds:
                winners, reason, draw = self.cap_result(state)
                finish(state, events, winners, reason, draw=draw)
                return
            state.turn += 1
            state.active = (state.active + 1) % n
            if not state.players[state.active].out:
                break
        self._start_turn(state, events)

    def cap_result(self, state: ClansState) -> tuple[list[int], str, bool]:
        """A-33: more EXP earned, then the healthier God(s), else a draw; teams add up their players."""
        teams = [[s for s in range(len(state.players)) if s % 2 == t] for t in (0, 1)]
        exp = [sum(state.players[s].exp_gained for s in team) for team in teams]
        gods = [sum(u.hp for u in state.units.values() if u.owner in team and cdef(state, u.iid).god) for team in teams]
        if exp[0] != exp[1]:
            win = 0 if exp[0] > exp[1] else 1
            why = f"more EXP earned ({exp[win]} to {exp[1 - win]})"
        elif gods[0] != gods[1]:
            win = 0 if gods[0] > gods[1] else 1
            why = f"the healthier God ({gods[win]} HP to {gods[1 - win]})"
        else:
            return [], f"After {state.round} rounds the game is even: a draw (A-33).", True
        names = " and ".join(state.seats[s] for s in teams[win])
        verb = "win" if len(teams[win]) > 1 else "wins"
        return teams[win], f"After {state.round} rounds {names} {verb} with {why} (A-33).", False

    def _hurt(self, state: ClansState, iid: str, amount: int, by: int, events: list[Event], why: str) -> None:
        u = state.units[iid]
        u.hp -= amount
        name = tag(state, iid)
        events.append(Event(kind="damage", text=f"{why}: {name} takes {amount} ({max(u.hp, 0)} HP left)."))
        if u.hp > 0:
            return
        d = cdef(state, iid)
        del state.units[iid]
        if state.current == iid:
            state.current = None
        gain = d.exp_value
        state.players[by].exp += gain
        state.players[by].exp_gained += gain
        events.append(Event(kind="defeat", text=f"{name} is destroyed; {state.seats[by]} gains {gain} EXP."))
        if d.god and not state.finished:
            self._god_falls(state, u.owner, d, events)

    def _god_falls(self, state: ClansState, seat: int, god: CardDef, events: list[Event]) -> None:
        """The player is out and their allies leave with their God; a team loses when both Gods fall
        (god-card, players-and-teams)."""
        state.players[seat].out = True
        for iid in [i for i, o in state.units.items() if o.owner == seat]:
            del state.units[iid]
        if state.current not in state.units:
            state.current = None
        mates = [s for s in range(len(state.players)) if not state.foes(s, seat)]
        if not all(state.players[s].out for s in mates):
            events.append(Event(kind="defeat", text=f"{god.name} has fallen: {state.seats[seat]} is out and their "
                                                    "allies leave the field; the team fights on."))
            return
        winners = [s for s in range(len(state.players)) if state.foes(s, seat)]
        names = " and ".join(state.seats[s] for s in winners)
        finish(state, events, winners, f"{names} {'win' if len(winners) > 1 else 'wins'}: {god.name} has fallen "
                                       "(god-card).")

    # --- the contract ------------------------------------------------------------------
    def view(self, state: ClansState, seat: int | None) -> dict:
        return build_view(state, seat)

    def board_text(self, view: dict) -> str:
        return board_text(view)

    # --- for the search AI (engine.core.search) -------------------------------------------
    def unknown_groups(self, state: ClansState, seat: int) -> list[list[list[str]]]:
        return for_search.unknown_groups(state, seat)

    def evaluate(self, state: ClansState) -> list[float]:
        return for_search.evaluate(state)

    def content(self, state: ClansState) -> dict[int, list[str]]:
        return for_search.content(state)

    def search_budget(self) -> dict:
        return dict(for_search.BUDGET)

    def hidden_tokens(self, state: ClansState, seat: int | None) -> list[str]:
        return hidden_tokens(state, seat)

    def legal_actions(self, state: ClansState, seat: int) -> list[Action]:
        if not self.waits_on(state, seat):  # the game is over, or not waiting on this seat
            return []
        return PHASES[state.phase](state, seat)

    def check(self, state: ClansState, action: Action) -> None:
        """The core's check, with the move looked for among the legal moves of its own kind only
        (the same answer at a fraction of the cost: this runs before every move)."""
        if not self.waits_on(state, action.seat):
            super().check(state, action)  # refuses: the game is over, or it is not this seat's move
        known = self.known_legal(state, action.seat)  # the player just listed them: no second look
        offered = known if known is not None else moves_like(state, action)
        # A move picked from the list is that very object (moves are built once, made.py): look for
        # it by identity (a loop in C) before comparing field by field.
        if not any(map(is_, offered, repeat(action))) and action not in offered:
            refusal = self.explain_illegal(state, action)
            refusal.rule = refusal.rule or self.turn_rule
            raise refusal

    # --- player actions ----------------------------------------------------------------
    def _select(self, state: ClansState, iid: str) -> None:
        """Choosing another ally closes the open activation (A-17)."""
        if state.current and state.current != iid and state.current in state.units:
            state.units[state.current].mods_act = {}
        state.current = iid

    def do_summon(self, state: ClansState, a: Summon, events: list[Event]) -> None:
        p = state.players[a.seat]
        d = catalog().cards[a.card]
        p.sp -= d.sp
        p.unused.remove(a.card)
        p.used.append(a.card)
        self._new_unit(state, a.seat, a.card, parse_coord(a.tile), summoned_turn=state.turn)
        events.append(Event(text=f"{p.name} summons {d.name} on {a.tile} for {d.sp} SP; it acts from next turn."))

    def do_equip(self, state: ClansState, a: Equip, events: list[Event]) -> None:
        """Equipping is a player action: it neither opens nor closes an activation (A-19)."""
        p, d, u = state.players[a.seat], catalog().cards[a.card], state.units[a.unit]
        p.sp -= d.sp
        p.exp -= d.exp
        p.unused.remove(a.card)
        p.used.append(a.card)
        u.equipment = a.card
        healed = max(0, min(d.heal, cdef(state, a.unit).hp - u.hp))
        u.hp += healed
        cost = f"{d.sp} SP" + (f" and {d.exp} EXP" if d.exp else "")
        events.append(Event(text=f"{p.name} equips {d.name} to {tag(state, a.unit)} for {cost}"
                                 + (f"; it heals {healed} ({u.hp} HP)." if healed else ".")))

    def do_assimilate(self, state: ClansState, a: Assimilate, events: list[Event]) -> None:
        p, d = state.players[a.seat], catalog().cards[a.card]
        p.unused.remove(a.card)
        p.used.append(a.card)
        p.sp += d.assimilate_sp
        p.assimilated = True
        events.append(Event(text=f"{p.name} assimilates {d.name} for {d.assimilate_sp} SP ({p.sp} SP); "
                                 "it leaves the game."))

    def do_item(self, state: ClansState, a: UseItem, events: list[Event]) -> None:
        """A player action, single use: the card leaves the game (A-25)."""
        p, d = state.players[a.seat], catalog().cards[a.card]
        p.sp -= d.sp
        p.exp -= d.exp
        p.unused.remove(a.card)
        p.used.append(a.card)
        ITEM_EFFECTS[d.effect](self, state, a, d, f"{p.name} uses {d.name} on {tag(state, a.target)}", events)

    def do_move(self, state: ClansState, a: Move, events: list[Event]) -> None:
        self._select(state, a.unit)
        u = state.units[a.unit]
        before = coord(u.pos)
        u.pos = parse_coord(a.to)
        u.act = "moved"
        events.append(Event(text=f"{cdef(state, a.unit).name} moves {before} to {a.to}."))

    def do_end_turn(self, state: ClansState, a: EndTurn, events: list[Event]) -> None:
        self._select(state, "")
        state.current = None
        events.append(Event(text=f"{state.seats[a.seat]} ends the turn."))
        self._end_turn(state, events)

    # --- fights (combat-and-gameplay, initiative, counterattack) -------------------------
    def _armor(self, state: ClansState, iid: str) -> int:
        return armor(state, iid)

    def _strike(self, state: ClansState, src: str, dst: str, events: list[Event], why: str,
                bonus: int = 0, reduce: int = 0) -> int:
        """One hit of a fight; returns the damage dealt. Thirst heals a friend that hurts a Poisoned foe."""
        poisoned = "poison" in state.units[dst].statuses
        owner = state.units[src].owner
        dmg = hit_damage(state, src, dst, bonus, reduce)
        self._hurt(state, dst, dmg, owner, events, why)
        thirst = max((a.params.get("amount", 0) for o in state.units.values() if not state.foes(o.owner, owner)
                      for a in cdef(state, o.iid).abilities if a.kind == "thirst"), default=0)
        if poisoned and dmg and thirst and src in state.units and not state.finished:
            self._heal(state, src, thirst, False, events, "Thirst")
        return dmg

    def _fight(self, state: ClansState, pa: PendingAttack, events: list[Event]) -> None:
        """Combat (combat-and-gameplay, initiative, counterattack, A-13): one strike each at most, the
        defender answering only within its range unless it counters from any range."""
        att, dfn = pa.attacker, pa.target
        au, du = state.units[att], state.units[dfn]
        answers = can_counter(state, att, dfn)
        first_defender = strikes_first(state, att, dfn)
        if first_defender:
            self._strike(state, dfn, att, events, f"{cdef(state, dfn).name} strikes first (Initiative)")
            if att not in state.units or state.finished:
                return
        status = pa.status if pa.status and not cdef(state, dfn).god and not pa.no_status else None
        bonus = pa.atk_bonus + (STATUS_BONUS[status] if status else 0)
        self._strike(state, att, dfn, events, f"{cdef(state, att).name} attacks", bonus, pa.reduce)
        if status and dfn in state.units:
            self._inflict(state, dfn, status, au.owner, events)
        if pa.splash and not state.finished and att in state.units:
            self._splash(state, att, dfn, events)
        if pa.heal_self and att in state.units and not state.finished:
            self._heal(state, att, pa.heal_self, False, events, pa.ability or "Heal")
        if not (state.finished or dfn not in state.units or first_defender or not answers
                or att not in state.units):
            self._strike(state, dfn, att, events, f"{cdef(state, dfn).name} strikes back")
        if pa.self_damage and att in state.units and not state.finished:
            self._hurt(state, att, pa.self_damage, du.owner, events, pa.ability or "Recoil")

    def _splash(self, state: ClansState, att: str, dfn: str, events: list[Event]) -> None:
        """Cleave: the weakest other foe next to the attacker loses ATK-1 (direct damage, no fight)."""
        au = state.units[att]
        near = [o for o in state.units.values()
                if state.foes(o.owner, au.owner) and o.iid != dfn and dist(o.pos, au.pos) == 1]
        if near:
            victim = min(near, key=lambda o: (o.hp, o.iid))
            self._hurt(state, victim.iid, max(0, stat(state, att, "atk") - 1), au.owner, events, "Cleave")

    # --- standing answers and take-backs -----------------------------------------------
    def standing_answers(self) -> dict[str, dict[str, str]]:
        return {"ward": {"always": "Always answer an attack with my best (OT) ward I can pay for",
                         "god": "Use my best ward only when my God is attacked",
                         "never": "Never use (OT) wards; let attacks through"}}

    def standing_action(self, state: ClansState, seat: int, kind: str, answer: str) -> Action | None:
        """Turn a standing answer into the move for a pending ward decision (None: ask the player)."""
        if kind != "ward" or state.phase != "react" or not any(d.seat == seat and d.kind == "ward"
                                                                 for d in state.pending):
            return None
        if answer == "never" or (answer == "god" and not cdef(state, state.attack.target).god):
            return Pass(seat=seat)
        if answer not in ("always", "god"):
            return None
        options = ward_options(state, seat)
        if not options:
            return Pass(seat=seat)
        return max(options, key=lambda a: (ward_strength(state, a), a.unit))

    def undoable(self, before: ClansState, after: ClansState, events: list[Event]) -> bool:
        """Never across a ward window: once an attack is declared the defender has been asked."""
        if before.phase == "react" or after.phase == "react" or before.attack or after.attack:
            return False
        return super().undoable(before, after, events) and after.turn == before.turn

    # --- the move table: which handler applies each kind of move -------------------------
    moves = {
        DraftMap: SetupRules.do_draft_map, PlaceMap: SetupRules.do_place_map,
        PlaceHomebase: SetupRules.do_place_homebase, PlaceGod: SetupRules.do_place_god,
        Summon: do_summon, Move: do_move, Attack: AbilityRules.do_attack, UseAbility: AbilityRules.do_ability,
        Equip: do_equip, Assimilate: do_assimilate, UseItem: do_item,
        CastArt: ArtRules.do_art, CastTerrain: ArtRules.do_terrain,
        React: AbilityRules.do_react, Pass: AbilityRules.do_pass, EndTurn: do_end_turn,
    }
