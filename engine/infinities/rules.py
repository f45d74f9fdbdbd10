"""Infinities: Defiance of Fate, Skirmish mode, on the engine contract v2."""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, Field

from engine.core import (
    Decision,
    Event,
    Game,
    IllegalAction,
    Pass,
    commitment,
    interned,
    open_ask,
    plain_decision,
)
from engine.core.memo import finite_cache

from . import effects as E
from . import flow as F
from . import mechanics as M
from . import moves as MV
from . import refusals as R
from . import search as for_search
from . import view as V
from .actions import (
    Attack,
    Choose,
    ChooseWorld,
    Concede,
    Convert,
    Deploy,
    Done,
    InfAction,
    LeaderAct,
    Move,
    PickLeader,
    Place,
    PlaceStart,
    PlayCard,
    React,
    Reroll,
    Step,
    UnitAct,
    Warp,
)
from .cards import FACES, card, catalog
from .highlight import highlight
from .mechanics import has_exact
from .state import RIFT_AT, InfState, Pile, Placed, Player, neighbour

PRESETS = {"standard": (50, 5), "short": (20, 3), "long": (100, None)}
PROMPTS = {"world": "choose a world to draw your tile from", "leader": "choose your leader",
           "explore": "place your tile next to the Rift", "deploy": "deploy units and prepare cards",
           "roll": "keep the action roll or reroll all three", "main": "take an action or pass",
           "end": "reset your hand", "discover": "choose the new tile's side and rotation",
           "move": "choose where to move", "target": "choose a target"}  # what each decision asks
PHASE_MOVES = {phase: f"_{phase}_moves" for phase in ("world", "leader", "explore", "deploy", "roll", "main", "end")}
PRIVATE = ("deploy", "end", "target", "main")  # decisions whose options show the owner's hidden cards


class InfConfig(BaseModel):
    preset: str = Field(default="standard", pattern="^(standard|short|long)$")
    tutorial: bool = False  # All Leaders + Initiation instead of the faction cards (I10)
    teams: list[int] | None = None


def pay_basic(dice: list[str], face: str) -> int | None:
    """Which die pays a basic action: its own face, else a Rift, else a Star (RULINGS "Dice")."""
    for f in (face, "rift", "star"):
        if f in dice:
            return dice.index(f)
    return None


@finite_cache  # every game starts from the same decks and tile stacks, in catalog order
def _deck(faction: str) -> tuple[str, ...]:
    return tuple(catalog().deck(faction))


@finite_cache
def _world_tiles(world: str) -> tuple[str, ...]:
    return tuple(catalog().world_tiles(world))


# Move lists that depend only on their arguments, rebuilt on many steps: built once, looked up.


@lru_cache(maxsize=4096)  # names differ from game to game: bounded
def _prompt(seat: int, kind: str, name: str) -> Decision:
    return plain_decision(seat=seat, kind=kind, prompt=f"{name}: {PROMPTS.get(kind, kind)}.", private=kind in PRIVATE)


@lru_cache(maxsize=4096)  # names differ from game to game: bounded
def _end_prompt(seat: int, name: str, room: int) -> Decision:
    """The End phase's prompt: with room to keep more than one card, one answer picks them all
    (and "Pass")."""
    if room <= 1:
        return _prompt(seat, "end", name)
    return plain_decision(seat=seat, kind="end", prompt=f"{name}: {PROMPTS['end']}.", private=True,
                          picks=room + 1, upto=True)


@lru_cache(maxsize=4096)  # targets and their labels vary: bounded
def _choose(seat: int, target: str, text: str) -> Choose:
    return interned(Choose, seat=seat, target=target, text=text)


@finite_cache
def _reactions(seat: int) -> tuple:
    """A reaction prompt's answers: decline, react, or react and roll for the bonus."""
    return MV.passing(seat), interned(React, seat=seat), interned(React, seat=seat, check=True)


@finite_cache
def _move(seat: int) -> Move:
    return interned(Move, seat=seat)


@finite_cache
def _attack(seat: int, unit: str) -> Attack:
    return interned(Attack, seat=seat, unit=unit)


