"""Why a move is refused, in player words, citing the section that forbids it (the "Why?" button
opens it). Called only for moves that are not legal now, so each explainer looks for the first
rule the move breaks and falls back to the section of the decision under way."""

from __future__ import annotations

from engine.core import IllegalAction, open_ask

from . import mechanics as M
from .actions import (
    FACE_NAMES,
    Attack,
    Choose,
    ChooseWorld,
    Concede,
    Convert,
    Deploy,
    Done,
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
from .cards import card, catalog
from .state import RIFT_AT, InfState, neighbour

# The decision under way: what it asks for and the section that governs it.
KINDS = {
    "world": ("choose the world you draw your tile from", "4.2"),
    "leader": ("choose your leader", "4.4"),
    "explore": ("place your tile next to the Rift", "4.5"),
    "deploy": ("deploy units and prepare cards, then say you are done", "4.6"),
    "roll": ("keep your action roll or reroll all three dice", "5.2"),
    "main": ("take one action with your locked dice, or pass", "5.3"),
    "end": ("reset your hand: prepare a card, keep cards, or pass", "5.4"),
    "discover": ("choose the side and rotation of the tile you discovered", "discovery"),
    "move": ("choose where to move next, or stop", "fortitude-action"),
    "target": ("choose a target for the effect being resolved", "8.2"),
    "reaction": ("react to the action that destroyed your assets, or let it go", "7.4"),
}
# Which moves answer which decision.
ANSWERS = {
    "world": (ChooseWorld,), "leader": (PickLeader,), "explore": (PlaceStart,), "deploy": (Deploy, Done),
    "roll": (Reroll,), "end": (Choose,), "discover": (Place,), "move": (Step, Warp),
    "target": (Choose,), "reaction": (React,),
    "main": (Convert, PlayCard, Attack, Move, LeaderAct, UnitAct),
}
PASSABLE = {"main", "end", "move", "target", "reaction"}


def explain(game, s: InfState, a) -> IllegalAction:
    kind = "reaction" if open_ask(s) is not None else game.owner(s)[1]
    what, rule = KINDS[kind]
    if isinstance(a, Concede):
        return IllegalAction("You have already conceded this game.", "8.4")
    fits = a.type == "pass" and kind in PASSABLE or isinstance(a, ANSWERS[kind])
    if not fits:
        return IllegalAction(f"Not now: you are asked to {what}.", rule)
    found = EXPLAINERS.get(type(a), lambda *_: None)(s, a)
    if found is not None:
        return IllegalAction(*found)
    if a.type == "pass" and kind == "target":
        return IllegalAction("This step is not 'up to': pick one of its targets.", "8.2")
    return IllegalAction(f"That choice is not one of the options: you are asked to {what}.", rule)


Found = tuple[str, str] | None


def _world(s: InfState, a: ChooseWorld) -> Found:
    if not s.stacks.get(a.world):
        return "That world's tile stack is empty.", "4.2"
    return f"{catalog().worlds[a.world].name} already has three leaders: at most three play one faction.", "asset-list"


def _leader(s: InfState, a: PickLeader) -> Found:
    ld = catalog().leaders.get(a.leader)
    if ld is None:
        return "There is no such leader.", "4.4"
    if ld.faction != s.players[a.seat].faction:
        return f"{ld.name} leads another faction: take a leader of your tile's world.", "4.4"
    return f"{ld.name} is already taken.", "4.4"


def _start(s: InfState, a: PlaceStart) -> Found:
    if neighbour(RIFT_AT, a.dir) in s.board:
        return "Another tile already lies on that side of the Rift.", "4.5"
    return "Turned that way, a wall of your tile faces the Rift: turn it so the way in is open.", "4.5"


def _deploy(s: InfState, a: Deploy) -> Found:
    p = s.players[a.seat]
    if a.card not in p.hand:
        return "That card is not in your hand.", "4.6"
    if a.to == "group" and card(a.card).kind != "unit":
        return f"{card(a.card).name} is an action card: only units go into the group; prepare it instead.", "4.6"
    if a.to == "group":
        return f"Your group is full ({M.group_limit(s, a.seat)} units).", "group"
    return f"Your timeline is full ({M.timeline_limit(s, a.seat)} cards).", "timeline"


def _convert(s: InfState, a: Convert) -> Found:
    dice = list(s.players[a.seat].dice)
    if "boost" not in dice:
        return "Converting a die costs a Boost die, and you have none locked in.", "boost-action"
    dice.remove("boost")
    if a.face not in dice:
        return f"You have no other {FACE_NAMES[a.face]} die locked in to turn.", "boost-action"
    return "A die must be turned to a different face.", "boost-action"


def _basic_die(s: InfState, seat: int, face: str) -> Found:
    dice = s.players[seat].dice
    if not any(f in dice for f in (face, "rift", "star")):
        section = {"energy": "energy-action", "power": "power-action", "fortitude": "fortitude-action"}[face]
        return f"This needs a {FACE_NAMES[face]} die (or a Rift or Star die), and you have none locked in.", section
    return None


def _play(s: InfState, a: PlayCard) -> Found:
    p = s.players[a.seat]
    if a.card not in p.hand + p.timeline:
        return "That card is neither in your hand nor in your timeline.", "energy-action"
    if (found := _basic_die(s, a.seat, "energy")) is not None:
        return found
    cd = card(a.card)
    if a.empower and not cd.empower:
        return f"{cd.name} has no empower bonus.", "8.1"
    return f"{cd.name} has no valid target now: a card needs at least one.", "8.2"


def _attack(s: InfState, a: Attack) -> Found:
    if (found := _basic_die(s, a.seat, "power")) is not None:
        return found
    owner = next((t for t, p in enumerate(s.players) if a.unit in p.group), None)
    if owner is None or s.allies(owner, a.seat):
        return "You can only attack a unit in an enemy's group.", "power-action"
    if not M.leader_in_reach(s, a.seat, owner):
        return f"{s.players[owner].name} is out of your reach (your tile plus a clear path of " \
               f"{M.reach_limit(s, a.seat)} tiles).", "reach-rules"
    return f"{card(a.unit).name} is immune to Power attacks while its group protects it.", "9"


def _move(s: InfState, a: Move) -> Found:
    return _basic_die(s, a.seat, "fortitude")


def _cost_text(cost: list[str]) -> str:
    return " + ".join(FACE_NAMES[f] for f in cost)


def _exact(s: InfState, seat: int, cost: list[str], name: str) -> Found:
    if not M.has_exact(s.players[seat].dice, cost):
        return (f"{name} costs exactly {_cost_text(cost)}; a Star or Rift die cannot stand in for a "
                "printed face."), "star-action"
    return None


def _leader_act(s: InfState, a: LeaderAct) -> Found:
    ld = catalog().leaders[s.players[a.seat].leader]
    act = ld.action_single if a.which == 1 else ld.action_boost
    return _exact(s, a.seat, act.cost, f"{ld.name}'s action") or (
        f"{ld.name}'s action has no valid target now.", "8.2")


def _unit_act(s: InfState, a: UnitAct) -> Found:
    if a.unit not in s.players[a.seat].group:
        return "Only a unit in your own group can act.", "group"
    act = card(a.unit).action
    if a.empower and not act.empower:
        return f"{card(a.unit).name}'s action has no empower bonus.", "8.1"
    return _exact(s, a.seat, act.cost, card(a.unit).name) or (
        f"{card(a.unit).name}'s action has no valid target now.", "8.2")


def _step(s: InfState, a: Step) -> Found:
    mo = s.motion
    here = s.players[mo.mover].pos
    n = neighbour(here, a.dir)
    if not M.ignores_walls(s, mo.mover) and not M.open_edge(s, here, n):
        return "A wall blocks that edge.", "6.1.2"
    if n in s.board and s.standee(n) is not None:
        return "Another leader stands there: a tile holds one leader.", "basic-rules"
    if n not in s.board:
        if not any(s.stacks.values()):
            return "Both tile stacks are empty: nothing more can be discovered.", "discovery"
        return "Leaving the Rift into an empty space, name the world whose stack you draw from.", "rift-tile-rules"
    if a.world is not None:
        return "A world is named only when discovering a tile from the Rift.", "rift-tile-rules"
    return _control(s, mo, n)


def _control(s: InfState, mo, k: str) -> Found:
    if mo.forced:
        return "A pushed leader never takes control of the tiles they are pushed into.", "basic-rules"
    if k == RIFT_AT:
        return "The Rift cannot be controlled.", "rift-tile"
    if s.board[k].control is not None:
        return "That tile already has a control token: moving in only controls a free tile.", "tile-control"
    return "You have no reaction token left to spend on control.", "7.5"


def _warp(s: InfState, a: Warp) -> Found:
    mo = s.motion
    if mo.forced or not M.can_warp(s, mo.mover):
        return "Only a leader leaving a Fortitude tile (or with Fortitude level 4) may warp.", "fortitude-tiles"
    if a.to not in s.board or s.board[a.to].side().type not in ("boost", "star"):
        return "A warp leads only to a Boost or Star tile.", "fortitude-tiles"
    if s.standee(a.to) is not None:
        return "Another leader stands there: a tile holds one leader.", "basic-rules"
    return _control(s, mo, a.to)


def _place(s: InfState, a: Place) -> Found:
    if a.control:
        return "You cannot take control of this tile now (no token, or it is not your own move).", "tile-control"
    return "Turned that way, a wall faces the tile you come from: leave the way in open.", "6.1.2"


def _choose(s: InfState, a: Choose) -> Found:
    if s.phase == "end" and not s.runs:
        return "That card is not in your hand (or is already kept).", "5.4"
    run = s.runs[-1]
    st = run.steps[run.i]
    if st.scope == "reach" and st.op in ("destroy_unit", "destroy_timeline", "destroy_token", "push"):
        return "That is not a valid target: it must be an enemy's, within your reach.", "reach-rules"
    return "That is not a valid target for this step.", "8.2"


def _react(s: InfState, a: React) -> Found:
    if s.players[a.seat].track == 0:
        return "You have no reaction token left.", "7.5"
    return "Your reaction has no valid target now.", "8.2"


def _reroll(s: InfState, a: Reroll) -> Found:
    return "You have no action roll waiting.", "5.2"


EXPLAINERS = {ChooseWorld: _world, PickLeader: _leader, PlaceStart: _start, Deploy: _deploy, Convert: _convert,
              PlayCard: _play, Attack: _attack, Move: _move, LeaderAct: _leader_act, UnitAct: _unit_act,
              Step: _step, Warp: _warp, Place: _place, Choose: _choose, React: _react, Reroll: _reroll}

# Every section cited above, so a test can hold them to sections.json.
CITED = sorted({rule for _, rule in KINDS.values()} | {
    "4.2", "asset-list", "4.4", "4.5", "4.6", "group", "timeline", "boost-action", "energy-action", "power-action",
    "fortitude-action", "8.1", "8.2", "reach-rules", "9", "star-action", "6.1.2", "basic-rules", "discovery",
    "rift-tile-rules", "rift-tile", "tile-control", "7.5", "fortitude-tiles", "5.4", "5.2", "8.4"})
