"""What each seat may see: the map, boards, groups and timelines are public; a hand only to its owner;
deck order and tile stacks never (only their sizes), discard piles only by their top card (I25)."""

from __future__ import annotations

from . import mechanics as M
from .cards import card, catalog
from .state import InfState, coords


def hidden_tokens(s: InfState, seat: int | None) -> list[str]:
    """Instance ids and names of the cards `seat` (None: the public) may not see: other players'
    hands and every faction deck. A name also face up somewhere (a group, a timeline, a discard
    pile, a card being resolved, `seat`'s own hand) or spoken of in an event `seat` has seen is
    left out: another copy, or the same card, was shown."""
    cards = {c for t, p in enumerate(s.players) if t != seat for c in p.hand}
    cards |= {c for pile in s.piles.values() for c in pile.deck}
    shown = {c for p in s.players for c in p.group + p.timeline}
    shown |= {c for pile in s.piles.values() for c in pile.discard} | {r.card for r in s.runs if r.card}
    if seat is not None:
        shown |= set(s.players[seat].hand)
    shown_names = {card(c).name for c in shown}
    spoken = " ".join(e.text for e in s.recent if e.visible(seat))
    names = {card(c).name for c in cards} - shown_names
    return sorted(cards) + sorted(n for n in names if n not in spoken)


def card_view(c: str) -> dict:
    cd = card(c)
    return {"id": c, "card": cd.id, "name": cd.name, "kind": cd.kind, "defense": cd.defense, "text": cd.text}


def tile_view(s: InfState, k: str) -> dict:
    placed = s.board[k]
    side = placed.side()
    q, r = coords(k)
    return {"at": k, "q": q, "r": r, "tile": placed.tile, "name": side.name, "type": side.type,
            "influence": side.influence, "up": placed.up, "walls": [d for d in range(6) if placed.wall(d)],
            "control": placed.control, "standee": s.standee(k)}


def player_view(s: InfState, seat: int, me: int | None) -> dict:
    p = s.players[seat]
    ld = catalog().leaders.get(p.leader) if p.leader else None
    out = {"seat": seat, "name": p.name, "faction": p.faction, "leader": ld.name if ld else None,
           "leader_id": p.leader, "pos": p.pos, "track": p.track, "reserve": p.reserve, "score": p.score,
           "dice": list(p.dice), "rolled": list(p.rolled), "passed": p.passed, "out": p.out,
           "hand_count": len(p.hand), "group": [card_view(c) for c in p.group],
           "timeline": [card_view(c) for c in p.timeline], "levels": M.levels(s, seat) if p.pos else {},
           "limits": {"group": M.group_limit(s, seat), "timeline": M.timeline_limit(s, seat),
                      "reach": M.reach_limit(s, seat), "hand": M.hand_limit(s, seat)}}
    if ld:
        out["actions"] = [f"[{' + '.join(f.capitalize() for f in a.cost)}] {a.text}"
                          for a in (ld.action_single, ld.action_boost)]
        out["reaction"] = ld.reaction.text
    if seat == me:
        out["hand"] = [card_view(c) for c in p.hand]
        out["kept"] = list(p.kept)
    return out


def view(s: InfState, seat: int | None) -> dict:
    piles = {f: {"deck": len(p.deck), "discard": len(p.discard),
                 "top": card(p.discard[-1]).name if p.discard else None} for f, p in s.piles.items()}
    dv = s.discovery
    mo = s.motion
    return {
        "phase": s.phase, "round": s.round, "max_rounds": s.max_rounds, "target": s.target,
        "order": list(s.order), "active": s.active, "tiebreak": s.tiebreak,
        "players": [player_view(s, t, seat) for t in range(len(s.players))],
        "tiles": [tile_view(s, k) for k in sorted(s.board)],
        "stacks": {w: len(v) for w, v in s.stacks.items()}, "piles": piles,
        "discovering": None if dv is None else discovering(s),
        "resolving": s.runs[-1].label if s.runs else None,
        "moving": None if mo is None else {"mover": mo.mover, "by": mo.by, "left": mo.left, "forced": mo.forced},
        "reach": sorted(M.reach(s, s.active)) if s.phase == "main" else [],
        "objectives": [catalog().skirmish[k].name for k in s.objectives],
        "you": seat,
        # a prompt's context lines are its owner's (TableView carries them): the board shows who and what
        "pending": [d.model_dump(include={"seat", "kind", "prompt", "private"}) for d in s.pending],
        "recent": [e.text for e in s.recent if e.visible(seat)],
        "outcome": s.finished.model_dump() if s.finished else None,
    }


def discovering(s: InfState) -> dict:
    """The drawn tile (public: its draw is announced), where it goes, and which rotations of each side
    keep the entered edge open, so the picture can show the options."""
    dv = s.discovery
    t = catalog().tile(dv.tile)
    return {"tile": dv.tile, "at": dv.at, "toward": dv.toward, "seat": dv.seat, "walls": list(t.walls),
            "a": t.side_a.name, "b": t.side_b.name, "rotations": M.open_rotations(s),
            "sides": {up: {"name": sd.name, "type": sd.type, "influence": sd.influence}
                      for up, sd in (("a", t.side_a), ("b", t.side_b))}}


def board_text(v: dict) -> str:
    lines = [f"Round {v['round']} ({v['phase']}), first to {v['target']} points"]
    for t in v["tiles"]:
        who = v["players"][t["standee"]]["name"] if t["standee"] is not None else ""
        ctl = f" [token: {v['players'][t['control']]['name']}]" if t["control"] is not None else ""
        walls = f" walls {t['walls']}" if t["walls"] else ""
        lines.append(f"  {t['at']:>6} {t['name']} ({t['type']}, Influence {t['influence']}){walls}{ctl}"
                     + (f" <- {who}" if who else ""))
    for p in v["players"]:
        if p["leader"] is None:
            continue
        lv = ", ".join(f"{a} {n}" for a, n in p["levels"].items())
        lines.append(f"{p['name']} ({p['leader']}): {p['score']} points, {p['track']} tokens, {lv}; "
                     f"dice {', '.join(p['dice']) or '-'}; group {', '.join(c['name'] for c in p['group']) or '-'}; "
                     f"timeline {', '.join(c['name'] for c in p['timeline']) or '-'}; hand {p['hand_count']}")
        if "hand" in p:
            lines.append(f"  your hand: {', '.join(c['name'] for c in p['hand']) or '-'}")
    return "\n".join(lines)
