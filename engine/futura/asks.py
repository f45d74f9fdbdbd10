"""Prompts and asides that both the fight (combat.py) and the off-turn moves (tactics.py) raise:
kept apart so neither module has to import the other back."""

from __future__ import annotations

from engine.core import Decision, Event, ask

from .cards import catalog
from .state import Acolyte, FuturaState


def aname(a: Acolyte) -> str:
    return catalog().acolytes[a.cid].name


def dname(did: str) -> str:
    return catalog().districts[did].name


def reveal_slots(s: FuturaState, seat: int, did: str, events: list[Event]) -> None:
    """Show one station's stored cards to `seat` alone."""
    _, h = s.holding(did)
    for u in h.station.slots:
        if seat not in s.cards[u].known:
            s.cards[u].known.append(seat)
    held = ", ".join(s.card(u).name for u in h.station.slots) or "nothing"
    events.append(Event(kind="aside", visible_to=[seat], text=f"The station on {dname(did)} holds: {held}."))


def offer_station_summon(s: FuturaState, did: str) -> bool:
    """A defending district with Summon, once a cycle: ask its owner whether a benched acolyte joins."""
    owner, h = s.holding(did)
    if owner.out or not [a for a in owner.acolytes if a.loc == "bench"]:
        return False
    ask(s, Decision(seat=owner.seat, kind="summon", reaction=True, button="Choose your defence",
                    prompt=f"{owner.name}: call a benched acolyte to defend {dname(did)}?",
                    context=[f"{dname(did)} can call one of your benched acolytes to fight before the "
                             "creatures and the station. If it falls, the attacker claims its gear.",
                             "If you let this run out, nobody is called."],
                    timeout={"type": "pass"}))
    return True


def offer_crystal(s: FuturaState) -> None:
    f = s.fight
    owner, _ = s.holding(f.district)
    _, prim = s.acolyte(f.primary)
    ask(s, Decision(seat=owner.seat, kind="crystal", reaction=True, button="Choose your defence",
                    prompt=f"{owner.name}: the crystals catch {aname(prim)}. Drive it off or possess it?",
                    context=[f"Drive off: the assault on {dname(f.district)} ends at once.",
                             f"Possess: for the first exchange {aname(prim)}'s winning strike lands on itself.",
                             "If you let this run out, it is driven off."],
                    timeout={"type": "crystal", "choice": "drive"}))
