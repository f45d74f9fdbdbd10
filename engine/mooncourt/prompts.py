"""The two decisions of Moon Court, in player words: a turn (present or pass) and the answer the
next courtier owes to a claim. `prompt` is public; `context` is for the owner and is built only
from what that seat may see (its own hand, face-up cards, its own gifts on the table)."""

from __future__ import annotations

from engine.core import Decision, made, plain_decision, quiet
from engine.core.memo import finite_cache

from .cards import catalog, gift
from .facts import could_be_true, next_seat, standard, worths
from .state import MoonState

CLAIM_KIND = "accuse"  # the kind players name in /autopilot
TURN_KIND = "present"
CLAIM_BUTTON, TURN_BUTTON = "Answer the claim", "Present a gift"


def _fashion_line(s: MoonState) -> str:
    return _fashion_text(s.fashion)


@finite_cache  # a line of every prompt, and there are only so many fashions
def _fashion_text(fashion: str | None) -> str:
    house = gift(fashion).house if fashion else None
    return (f"{house} is in fashion: a {house} gift counts {catalog().fashion_bonus} more than its printed "
            "worth when judged." if house else "Nothing is in fashion.")


def claim_decision(s: MoonState, seat: int) -> Decision:
    """§6.0: the courtier after the presenter accuses the claim or lets it stand."""
    offer = s.offers[-1]
    presenter, me = s.seats[offer.seat], s.seats[seat]
    prompt = f"{me}: accuse {presenter}'s claim of {offer.claim}, or let it stand"
    if quiet(s):  # nobody reads the context lines (self-play): the prompt without them
        return made(Decision, seat=seat, kind=CLAIM_KIND, prompt=prompt, reaction=True, timeout={"type": "pass"},
                    button=CLAIM_BUTTON)
    gifts = len(s.offers)
    true, pool = could_be_true(s, seat, offer.claim)
    before = s.offers[-2].claim if len(s.offers) > 1 else 0
    context = [
        f"{presenter} laid a gift face down and claims it is worth {offer.claim}"
        + (f" (the standard was {before})." if before else " (the first gift of this audience)."),
        _fashion_line(s),
        f"Of the {pool} cards you have not seen, {true} would make the claim true.",
        f"Accuse: the gift is turned over. If it counts {offer.claim} or more, {presenter} wins the {gifts} "
        f"gift{'s' if gifts != 1 else ''} on the table ({gifts} favour) and you lose 1 favour; if it counts less, "
        f"you win them and {presenter} loses 1 favour.",
        f"Pass: the claim stands and it is your turn: present a gift claimed above {offer.claim}, "
        f"or pass to give the audience to {presenter}.",
        "If your time runs out, the claim stands (the same as Pass).",
    ]
    return Decision(seat=seat, kind=CLAIM_KIND, prompt=prompt, reaction=True, timeout={"type": "pass"},
                    button=CLAIM_BUTTON, context=context)


def turn_decision(s: MoonState) -> Decision:
    """§5.0-5.2: the courtier whose turn it is presents a gift, or (once a gift is down) passes."""
    seat, low, high = s.active, standard(s) + 1, catalog().max_claim
    me = s.seats[seat]
    prompt = (f"{me}: present a gift claimed above {low - 1}, or pass" if s.offers
              else f"{me}: open the audience by presenting a gift")
    if quiet(s):  # as for a claim; one shared object per distinct prompt
        return plain_decision(seat=seat, kind=TURN_KIND, prompt=prompt, private=True, button=TURN_BUTTON)
    after, hand = s.seats[next_seat(s, seat)], s.hands[seat]
    if not s.offers:
        head = f"You open audience {s.audience}: present any gift and claim a worth from 1 to {high}."
    else:
        holder, gifts = s.seats[s.offers[-1].seat], len(s.offers)
        head = (f"The standard is {low - 1}, held by {holder}; {gifts} gift{'s' if gifts != 1 else ''} on the table. "
                f"Pass: {holder} wins the audience and {gifts} favour, and you open the next one.")
    can_present = bool(hand) and low <= high
    context = [head, _fashion_line(s)]
    if can_present:
        worth = worths(s)
        honest = [gift(c).label for c in hand if worth[c] >= low]
        context.append(f"Present: lay a gift face down and claim {low} to {high}; {after} may accuse you.")
        context.append(f"Gifts in your hand that would survive an accusation at {low}: {', '.join(honest)}."
                       if honest else f"No gift in your hand counts {low} or more: presenting now means bluffing.")
    else:
        context.append("You cannot present a gift now, so you must pass.")
    context.append("If your time runs out, the AI moves for you"
                   + (" (or you pass, if the table's clock is set to skip)." if s.offers else "."))
    return Decision(seat=seat, kind=TURN_KIND, prompt=prompt, private=True, button=TURN_BUTTON, context=context)
