"""Why a Gods & Clans move is refused, in a player's words with the rule (a sections.json id).

The phase is asked first (set-up, an open ward window); then each kind of move has its own
explanation in the table at the end.
"""

from __future__ import annotations

from engine.core import Action, IllegalAction, Pass

from .actions import (
    Assimilate,
    Attack,
    CastArt,
    CastTerrain,
    DraftMap,
    Equip,
    Move,
    PlaceGod,
    PlaceHomebase,
    PlaceMap,
    React,
    Summon,
    UseAbility,
    UseItem,
)
from .board import can_act, home_tiles, stat
from .cards import catalog
from .setup import MIN_ROOM, next_setup
from .state import dist, parse_coord

SETUP_MOVES = (DraftMap, PlaceMap, PlaceHomebase, PlaceGod)


def explain(state, a: Action) -> IllegalAction:
    setup_move = isinstance(a, SETUP_MOVES)
    if setup_move or state.phase == "setup":
        if not setup_move:
            return IllegalAction("The battlefield is still being set up: lay battlemaps, then Homebases and Gods.",
                                 "getting-started")
        return explain_setup(state, a)
    if state.phase == "react" and not isinstance(a, (React, Pass)):
        return IllegalAction("An attack is waiting for the defender's answer (a ward, or a pass).",
                             "special-abilities")
    why = EXPLAIN.get(type(a))
    if why is None:
        return IllegalAction("That move is not available right now.", "your-turn")
    return why(state, a)


def explain_summon(state, a: Summon) -> IllegalAction:
    p = state.players[a.seat]
    d = catalog().cards.get(a.card)
    if a.card not in p.unused or d is None or d.kind != "ally":
        return IllegalAction("That ally is not among your unused cards.", "summoning")
    if d.sp > p.sp:
        return IllegalAction(f"{d.name} costs {d.sp} SP and you have {p.sp}.", "sp-and-exp")
    return IllegalAction("New allies arrive on a free Ground or Forest tile one step from your Homebase.",
                         "summoning")


def explain_equipment(state, a: Equip | Assimilate) -> IllegalAction:
    p = state.players[a.seat]
    d = catalog().cards.get(a.card)
    assimilate = isinstance(a, Assimilate)
    if d is None or d.kind != "equipment":
        return IllegalAction("Only Equipment cards can be equipped or assimilated.", "equipment")
    if a.card not in p.unused:
        return IllegalAction(f"{d.name} is not among your unused cards: Equipment already equipped or "
                             "assimilated cannot be used again.",
                             "faq-assimilate-equipped" if assimilate else "equipment")
    if assimilate:
        return IllegalAction("You have already assimilated a piece of Equipment this turn.", "assimilation")
    if d.sp > p.sp or d.exp > p.exp:
        return _too_dear(d, p)
    u = state.units.get(a.unit)
    if u is None:
        return IllegalAction("Equipment goes on an ally on the field.", "equipment")
    if u.equipment:
        return IllegalAction(f"That ally already wears {catalog().cards[u.equipment].name}; an ally holds "
                             "one piece of Equipment.", "equipment")
    if d.target == "enemy":
        return IllegalAction(f"{d.name} can only be pinned on an enemy.", "equipment")
    return IllegalAction(f"{d.name} goes on one of your own allies.", "equipment")


def explain_item(state, a: UseItem) -> IllegalAction:
    p = state.players[a.seat]
    d = catalog().cards.get(a.card)
    if d is None or d.kind != "item" or a.card not in p.unused:
        return IllegalAction("That item is not among your unused cards; an item is used once.", "inventory-items")
    if d.sp > p.sp or d.exp > p.exp:
        return _too_dear(d, p)
    u = state.units.get(a.target)
    if u is None:
        return IllegalAction("Items are used on an ally or enemy on the field.", "using-items")
    if d.effect in ("heal", "buff"):
        if u.owner != a.seat:
            return IllegalAction(f"{d.name} is for one of your own allies.", "using-items")
        return IllegalAction(f"{d.name} needs an ally yet to finish its activation this turn.", "using-items")
    if u.owner == a.seat:
        return IllegalAction(f"{d.name} is used on an enemy.", "using-items")
    if d.effect == "status" and catalog().cards[u.card].god:
        return IllegalAction("Gods ignore Poison from items.", "using-items")
    return IllegalAction(f"{d.name} reaches an enemy within {d.params.get('range', 1)} steps of one of your "
                         "allies.", "using-items")


