"""Resonance rules on the shared engine contract: configuration, set-up, whose decision is open,
the legal moves and the move table. The package's __init__ adds the AI, the refusals and the views.

Section numbers are the rulebook's (§4.2.6, App C 7.6); A-n are the design notes' rulings. Set-up and
the turn's frame live in flow.py, the turn menu in menu.py, what moves and answers do in moves.py;
the opposed roll and Support pipeline in combat.py (with augment.py and resolve.py); keyword classes
in keywords.py; shared effects in effects.py.
"""

from __future__ import annotations

from functools import lru_cache, partial
from itertools import starmap
from typing import Literal

from pydantic import BaseModel, Field

from engine.core import Action, Decision, Event, Game, IllegalAction, note, plain_decision
from engine.core.contract import built
from engine.core.rng import commitment

from . import combat, flow
from . import moves as M
from .actions import Act, Choose, Deploy, EndTurn, Equip, Karma, Pick, ResAction, UseTag
from .cards import catalog
from .context import LOSES
from .kinds import KINDS, answer_type
from .menu import menu
from .state import Player, ResState, Unit


class ResConfig(BaseModel):
    # quick: notes §3.4 pre-built decks, no draft prompts. The lobby's generic quick_setup switch sends
    # "auto" / "choose", read as quick / draft.
    setup: Literal["draft", "quick", "auto", "choose"] = "draft"
    max_rounds: int = Field(default=60, ge=1, le=500)
    # RULINGS "Balance by self-play": the first player's edge; the book starts everyone at 0 Karma.
    handicap: bool = Field(default=False, title="first player handicap",
                          description="every player but the first starts with 1 Karma (a variant for casual play; off, the book's rule)")

    @property
    def quick(self) -> bool:
        return self.setup in ("quick", "auto")


class Resonance(Game):
    id = "resonance"
    title = "Resonance Card Game"
    min_players = 2
    max_players = 4
    state_model = ResState
    action_model = ResAction
    turn_rule = "4.1"  # Turn Phases: only the active player acts, others answer what they are asked
    end_rule = "1.0"  # Game Objective: the game stops when a Player is destroyed
    moves = {Act: M.act, Deploy: M.deploy, Equip: M.equip, Karma: M.karma, UseTag: M.use_tag, EndTurn: M.end_turn,
             Choose: M.answer, Pick: M.answer}

    def config_model(self):
        return ResConfig

    def ends_step(self, action) -> bool:
        """"Done" with the augment keywords only opens the next stage of the action (the fuel, most
        often): it may go with that choice in one click (Game.joined_moves)."""
        return type(action) is Choose and action.kind == "augment" and action.option == "done"

    # --- setup (§3) -------------------------------------------------------------------------
    def setup(self, config: dict, seats: list[str], seed: str) -> ResState:
        if not 2 <= len(seats) <= 4:
            raise IllegalAction("Resonance is played by 2 to 4 players.", "3.2")
        cfg = ResConfig.model_validate(config or {})
        s = ResState(seats=list(seats), rng={"seed": seed}, seed_commitment=commitment(seed), handicap=cfg.handicap,
                     players=[Player(seat=i, name=n) for i, n in enumerate(seats)], max_rounds=cfg.max_rounds)
        for i in range(len(seats)):
            s.units[f"P{i}"] = Unit(uid=f"P{i}", owner=i, kind="player")
        events: list[Event] = [note(text=f"Resonance begins: {', '.join(seats)}. Each Player has 10 HP, 10 EN "
                                          "and Focus 1.")]
        flow.roll_first(s, events)
        s.pool = sorted(catalog().modules)
        if cfg.quick:
            flow.quick_setup(s, events)
        else:
            picks = flow.PICKS[len(seats)]
            s.draft_order = [seat for _ in range(picks) for seat in s.order_from(s.first)]
            s.phase = "draft"
            flow.next_draft(s, events)
        self.publish(s)
        s.recent = events[-s.RECENT_KEEP:]
        return s

    # --- who is asked ---------------------------------------------------------------------
    def decisions(self, s: ResState) -> list[Decision]:
        """With no prompt open, the active player takes their turn."""
        fields = s.__dict__  # read past pydantic's attribute hook: every turn step
        active = fields["active"]
        return [_turn(active, fields["players"][active].name)]

    def after_move(self, s: ResState, events: list[Event]) -> None:
        """Run the action in progress until someone must choose: queued prompts (Stubborn, a held
        Blight marker) come first, since the core opens the first one."""
        combat.run(self, s, events)

    def cap_result(self, s: ResState) -> tuple[list[int], str, bool]:
        return flow.hp_result(s, "Move limit reached")

    def danger(self, s: ResState, action: Action) -> str | None:
        """Declining Survivor when the damage would destroy your Player loses the game (App C 4.1)."""
        asked = s.asks[0] if s.asks else None
        if (not isinstance(action, Choose) or asked is None or action.kind != "survivor" or action.option != "no"
                or LOSES not in asked.context):
            return None
        return "Your Player is destroyed and you lose the game; discarding a card with Survivor would save it."

    # --- legal actions ---------------------------------------------------------------------
    def legal_actions(self, s: ResState, seat: int) -> list[Action]:
        if not self.waits_on(s, seat):
            return []
        asks = s.asks
        if asks:
            asked = asks[0].__dict__  # read past pydantic's attribute hook: three fields, most steps
            kind = asked["kind"]
            cls = Pick if answer_type(kind, asked["private"]) == "pick" else Choose
            # One answer per option, made (or found) without a Python loop: prompts offer many.
            return list(starmap(partial(_answer, cls, seat, kind), asked["options"]))
        return menu(s, seat)


@lru_cache(maxsize=64)
def _turn(seat: int, player: str) -> Decision:
    """The turn's own decision, the same for a player all game."""
    return plain_decision(seat=seat, kind="turn", prompt=f"{player}: take actions or end your turn",
                          button=KINDS["turn"].button)


@lru_cache(maxsize=1 << 13)  # some seventy games of answers
def _answer(cls: type[Action], seat: int, kind: str, option: str, text: str) -> Action:
    """One answer, remembered by what it is made of (a new prompt mostly offers answers asked
    before), and made without validation: every field comes from a prompt the rules built."""
    return built(cls, {"type": _ANSWER_TYPE[cls], "seat": seat, "kind": kind, "option": option, "text": text},
                 _ANSWER_GIVEN)


# What every answer reports as given, shared: answers are frozen and kept for many games, and one
# set for all of them is one object less each for the garbage collector to walk.
_ANSWER_GIVEN = {"seat", "kind", "option", "text"}
_ANSWER_TYPE = {Choose: "choose", Pick: "pick"}  # read off the class (model_fields) costs more than the rest
