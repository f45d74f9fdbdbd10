"""Builders for hand-made Resonance positions and a driver that answers the engine's prompts.

`covers(*ids)` marks which keywords ("0.1") or tags ("Tag:Mark") a test pins; the coverage test
reads these markers from the test files.
"""

from __future__ import annotations

from engine.core import get_game
from engine.resonance import keywords as K
from engine.resonance.actions import Act, Choose, Deploy, EndTurn, Equip, Karma, Pick, UseTag
from engine.resonance.state import ResState, Unit

GAME = get_game("resonance")


def covers(*ids: str):
    def mark(fn):
        fn.covers = ids
        return fn
    return mark


def table(players: int = 2, seed: str = "scenario") -> ResState:
    """A game in play, seat 0 to act on a later turn, empty hands, no Animations, no Codex blocks,
    no Karma (not even the later seats' starting Karma)."""
    s = GAME.setup({"setup": "quick"}, ["Ann", "Bob", "Cat", "Dan"][:players], seed)
    for p in s.players:
        s.main_deck += p.hand
        p.hand = []
        p.active_codex = []
        p.tokens = p.karma = 0
        p.immunized = []
    s.units = {k: v for k, v in s.units.items() if v.kind == "player"}
    s.active, s.first, s.first_turn, s.turn, s.round = 0, 1, False, 5, 3
    s.asks, s.combat = [], None
    GAME.publish(s)
    return s


def _take(s: ResState, card: str) -> None:
    for zone in [s.main_deck, s.discard] + [p.hand for p in s.players]:
        if card in zone:
            zone.remove(card)
            return
    for u in s.units.values():
        if card in u.items:
            u.items.remove(card)
            return


def find(kind: str, *kws: str, power: int | None = None, without: tuple[str, ...] = ()) -> str:
    """The first card of `kind` carrying all `kws` (and no keyword in `without`)."""
    from engine.resonance.cards import catalog

    for mod in catalog().modules.values():
        for c in mod.cards:
            if c.kind == kind and all(k in c.keywords for k in kws) and not set(without) & set(c.keywords) \
                    and (power is None or c.power == power):
                return c.id
    raise LookupError(f"no {kind} with {kws}")


def plain(n: int = 0) -> str:
    """A keyword-free P4/F5 Animation (slot 3 of module 10 + n)."""
    return f"M{10 + n:02d}-3"


def hand(s: ResState, seat: int, *cards: str) -> None:
    for c in cards:
        _take(s, c)
        s.players[seat].hand.append(c)


def put(s: ResState, seat: int, card: str, spent: bool = False, **fields) -> Unit:
    _take(s, card)
    u = Unit(uid=card, owner=seat, kind="animation", card=card, spent=spent, **fields)
    s.units[card] = u
    return u


def echo(s: ResState, seat: int, uid: str = "E9") -> Unit:
    u = Unit(uid=uid, owner=seat, kind="echo")
    s.units[uid] = u
    return u


def equip(s: ResState, uid: str, item: str) -> None:
    _take(s, item)
    s.units[uid].items.append(item)


def codex(s: ResState, seat: int, *blocks: str) -> None:
    s.players[seat].active_codex = list(blocks)


def block_of(code: str) -> str:
    """The Codex block holding a keyword (§2.4)."""
    colour, digit = (int(x) for x in code.split("."))
    t = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 5, 0: 5}[digit]
    return f"X{colour}-{t}"


def play(s: ResState, action) -> ResState:
    new, _ = GAME.apply(s, action)
    return new


def answer(s: ResState, kind: str, option: str) -> ResState:
    assert s.ask is not None and s.ask.kind == kind, f"expected a {kind} prompt, got {s.ask}"
    cls = Pick if any(isinstance(a, Pick) for a in GAME.legal_actions(s, s.ask.seat)) else Choose
    return play(s, cls(seat=s.ask.seat, kind=kind, option=option))


def drive(s: ResState, answers: dict[str, str | list[str]] | None = None, default: bool = True) -> ResState:
    """Answer prompts from `answers` (a list is used in order); otherwise take "done"/"none"/"no" or the
    first offered option, until no prompt is left or the game is over."""
    answers = {k: (list(v) if isinstance(v, list) else v) for k, v in (answers or {}).items()}
    for _ in range(100):
        if s.finished or s.ask is None:
            return s
        kind = s.ask.kind
        opts = [o for o, _ in s.ask.options]
        want = answers.get(kind)
        if isinstance(want, list):
            want = want.pop(0) if want else None
        if want is None:
            if not default:
                return s
            want = next((o for o in ("done", "none", "no", "keep") if o in opts), opts[0])
        s = answer(s, kind, want)
    raise AssertionError("prompts never ended")


def attack(s: ResState, actor: str, target: str, what: str = "attack", **answers) -> ResState:
    s = play(s, Act(seat=s.units[actor].owner, actor=actor, what=what, target=target))
    return drive(s, answers)


def support(s: ResState, actor: str, target: str, **answers) -> ResState:
    s = play(s, Act(seat=s.units[actor].owner, actor=actor, what="support", target=target))
    return drive(s, answers)


def aug(code: str, arg: str | None = None, free: bool = False) -> str:
    return f"{'free' if free else 'aug'}:{code}" + (f":{arg}" if arg is not None else "")


def card_opt(card: str) -> str:
    return f"card:{card}"


def dmg(s: ResState, uid: str) -> int:
    return s.units[uid].damage if uid in s.units else -1


__all__ = ["GAME", "Act", "Deploy", "EndTurn", "Equip", "Karma", "UseTag", "K", "covers", "table", "find", "plain",
           "hand", "put", "echo", "equip", "codex", "block_of", "play", "answer", "drive", "attack", "support", "aug",
           "card_opt", "dmg"]
