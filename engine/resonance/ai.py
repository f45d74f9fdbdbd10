"""A heuristic Resonance player. It reads only its own seat's knowledge: its hand, its Codex deck and
the public table (hand sizes, not hands), and picks one legal move by simple scores."""

from __future__ import annotations

import random

from engine.core import Action

from . import keywords as K
from .actions import Act, Choose, Deploy, EndTurn, Equip, Karma, UseTag
from .cards import catalog
from .combat import target_ev
from .queries import cs_pairs
from .state import ResState

# Rough worth of a keyword on our own attack; 0 means "do not bother".
KW_VALUE = {"0.1": 3, "3.6": 3, "5.8": 3, "1.8": 2, "4.6": 3, "2.7": 2, "7.2": 2, "6.8": 2, "2.3": 2, "4.8": 2,
            "3.8": 2, "6.6": 2, "1.7": 2, "8.8": 2, "3.2": 1, "0.2": 2, "8.2": 1, "2.1": 1, "9.6": 1, "8.6": 1,
            "8.9": 1, "1.1": 4, "7.8": 2, "0.4": 1, "1.4": 1, "3.4": 2, "4.4": 2, "7.4": 2, "8.4": 2, "9.4": 2,
            "2.4": 1, "5.4": 1, "6.4": 1, "0.5": 2, "1.5": 2, "2.5": 1, "3.5": 2, "4.5": 2, "5.5": 2, "6.5": 2,
            "7.5": 2, "8.5": 1, "9.5": 1, "6.7": 2, "8.3": 2, "2.8": 1, "4.9": 1, "5.9": 1, "8.7": 1}
COLOUR_ORDER = [0, 1, 3, 7, 4, 8, 6, 2, 5, 9]

STANDING = {
    "react": {"never": "Never react (keep my cards)", "best": "Discard my best card when it would stop damage"},
    "extra": {"never": "Never discard extra cards"},
    "reactive": {"never": "Never use Reactive"},
    "trickster": {"never": "Never use Trickster"},
    "survivor": {"always": "Always use Survivor if I can (discarding my lowest card)", "never": "Never use Survivor"},
    "area": {"never": "Never pay EN against Area", "always": "Always pay 1 EN when I can"},
    "aware": {"never": "Never pay for Aware", "always": "Always pay 1 EN to draw"},
    "adaptive_discard": {"lowest": "Discard my lowest card"},
    "charismatic_discard": {"lowest": "Discard my lowest card"},
    "awkward": {"lowest": "Discard my lowest card"},
    "trickster_reply": {"lowest": "Discard my lowest card"},
    "bless": {"always": "Always spend a Bless Tag", "never": "Never spend a Bless Tag"},
    "slow": {"always": "Always pay 1 EN to remove a Slow Tag", "never": "Never pay for a Slow Tag"},
    "potent": {"miss": "Use Potent only when the attack misses"},
    "reckless": {"higher": "Use the higher of the two cards"},
    "specialist": {"always": "Always draw", "never": "Never draw"},
    "insightful": {"always": "Always draw", "never": "Never draw"},
    "stubborn": {"always": "Always draw", "never": "Never draw"},
}


def standing(game, s: ResState, seat: int, kind: str, answer: str) -> Action | None:
    """The move a standing answer makes, or None when it does not fit the open question."""
    legal = [a for a in game.legal_actions(s, seat) if getattr(a, "kind", None) == kind]
    if not legal:
        return None
    by_opt = {a.option: a for a in legal}
    if answer == "never":
        return by_opt.get("no") or by_opt.get("none")
    if answer == "always":
        if kind == "survivor":
            cards = [a for a in legal if a.option.startswith("card:")]
            return min(cards, key=lambda a: K.card(a.option[5:]).power) if cards else None
        pays = [a for a in legal if a.option.startswith("pay:")]
        return by_opt.get("pay") or by_opt.get("yes") or (pays[0] if pays else None)
    if answer == "miss":
        return _potent(s, seat, legal)
    if answer == "higher":
        return _reckless(s, seat, legal)
    if answer == "lowest":
        return min(legal, key=lambda a: K.card(a.option[5:]).power)
    if answer == "best":
        return _react(s, seat, legal)
    return None


