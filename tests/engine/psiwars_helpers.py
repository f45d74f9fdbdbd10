"""Builders for hand-made Psi Wars positions."""

from __future__ import annotations

from engine.core import Rng, get_game
from engine.psiwars.state import Card, PsiState

GAME = get_game("psiwars")


class ScriptedRng(Rng):
    """Dice that come from a script, so a scenario can fix every roll."""

    script: list[int] = []

    def die(self, sides: int = 6) -> int:
        return self.script.pop(0)

    def dice(self, count: int, sides: int = 6) -> list[int]:  # Rng.dice draws without die(): script it too
        return [self.die(sides) for _ in range(count)]


def fresh(seed: str = "scenario") -> PsiState:
    return GAME.setup({}, ["Ann", "Bob"], seed)


def empty_table(turn: int = 5, active: int = 0) -> PsiState:
    """Both labs empty, no hands; it is `active`'s turn in the attack declaration."""
    s = fresh()
    for p in s.players:
        p.hand, p.lab, p.discard = [], [], []
    s.turn, s.active, s.phase, s.battle, s.window = turn, active, "attack", None, None
    return s


def put(state: PsiState, seat: int, card_id: str, *, equipment: str | None = None, **flags) -> str:
    """Place a new instance of card_id in seat's lab (optionally with Equipment under it)."""
    iid = f"T{len(state.cards)}"
    state.cards[iid] = Card(iid=iid, card=card_id, owner=seat, **{"created_turn": 0, **flags})
    state.players[seat].lab.append(iid)
    if equipment:
        eq = put(state, seat, equipment)
        state.cards[iid].equipment, state.cards[eq].carrier = eq, iid
    return iid


def script(state: PsiState, *dice: int) -> None:
    state.rng = ScriptedRng(seed=state.rng.seed, script=list(dice))


def settle(state: PsiState) -> PsiState:
    GAME._settle(state, [])
    return state


def play(state: PsiState, action) -> list:
    GAME.check(state, action)
    return GAME.advance(state, action)
