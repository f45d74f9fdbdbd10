"""A heuristic Gods & Clans player: summon, march on the enemy God, take good trades.

Equal choices are broken by a die seeded from the game seed and state version, never by board
order: sorting tiles by (column, row) made seat 1 step forward and seat 0 step sideways whenever
the ring distance tied, and that single bias decided every AI-vs-AI game.
"""

from __future__ import annotations

import random

from engine.core import Action

from .actions import (
    Assimilate,
    Attack,
    CastArt,
    CastTerrain,
    DraftMap,
    EndTurn,
    Equip,
    Move,
    Pass,
    PlaceHomebase,
    PlaceMap,
    React,
    Summon,
    UseAbility,
    UseItem,
)
from .board import STATUS_BONUS, armor, can_act, has_perm, stat
from .cards import battlemaps, catalog
from .state import dist, parse_coord
from .wards import ward_strength


def hit_score(state, att: str, target: str, bonus: int = 0, status: str | None = None,
              fight: bool = True, direct: int | None = None) -> float:
    """Value of hurting `target`: damage (double on a God), a kill's worth, a status that will tick,
    minus what a counter-strike would cost us. `direct` is fixed damage that no armor stops."""
    dfn = state.units[target]
    d = catalog().cards[dfn.card]
    if status and d.god:
        status = None
    if direct is None:
        dmg = max(0, stat(state, att, "atk") + bonus + (STATUS_BONUS[status] if status else 0)
                  - armor(state, target))
    else:
        dmg = direct
    score = dmg * (2.0 if d.god else 1.0)
    if dmg >= dfn.hp:
        return score + (1000 if d.god else 6 + d.exp_value)
    if status and status not in dfn.statuses:
        score += 2.5
    au = state.units[att]
    if fight and (dist(au.pos, dfn.pos) <= stat(state, target, "rng") or has_perm(state, target, "counter_any")):
        back = stat(state, target, "atk")
        score -= back * (1.5 if catalog().cards[au.card].god else 0.8)
    return score


def attack_score(state, a: Attack) -> float:
    return hit_score(state, a.unit, a.target)


def ability_score(state, seat: int, a: UseAbility) -> float:
    """Abilities are worth their effect minus their SP (which also pays for summons and wards)."""
    ab = catalog().cards[state.units[a.unit].card].abilities[a.ability]
    p, cost = ab.params, ab.sp * 0.8
    if ab.kind == "attack":
        base = hit_score(state, a.unit, a.target, p.get("atk_bonus", 0), p.get("status"))
        if p.get("self_damage") and state.units[a.unit].hp <= p["self_damage"] + 1:
            return -1
        return base + p.get("heal_self", 0) * 0.5 - cost
    if ab.kind == "blast":
        return hit_score(state, a.unit, a.target, status=p.get("status"), fight=False,
                         direct=p.get("amount", 0)) - cost
    if ab.kind == "eclipse":
        u = state.units[a.unit]
        hit = [o for o in state.units.values() if state.foes(o.owner, seat) and dist(o.pos, u.pos) <= p["range"]
               and not catalog().cards[o.card].god]
        return sum(4.5 if "poison" not in o.statuses else 2 for o in hit) - cost
    if ab.kind == "heal":
        t = state.units[a.target]
        missing = catalog().cards[t.card].hp - t.hp
        value = min(missing, p.get("amount", 0)) + (3 if p.get("cure") and t.statuses else 0)
        return value * (1.5 if catalog().cards[t.card].god else 1) - cost - 1
    if ab.kind == "shield":  # worth it only with foes close enough to strike next turn
        u = state.units[a.unit]
        close = sum(1 for o in state.units.values() if state.foes(o.owner, seat) and dist(o.pos, u.pos) <= 3)
        return min(close, 2) * p.get("amount", 0) * 0.6 - cost
    if ab.kind == "rally":  # +ATK for a friend that can still strike this turn
        t = state.units[a.target]
        ready = can_act(state, a.target) and any(
            state.foes(o.owner, seat) and dist(o.pos, t.pos) <= stat(state, a.target, "rng")
            for o in state.units.values())
        return 1.5 - cost if ready else -1.0
    return -1.0


def art_score(state, a: CastArt) -> float:
    d = catalog().cards[a.card]
    return hit_score(state, a.allies[0], a.target, status=d.status, fight=False, direct=d.damage) - 2


def buff_for(state, seat: int, legal: list[Action], strike) -> Action | None:
    """An ATK item on the striker when +2 turns the strike into a kill (or lands on a God)."""
    if not isinstance(strike, (Attack, UseAbility)):
        return None
    t = state.units.get(getattr(strike, "target", None) or "")
    if t is None:
        return None
    for a in legal:
        if isinstance(a, UseItem) and a.target == strike.unit:
            d = catalog().cards[a.card]
            if d.effect == "buff" and d.params.get("stat") == "atk":
                dmg = stat(state, strike.unit, "atk")
                if catalog().cards[t.card].god or dmg < t.hp <= dmg + d.params["amount"]:
                    return a
    return None


