"""What each seat may see (notes §4): hands, station inventories and unrevealed gear only to their
owner; deck order to no one; energy, AP, sigil bays, discard piles and districts to everyone."""

from __future__ import annotations

from .cards import catalog
from .loadout import current_class, stats
from .score import vp
from .state import STATION_NAMES, FuturaState


def card_view(s: FuturaState, uid: str, seen: bool) -> dict:
    if not seen:
        return {"hidden": True}
    card, inst = s.card(uid), s.cards[uid]
    out = {"uid": uid, "name": card.name, "kind": card.kind, "level": card.level}
    if card.cls:
        out["cls"] = card.cls
    if card.sigil:
        out["sigil"] = card.sigil
    if card.ap:
        out["ap"], out["ap_max"] = inst.ap, card.ap
    if card.dam:
        out["dam"] = card.dam
    if inst.broken:
        out["broken"] = True
    return out


def acolyte_view(s: FuturaState, seat: int | None, owner: int, a) -> dict:
    ap, dam = stats(s, a)
    mine = seat == owner
    cat = catalog().acolytes[a.cid]

    def show(uid: str) -> dict:
        inst = s.cards[uid]
        seen = mine or (inst.revealed and s.card(uid).kind != "ability")
        return card_view(s, uid, seen)

    return {"uid": a.uid, "name": cat.name, "house": cat.house, "sigil": cat.sigil, "cls": current_class(s, a),
            "max_class": a.max_class, "loc": a.loc, "ap": ap, "dam": dam, "base_ap": max(a.base_ap, 0),
            "base_ap_max": cat.base_ap, "armour": show(a.armour) if a.armour else None,
            "sabers": [show(u) for u in a.sabers], "items": [show(u) for u in a.items],
            "abilities": [show(u) for u in a.abilities], "ability": cat.ability.name}


def holding_view(s: FuturaState, seat: int | None, owner: int, h) -> dict:
    d = catalog().districts[h.did]
    out = {"district": h.did, "name": d.name, "energy": d.energy, "sigil": d.sigil, "face_down": h.face_down,
           "ability": d.ability.name, "station": None}
    st = h.station
    if st:
        mine = seat == owner
        out["station"] = {"level": st.level, "title": STATION_NAMES[st.level], "ap": st.ap, "dam": st.dam,
                          "slots": st.level, "stored": len(st.slots),
                          "inventory": [card_view(s, u, mine or seat in s.cards[u].known or s.cards[u].revealed)
                                        for u in st.slots],
                          "creatures": [card_view(s, u, mine or s.cards[u].revealed) for u in st.creatures]}
    return out


def hidden_uids(s: FuturaState, seat: int | None) -> list[str]:
    """The card instances `seat` (None: the public) may not see: other players' hands, stored cards
    and creatures not shown to it, and other acolytes' gear not yet revealed (abilities stay hidden
    until played). Decks are preset public lists whose order no view shows, so they are left out."""
    out = []
    for p in s.players:
        if seat == p.seat:
            continue
        out += p.hand
        for h in p.holdings:
            if h.station:
                out += [u for u in h.station.slots if not s.cards[u].revealed and seat not in s.cards[u].known]
                out += [u for u in h.station.creatures if not s.cards[u].revealed]
        for a in p.acolytes:
            out += [u for u in a.gear() if not s.cards[u].revealed or s.card(u).kind == "ability"]
    return out


