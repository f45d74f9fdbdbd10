"""Grand Saga Futura TCG on the shared engine contract.

Set-up (rules 1-5), start of turn (6-8), management (9-18), equipment (19-22), sigils (23-28),
assaults and ambushes (33-45, in combat.py), elimination and victory (46-48). Rule names cited in
refusals are the section ids of data/futura/rules/sections.json.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, Field

from engine.core import (
    Action,
    Decision,
    EndTurn,
    Event,
    Game,
    HiddenSlot,
    IllegalAction,
    Pass,
    draw,
    finish,
    interned,
    plain_decision,
    quiet,
)
from engine.core.rng import commitment

from . import combat as C
from . import effects as fx
from . import made
from . import search as for_search
from . import tactics as T
from .actions import (
    Build,
    Ensigil,
    Equip,
    EquipCreature,
    FuturaAction,
    Play,
    Repair,
    Retrieve,
    Sell,
    Store,
    Unequip,
    Upgrade,
)
from .cards import catalog
from .loadout import roll_spec
from .moves import MOVES, claim_moves, turn_moves
from .score import vp
from .state import (
    STATION_AP_ADD,
    STATION_DAM_ADD,
    STATION_DIE,
    Acolyte,
    Card,
    FuturaState,
    Holding,
    Player,
    Station,
)

HAND = 5
BUILD_COST = UPGRADE_COST = 10
MANAGE = (Equip, Unequip, Sell, Store, Retrieve, EquipCreature, Build, Upgrade, Repair)


class FuturaConfig(BaseModel):
    decks: list[str] = Field(default_factory=list)  # deck keys by seat; empty: dealt in order
    cycles: int = Field(default=5, ge=1, le=10)  # rule 5
    # RULINGS "Balance by self-play": the first player's edge; the book pays full income every turn.
    handicap: bool = Field(default=False, title="first player handicap",
                          description="the game's first turn gains half its income (a variant for casual play; off, the book's rule)")


def half(level: int) -> int:
    return level // 2


class Futura(Game):
    id = "futura"
    title = "Grand Saga Futura TCG"
    min_players = 2
    max_players = 4
    state_model = FuturaState
    action_model = FuturaAction
    max_steps = 8_000
    moves = MOVES
    turn_rule = "parts-of-a-turn"
    end_rule = "how-to-win-the-game"
    # The end summary's key moments: a station taken, a card destroyed, then the biggest hit.
    key_patterns = ((r"^The station on .+ falls", 60), (r" is destroyed\.", 40), (r"takes (\d+) \(\d+ AP left\)", 0))

    def config_model(self):
        return FuturaConfig

    # --- set-up (rules 1-5) ---------------------------------------------------------------
    def setup(self, config: dict, seats: list[str], seed: str) -> FuturaState:
        if not 2 <= len(seats) <= 4:
            raise IllegalAction("Futura is played by 2 to 4 players.", "who-can-play")
        cfg = FuturaConfig.model_validate(config or {})
        cat = catalog()
        keys = cfg.decks or [list(cat.decks)[i % len(cat.decks)] for i in range(len(seats))]
        s = FuturaState(seats=list(seats), rng={"seed": seed}, seed_commitment=commitment(seed), cycles=cfg.cycles,
                        handicap=cfg.handicap,
                        players=[Player(seat=i, name=n, deck_key=keys[i]) for i, n in enumerate(seats)])
        events = [Event(text=f"Grand Saga Futura begins: {', '.join(seats)}; {s.cycles} battle cycles.")]
        self._first(s, events)
        s.acolyte_pool, s.district_pool = list(cat.acolytes), list(cat.districts)
        s.rng.shuffle(s.acolyte_pool)
        s.rng.shuffle(s.district_pool)
        for p in s.players:
            for cid in cat.decks[p.deck_key].cards:
                uid = s.new_uid("c")
                s.cards[uid] = Card(uid=uid, cid=cid, owner=p.seat, ap=cat.cards[cid].ap)
                p.deck.append(uid)
            s.rng.shuffle(p.deck)
            for _ in range(3):
                self._recruit(s, p, s.acolyte_pool.pop(0))
                did = s.district_pool.pop(0)
                s.in_game.append(did)
                p.holdings.append(Holding(did=did, station=self._new_station(s, p.seat, 1)))
            events.append(Event(text=f"{p.name} takes the {cat.decks[p.deck_key].name} deck, "
                                     + ", ".join(cat.acolytes[a.cid].name for a in p.acolytes) + " and "
                                     + ", ".join(cat.districts[h.did].name for h in p.holdings) + "."))
        s.active = s.first
        declare_populous(s)
        self._start_turn(s, events)
        self.publish(s)
        s.recent = events[-s.RECENT_KEEP:]
        return s

    def _first(self, s: FuturaState, events: list[Event]) -> None:
        """Rule 2: everyone rolls a d6, highest first, ties re-roll."""
        while True:
            rolls = [s.rng.die(6) for _ in s.players]
            events.append(Event(kind="roll", text="Rolls for first player: " + ", ".join(
                f"{p.name} {r}" for p, r in zip(s.players, rolls, strict=True)) + "."))
            if rolls.count(max(rolls)) == 1:
                s.first = rolls.index(max(rolls))
                return

    def _recruit(self, s: FuturaState, p: Player, cid: str) -> None:
        p.acolytes.append(Acolyte(uid=s.new_uid("a"), cid=cid, base_ap=catalog().acolytes[cid].base_ap))

    def _new_station(self, s: FuturaState, seat: int, level: int) -> Station:
        """Rules 4 and 11: AP = d20 + 10/20/30/40; DAM = d8 at L1, else the level's die + 10/12/16."""
        st = Station(card=list(catalog().stations)[seat % 5], level=level, ap=0, dam=0, built_cycle=s.cycle)
        self._roll_station(s, st)
        return st

    def _roll_station(self, s: FuturaState, st: Station) -> None:
        st.ap = s.rng.die(20) + STATION_AP_ADD[st.level]
        st.dam = roll_spec(s, STATION_DIE[st.level]) + STATION_DAM_ADD[st.level]

    # --- start of turn (rules 6-8) ----------------------------------------------------------
    def income(self, s: FuturaState, p: Player) -> int:
        total = 9
        for h in p.holdings:
            if h.station and not h.face_down:
                d = catalog().districts[h.did]
                total += d.energy + h.station.level
                if d.ability.keyword in ("Crystal Production", "Populous"):
                    total += d.ability.params.get("energy", 0)
        return total

    def _start_turn(self, s: FuturaState, events: list[Event]) -> None:
        p = s.players[s.active]
        s.assaulted = False
        s.offered = []
        for h in p.holdings:
            h.face_down = False
        gain = self.income(s, p)
        if s.handicap and s.turn == 1:  # RULINGS "Balance by self-play": the first player won 57.5% with full income
            gain = (gain + 1) // 2
        p.energy += gain
        events.append(Event(text=f"Turn {s.turn}, cycle {s.cycle}: {p.name} gains {gain} energy ({p.energy})."))
        self._refill(s, p, events)

    def _refill(self, s: FuturaState, p: Player, events: list[Event]) -> None:
        """Rule 7: refill to 5 unequipped cards; sigils go straight to the bay (at most 5)."""
        if len(p.hand) > HAND:  # the player chooses what goes, and draws nothing (rule 7)
            T.offer_discard(s, p)
            return
        drawn = []
        while len(p.hand) < HAND:
            uid, reshuffled = draw(p.deck, p.discard, p.hand, s.rng)
            if uid is None:
                break
            if reshuffled:
                events.append(Event(kind="shuffle", text=f"{p.name} shuffles the discard pile into a new deck."))
            if s.card(uid).kind == "sigil":
                p.hand.remove(uid)
                p.sigils.append(uid)
                events.append(Event(text=f"{p.name} draws a {s.card(uid).sigil} sigil into the sigil bay."))
                if len(p.sigils) > 5:
                    p.discard.append(p.sigils.pop(0))
            else:
                drawn.append(uid)
        if drawn:
            events.append(Event(kind="draw", visible_to=[p.seat],
                                text="You draw " + ", ".join(s.card(u).name for u in drawn) + "."))

    # --- whose move ---------------------------------------------------------------------------
    def decisions(self, s: FuturaState) -> list[Decision]:
        name = s.players[s.active].name
        if s.fight is not None:
            if quiet(s):  # nobody reads the context lines: the shared prompt without them
                return [fight_prompt(s.fight.attacker, name)]
            return [Decision(seat=s.fight.attacker, kind="engagement", prompt=f"{name}: fight on or yield?",
                             context=C.between_context(s))]
        return [turn_prompt(s.active, name, s.cycle)]

    def legal_actions(self, s: FuturaState, seat: int) -> list[Action]:
        if s.finished or seat not in self.to_act(s):
            return []
        if s.asks:
            return self._answers(s, seat)
        if s.fight is not None:
            return [*made.between_exchanges(seat), *T.precombat_moves(s, seat)]
        return turn_moves(self, s, seat)

    def _answers(self, s: FuturaState, seat: int) -> list[Action]:
        d = s.asks[0]
        if d.kind == "ensigil":
            return [interned(Ensigil, seat=seat, text="Ensigil the creature"), interned(Pass, seat=seat)]
        if d.kind == "life_support":
            card = d.timeout["source"]
            return [interned(Play, seat=seat, source=card, text=f"Use {s.card(card).name}"), interned(Pass, seat=seat, text="Let it fall")]
        if d.kind in ("summon", "crystal", "trade", "discard"):
            answers = {"summon": T.summon_answers, "crystal": T.crystal_answers, "trade": T.trade_answers,
                       "discard": T.discard_answers}
            return answers[d.kind](s, seat)
        if d.kind == "effect":
            side = "att" if seat == s.fight.attacker else "dfn"
            out: list[Action] = []
            for src in C.playable(s, side):
                e = fx.effect_of(s, src)
                for tier, how in fx.payments(s, seat, e):
                    out.append(interned(Play, seat=seat, source=src, tier=tier, pay=how,
                                    text=f"{fx.source_name(s, src)} tier {tier}" + pay_words(e, tier, how)))
            return out + [interned(Pass, seat=seat, text="Play nothing")]
        if d.kind == "claim":
            return claim_moves(self, s, seat)
        return [interned(Pass, seat=seat)]

    # --- after every move: eliminations, victory ------------------------------------------------
    def after_move(self, s: FuturaState, events: list[Event]) -> None:
        for p in s.players:
            if not p.out and not p.acolytes:
                p.out = True
                events.append(Event(text=f"{p.name} has no acolytes left and is out of the game (rule 46)."))
        alive = [p.seat for p in s.players if not p.out]
        if len(alive) == 1:
            finish(s, events, alive, f"{s.players[alive[0]].name} is the last player with acolytes and wins.")
        elif not alive:
            finish(s, events, [], "No acolytes are left: the game is a draw.", draw=True)

    def cap_result(self, s: FuturaState) -> tuple[list[int], str, bool]:
        winners = vp_winners(s)
        return winners, "The game reached its length limit; it is decided on victory points.", len(winners) > 1

    # --- the rest of the contract --------------------------------------------------------------
    def view(self, s: FuturaState, seat: int | None) -> dict:
        from .view import build_view

        return build_view(s, seat)

    def board_text(self, view: dict) -> str:
        from .view import board_text

        return board_text(view)

    def danger(self, s: FuturaState, action: Action) -> str | None:
        """Ending the turn that closes the last cycle decides the game on victory points (A1):
        warn a player who would not be among the winners."""
        if not isinstance(action, EndTurn) or s.cycle < s.cycles:
            return None
        after = self.played(s, action)[0]
        if after.finished is None or action.seat in after.finished.winners:
            return None
        return (f"This ends the last cycle and the game is scored now: you have {vp(s, action.seat):g} victory "
                "points and would not win.")

    def explain_illegal(self, s: FuturaState, action: Action) -> IllegalAction:
        from .explain import explain

        return explain(self, s, action)

    def standing_answers(self) -> dict[str, dict[str, str]]:
        from .ai import STANDING

        return STANDING

    def standing_action(self, s: FuturaState, seat: int, kind: str, answer: str) -> Action | None:
        from .ai import standing

        return standing(self, s, seat, kind, answer)

    def hidden_tokens(self, s: FuturaState, seat: int | None) -> list[str]:
        """Card uids `seat` may not see: other hands, other stations' unseen stored cards and
        unrevealed gear, and every deck (notes §4)."""
        from .view import hidden_uids

        return hidden_uids(s, seat)

    # --- what the search AI needs (search.py) -------------------------------------------------
    def unknown_groups(self, s: FuturaState, seat: int) -> list[list[list[str]]]:
        return for_search.unknown_groups(s, seat)

    def hidden_slots(self, s: FuturaState, seat: int) -> list[HiddenSlot]:
        return for_search.hidden_slots(s, seat)

    def card_kind(self, s: FuturaState, uid: str) -> str:
        return for_search.card_kind(s, uid)

    def redeal_loose(self, s: FuturaState, seat: int, world) -> None:
        for_search.settle_redealt(s, seat, world)

    def evaluate(self, s: FuturaState) -> list[float]:
        return for_search.evaluate(s)

    def content(self, s: FuturaState) -> dict[int, list[str]]:
        return for_search.content(s)

    def search_budget(self) -> dict:
        return for_search.BUDGET

    def ai_action(self, s: FuturaState, seat: int) -> Action:
        from .ai import choose

        return choose(self, s, seat)

    # --- turn end, cycles and victory (rule 47) ---------------------------------------------
    def end_turn(self, s: FuturaState, events: list[Event]) -> None:
        n = len(s.players)
        pos = (s.active - s.first) % n
        nxt = s.active
        for _ in range(n):
            nxt = (nxt + 1) % n
            if not s.players[nxt].out:
                break
        new_cycle = (nxt - s.first) % n <= pos
        if new_cycle:
            self.end_cycle(s, events)
            if s.finished:
                return
            s.cycle += 1
            declare_populous(s)
        s.turn += 1
        s.active = nxt
        self._start_turn(s, events)

    def end_cycle(self, s: FuturaState, events: list[Event]) -> None:
        for p in s.players:
            if not p.out and s.in_game and {h.did for h in p.holdings} >= set(s.in_game):
                finish(s, events, [p.seat], f"{p.name} holds every district still in the game and wins.")
                return
        if s.cycle >= s.cycles:
            winners = vp_winners(s)
            scores = ", ".join(f"{s.players[i].name} {vp(s, i):g}" for i in range(len(s.players)))
            names = " and ".join(s.players[w].name for w in winners)
            finish(s, events, winners, f"After {s.cycles} cycles the victory points are {scores}: {names} "
                                       + ("share the win." if len(winners) > 1 else "wins."), draw=len(winners) > 1)


