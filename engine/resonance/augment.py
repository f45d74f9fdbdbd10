"""Declaring an Attack, Critical Strike or Support and choosing its keywords (notes item 19, GR6)."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Event, note
from engine.core.memo import finite_cache

from . import effects as E
from . import keywords as K
from .context import VERB
from .prompts import ask, source, take
from .queries import attack_targets
from .state import Combat, ResState

SUPPORT_ONLY = {"3.9", "6.7", "7.9", "8.3"}


def declare(game, s: ResState, a, events: list[Event]) -> None:
    seat, action, target = a.seat, a.what, a.target  # each read once: the move's attribute hook
    u = s.units[a.actor]
    c = Combat(seat=seat, action=action, actor=u.uid, source=u.uid, targets=[target])
    c.add("innate", _innate(K.printed(s, u), action))
    s.combat = c
    cost = game_stealth(s, c)
    s.players[seat].en -= cost
    events.append(note(text=f"{E.name(s, u.uid)} {VERB[action]} {E.name(s, target)}"
                             + (f" (pays {cost} EN for Stealthy)" if cost else "") + "."))
    if action != "support":
        t = s.units[target]
        if t.kind == "player" and K.guards(s, t.owner) and "1.1" not in c.innate:
            c.add("aug", ["1.1"])  # Traveller must be used to pass Guardian Precedence (§2.5)
    c.stage = "augment"


def game_stealth(s: ResState, c: Combat) -> int:
    if c.action == "support":
        return 0
    return sum(1 for t in c.targets if K.has(s, s.units[t], "9.2"))


@lru_cache(maxsize=1 << 10)
def _innate(printed: tuple[str, ...], action: str) -> tuple[str, ...]:
    """The printed keywords an action of this kind uses without choosing them (declare),
    remembered by the card's keywords (Combat.add copies them into its own list)."""
    return tuple(k for k in printed if usable(k, action) and k not in K.PARAM_KWS)


@finite_cache  # by keyword code and kind of action
def usable(code: str, action: str) -> bool:
    """Action keywords that can take part in this kind of action."""
    if code in K.UNIT_KWS or code in K.SIDE_KWS:
        return False
    if action == "support":
        return code in K.SUPPORT_KWS
    return code not in SUPPORT_ONLY and not (action == "cs" and code in K.NO_CS_AUG)


def aug_limit(s: ResState, c: Combat) -> int:
    """GR6: the actor's own Focus caps augmented keywords (Channel: the Channeler's, A-34)."""
    return K.focus(s, s.units[c.actor])


def aug_pool(s: ResState, c: Combat) -> list[str]:
    u = source(s, c)
    # A Player's Items and active Codex (all_kws), an Animation's Items alone: not its printed ones.
    pool = K.all_kws(s, u) if u.kind == "player" else tuple(K.item_kws(s, u))
    used = c.kws
    return [k for k in _augmentable(pool, c.action) if k not in used]


@lru_cache(maxsize=1 << 12)
def _augmentable(pool: tuple[str, ...], action: str) -> tuple[str, ...]:
    """The keywords of `pool` that may augment this kind of action, once each, in order."""
    return tuple(k for k in dict.fromkeys(pool) if k not in K.FLAWS and usable(k, action))


def param_args(s: ResState, c: Combat, code: str) -> list[tuple[str, str]]:
    """The choices a parameterised keyword needs: (arg, words)."""
    me = s.units[c.actor]
    seat = c.seat
    t = s.units.get(c.targets[0]) if c.targets and c.targets[0] else None
    friends = [a for a in K.animations(s, seat) if a.uid != c.actor and not a.suppressed]
    if code == "1.3":
        return [(a.uid, f"Focus of {E.name(s, a.uid)}") for a in friends]
    if code == "9.9":
        return [(a.uid, f"through {E.name(s, a.uid)}") for a in friends if a.kind == "animation"]
    if code == "7.9":
        return [(a.uid, f"split {E.name(s, a.uid)}") for a in K.animations(s, seat)]
    if t is None:
        return []
    if code == "1.9":
        opts = [("unit", f"bounce {E.name(s, t.uid)}")] if t.kind == "animation" else []
        return opts + [(i, f"bounce {K.card(i).name}") for i in t.items]
    if code == "6.2":
        return [(i, f"aim at {K.card(i).name}") for i in t.items]
    if code == "5.7":
        return [(i, f"destroy your {K.card(i).name}") for u in K.side_units(s, seat) for i in u.items]
    if code == "7.8":
        en = s.players[seat].en
        return [(o, f"2nd target {E.name(s, o)}") for o in attack_targets(s, me)
                if o != t.uid and (en >= 1 or not K.has(s, s.units[o], "9.2"))]
    if code == "5.6":
        return [(k, f"gain {K.kw_name(k)}") for k in dict.fromkeys(K.codex_kws(s, seat))
                if k not in c.kws and k not in K.FLAWS and usable(k, c.action) and k not in K.PARAM_KWS]
    if code == "5.2":
        items = [k for u in K.side_units(s, seat) for i in u.items for k in K.card(i).keywords]
        return [(k, f"gain {K.kw_name(k)}") for k in dict.fromkeys(items)
                if k not in c.kws and k not in K.FLAWS and usable(k, c.action) and k not in K.PARAM_KWS]
    return []