@finite_cache
def _leader_act(seat: int, which: int) -> LeaderAct:
    return interned(LeaderAct, seat=seat, which=which)


@finite_cache
def _plays(seat: int, c: str) -> tuple:
    """Playing card `c` (and empowering it, when it can be)."""
    plain = interned(PlayCard, seat=seat, card=c)
    return (plain, interned(PlayCard, seat=seat, card=c, empower=True)) if card(c).empower else (plain,)


def _opener(first):
    """An effect's first step, or None when it needs no target: such an effect can always begin,
    and the Main listing, which asks this of every card on every step, need not look."""
    return None if first.op in E.AUTO else first


@finite_cache
def _playing(seat: int, c: str) -> tuple:
    """(the first step of action card `c`, which needs a target to be played, or None for a unit
    or an effect that needs no target; the moves that play it)."""
    cd = card(c)
    return _opener(cd.on_play[0]) if cd.kind == "action" else None, _plays(seat, c)


@finite_cache
def _unit_acts(seat: int, u: str) -> tuple:
    """Using unit `u`'s action (and empowering it, when it can be)."""
    plain = interned(UnitAct, seat=seat, unit=u)
    return (plain, interned(UnitAct, seat=seat, unit=u, empower=True)) if card(u).action.empower else (plain,)


@finite_cache
def _using(seat: int, u: str) -> tuple:
    """(unit `u`'s action cost, its first step (see `_opener`), the moves that use it)."""
    act = card(u).action
    return act.cost, _opener(act.steps[0]), _unit_acts(seat, u)


@finite_cache
def _leader_acts(leader: str) -> tuple:
    """(which, cost, first step (see `_opener`)) of the leader's two actions."""
    ld = catalog().leaders[leader]
    return tuple((which, act.cost, _opener(act.steps[0])) for which, act in ((1, ld.action_single), (2, ld.action_boost)))


@finite_cache
def _converts(seat: int, faces: tuple[str, ...]) -> tuple:
    """Boost: each other locked face may become any other face."""
    return tuple(interned(Convert, seat=seat, face=f, to=to) for f in faces for to in FACES if to != f)


@finite_cache
def _starts(seat: int, tile_id: str, free: tuple[int, ...]) -> tuple:
    """Exploration: each empty side of the Rift and turn of the start tile that faces it with an open edge."""
    tile = catalog().tile(tile_id)
    return tuple(interned(PlaceStart, seat=seat, dir=d, rot=rot, control=control) if control else
                 interned(PlaceStart, seat=seat, dir=d, rot=rot)
                 for d in free for rot in range(6) if (d + 3 - rot) % 6 not in tile.walls for control in (False, True))


@finite_cache  # per card, not per hand: hands seldom recur, the cards in them do
def _end_choice(seat: int, verb: str, c: str) -> Choose:
    """End phase: prepare / keep card `c`."""
    return interned(Choose, seat=seat, target=f"card:{c}", text=f"{verb} {card(c).name}")