def choose(game, s: ResState, seat: int) -> Action:
    legal = game.legal_actions(s, seat)
    if len(legal) == 1:
        return legal[0]
    if s.ask:
        fn = ASK_HANDLERS.get(s.ask.kind)
        pick = fn(s, seat, legal) if fn else None
        return pick or legal[0]
    return _turn(s, seat, legal)


# --- prompts -------------------------------------------------------------------------------

def _opt(legal, option):
    return next((a for a in legal if a.option == option), None)


def _card_power(a: Choose) -> int:
    return K.card(a.option.split(":")[1]).power if a.option.startswith("card:") else 0


def _draft(s, seat, legal):
    """Any module in the pool, drawn from a generator seeded by the game's seed and the pick. Every
    drafted module goes into the one shared Main Deck (§3.2), so a pick serves all players alike;
    a fixed favourite list put the same ten modules in every game, and the balance report could
    measure no others. Same state, same pick: a replay repeats the draft."""
    return random.Random(f"{s.rng.seed}:draft:{seat}:{len(s.pool)}").choice(legal)


def _primary(s, seat, legal):
    return min(legal, key=lambda a: COLOUR_ORDER.index(int(a.option)))


def _drop(s, seat, legal):
    return min(legal, key=lambda a: (sum(KW_VALUE.get(k, 0) for k in catalog().codex[a.option].keywords), a.option))


def _lowest(s, seat, legal):
    cards = [a for a in legal if a.option.startswith("card:")] or legal
    return min(cards, key=lambda a: (K.card(a.option[5:]).power if a.option.startswith("card:") else 99, a.option))


def _refresh(s, seat, legal):
    hand = s.players[seat].hand
    powers = [K.card(c).power for c in hand]

    def keep_value(a):
        cd = K.card(a.option)
        pair = powers.count(cd.power) >= 2
        return (pair, cd.power, a.option)
    return min(legal, key=keep_value)


def _augment(s, seat, legal):
    c = s.combat
    best, best_v = None, 0
    for a in legal:
        if a.option == "done":
            continue
        parts = a.option.split(":")
        code = parts[1]
        v = KW_VALUE.get(code, 0)
        if parts[0] == "tag" or code in ("5.6", "5.2"):
            v = KW_VALUE.get(parts[-1], 0) + 1
        if code in ("4.7", "0.8"):  # Flux, Gamble: worth it while the actor has HP to spare
            me = s.units[c.actor]
            v = 2 if K.max_hp(s, me) - me.damage > 4 else 0
        if code == "1.3":
            v = K.focus(s, s.units[parts[2]]) - K.focus(s, s.units[c.actor])
        if code == "7.8":
            v = 3
        if code in ("1.9", "6.2", "5.7", "9.9", "7.9", "0.7", "0.6", "7.6", "2.6", "2.9", "9.8", "4.2", "0.9",
                    "0.3", "3.9"):
            v = 0
        if c.action == "support" and code in K.STATUS_TAG:
            v = 0
        if v > best_v:
            best, best_v = a, v
    return best or _opt(legal, "done")


def _fuel(s, seat, legal):
    def value(a):
        o = a.option
        if o.startswith("pair:"):
            return 2 * int(o[5:])
        if o.startswith("two:"):
            return min(int(x) for x in o.split(":")[1:])
        if o.startswith("card:"):
            return K.card(o[5:]).power
        if o == "stoic":
            return K.focus(s, s.units[s.combat.source]) + 0.5
        if o == "ambience":
            return max((K.card(x).power for x in s.discard), default=0) + 0.5
        return 0
    return max(legal, key=value)


def _expected_ev(s) -> int:
    c = s.combat
    t = s.units.get(c.target)
    return c.ev + (target_ev(s, c, t)[0] if t else 0)


def _react(s, seat, legal):
    c = s.combat
    t = s.units.get(c.target)
    if t is None:
        return _opt(legal, "none") or legal[0]
    ev = _expected_ev(s)
    base = (0 if "7.7" in c.kws else K.focus(s, t)) + c.reactive.get(t.uid, 0)
    if ev <= base:
        return _opt(legal, "none") or legal[0]
    cards = sorted((a for a in legal if a.option.startswith("card:") or a.option == "reveal"),
                   key=_card_power)
    stopping = [a for a in cards if a.option.startswith("card:") and base + _card_power(a) >= ev]
    if stopping:
        return stopping[0]
    lethal = t.damage + (ev - base) >= K.max_hp(s, t)
    sacs = [a for a in legal if a.option.startswith("sac:")]
    if lethal and sacs and t.kind == "player":
        return max(sacs, key=lambda a: K.card(a.option[4:]).power)
    if cards:
        return cards[-1]
    return _opt(legal, "none") or legal[0]


