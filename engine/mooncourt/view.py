"""What each seat may see. The public view (seat None) names no card in a hand, in the deck or
face down on the table; a seat's own view adds its hand, its own gifts on the table and the
context lines of the prompts it owes."""

from __future__ import annotations

from engine.core import PromptView

from .cards import catalog, gift
from .facts import standard
from .state import MoonState


def build(s: MoonState, seat: int | None) -> dict:
    view = {
        "game": "mooncourt", "version": s.version, "turn": s.turn, "active": s.active, "you": seat,
        "audience": s.audience, "target": s.target, "max_claim": catalog().max_claim,
        "phase_label": f"audience {s.audience}" + (f", standard {standard(s)}" if s.offers else ""),
        "fashion": _fashion(s),
        "standard": standard(s),
        "table": [{"seat": o.seat, "player": s.seats[o.seat], "claim": o.claim,
                   "gift": gift(o.card).label if o.seat == seat else None} for o in s.offers],
        "players": [{"seat": i, "name": name, "favour": s.favour[i], "hand_count": len(s.hands[i])}
                    for i, name in enumerate(s.seats)],
        "deck_count": len(s.deck), "discard_count": len(s.discard),
        "face_up": [gift(c).label for c in s.face_up],
        "pending": [prompt(s, d, seat) for d in s.pending],
        "recent": [e.text for e in s.recent if e.visible(seat)],
        "outcome": s.finished.model_dump() if s.finished else None,
    }
    if seat is not None:
        view["hand"] = [{"card": c, "name": gift(c).label, "house": gift(c).house, "worth": gift(c).worth}
                        for c in sorted(s.hands[seat], key=lambda c: (gift(c).worth, gift(c).house))]
    if s.finished:
        view["seed"] = s.rng.seed
    return view


def hidden_tokens(s: MoonState, seat: int | None) -> list[str]:
    """Ids and names of the gifts `seat` (None: the public) may not see now: other courtiers' hands
    and face-down gifts, the deck, and gifts set aside unseen. A name that an event `seat` has seen
    already spoke of is left out: it was shown then (a judged gift since reshuffled, a gift `seat`
    drew and laid), and the recent log may still say so."""
    cards = set(s.deck) | (set(s.discard) - set(s.face_up))
    cards |= {o.card for o in s.offers if o.seat != seat}
    cards |= {c for i, hand in enumerate(s.hands) if i != seat for c in hand}
    spoken = " ".join(e.text for e in s.recent if e.visible(seat))
    return sorted(cards) + sorted(name for name in (gift(c).name for c in cards) if name not in spoken)


def prompt(s: MoonState, d, seat: int | None) -> dict:
    """A pending decision as `seat` may see it (the core's PromptView: context for its owner only)."""
    return PromptView(seat=d.seat, player=s.seats[d.seat], kind=d.kind, prompt=d.prompt,
                      reaction=d.reaction or d.seat != s.active, button=d.button,
                      context=d.context if d.seat == seat else []).model_dump()


def _fashion(s: MoonState) -> dict | None:
    if s.fashion is None:
        return None
    g = gift(s.fashion)
    return {"house": g.house, "card": g.label, "bonus": catalog().fashion_bonus}


def board_text(view: dict) -> str:
    """The view as plain text, for the console and the Discord message when there is no picture."""
    lines = [f"Moon Court, audience {view['audience']}: first to {view['target']} favour"]
    if view["fashion"]:
        f = view["fashion"]
        lines.append(f"In fashion: {f['house']} ({f['card']} turned up), +{f['bonus']} when judged")
    lines.append(f"Deck {view['deck_count']}, set aside {view['discard_count']}"
                 + (f" (face up: {', '.join(view['face_up'][-8:])})" if view["face_up"] else ""))
    awaited = {d["seat"]: " <- to answer" if d["reaction"] else " <- to move" for d in view["pending"]}
    for p in view["players"]:
        mark = awaited.get(p["seat"], "")
        lines.append(f"{p['name']}: {p['favour']} favour, {p['hand_count']} cards in hand{mark}")
    if view["table"]:
        claims = ", ".join(f"{o['player']} claims {o['claim']}" + (f" ({o['gift']})" if o["gift"] else "")
                           for o in view["table"])
        lines.append(f"On the table (standard {view['standard']}): {claims}")
    if view.get("hand") is not None:
        lines.append("Your hand: " + (", ".join(c["name"] for c in view["hand"]) or "empty"))
    for d in view["pending"]:
        lines.append(f"Waiting: {d['prompt']}")
    if view["outcome"]:
        lines.append(view["outcome"]["reason"])
    return "\n".join(lines)