def support_score(state, seat: int, a) -> float:
    """Equipment on the God (or a foe's God for enemy cards), heals that are not wasted, killing scrolls."""
    d = catalog().cards[a.card]
    u = state.units[a.unit if isinstance(a, Equip) else a.target]
    ud = catalog().cards[u.card]
    missing = ud.hp - u.hp
    if isinstance(a, Equip):
        if d.target == "enemy":
            return 3.0 if ud.god else 0.0
        value = sum(d.mods.values()) + d.reduce + min(d.heal, missing) / 2
        return value * (2 if ud.god else 1) - (0 if ud.god or ud.sp >= 4 else 2)
    if d.effect == "heal":
        return 2.0 + (2 if ud.god else 0) if missing >= d.params.get("amount", 0) else 0.0
    if d.effect == "damage":
        return 10.0 if u.hp <= d.params.get("amount", 0) or ud.god else 0.0
    if d.effect == "status":  # Poison: worth it on a sturdy foe not yet poisoned
        return 1.0 + ud.exp_value if "poison" not in u.statuses and u.hp > 2 else 0.0
    return 0.0


def ward_choice(state, seat: int, legal: list[Action]) -> Action:
    """Answer an attack with the ward that takes most off the hit; keep 2 SP in hand for the next turn's
    work unless the target is the God."""
    god = catalog().cards[state.units[state.attack.target].card].god
    best = None
    for a in legal:
        if isinstance(a, React):
            gain, cost = ward_strength(state, a), catalog().cards[state.units[a.unit].card].abilities[a.ability].sp
            if gain and (god or state.players[a.seat].sp - cost >= 2) and (best is None or gain > best[0]):
                best = (gain, a)
    return best[1] if best else next(a for a in legal if isinstance(a, Pass))


def setup_score(state, seat: int, a: Action) -> float:
    """Open ground on our side, a Homebase on the second row near our centre, the God in front of it."""
    centre = 4 if len(state.players) == 2 else (2 if seat < 2 else 6)
    if isinstance(a, PlaceMap):
        return a.rows.count("G") + 0.5 * a.rows.count("F")
    if isinstance(a, DraftMap):
        piece = battlemaps().pieces[a.piece]
        return max("".join(f).count("G") + 0.5 * "".join(f).count("F") for f in (piece.face_a, piece.face_b))
    c, row = parse_coord(a.tile)
    if isinstance(a, PlaceHomebase):
        back = 1 if seat % 2 == 0 else 10
        return -10 * abs(row - back) - abs(c - centre)
    forward = row if seat % 2 == 0 else -row
    return 10 * forward - abs(c - centre)


def setup_choice(state, seat: int, legal: list[Action]) -> Action:
    die = random.Random(f"{state.rng.seed}:{state.version}:{seat}:setup")
    return max(legal, key=lambda a: (setup_score(state, seat, a), die.random()))


def turn_choice(state, seat: int, legal: list[Action]) -> Action:
    die = random.Random(f"{state.rng.seed}:{state.version}:{seat}:ai")
    order = {id(a): die.random() for a in legal}  # tie-break, the same for both seats
    return (strike(state, seat, legal, order) or terrain(state, seat, legal) or summon(state, seat, legal, order)
            or support(state, seat, legal, order) or march(state, seat, legal, order) or EndTurn(seat=seat))


BY_PHASE = {"setup": setup_choice, "play": turn_choice, "react": ward_choice}


def choose(game, state, seat: int) -> Action:
    return BY_PHASE[state.phase](state, seat, game.legal_actions(state, seat))


def strike(state, seat: int, legal: list[Action], order: dict) -> Action | None:
    """The best attack, attacking ability or Runic Art, after an ATK item if that makes it a kill."""
    scored = []
    for a in legal:
        if isinstance(a, Attack):
            scored.append((attack_score(state, a), order[id(a)], a))
        elif isinstance(a, UseAbility) and catalog().cards[state.units[a.unit].card].abilities[a.ability].kind in (
                "attack", "blast", "eclipse"):
            scored.append((ability_score(state, seat, a), order[id(a)], a))
        elif isinstance(a, CastArt):
            scored.append((art_score(state, a), order[id(a)], a))
    if not scored:
        return None
    score, _, best = max(scored, key=lambda x: x[:2])
    if score <= 0:
        return None
    return buff_for(state, seat, legal, best) or best