def _extra(s, seat, legal):
    c = s.combat
    if _expected_ev(s) <= c.rv:
        return _opt(legal, "no")
    cards = sorted((a for a in legal if a.option.startswith("card:")), key=_card_power)
    return cards[-1] if cards else _opt(legal, "no")


def _reactive(s, seat, legal):
    c = s.combat
    t = s.units.get(c.targets[0])
    if t is None or len(s.players[seat].hand) < 2:
        return _opt(legal, "no")
    cards = sorted((a for a in legal if a.option.startswith("card:")), key=_card_power)
    return cards[0] if cards else _opt(legal, "no")


def _survivor(s, seat, legal):
    return _lowest(s, seat, [a for a in legal if a.option != "no"]) if len(legal) > 1 else legal[0]


def _enemy_pick(s, seat, legal):
    def score(a):
        u = s.units.get(a.option)
        if u is None:
            return (False, -99)  # "no": only when nothing else is offered
        return (u.kind == "player", u.damage - K.max_hp(s, u))
    return max(legal, key=score)


def _brawler(s, seat, legal):
    return max(legal, key=_card_power)


def _yes_if_en(need: int, yes: str = "yes", no: str = "no"):
    def fn(s, seat, legal):
        return _opt(legal, yes) if s.players[seat].en >= need else _opt(legal, no)
    return fn


def _enhance(s, seat, legal):
    cards = sorted((a for a in legal if a.option.startswith("card:")), key=_card_power)
    return cards[-1] if cards and len(s.players[seat].hand) > 2 else _opt(legal, "no")


def _bane(s, seat, legal):
    foes = {p.primary for p in s.players if p.seat != seat}  # Secondaries are secret: Primaries only
    free = [a for a in legal if int(a.option.split(":")[1]) not in foes]
    return (free or legal)[0]


def _potent(s, seat, legal):
    """Potent only pays off on a miss: on a hit the effects apply anyway and the damage is worth more."""
    return _opt(legal, "no" if s.combat.hit else "yes")


def _reckless(s, seat, legal):
    c = s.combat
    top = c.params.get("reckless_top")
    fuel = c.fuel[0] if c.fuel else None
    if top is None or fuel is None:
        return legal[0]
    return _opt(legal, "top" if K.card(top).power > K.card(fuel).power else "fuel")


def _flux(s, seat, legal):
    me = s.units[s.combat.actor]
    return _opt(legal, "1" if K.max_hp(s, me) - me.damage > 4 else "0") or _opt(legal, "0")


def _gamble(s, seat, legal):
    me = s.units[s.combat.actor]
    once = s.combat.params.get("gamble_n", "0") == "0"
    return _opt(legal, "yes" if once and K.max_hp(s, me) - me.damage > 4 else "no")


def _slow(s, seat, legal):
    pays = [a for a in legal if a.option.startswith("pay:")]
    return pays[0] if pays and s.players[seat].en >= 1 else _opt(legal, "no")


PURGE_FIRST = ["Curse", "Bind", "Blight", "Slow", "Weaken", "Daze", "Impair", "Silence", "Mark", "Nullify"]


def _purge(s, seat, legal):
    """Drop the Status Tag that hurts most; keep none of them."""
    tags = [a for a in legal if a.option.partition("|")[2]]
    return min(tags, key=lambda a: PURGE_FIRST.index(a.option.partition("|")[2])) if tags else legal[0]


def _animate(s, seat, legal):
    cards = [a for a in legal if a.option != "no"]
    return max(cards, key=lambda a: (K.card(a.option).power, a.option)) if cards else legal[0]


def _support_tag(s, seat, legal):
    """Boost Tags go on the supported unit: it is the one that needed help."""
    return _opt(legal, s.combat.targets[0]) or legal[0]


def _yes(s, seat, legal):
    return _opt(legal, "yes")