def explain_unit(state, a: Move | Attack) -> IllegalAction:
    u = state.units.get(a.unit)
    if u is None or u.owner != a.seat:
        return IllegalAction("That is not one of your allies on the field.", "ally-cards")
    if u.summoned_turn == state.turn:
        return IllegalAction("An ally summoned this turn is still preparing: it acts from your next turn.",
                             "summoning")
    if isinstance(a, Move):
        return explain_move(state, a, u)
    if not can_act(state, a.unit):
        return IllegalAction("This ally's activation is over: an ally that moved and was left cannot come back "
                             "to act later this turn.", "faq-act-later")
    t = state.units.get(a.target)
    if t is None or t.owner == a.seat:
        return IllegalAction("Attacks target an enemy on the field.", "combat-and-gameplay")
    rng = stat(state, a.unit, "rng")
    return IllegalAction(f"The target is {dist(u.pos, t.pos)} steps away but the range is {rng}.", "range")


def explain_move(state, a: Move, u) -> IllegalAction:
    if u.act != "fresh":
        return IllegalAction("This ally has already moved or acted this turn; an ally moves before its "
                             "one action and never after.", "faq-act-later")
    to = parse_coord(a.to)
    if to is None:
        return IllegalAction(f"{a.to} is not a tile on the battlefield.", "battlemaps")
    occupant = state.unit_at(to)
    if occupant:
        return IllegalAction("A move must end on an empty tile.", "steps")
    if to in home_tiles(state):
        return IllegalAction("Homebase gates block every ally, friend or foe.", "gates")
    if state.tile(to) in "WM":
        return IllegalAction("Water and Mountains cannot be entered without a Terrain Effect that allows it.",
                             "water-and-mountains")
    return IllegalAction(f"{a.to} is out of reach: each step costs 1 SPD, Forest takes 1 more, and enemies "
                         "block the way.", "speed")


def explain_ability(state, a) -> IllegalAction:
    u = state.units.get(a.unit)
    if u is None or u.owner != a.seat:
        return IllegalAction("That is not one of your allies on the field.", "ally-cards")
    abilities = catalog().cards[u.card].abilities
    if not 0 <= a.ability < len(abilities):
        return IllegalAction("Each ally has exactly two special abilities.", "special-abilities")
    ab = abilities[a.ability]
    if ab.timing == "PERM":
        return IllegalAction(f"{ab.name} is permanent: it is always on and is never used as an action.",
                             "permanent-abilities")
    if ab.timing == "OT":
        return IllegalAction(f"{ab.name} is an (OT) ability: it answers an attack on your opponent's turn.",
                             "your-turn")
    if state.phase == "react" or a.seat != state.active:
        return IllegalAction("(PT) abilities are used on your own turn.", "your-turn")
    if u.summoned_turn == state.turn:
        return IllegalAction("An ally summoned this turn is still preparing: it acts from your next turn.",
                             "summoning")
    if not can_act(state, a.unit):
        return IllegalAction("This ally has already acted, or its activation is over: using an ability is its "
                             "one action.", "faq-act-later")
    if ab.sp > p_sp(state, a.seat):
        return IllegalAction(f"{ab.name} costs {ab.sp} SP and you have {p_sp(state, a.seat)}.", "sp-and-exp")
    if ab.kind in ("attack", "blast"):
        return IllegalAction(f"{ab.name} needs an enemy in reach.", "range")
    return IllegalAction(f"{ab.name} cannot be aimed there: check its reach and whom it helps.", "special-abilities")


def explain_ward(state, a) -> IllegalAction:
    if state.phase != "react" or state.attack is None:
        return IllegalAction("(OT) wards answer an attack on one of your allies during your opponent's turn; "
                             "no attack is waiting for an answer.", "special-abilities")
    if state.units[state.attack.target].owner != a.seat:
        return IllegalAction("Only the player whose ally is attacked may answer.", "special-abilities")
    u = state.units.get(getattr(a, "unit", ""))
    if u is None or u.owner != a.seat:
        return IllegalAction("That is not one of your allies on the field.", "ally-cards")
    if u.ot_used:
        return IllegalAction("Each ally uses at most one (OT) ability per opponent turn.", "special-abilities")
    ab = catalog().cards[u.card].abilities[a.ability] if 0 <= a.ability < 2 else None
    if ab is None or ab.timing != "OT":
        return IllegalAction("Only (OT) abilities can answer on your opponent's turn.", "special-abilities")
    if ab.sp > p_sp(state, a.seat):
        return IllegalAction(f"{ab.name} costs {ab.sp} SP and you have {p_sp(state, a.seat)}.", "sp-and-exp")
    return IllegalAction(f"{ab.name} cannot reach this attack: check its range and whom it guards.",
                         "special-abilities")