def summon(state, seat: int, legal: list[Action], order: dict) -> Action | None:
    """The dearest ally we can pay for, placed nearest the enemy God; assimilate Equipment we cannot
    afford to wear when that pays for a dearer ally."""
    summons = [a for a in legal if isinstance(a, Summon)]
    gods = [u for u in state.units.values() if state.foes(u.owner, seat) and catalog().cards[u.card].god]
    if summons and gods:
        return max(summons, key=lambda a: (catalog().cards[a.card].sp, -min(dist(parse_coord(a.tile), g.pos)
                                                                             for g in gods), order[id(a)]))
    p = state.players[seat]
    wanted = [catalog().cards[c].sp for c in p.unused if catalog().cards[c].kind == "ally"]
    for a in legal:
        if isinstance(a, Assimilate):
            d = catalog().cards[a.card]
            if d.exp > p.exp and any(p.sp < sp <= p.sp + d.assimilate_sp for sp in wanted):
                return a
    return None


def support(state, seat: int, legal: list[Action], order: dict) -> Action | None:
    """Equipment, items and healing abilities by value."""
    scored = []
    for a in legal:
        if isinstance(a, (Equip, UseItem)):
            scored.append((support_score(state, seat, a), order[id(a)], a))
        elif isinstance(a, UseAbility) and catalog().cards[state.units[a.unit].card].abilities[a.ability].kind in (
                "heal", "shield", "rally"):
            scored.append((ability_score(state, seat, a), order[id(a)], a))
    saving = saving_for_terrain(state, seat)
    scored = [x for x in scored if x[0] > (5 if saving and exp_cost(x[2]) else 0)]
    return max(scored, key=lambda x: x[:2])[2] if scored else None


def exp_cost(a: Action) -> int:
    return catalog().cards[a.card].exp if isinstance(a, (Equip, UseItem)) else 0


def saving_for_terrain(state, seat: int) -> bool:
    """Keep EXP for a useful Terrain Effect rather than spend it on small things."""
    p = state.players[seat]
    return any(catalog().cards[c].kind == "terrain" and terrain_useful(state, c, seat) and p.exp < catalog().cards[c].exp
               for c in p.unused)


def terrain(state, seat: int, legal: list[Action]) -> Action | None:
    return next((a for a in legal if isinstance(a, CastTerrain) and terrain_useful(state, a.card, seat)), None)


def terrain_useful(state, card: str, seat: int) -> bool:
    """Cast a Terrain Effect once the field has enough of its terrain and we keep 2 SP."""
    rule = catalog().cards[card].rule
    tiles = "".join(state.field)
    count = {"mountain": tiles.count("M"), "water": tiles.count("W"), "forest_free": tiles.count("F"),
             "forest_atk": tiles.count("F")}[rule]
    return count >= 4 and state.players[seat].sp - catalog().cards[card].sp >= 2


def march(state, seat: int, legal: list[Action], order: dict) -> Action | None:
    """Move toward the nearest enemy God, ending in reach of a foe when possible; keep the God home
    until a few allies are out."""
    moves = [a for a in legal if isinstance(a, Move)]
    foes = [e for e in state.units.values() if state.foes(e.owner, seat)]
    if not moves or not foes:
        return None
    gods = [u for u in foes if catalog().cards[u.card].god]
    own = sum(1 for o in state.units.values() if o.owner == seat)
    best, score = None, (-1e9, 0.0)
    for m in moves:
        u = state.units[m.unit]
        to = parse_coord(m.to)
        goal = min(gods or foes, key=lambda e: dist(e.pos, u.pos))
        gain = dist(u.pos, goal.pos) - dist(to, goal.pos)
        near = min(dist(to, e.pos) for e in foes)
        s = gain + (2 if near <= stat(state, m.unit, "rng") else 0)
        s -= RISK * (danger(state, m.unit, to, foes) - danger(state, m.unit, u.pos, foes))
        if catalog().cards[u.card].god:
            s -= 3 if own < 4 else 0
        if (s, order[id(m)]) > score:
            best, score = m, (s, order[id(m)])
    return best if score[0] > 0 else None


# A kill is worth 6 + EXP (7-9) to the foe; 0.45 of that (3.2-4.1) outweighs any walk's gain (SPD 3 at
# most), so an ally never steps into a lethal spot just to close in, yet may for a strike (+2). At 0.4
# fast allies walked in again (first player 55-61%); at 0.5 the first player won 41-46%.
RISK = 0.45


def danger(state, iid: str, at, foes) -> float:
    """What standing on `at` risks: a kill's worth when the foes' ATK past its armor, from every foe
    whose walk plus reach gets there (terrain ignored), is enough to destroy it next turn. Walking
    into that blind handed the first strike to whoever was out first."""
    u = state.units[iid]
    hits = sum(max(0, stat(state, e.iid, "atk") - armor(state, iid)) for e in foes
               if dist(at, e.pos) <= stat(state, e.iid, "spd") + stat(state, e.iid, "rng"))
    d = catalog().cards[u.card]
    return (20 if d.god else 6 + d.exp_value) if hits >= u.hp else 0