# The turn's own prompt (and, in quiet play, the engagement's) recurs move after move: one shared
# instance per wording, looked up by what decides it.
@lru_cache(maxsize=1 << 10)
def turn_prompt(seat: int, name: str, cycle: int) -> Decision:
    return plain_decision(seat=seat, kind="turn", prompt=f"{name}: your turn (cycle {cycle}).")


@lru_cache(maxsize=1 << 10)
def fight_prompt(seat: int, name: str) -> Decision:
    return plain_decision(seat=seat, kind="engagement", prompt=f"{name}: fight on or yield?")


def declare_populous(s: FuturaState) -> None:
    """Populous is declared at the start of a cycle (the book) and holds for the whole cycle, for every
    player with a built Populous district. Declaring it at the start of its owner's turn instead gave
    the first player's d4 the second player's turn too, while the second player's ran out at its own
    turn's end and never defended: worth about 3 points of the first player's 57.5%."""
    s.populous = [p.seat for p in s.players if any(
        catalog().districts[h.did].ability.keyword == "Populous" and h.station and not h.face_down
        for h in p.holdings)]


def pay_words(e, tier: int, how: str) -> str:
    if how == "energy":
        return f" ({e.energy_cost or tier} energy)"
    if how == "sigil":
        return f" (spend your {e.sigil} sigil)"
    if how == "overcharge":
        return " overcharged"
    return ""


def vp_winners(s: FuturaState) -> list[int]:
    """A1: highest VP; ties go to most stations, then most energy, else the win is shared."""
    def key(i: int):
        p = s.players[i]
        return vp(s, i), sum(1 for h in p.holdings if h.station), p.energy

    alive = [i for i in range(len(s.players)) if not s.players[i].out] or list(range(len(s.players)))
    best = max(key(i) for i in alive)
    return [i for i in alive if key(i) == best]
