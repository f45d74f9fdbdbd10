"""What each seat may see. The public view (seat None) never names a card in a hand, a deck or a
Personal Codex deck, nor a player's secret Codex choices."""

from __future__ import annotations

from engine.core import Decision

from . import keywords as K
from .cards import COLOURS, catalog
from .names import card_name, name
from .state import ResState, Unit


def _tags(s: ResState, u: Unit) -> list[str]:
    return [t + ("" if K.tag_active(s, u, t) else " (inactive)") for t in u.tags]


def _unit(s: ResState, u: Unit) -> dict:
    out = {"uid": u.uid, "name": name(s, u.uid), "kind": u.kind, "damage": u.damage, "max_hp": K.max_hp(s, u),
           "focus": K.focus(s, u), "spent": K.is_spent(s, u), "suppressed": u.suppressed, "tags": _tags(s, u),
           "items": [{"card": i, "name": K.card(i).name, "power": K.card(i).power,
                      "keywords": [K.kw_name(k) for k in K.card(i).keywords]} for i in u.items],
           "acrobatic": u.acrobatic}
    if u.kind == "animation":
        cd = K.card(u.card)
        out.update(card=u.card, power=cd.power, printed_focus=cd.focus, keywords=[K.kw_name(k) for k in cd.keywords])
    if u.bane is not None:
        out["bane"] = COLOURS[u.bane]
    return out


def _player(s: ResState, seat: int, me: bool) -> dict:
    p = s.players[seat]
    unit = s.units.get(f"P{seat}")
    out = {
        "seat": seat, "name": p.name, "alive": p.alive, "en": p.en, "karma": p.karma, "tokens": p.tokens,
        "focus": K.focus(s, unit) if unit else 0, "base_focus": p.base_focus,
        "hp": (K.max_hp(s, unit) - unit.damage) if unit else 0, "max_hp": K.max_hp(s, unit) if unit else 10,
        "hand_count": len(p.hand), "codex_count": len(p.codex_deck),
        "primary": COLOURS[p.primary] if p.primary is not None and s.phase != "codex" else None,
        "active_codex": [{"id": b, "name": catalog().codex[b].name} for b in p.active_codex],
        "modules": [catalog().modules[m].name for m in p.modules],
        "unit": _unit(s, unit) if unit else None,
        "animations": [_unit(s, u) for u in K.animations(s, seat)],
    }
    if me:
        out["hand"] = [{"card": c, "name": card_name(c), "kind": K.card(c).kind} for c in p.hand]
        # Sorted: the owner knows what is in their shuffled Codex deck, not the order it will come in.
        out["codex_deck"] = [{"id": b, "name": catalog().codex[b].name} for b in sorted(p.codex_deck)]
        out["secondaries"] = [COLOURS[c] for c in p.secondaries]
        out["immunized"] = list(p.immunized)
        out["seen"] = [card_name(c) for c in s.seen.get(str(seat), [])]
    return out


def _combat(s: ResState) -> dict | None:
    c = s.combat
    if c is None:
        return None
    return {"actor": name(s, c.actor), "action": c.action, "targets": [name(s, t) for t in c.targets],
            "keywords": [K.kw_name(k) for k in c.kws], "ev": c.ev, "ev_parts": c.ev_parts, "stage": c.stage}


def _prompt(d: Decision, seat: int | None) -> dict:
    """A pending prompt as a Decision (without the Ask's options); its context for its owner only."""
    out = Decision.model_dump(d, exclude={"options"})
    if d.seat != seat:
        out["context"] = []
    return out


def build_view(s: ResState, seat: int | None) -> dict:
    view = {
        "game": "resonance", "version": s.version, "turn": s.turn, "round": s.round, "max_rounds": s.max_rounds,
        "phase": s.phase, "active": s.active, "first": s.first, "seed_commitment": s.seed_commitment,
        "deck_count": len(s.main_deck), "discard": [card_name(c) for c in s.discard[-10:]],
        "discard_count": len(s.discard), "pool": [catalog().modules[m].name for m in s.pool] if s.phase == "draft" else [],
        "players": [_player(s, i, seat == i) for i in range(len(s.players))],
        "combat": _combat(s),
        "pending": [_prompt(d, seat) for d in s.pending if not d.private or d.seat == seat]
        + [{"seat": d.seat, "kind": "secret", "prompt": f"{s.players[d.seat].name} is choosing", "private": True}
           for d in s.pending if d.private and d.seat != seat],
        "recent": [e.text for e in s.recent if e.visible(seat)],
        "outcome": s.finished.model_dump() if s.finished else None,
        "you": seat,
    }
    if s.finished:
        view["seed"] = s.rng.seed
    if seat is not None and s.ask and s.ask.seat == seat:
        view["options"] = [label for _, label in s.ask.options]
    return view


def _unit_line(u: dict) -> str:
    marks = [m for m in ("spent", "suppressed", "acrobatic") if u.get(m)]
    tags = f" tags: {', '.join(u['tags'])}" if u["tags"] else ""
    items = f" items: {', '.join(i['name'] for i in u['items'])}" if u["items"] else ""
    kws = f" [{', '.join(u.get('keywords', []))}]" if u.get("keywords") else ""
    mark = f" ({', '.join(marks)})" if marks else ""
    return f"    {u['name']} F{u['focus']} dmg {u['damage']}/{u['max_hp']}{kws}{items}{tags}{mark}"


def board_text(view: dict) -> str:
    """The view as plain text for the console and the Discord text fallback."""
    lines = [f"Resonance - round {view['round']}/{view['max_rounds']}, turn {view['turn']} ({view['phase']})",
             f"Main Deck {view['deck_count']}, discard pile {view['discard_count']}"]
    for p in view["players"]:
        turn = " <- to play" if p["seat"] == view["active"] and view["phase"] == "play" else ""
        dead = " (out)" if not p["alive"] else ""
        lines.append(f"{p['name']}{dead}: HP {p['hp']}/{p['max_hp']}, EN {p['en']}, Focus {p['focus']}, "
                     f"Karma {p['karma']}, spent tokens {p['tokens']}, hand {p['hand_count']}, "
                     f"codex deck {p['codex_count']}{turn}")
        if view["phase"] in ("draft", "codex") and p["modules"]:
            lines.append("  Drafted: " + ", ".join(p["modules"]))
        if p["active_codex"]:
            lines.append("  Codex: " + ", ".join(b["name"] for b in p["active_codex"]))
        if p["unit"]:
            u = p["unit"]
            extra = [f"items: {', '.join(i['name'] for i in u['items'])}"] if u["items"] else []
            extra += [f"tags: {', '.join(u['tags'])}"] if u["tags"] else []
            extra += ["suppressed"] if u["suppressed"] else []
            if extra:
                lines.append("  Player " + "; ".join(extra))
        for a in p["animations"]:
            lines.append(_unit_line(a))
        if p.get("hand") is not None:
            lines.append("  Your hand: " + (", ".join(c["name"] for c in p["hand"]) or "empty"))
    if view["phase"] == "draft":
        lines.append(f"Draft pool: {len(view['pool'])} Faction Modules left")
    if view.get("combat"):
        c = view["combat"]
        lines.append(f"In progress: {c['actor']} {c['action']} -> {', '.join(c['targets'])}"
                     + (f", keywords {', '.join(c['keywords'])}" if c["keywords"] else ""))
    for d in view["pending"]:
        lines.append(f"Waiting: {d['prompt']}")
    if view.get("outcome"):
        lines.append(view["outcome"]["reason"])
    return "\n".join(lines)
