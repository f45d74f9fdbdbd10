"""Moon Court's rules: set-up, what may be played, and what each move does.

Section numbers (§) are those of data/mooncourt/rules/sections.json. Prompts and their
context lines are built in prompts.py; this module decides only what happens.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core import Action, Event, GameState, Pass, answered, ask, draw, finish, interned, open_ask

from .cards import catalog, gift
from .facts import judged, next_seat, standard
from .prompts import claim_decision
from .state import Accuse, MoonConfig, MoonState, Offer, Present


def legal(s: MoonState, seat: int) -> list[Action]:
    if s.finished:
        return []
    claim = open_ask(s)
    if claim is not None:  # only the courtier asked may answer, by accusing or letting it stand (§6.0)
        return [interned(Accuse, seat=seat), interned(Pass, seat=seat)] if seat == claim.seat else []
    if seat != s.active:
        return []
    lowest = standard(s) + 1
    moves: list[Action] = [m for c in s.hands[seat] for m in _presents(seat, c, lowest)]
    if s.offers:  # the opener must present; after that anyone may pass (§5.2)
        moves.append(interned(Pass, seat=seat))
    return moves


@lru_cache(maxsize=1 << 12)
def _presents(seat: int, card: str, lowest: int) -> tuple[Present, ...]:
    """Every claim `seat` may make with `card` above the standard: a hand is listed on every
    step, and a card's claims differ only by where they start."""
    return tuple(interned(Present, seat=seat, card=card, claim=k) for k in range(lowest, catalog().max_claim + 1))


# --- set-up and audiences ----------------------------------------------------------------------

def setup(config: dict, seats: list[str], seed: str) -> MoonState:
    """Shuffle, pick the first opener by lot and start the first audience (§3.0)."""
    settings = MoonConfig.model_validate(config)
    rng, sealed = GameState.new_rng(seed)
    deck = sorted(catalog().gifts)
    rng.shuffle(deck)
    s = MoonState(seats=list(seats), rng=rng, seed_commitment=sealed, hands=[[] for _ in seats], deck=deck,
                  favour=[0] * len(seats), target=settings.favour)
    first = rng.below(len(seats))
    events = [Event(text=f"The court gathers; by lot {seats[first]} opens the first audience. "
                         f"First to {s.target} favour wins.")]
    start_audience(s, first, events)
    s.turn = 1
    s.recent = events[-s.RECENT_KEEP:]
    return s


def start_audience(s: MoonState, opener: int, events: list[Event]) -> None:
    """Everyone draws back up to a full hand, opener first (§7.1); a new fashion is turned (§4.1)."""
    n = len(s.seats)
    for seat in [(opener + i) % n for i in range(n)]:
        drawn = []
        while len(s.hands[seat]) < catalog().hand_size:
            card = _draw(s, s.hands[seat], events)
            if card is None:  # cannot happen with 36 cards and at most 20 in hands; never loop on it
                break
            drawn.append(card)
        if drawn:
            events.append(Event(text="You draw " + ", ".join(gift(c).label for c in drawn) + ".",
                                visible_to=[seat]))
    turned: list[str] = []
    s.fashion = _draw(s, turned, events)
    fashion = gift(s.fashion)
    events.append(Event(text=f"Audience {s.audience}: the {fashion.label} is turned up, so {fashion.house} is in "
                             f"fashion ({fashion.house} gifts count {catalog().fashion_bonus} more when judged). "
                             f"{s.seats[opener]} opens."))
    s.active = opener
    s.turn += 1


def _draw(s: MoonState, into: list[str], events: list[Event]) -> str | None:
    card, reshuffled = draw(s.deck, s.discard, into, s.rng)
    if reshuffled:
        s.face_up = []
        events.append(Event(text="The deck ran out: the set-aside gifts are shuffled into a new deck."))
    return card


