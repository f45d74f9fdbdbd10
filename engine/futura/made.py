"""The turn's most offered moves, built once per distinct move and shared.

The legal-move list is rebuilt on every step, and most of it is the same moves as the step
before (equip this card on that acolyte, store it there, move someone to the bay). Each builder
takes, by position, exactly what decides the move and its label, so a move offered again costs
one cache look-up instead of formatting and validating it again.

The moves are built here directly, not through `interned`: these caches already hold the one
shared instance of each, and interned's key for it (a tuple holding the move's class) would be
a second entry per move that the garbage collector walks on every full collection.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core import Action, EndTurn
from engine.core.memo import finite_cache

from . import actions as A
from .actions import Assault, Build, Equip, Offer, Recall, Retrieve, Sell, Store, ToBay, Unequip, Upgrade
from .cards import catalog

# Big enough for a game's moves and the recent games' (most hits are within a game: hand, bay
# and stations change little from step to step); 16k entries each cost more in full garbage
# collections over the moves they held than their rare hits from long-past games saved.
SIZE = 1 << 11

_GIVEN: dict[frozenset[str], set[str]] = {}  # one per shape of move: a dozen


def _move(cls: type[Action], **fields) -> Action:
    """`cls(**fields)`, its `model_fields_set` shared by every move given the same fields (a
    frozen move never changes it, and model_copy copies it first): a kept move holds one object
    less for the garbage collector to walk."""
    move = cls(**fields)
    given = move.__pydantic_fields_set__
    shared = _GIVEN.setdefault(frozenset(given), given)
    object.__setattr__(move, "__pydantic_fields_set__", shared)
    return move


@lru_cache(maxsize=SIZE)
def equip(seat: int, card: str, acolyte: str, card_name: str, who: str, cost: int) -> Equip:
    return _move(Equip, seat=seat, card=card, acolyte=acolyte, text=f"Equip {card_name} on {who} ({cost} energy)")


@lru_cache(maxsize=SIZE)
def sell(seat: int, card: str, card_name: str, price: int) -> Sell:
    return _move(Sell, seat=seat, card=card, text=f"Sell {card_name} for {price}")


@lru_cache(maxsize=SIZE)
def store(seat: int, card: str, district: str, card_name: str, where: str) -> Store:
    return _move(Store, seat=seat, card=card, district=district, text=f"Store {card_name} in {where}")


@lru_cache(maxsize=SIZE)
def stores(seat: int, card: str, card_name: str, slots: tuple[tuple[str, str], ...]) -> tuple[Store, ...]:
    """A hand card's moves into each free slot of `slots` (district, its name): the same
    step after step while the hand and the stations stay as they are."""
    return tuple(store(seat, card, did, card_name, where) for did, where in slots)


@lru_cache(maxsize=SIZE)
def retrieve(seat: int, card: str, card_name: str, where: str) -> Retrieve:
    return _move(Retrieve, seat=seat, card=card, text=f"Take {card_name} back from {where}")


@lru_cache(maxsize=SIZE)
def to_bay(seat: int, acolyte: str, who: str, cost: int) -> ToBay:
    return _move(ToBay, seat=seat, acolyte=acolyte, text=f"Move {who} to the Assault bay ({cost} energy)")


@lru_cache(maxsize=SIZE)
def recall(seat: int, acolyte: str, who: str, cost: int) -> Recall:
    return _move(Recall, seat=seat, acolytes=[acolyte], text=f"Recall {who} ({cost} energy)")


@lru_cache(maxsize=SIZE)
def recall_all(seat: int, acolytes: tuple[str, ...], total: int) -> Recall:
    return _move(Recall, seat=seat, acolytes=list(acolytes), text=f"Recall everyone ({total} energy)")


@lru_cache(maxsize=SIZE)
def assault(seat: int, primary: str, support: str | None, district: str, ensigil: bool, who: str,
            where: str) -> Assault:
    """`who`: the primary's name and, with a support, " with" its name."""
    return _move(Assault, seat=seat, primary=primary, support=support, district=district, ensigil=ensigil,
                 text=f"{who} assaults {where}" + (" (ensigiled)" if ensigil else ""))


@lru_cache(maxsize=SIZE)
def assaults(seat: int, primary: str, support: str | None, targets: tuple[tuple[str, str], ...], ensigil: bool,
             who: str) -> tuple[Assault, ...]:
    """One pair's assaults on each (district, its name) of `targets`, plain then (when the
    primary may) ensigiled: a pair in the bay is offered the same districts step after step."""
    sigils = (False, True) if ensigil else (False,)
    return tuple(assault(seat, primary, support, did, ens, who, where) for did, where in targets for ens in sigils)


@lru_cache(maxsize=SIZE)
def ambush(seat: int, card: str, primary: str, support: str | None, target: str, who: str, prey: str) -> A.Ambush:
    """`who` as for `assault`; `prey`: the target's name."""
    return _move(A.Ambush, seat=seat, card=card, primary=primary, support=support, target=target,
                 text=f"{who} ambushes {prey}")


@lru_cache(maxsize=SIZE)
def offer(seat: int, card: str, to: int, price: int, card_name: str, whom: str) -> Offer:
    return _move(Offer, seat=seat, card=card, to=to, price=price,
                 text=f"Offer {card_name} to {whom} for {price} energy")


def offer_prices(level: int) -> tuple[int, ...]:
    """The prices a card of `level` may be offered for, lowest first: nothing, half, all of it."""
    return tuple(sorted({0, level // 2, level}))


@lru_cache(maxsize=SIZE)
def offers(seat: int, card: str, to: int, level: int, card_name: str, whom: str) -> tuple[Offer, ...]:
    """A hand card's offers to one player at each price its level allows, lowest first (the
    caller keeps those the other player can pay)."""
    return tuple(offer(seat, card, to, price, card_name, whom) for price in offer_prices(level))


@lru_cache(maxsize=SIZE)
def unequip(seat: int, card: str, card_name: str, who: str) -> Unequip:
    return _move(Unequip, seat=seat, card=card, text=f"Take {card_name} off {who}")


@lru_cache(maxsize=SIZE)
def build(seat: int, district: str) -> Build:
    where = catalog().districts[district].name
    return _move(Build, seat=seat, district=district, text=f"Build a station on {where} (10 energy)")


@lru_cache(maxsize=SIZE)
def upgrade(seat: int, district: str, voucher: bool) -> Upgrade:
    """Paid with 10 energy or, with `voucher`, with a Loot & Plunder voucher."""
    where = catalog().districts[district].name
    if voucher:
        return _move(Upgrade, seat=seat, district=district, voucher=True,
                     text=f"Upgrade the station on {where} with a voucher")
    return _move(Upgrade, seat=seat, district=district, text=f"Upgrade the station on {where} (10 energy)")


# Offered on (almost) every step: one instance per seat (and sigil), not a keyword look-up in
# `interned` and a label formatted each time.
@finite_cache  # keyed by seat
def end_turn(seat: int) -> EndTurn:
    return EndTurn(seat=seat)


@finite_cache  # keyed by seat and deity
def drop_sigil(seat: int, deity: str) -> A.DropSigil:
    return _move(A.DropSigil, seat=seat, text=f"Discard your oldest sigil ({deity})")


@finite_cache  # keyed by seat
def between_exchanges(seat: int) -> tuple[A.Fight, A.Yield]:
    """The attacker's two moves between an engagement's exchanges: roll the next one, or yield."""
    return _move(A.Fight, seat=seat, text="Roll the next exchange"), _move(A.Yield, seat=seat, text="Yield (retreat)")