def build_view(s: FuturaState, seat: int | None) -> dict:
    players = []
    for p in s.players:
        mine = seat == p.seat
        players.append({
            "seat": p.seat, "name": p.name, "deck": catalog().decks[p.deck_key].name, "energy": p.energy,
            "deck_count": len(p.deck), "hand_count": len(p.hand), "out": p.out, "vp": vp(s, p.seat),
            "discard": [s.card(u).name for u in p.discard], "vouchers": p.vouchers,
            "sigils": [s.card(u).sigil for u in p.sigils],
            "acolytes": [acolyte_view(s, seat, p.seat, a) for a in p.acolytes],
            "holdings": [holding_view(s, seat, p.seat, h) for h in p.holdings],
            "hand": [card_view(s, u, True) for u in p.hand] if mine else None})
    return {"game": "futura", "version": s.version, "turn": s.turn, "cycle": s.cycle, "cycles": s.cycles,
            "active": s.active, "you": seat, "players": players, "fight": fight_view(s),
            "claims": [{"seat": c.seat, "count": len(c.cards)} for c in s.claims],
            "pending": [{"seat": d.seat, "kind": d.kind, "prompt": d.prompt, "private": d.private}
                        for d in s.pending],
            "recent": [e.text for e in s.recent if e.visible(seat)],
            "outcome": s.finished.model_dump() if s.finished else None}


def fight_view(s: FuturaState) -> dict | None:
    f = s.fight
    if f is None:
        return None
    from .combat import defender_unit, unit_name

    kind, unit = defender_unit(s)
    fighters = [("primary", s.acolyte(f.primary)[1])] + ([("support", s.acolyte(f.support)[1])] if f.support else [])
    units = [{"role": role, "name": catalog().acolytes[a.cid].name, "ap": stats(s, a)[0],
              "roll": f.rolls.get(role)} for role, a in fighters]
    if kind == "acolyte":
        ap = stats(s, s.acolyte(unit)[1])[0]
    elif kind == "creature":
        ap = max(s.cards[unit].ap, 0)
    else:
        ap = s.holding(unit)[1].station.ap
    units.append({"role": "defender", "name": unit_name(s, kind, unit), "ap": ap, "roll": f.rolls.get("defender")})
    return {"kind": f.kind, "attacker": f.attacker, "defender": f.defender, "primary": f.primary,
            "support": f.support, "district": f.district, "target": f.target, "exchange": f.exchange,
            "rolls": dict(f.rolls), "ensigil": f.ensigil, "defender_ensigil": f.def_ensigil, "units": units,
            "where": catalog().districts[f.district].name if f.district else None}


def gear_words(c: dict | None) -> str:
    if not c:
        return "-"
    if c.get("hidden"):
        return "(hidden)"
    extra = f" {c['ap']}/{c['ap_max']} AP" if "ap" in c else ""
    return c["name"] + extra + (" broken" if c.get("broken") else "")


def board_text(view: dict) -> str:
    lines = [f"Turn {view['turn']}, cycle {view['cycle']} of {view['cycles']}"]
    for p in view["players"]:
        mark = "*" if p["seat"] == view["active"] else " "
        lines.append(f"{mark}{p['name']}{' (out)' if p['out'] else ''}: {p['energy']} energy, {p['vp']:g} VP, "
                     f"sigils {', '.join(p['sigils']) or 'none'}, deck {p['deck_count']}, hand {p['hand_count']}")
        for h in p["holdings"]:
            st = h["station"]
            if h["face_down"]:
                lines.append(f"   {h['name']}: face down")
            elif st is None:
                lines.append(f"   {h['name']} (+{h['energy']}): no station")
            else:
                crit = ", ".join(gear_words(c) for c in st["creatures"]) or "no creatures"
                lines.append(f"   {h['name']} (+{h['energy']}): {st['title']} {st['ap']} AP, {st['dam']} DAM, "
                             f"{st['stored']}/{st['slots']} stored, {crit}")
        for a in p["acolytes"]:
            gear = ", ".join(gear_words(c) for c in [a["armour"], *a["sabers"], *a["items"], *a["abilities"]] if c)
            lines.append(f"   {a['name']} [{a['cls']}, {a['loc']}] {a['ap']} AP {a['dam']} DAM: {gear or 'no gear'}")
        if p["hand"] is not None:
            lines.append("   hand: " + (", ".join(c["name"] for c in p["hand"]) or "empty"))
    f = view["fight"]
    if f:
        lines.append(f"Engagement ({f['kind']}), exchange {f['exchange']}: {f['rolls']}")
    if view["outcome"]:
        lines.append(view["outcome"]["reason"])
    return "\n".join(lines)