def end_audience(s: MoonState, winner: int, loser: int, events: list[Event], *, penalty: bool) -> None:
    """The winner scores one favour per gift on the table; after an accusation its loser pays one
    favour (§6.1). The gifts are set aside, the loser opens the next audience (§7.0), unless someone
    has reached the target (§8.0)."""
    names, won = s.seats, len(s.offers)
    s.favour[winner] += won
    text = f"{names[winner]} wins the audience and {won} favour (now {s.favour[winner]})."
    if penalty and s.favour[loser] > 0:
        s.favour[loser] -= 1
        text += f" {names[loser]} loses 1 favour (now {s.favour[loser]})."
    events.append(Event(text=text))
    s.discard += [o.card for o in s.offers] + [s.fashion]
    s.face_up.append(s.fashion)
    s.offers, s.fashion = [], None
    best = max(s.favour)
    if best >= s.target:
        leaders = [i for i, f in enumerate(s.favour) if f == best]
        finish(s, events, leaders, _result(s, leaders, best))
        return
    s.audience += 1
    start_audience(s, loser, events)


def _result(s: MoonState, leaders: list[int], best: int) -> str:
    who = " and ".join(s.seats[i] for i in leaders)
    if len(leaders) == 1:
        return f"{who} reaches {best} favour and becomes the Moon Queen's favourite."
    return f"{who} share the Moon Queen's favour at {best} each."


def cap_result(s: MoonState) -> tuple[list[int], str, bool]:
    """The move cap (§8.0): most favour wins; if everyone is level it is a draw."""
    best = max(s.favour)
    leaders = [i for i, f in enumerate(s.favour) if f == best]
    if len(leaders) == len(s.seats):
        return [], f"The court closes after {s.steps} moves with everyone level at {best} favour: a draw.", True
    return leaders, f"The court closes after {s.steps} moves. " + _result(s, leaders, best), False


# --- the moves (Game.moves maps each action class to one of these) -------------------------------

def present(game, s: MoonState, a: Present, events: list[Event]) -> None:
    """§5.0: the gift goes face down with its claim; the next courtier is asked to answer (§6.0)."""
    s.hands[a.seat].remove(a.card)
    s.offers.append(Offer(seat=a.seat, card=a.card, claim=a.claim))
    events.append(Event(text=f"{s.seats[a.seat]} lays a gift face down and claims it is worth {a.claim}."))
    events.append(Event(kind="aside", visible_to=[a.seat],
                        text=f"You presented the {gift(a.card).label}; it counts {judged(s, a.card)} if judged."))
    ask(s, claim_decision(s, next_seat(s, a.seat)))


def accuse(game, s: MoonState, a: Accuse, events: list[Event]) -> None:
    """§6.1: turn the last gift over; a claim no higher than its judged worth is the truth."""
    answered(s)
    offer = s.offers[-1]
    worth = judged(s, offer.card)
    truthful = worth >= offer.claim
    names = s.seats
    verdict = "the claim was true" if truthful else "the claim was a lie"
    events.append(Event(text=f"{names[a.seat]} accuses {names[offer.seat]}: the gift is the "
                             f"{gift(offer.card).label}, judged {worth} against a claim of {offer.claim}: {verdict}."))
    s.face_up.append(offer.card)
    winner, loser = (offer.seat, a.seat) if truthful else (a.seat, offer.seat)
    end_audience(s, winner, loser, events, penalty=True)


def pass_move(game, s: MoonState, a: Pass, events: list[Event]) -> None:
    """Pass answers a claim by letting it stand (§6.0), or on a turn ends the audience (§5.2)."""
    names = s.seats
    if open_ask(s) is not None:
        answered(s)
        offer = s.offers[-1]
        events.append(Event(text=f"{names[a.seat]} lets {names[offer.seat]}'s claim of {offer.claim} stand."))
        s.active = a.seat
        s.turn += 1
        return
    holder = s.offers[-1].seat
    events.append(Event(text=f"{names[a.seat]} passes and gives the audience to {names[holder]}."))
    end_audience(s, holder, a.seat, events, penalty=False)