ASK_HANDLERS = {
    "draft": _draft, "codex_primary": _primary, "codex_secondary": _primary, "codex_drop": _drop,
    "refresh": _refresh, "augment": _augment, "fuel": _fuel, "react": _react, "extra": _extra,
    "reactive": _reactive, "trickster": lambda s, seat, legal: _opt(legal, "no"), "survivor": _survivor,
    "area": _yes_if_en(3, "pay", "no"), "adaptive": lambda s, seat, legal: _opt(legal, "damage"),
    "adaptive_discard": _lowest, "charismatic_discard": _lowest, "brawler": _brawler,
    "spread": _enemy_pick, "splash": _enemy_pick, "chain": _enemy_pick,
    "edit": lambda s, seat, legal: _opt(legal, "no"), "alert": lambda s, seat, legal: _opt(legal, "no"),
    "rapid": _yes_if_en(3), "enhance": _enhance, "shift": lambda s, seat, legal: _opt(legal, "done"),
    "sensor": lambda s, seat, legal: _opt(legal, "keep"), "aware": _yes_if_en(5),
    "charismatic": lambda s, seat, legal: legal[0], "bane": _bane, "immunized": lambda s, seat, legal: legal[0],
    "bless": _yes, "slow": _slow, "potent": _potent, "reckless": _reckless, "awkward": _lowest,
    "trickster_reply": _lowest, "flux": _flux, "gamble": _gamble, "specialist": _yes, "insightful": _yes,
    "stubborn": _yes, "splash_brawler": _brawler, "purge": _purge, "animate": _animate, "support_tag": _support_tag,
}


# --- own turn --------------------------------------------------------------------------------

def _best_card(s, seat) -> int:
    return max((K.card(c).power for c in s.players[seat].hand), default=0)


def _attack_score(s: ResState, a: Act) -> float:
    u, t = s.units[a.actor], s.units[a.target]
    seat = a.seat
    if a.what == "cs":
        ev = 2 * max(cs_pairs(s, seat)) + (len(u.items) if u.kind == "player" else 0) + 1
    else:
        ev = K.focus(s, u) + _best_card(s, seat) + (len(u.items) + 1 if u.kind == "player" else 0)
    guess_def = 2.5 if s.players[t.owner].hand else 0
    dmg = ev - K.focus(s, t) - guess_def
    left = K.max_hp(s, t) - t.damage
    score = dmg + (6 if t.kind == "player" else 0) + (4 if dmg >= left else 0) - 0.2 * left
    if t.suppressed:
        score -= 10
    return score


def _turn(s: ResState, seat: int, legal: list[Action]) -> Action:
    p = s.players[seat]
    me = s.units[f"P{seat}"]
    scored: list[tuple[float, int, Action]] = []
    for i, a in enumerate(legal):
        v = _score(s, seat, p, me, a)
        if v is not None:
            scored.append((v, -i, a))
    if not scored:
        return next(a for a in legal if isinstance(a, EndTurn))
    v, _, best = max(scored, key=lambda x: (x[0], x[1]))
    return best if v > 0 else next(a for a in legal if isinstance(a, EndTurn))


def _score(s, seat, p, me, a) -> float | None:
    if isinstance(a, Karma):
        if a.spend == "refine":
            return 50
        if a.spend == "acquire":
            return 40 if p.base_focus >= 3 else None
        return None
    if isinstance(a, UseTag):
        return 45
    if isinstance(a, Deploy):
        cd = K.card(a.card)
        return 20 + cd.power + cd.focus
    if isinstance(a, Equip):
        if a.item not in p.hand:
            return None
        t = s.units[a.target]
        return 15 + K.card(a.item).power + (3 if t.kind == "player" else 0) if p.en - K.card(a.item).power >= 1 else None
    if isinstance(a, Act):
        u = s.units[a.actor]
        if a.what in ("attack", "cs"):
            sc = _attack_score(s, a)
            bonus = 10 if u.kind != "player" else 0  # Animations act for free: use them first
            return 10 + bonus + sc if sc > -1 else 1  # a long shot still beats passing: cards refill
        if a.what == "support":
            t = s.units[a.target]
            return 4 + t.damage if t.damage and not K.tag_active(s, t, "Curse") else None
        if a.what == "purge":
            return 3 + u.damage if u.damage and not K.tag_active(s, u, "Curse") else None
        if a.what == "charge":
            return 2 if p.en < 10 else None
    return None
