"""The moves a player may make on their own turn (§4.2, §5.2), built fresh from the table each time:
the one list the UI, the AI and the refusals share."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Action, EndTurn, made
from engine.core.memo import finite_cache

from . import keywords as K
from .actions import Act, Deploy, Equip, Karma, UseTag
from .names import unit_name
from .queries import (
    can_cs,
    cost_rules,
    fuel_enough,
    fuel_needs,
    has_pair,
    support_keywords,
)
from .state import Player, ResState, Unit

SIZE = 1 << 12  # some forty games of moves: a new game mostly meets new cards, so more buys little


def menu(s: ResState, seat: int) -> list[Action]:
    out: list[Action] = []
    fields = s.__dict__  # read past pydantic's attribute hook: the state's fields, each read once
    p = fields["players"][seat]
    # K.side_units: nothing below changes the table, so one list serves every question
    mine = [u for u in fields["units"].values() if u.owner == seat]
    pairs = targets = names = None
    tokens = p.tokens
    for u in mine:
        if not u.suppressed and not (tokens >= 2 if u.kind == "player" else u.spent):  # can_act, inline: every unit, every step
            if names is None:  # what every acting unit asks, worked out for the first one
                # unit_name, with the Player's name at hand (the state's attribute hook, every step)
                names = {t.uid: p.name if t.kind == "player" else unit_name(s, t) for t in mine}
                pairs = has_pair(s, seat)
                # §2.15, can_attack's first question: the first player's first turn has no attacks
                targets = [] if fields["first_turn"] and fields["first"] == seat else enemies(s, seat)
            out += unit_actions(s, u, p, pairs, mine, targets, names)
    if names is not None:  # else no unit can act, the Player included
        out += player_actions(s, seat, p, mine, names)
    out += karma_actions(s, seat, p, mine, fields["turn"])
    out.append(_end_turn(seat))
    return out


def enemies(s: ResState, seat: int) -> list[tuple[str, bool, str, int, int]]:
    """What every attacker of `seat` asks about each enemy it might attack, worked out once per
    menu: (uid, shielded by Guardian Precedence, name, Stealthy's EN, fuel cards), see `foes`.
    `foes`, Stealthy's cost (`stealth_cost`) and the fuel (`fuel_cards`) are asked here directly,
    in one pass over the table: this runs on every turn step."""
    players = s.players
    out = []
    for t in s.units.values():
        if t.owner == seat or t.acrobatic or not players[t.owner].alive:
            continue
        player = t.kind == "player"
        shielded = player and K.guards(s, t.owner)
        obscure = "Obscure" in t.tags and K.tag_active(s, t, "Obscure")
        name = players[t.owner].name if player else unit_name(s, t)  # unit_name, with the players at hand
        out.append((t.uid, shielded, name, 1 if "9.2" in K.all_kws(s, t) else 0, 2 if obscure else 1))
    return out


def unit_actions(s: ResState, u: Unit, p: Player, pairs: bool, mine: list[Unit],
                 targets: list[tuple[str, bool, str, int, int]], names: dict[str, str]) -> list[Action]:
    """`p`: the unit's Player; `pairs`: the hand holds a Critical Strike pair; `mine`: the seat's
    units, `targets` their `enemies` (none on the first player's first turn) and `names` their
    names by uid."""
    seat, uid, who = u.owner, u.uid, names[u.uid]
    kws = K.all_kws(s, u)
    needs, traveller, any_target = _traits(kws)
    out: list[Action] = []
    if targets and not ("Bind" in u.tags and K.tag_active(s, u, "Bind")):  # can_attack's second question
        pair = pairs and can_cs(s, u, kws)
        fuel_ok = _fuel_ok(needs, len(p.hand))
        en = p.en
        for t, shielded, target_name, cost, fuel in targets:
            if shielded and not traveller or en < cost or not fuel_ok[fuel]:
                continue
            out.append(_attack(seat, uid, who, t, target_name, cost, "attack"))
            if pair:
                out.append(_attack(seat, uid, who, t, target_name, cost, "cs"))
    for t in mine:
        if t.damage or t.uid == uid or any_target:
            out.append(_support(seat, uid, who, t.uid, names[t.uid]))
    out += _own_moves(seat, uid, who)
    return out


@finite_cache  # by what the actor adds to the fuel and the cards in hand
def _fuel_ok(needs: tuple[int, bool], have: int) -> tuple[bool, bool, bool]:
    """Whether a hand of `have` cards fuels an Attack, by the fuel a target takes (1 or 2 cards)."""
    return False, fuel_enough(have, 1, needs), fuel_enough(have, 2, needs)


@lru_cache(maxsize=1 << 10)
def _traits(kws: tuple[str, ...]) -> tuple[tuple[int, bool], bool, bool]:
    """What the menu asks of a unit's keywords (`all_kws`), remembered by them (a unit is made of a
    few cards, and every step asks): its `fuel_needs`, Traveller ("1.1", which passes Guardian
    Precedence, see attack_targets), and Support keywords, which make even an undamaged unit worth
    supporting (`support_keywords`)."""
    return fuel_needs(kws), "1.1" in kws, support_keywords(kws)


@lru_cache(maxsize=8)
def _end_turn(seat: int) -> EndTurn:
    return made(EndTurn, seat=seat)


# The moves of one unit, remembered by what their fields and labels are made of: a menu is
# built on every step, and mostly offers the moves it offered the step before. They are made
# without validation by the core's `made`: every field comes from the table the rules keep.


@lru_cache(maxsize=SIZE)
def _attack(seat: int, actor: str, who: str, target: str, target_name: str, cost: int, what: str) -> Act:
    """An Attack (`what` "attack") or a Critical Strike ("cs") on one target, each kept on its own:
    the Critical Strike comes and goes with a pair in hand, the Attack stays."""
    extra = f" (+{cost} EN)" if cost else ""
    verb = "Attack" if what == "attack" else "Critical Strike"
    return made(Act, seat=seat, actor=actor, what=what, target=target, text=f"{who}: {verb} {target_name}{extra}")


@lru_cache(maxsize=SIZE)
def _support(seat: int, actor: str, who: str, target: str, target_name: str) -> Act:
    return made(Act, seat=seat, actor=actor, what="support", target=target,
                text=f"{who}: Support {target_name} (-1 damage)")


@lru_cache(maxsize=SIZE)
def _own_moves(seat: int, actor: str, who: str) -> tuple[Act, Act]:
    return (made(Act, seat=seat, actor=actor, what="purge", text=f"{who}: Purge (-1 damage, may drop a Status Tag)"),
            made(Act, seat=seat, actor=actor, what="charge", text=f"{who}: Charge (+1 EN)"))


def player_actions(s: ResState, seat: int, p: Player, mine: list[Unit], names: dict[str, str]) -> list[Action]:
    """`p`: the seat's Player, `mine` its units, `names` their names by uid (the menu has them)."""
    me = s.units[f"P{seat}"]
    if me.suppressed or p.tokens >= 2:  # can_act, for a Player
        return []
    out: list[Action] = []
    side = K.side_kws(s, seat, mine)  # the costs and the Items' room ask about it
    surcharge, crafty = cost_rules(s, seat, side)
    me_focus = K.focus(s, me)
    room = K.command_count(s, seat, mine) < me_focus
    en = p.en
    spec = K.specs()
    items: list[tuple[str, int]] = []  # (Item in hand, its cost) that the EN pays for
    for c in dict.fromkeys(p.hand):  # one pass: Animations are offered first, then Items
        # The costs of deploy_cost and equip_cost, from the rules worked out once above.
        cost = spec[c].power + surcharge
        if spec[c].kind == "animation":
            if room and en >= cost:
                out.append(_deploy(seat, c, cost))
        else:
            if crafty:
                cost = max(1, cost - 1)
            if en >= cost:
                items.append((c, cost))
    # K.item_limit, with the Player's Focus and Broad ("9.7") known: an Animation holds one Item.
    player_limit = me_focus + (1 if "9.7" in side else 0)
    holders = [(t.uid, names[t.uid]) for t in mine if len(t.items) < (player_limit if t.kind == "player" else 1)]
    # Plain loops, not a comprehension per Item: each is a call and a list, for one or two holders.
    for c, cost in items:
        for uid, who in holders:
            out.append(_equip(seat, c, cost, uid, who))
    for t in mine:
        for i in t.items:
            for uid, who in holders:
                if uid != t.uid:
                    out.append(_move_item(seat, i, uid, who))
    return out


@lru_cache(maxsize=SIZE)
def _deploy(seat: int, c: str, cost: int) -> Deploy:
    cd = K.card(c)
    return made(Deploy, seat=seat, card=c, text=f"Deploy {cd.name} (P{cd.power}/F{cd.focus}, {cost} EN)")


# Remembered one holder at a time: which units have room changes often, each unit's move does not.

@lru_cache(maxsize=SIZE)
def _equip(seat: int, c: str, cost: int, uid: str, who: str) -> Equip:
    """A hand Item equipped to a unit with room (`who` is its name)."""
    return made(Equip, seat=seat, item=c, target=uid, text=f"Equip {K.card(c).name} ({cost} EN) to {who}")


@lru_cache(maxsize=SIZE)
def _move_item(seat: int, item: str, uid: str, who: str) -> Equip:
    """An equipped Item moved to another unit with room."""
    return made(Equip, seat=seat, item=item, target=uid, text=f"Move {K.card(item).name} to {who}")


def karma_actions(s: ResState, seat: int, p: Player, mine: list[Unit], turn: int) -> list[Action]:
    """`p`: the seat's Player, `mine` its units, `turn` the turn number (the menu has them)."""
    out: list[Action] = []
    if p.karma >= 1:
        out.append(_karma(seat, "overclock"))
        player_spent = p.tokens >= 2
        for u in mine:
            # K.is_spent, inline: asked of every unit on most turn steps
            if ((player_spent if u.kind == "player" else u.spent) or u.suppressed) and u.readied_turn != turn:
                out.append(_reengage(seat, u.uid, unit_name(s, u)))
    if p.karma >= 3 and p.codex_deck:
        out.append(_karma(seat, "acquire"))
    if p.karma >= p.base_focus + 1:
        out.append(_refine(seat, p.base_focus + 1))
    for u in mine:
        if u.readied_turn == turn:
            continue
        if "Haste" in u.tags and K.is_spent(s, u) and not u.suppressed:
            out.append(_use_tag(seat, u.uid, "Haste", f"Haste Tag: ready {unit_name(s, u)}"))
        if "Liberate" in u.tags and u.suppressed:
            out.append(_use_tag(seat, u.uid, "Liberate", f"Liberate Tag: un-suppress {unit_name(s, u)}"))
    return out


# Karma moves, remembered the same way.

@lru_cache(maxsize=64)
def _karma(seat: int, spend: str) -> Karma:
    return made(Karma, seat=seat, spend=spend)


@lru_cache(maxsize=SIZE)
def _reengage(seat: int, uid: str, who: str) -> Karma:
    return made(Karma, seat=seat, spend="reengage", unit=uid, text=f"Re-engage {who} (1 Karma)")


@lru_cache(maxsize=256)
def _refine(seat: int, level: int) -> Karma:
    return made(Karma, seat=seat, spend="refine", text=f"Refine Focus to {level} ({level} Karma)")


@lru_cache(maxsize=SIZE)
def _use_tag(seat: int, uid: str, tag: str, text: str) -> UseTag:
    return made(UseTag, seat=seat, unit=uid, tag=tag, text=text)