def explain_card(state, a) -> IllegalAction:
    """Runic Arts and Terrain Effects: the card, its cost, then (arts) the formation."""
    p, d = state.players[a.seat], catalog().cards.get(a.card)
    kind, rule = ("art", "runic-arts") if a.type == "art" else ("terrain", "terrain-effects")
    if d is None or d.kind != kind or a.card not in p.unused:
        return IllegalAction("That card is not among your unused cards; it leaves the game once cast.", rule)
    if d.sp > p.sp or d.exp > p.exp:
        return _too_dear(d, p)
    if a.type == "terrain":
        return IllegalAction("Terrain Effects are cast on your own turn.", "your-turn")
    t = state.units.get(a.target)
    if t is None or not state.foes(t.owner, a.seat):
        return IllegalAction("A Runic Art is aimed at an enemy on the field.", "runic-arts")
    for iid in a.allies:
        u = state.units.get(iid)
        if u is None or u.owner != a.seat:
            return IllegalAction("Every participant must be one of your allies on the field.", "runic-art-requirements")
        if u.summoned_turn == state.turn:
            return IllegalAction(f"{catalog().cards[u.card].name} was summoned this turn and cannot join a Runic Art.",
                                 "summoning")
        if u.act == "done":
            return IllegalAction(f"{catalog().cards[u.card].name} has already attacked or used an ability this turn; "
                                 "only allies that at most moved can join.", "runic-art-requirements")
    need = " + ".join(f"{n} {c.capitalize()}" for c, n in d.classes.items())
    where = {"ADJ": "each next to the enemy", "INRANGE": "with the enemy in each one's range",
             "FLANK": "next to the enemy, two of them on opposite sides"}[d.pattern]
    return IllegalAction(f"{d.name} needs {need}, {where}.", "runic-art-requirements")


def explain_setup(state, a) -> IllegalAction:
    step = next_setup(state) if state.phase == "setup" else None
    if step is None:
        return IllegalAction("The battlefield is already set up.", "setup")
    want = {"map": ("draft_map", "place_map"), "homebase": ("place_homebase",), "god": ("place_god",)}[step[1]]
    if a.type not in want or a.seat != step[0]:
        what = {"map": "a battlemap", "homebase": "a Homebase", "god": "a God"}[step[1]]
        return IllegalAction(f"Set-up goes in order: now {state.seats[step[0]]} places {what}.", "getting-started")
    if a.type in want and len(want) == 2:
        if any(m.piece == a.piece for m in state.maps):
            return IllegalAction(f"Battlemap {a.piece} is already on the field; each is used once.", "battlemaps")
        if a.type == "draft_map" and state.drafted is not None:
            return IllegalAction(f"Lay battlemap {state.drafted} first: choose its face and rotation.", "battlemaps")
        if a.type == "place_map" and a.piece != state.drafted:
            return IllegalAction("Take a battlemap first, then lay it.", "battlemaps")
        return IllegalAction("That battlemap would cut off part of the field: every passable area must stay "
                             "reachable.", "battlemaps")
    if a.type == "place_homebase":
        return IllegalAction(f"A Homebase goes on an empty Ground or Forest tile on your own side, with at least "
                             f"{MIN_ROOM} free passable tiles around it, and its gates must not cut off any area.",
                             "homebase")
    return IllegalAction("Your God starts on a free passable tile one step from your Homebase.", "homebase")


def p_sp(state, seat: int) -> int:
    return state.players[seat].sp


def _too_dear(card, player) -> IllegalAction:
    return IllegalAction(f"{card.name} costs {card.sp} SP and {card.exp} EXP; you have {player.sp} SP and "
                         f"{player.exp} EXP.", "sp-and-exp")


EXPLAIN = {Summon: explain_summon, Equip: explain_equipment, Assimilate: explain_equipment, UseItem: explain_item,
           Move: explain_unit, Attack: explain_unit, UseAbility: explain_ability, CastArt: explain_card,
           CastTerrain: explain_card, React: explain_ward, Pass: explain_ward}