class Infinities(Game):
    id = "infinities"
    title = "Infinities: Defiance of Fate"
    min_players = 2
    max_players = 4
    state_model = InfState
    action_model = InfAction
    turn_rule = "5.3"
    end_rule = "3.2.2"
    # The end summary's key moments: a leader defeated, units destroyed, then the biggest scores.
    key_patterns = ((r"is defeated and leaves the map", 80), (r" destroys .+ in .+'s ", 20), (r" scores (\d+) ", 0))
    # "Move" and "Use <unit or leader>" only open the next choice (where to step, what to aim
    # at): each may go with that choice in one click (Game.joined_moves).
    step_ends = (Move, UnitAct, LeaderAct)
    max_steps = 6_000
    moves = {ChooseWorld: MV.choose_world, PickLeader: MV.pick_leader, PlaceStart: MV.place_start,
             Deploy: MV.deploy, Done: MV.done, Reroll: MV.reroll, Pass: MV.pass_, Convert: MV.convert,
             PlayCard: MV.play_card, Attack: MV.attack, Move: MV.move, LeaderAct: MV.leader_act,
             UnitAct: MV.unit_act, Step: MV.step, Warp: MV.warp, Place: MV.place, Choose: MV.choose,
             React: MV.react, Concede: MV.concede}

    def config_model(self):
        return InfConfig

    # --- set-up (§4) ----------------------------------------------------------------------------
    def setup(self, config: dict, seats: list[str], seed: str) -> InfState:
        if not 2 <= len(seats) <= 4:
            raise IllegalAction("Infinities is played by 2 to 4 players here.", "4")
        cfg = InfConfig.model_validate(config or {})
        target, rounds = PRESETS[cfg.preset]
        cat = catalog()
        s = InfState(game=self.id, seats=list(seats), rng={"seed": seed}, seed_commitment=commitment(seed),
                     players=[Player(name=n) for n in seats], target=target, max_rounds=rounds, teams=cfg.teams,
                     objectives=["all", "initiation"] if cfg.tutorial else ["all", "lightbearers", "deva"])
        for faction in cat.factions:
            deck = list(_deck(faction))
            s.rng.shuffle(deck)
            s.piles[faction] = Pile(deck=deck)
        for world in cat.worlds:
            stack = list(_world_tiles(world))
            s.rng.shuffle(stack)
            s.stacks[world] = stack
        s.board[RIFT_AT] = Placed(tile=cat.rift.id)
        s.order = list(range(len(seats)))
        self.publish(s)
        return s

    # --- who is asked what ----------------------------------------------------------------------
    def owner(self, s: InfState) -> tuple[int, str]:
        f = s.__dict__  # asked twice a step: one attribute read for its fields (see InfState)
        if f["discovery"]:
            return f["discovery"].seat, "discover"
        if f["motion"]:
            return f["motion"].by, "move"
        if f["runs"]:
            return f["runs"][-1].seat, "target"
        return F.current(s), f["phase"]

    def decisions(self, s: InfState) -> list[Decision]:
        seat, kind = self.owner(s)
        name = s.players[seat].name
        prompts = PROMPTS
        reaction = seat != s.active and kind in ("target", "discover", "move")
        if kind == "end":  # the cards to keep (and "Pass") in one answer, when more than one may stay
            return [_end_prompt(seat, name, self._keep_room(s, seat) if s.end_step == "keep" else 0)]
        if not reaction:  # the usual prompt, asked again and again: one shared object
            return [_prompt(seat, kind, name)]
        d = Decision(seat=seat, kind=kind, prompt=f"{name}: {prompts.get(kind, kind)}.", private=kind in PRIVATE)
        if reaction:
            d.reaction, d.button = True, "Choose"
            d.context = [f"You are asked to {prompts[kind]}" + (f" for {s.runs[-1].label}." if s.runs else ".")]
            if kind == "discover" and s.motion is not None and s.motion.forced:
                d.context = [f"{s.players[s.motion.by].name} pushes you into an empty space: the tile drawn "
                             "there is yours to lay.",
                             "Pick its side and rotation; the edge you come through must stay open.",
                             "If you let the prompt run out, the AI lays it for you."]
        return [d]

    def _keep_room(self, s: InfState, seat: int) -> int:
        """How many more cards `seat` may keep at the End phase."""
        p = s.players[seat]
        return min(F.keep_count(s, seat) - len(p.kept), len(p.hand) - len(p.kept))

    # --- legal moves ----------------------------------------------------------------------------
    def legal_actions(self, s: InfState, seat: int) -> list:
        if s.finished or seat not in self.to_act(s):
            return []
        return self.options(s, seat)

    def options(self, s: InfState, seat: int) -> list:
        """The moves open to `seat`, the owner of the decision under way."""
        if s.asks:  # an open prompt (open_ask): the reaction's answers
            return self._reaction_moves(s, seat)
        owner, kind = self.owner(s)
        if kind == "discover":
            return MV.place_moves(s, seat)
        if kind == "move":
            return MV.motion_moves(s, seat)
        if kind == "target":
            return self._target_moves(s, seat)
        return getattr(self, PHASE_MOVES[kind])(s, seat)

    def _roll_moves(self, s: InfState, seat: int) -> list:
        return [interned(Reroll, seat=seat, again=False), interned(Reroll, seat=seat, again=True)]

    def _world_moves(self, s: InfState, seat: int) -> list:
        taken = [p.world for p in s.players]
        return [interned(ChooseWorld, seat=seat, world=w) for w in catalog().worlds if s.stacks[w] and taken.count(w) < 3]

    def _leader_moves(self, s: InfState, seat: int) -> list:
        used = {p.leader for p in s.players}
        return [interned(PickLeader, seat=seat, leader=ld.id) for ld in catalog().leaders.values()
                if ld.faction == s.players[seat].faction and ld.id not in used]

    def _explore_moves(self, s: InfState, seat: int) -> list:
        free = tuple(d for d in range(6) if neighbour(RIFT_AT, d) not in s.board)
        return list(_starts(seat, s.players[seat].start_tile, free))

    def _deploy_moves(self, s: InfState, seat: int) -> list:
        p = s.players[seat]
        out: list = [interned(Done, seat=seat)]
        group = len(p.group) < M.group_limit(s, seat)  # room in each area: the same for every card
        timeline = len(p.timeline) < M.timeline_limit(s, seat)
        for c in dict.fromkeys(p.hand):
            if group and card(c).kind == "unit":
                out.append(interned(Deploy, seat=seat, card=c, to="group"))
            if timeline:
                out.append(interned(Deploy, seat=seat, card=c, to="timeline"))
        return out

    def _main_moves(self, s: InfState, seat: int) -> list:
        return M.listed(s, self._main_choices, s, seat)  # attacks and most cards' first targets ask for the same reach

    def _main_choices(self, s: InfState, seat: int) -> list:
        p = s.players[seat]
        dice = p.dice
        out: list = [MV.passing(seat)]
        if "boost" in dice:
            rest = list(dice)
            rest.remove("boost")
            out += _converts(seat, tuple(sorted(set(rest))))
        can_open = E.Openers(s, seat)
        wild = "rift" in dice or "star" in dice  # a Rift or a Star die pays any basic action (pay_basic)
        if wild or "energy" in dice:
            for c in dict.fromkeys(p.hand + p.timeline):
                first, plays = _playing(seat, c)
                if first is None or can_open(first):
                    out += plays
        if wild or "power" in dice:
            area = M.reach(s, seat)
            for t in M.enemies(s, seat):
                foe = s.players[t]
                if foe.group and foe.pos in area:  # no units: nothing to attack, no shield to read
                    shield = M.power_shield(s, t)
                    out += [_attack(seat, u) for u in foe.group if M.defense(u) > shield]
        if wild or "fortitude" in dice:
            out.append(_move(seat))
        for which, cost, first in _leader_acts(p.leader):
            if has_exact(dice, cost) and (first is None or can_open(first)):
                out.append(_leader_act(seat, which))
        for u in dict.fromkeys(p.group):
            cost, first, uses = _using(seat, u)
            if has_exact(dice, cost) and (first is None or can_open(first)):
                out += uses
        return out

    def _end_moves(self, s: InfState, seat: int) -> list:
        p = s.players[seat]
        verb = "Prepare" if s.end_step == "prepare" else "Keep"
        cards = p.hand if s.end_step == "prepare" else [c for c in p.hand if c not in p.kept or
                                                          p.hand.count(c) > p.kept.count(c)]
        return [MV.passing(seat), *[_end_choice(seat, verb, c) for c in dict.fromkeys(cards)]]

    def _target_moves(self, s: InfState, seat: int) -> list:
        run = s.runs[-1]
        st = run.steps[run.i]
        out = [_choose(seat, t, text) for t, text in E.targets(s, run, st) or []]
        if st.up_to and run.done > 0:
            out.append(MV.passing(seat))
        return out

    def _reaction_moves(self, s: InfState, seat: int) -> list:
        return list(_reactions(seat))

    # --- applying moves ---------------------------------------------------------------------------
    def check(self, s: InfState, action) -> None:
        """A concession is accepted at any time from a leader still in the game (rule 37)."""
        # `type() is`, not isinstance: a model class's isinstance goes through ABCMeta, on every move
        if type(action) is Concede and not s.finished and 0 <= action.seat < len(s.players):
            if s.players[action.seat].conceded or s.players[action.seat].out:
                raise IllegalAction("You have already conceded or been defeated.", "8.4")
            return
        Game.check(self, s, action)  # named, not super(): asked on every move

    def explain_illegal(self, s: InfState, action) -> IllegalAction:
        return R.explain(self, s, action)

    def highlight(self, view: dict, actions: list) -> dict | None:
        return highlight(view, actions)

    def danger(self, s: InfState, action) -> str | None:
        """Passing in the Main phase with action dice still unused gives them up for the round (I14)."""
        if not isinstance(action, Pass) or s.phase == "end" or open_ask(s) or s.motion or s.runs:
            return None
        dice = len(s.players[action.seat].dice)
        if not dice:
            return None
        return (f"You still have {dice} action {'die' if dice == 1 else 'dice'} this round: passing gives "
                f"{'it' if dice == 1 else 'them'} up and you take no more actions until the next round.")

    def view(self, s: InfState, seat: int | None) -> dict:
        return V.view(s, seat)

    def board_text(self, view: dict) -> str | None:
        return V.board_text(view)

    def concede_action(self, s: InfState, seat: int) -> Concede:
        return Concede(seat=seat)  # rule 37: the leader passes from now on and leaves at the next Start

    def hidden_tokens(self, s: InfState, seat: int | None) -> list[str]:
        return V.hidden_tokens(s, seat)

    def cap_result(self, s: InfState) -> tuple[list[int], str, bool]:
        winners = F.cap_winners(s)
        return winners, "The game reached its length limit: the highest score wins.", len(winners) > 1

    def standing_answers(self) -> dict[str, dict[str, str]]:
        return {"roll": {"keep": "Always keep the first action roll", "reroll": "Always reroll once"},
                "reaction": {"never": "Never react", "always": "Always react (without the bonus check)",
                             "check": "Always react and roll for the bonus"}}

    def standing_action(self, s: InfState, seat: int, kind: str, answer: str):
        choice = {("roll", "keep"): Reroll(seat=seat, again=False), ("roll", "reroll"): Reroll(seat=seat, again=True),
                  ("reaction", "never"): Pass(seat=seat), ("reaction", "always"): React(seat=seat),
                  ("reaction", "check"): React(seat=seat, check=True)}.get((kind, answer))
        return choice if choice is not None and choice in self.legal_actions(s, seat) else None

    def content(self, s: InfState) -> dict[int, list[str]]:
        cat = catalog()
        return {t: [cat.factions[p.faction].name, cat.leaders[p.leader].name] for t, p in enumerate(s.players)
                if p.faction and p.leader}

    def unknown_groups(self, s: InfState, seat: int) -> list[list[list[str]]]:
        return for_search.unknown_groups(s, seat)

    def evaluate(self, s: InfState) -> list[float]:
        return for_search.evaluate(s)

    def search_budget(self) -> dict:
        return dict(for_search.BUDGET)

    def ai_action(self, s: InfState, seat: int):
        from .ai import choose
        return choose(self, s, seat)

    def after_move(self, s: InfState, events: list[Event]) -> None:
        """Settle what needs no choice; a leader who conceded answers their own decisions at once."""
        MV.settle(s, events)
        for p in s.players:
            if p.conceded:
                break
        else:  # nobody conceded: the usual case, asked after every move
            return
        for _ in range(1_000):
            seat = self.waiting_on(s)
            if seat is None or not s.players[seat].conceded:
                return
            move = self.autopilot(s, seat)
            self.moves[type(move)](self, s, move, events)
            MV.settle(s, events)

    def waiting_on(self, s: InfState) -> int | None:
        if s.finished:
            return None
        ask = open_ask(s)
        return ask.seat if ask is not None else self.owner(s)[0]

    def autopilot(self, s: InfState, seat: int):
        """A conceded leader passes, keeps its roll, declines to react; a choice that cannot be
        declined takes its first option."""
        opts = self.options(s, seat)
        for safe in (Pass(seat=seat), Reroll(seat=seat, again=False), Done(seat=seat)):
            if safe in opts:
                return safe
        return opts[0]