def augment_options(s: ResState, c: Combat, limit: int | None = None) -> list[tuple[str, str]]:
    """`limit`: `aug_limit(s, c)`, when the caller has it already."""
    u = s.units[c.actor]
    opts: list[tuple[str, str]] = []
    insulated = c.action != "support" and K.has(s, s.units[c.targets[0]], "7.3")
    room = not insulated and len(c.aug) < (aug_limit(s, c) if limit is None else limit)
    mundane = K.has(s, u, "9.0")

    def add(prefix: str, code: str, free: bool) -> None:
        if code in K.PARAM_KWS:
            for arg, words in param_args(s, c, code):
                opts.append((f"{prefix}:{code}:{arg}", f"{K.kw_name(code)}: {words}" + (" (free)" if free else "")))
        else:
            opts.append((f"{prefix}:{code}", K.kw_name(code) + (" (free)" if free else "")))

    if room:
        for code in aug_pool(s, c):
            if code in ("5.6", "5.2") and mundane:
                continue
            add("aug", code, False)
    used = c.kws
    for code in K.printed(s, source(s, c)):
        if code in K.PARAM_KWS and usable(code, c.action) and code not in used:
            add("free", code, True)
    if c.action != "support" and "Augment" in u.tags and not mundane and not insulated and "augtag" not in c.params:
        for code in dict.fromkeys(K.codex_kws(s, c.seat)):
            if code not in used and code not in K.FLAWS and usable(code, c.action) and code not in K.PARAM_KWS:
                opts.append((f"tag:{code}", f"Augment Tag: gain {K.kw_name(code)}"))
    return opts


def apply_augment(s: ResState, c: Combat, opt: str, events: list[Event]) -> None:
    parts = opt.split(":")
    kind, code = parts[0], parts[1]
    arg = parts[2] if len(parts) > 2 else None
    if kind == "tag":
        E.remove_tag(s.units[c.actor], "Augment")
        c.params["augtag"] = code
        c.add("free", [code])
        events.append(note(text=f"The Augment Tag adds {K.kw_name(code)}."))
        return
    c.add("aug" if kind == "aug" else "free", [code])
    if arg is not None:
        if code in ("5.6", "5.2"):
            c.add("free", [arg])
            events.append(note(text=f"{K.kw_name(code)} adds {K.kw_name(arg)}."))
        else:
            c.params[code] = arg
    if code == "9.9" and arg in s.units:
        c.source = arg
        src = s.units[arg]
        c.add("innate", [k for k in K.printed(s, src) if usable(k, c.action) and k not in K.PARAM_KWS and k not in c.kws])
    if code == "7.8" and arg:
        c.targets.append(arg)
        if K.has(s, s.units[arg], "9.2"):
            s.players[c.seat].en -= 1  # Stealthy: the second target costs its EN too
            events.append(note(text=f"{s.players[c.seat].name} pays 1 EN to target the Stealthy {E.name(s, arg)}."))


# --- stages -------------------------------------------------------------------------------------

def st_augment(game, s: ResState, c: Combat, events: list[Event]) -> None:
    ans = take(c, "augment")
    if ans and ans != "done":
        apply_augment(s, c, ans, events)
        ans = None
    if ans is None:
        limit = aug_limit(s, c)
        opts = augment_options(s, c, limit)
        if opts:
            room = max(limit - len(c.aug), 1)  # several keywords (and "Done") in one answer
            ask(s, c.seat, "augment", f"Augment this action: {len(c.aug)}/{limit} keywords used"
                + (f" ({', '.join(map(K.kw_name, c.kws))})" if c.kws else ""), opts + [("done", "Done")],
                picks=min(room, len(opts)) + 1, upto=True)
            return
    if c.kws:
        events.append(note(text="Keywords in use: " + ", ".join(map(K.kw_name, c.kws)) + "."))  # no generator: most actions
    if "2.2" in c.kws and c.action != "support":
        t = s.units[c.targets[0]]
        hand = s.players[t.owner].hand
        s.seen[str(c.seat)] = list(hand)
        events.append(note(text=f"Sentry: {s.players[t.owner].name}'s hand is "
                                 + (", ".join(E.card_name(h) for h in hand) or "empty") + ".", visible_to=[c.seat]))
    c.stage = "support" if c.action == "support" else "targeted"
