"""Grand Saga Futura pictures, drawn from views only (and card faces from card data).

The board shows, for each player, the station bay (districts with their station's level, AP, DAM,
stored count and creatures), the bench and the Assault bay (acolytes with class, gear and AP), the
sigil bay, energy and VP so far; during an engagement, a panel with both sides' dice for the
exchange. The hand picture shows a seat's private cards and its stations' inventories.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.futura.cards import catalog

from .theme import (
    ACCENT,
    BAD,
    FAINT,
    GOOD,
    INSET,
    MUTED,
    PANEL,
    TEXT,
    WARN,
    card_frame,
    card_title,
    clear_layers,
    column,
    fit,
    flow,
    font,
    game_over,
    label,
    layer,
    panel,
    pill,
    pill_row,
    recent,
    stack,
    text,
    waiting,
    wrap,
)

W = 760  # the detail board
PREVIEW_W = 1100  # the posted board, shown 550 px wide by Discord: KEY px numbers show KEY / 2 px tall
KEY = 24
TILE_W = 236
DEITY = {"Paladin": (222, 190, 80), "Primal": (86, 170, 92), "Strategist": (84, 140, 220),
         "Puritan": (210, 210, 224), "Emperor": (170, 84, 200)}
KIND = {"armour": (96, 120, 150), "saber": (196, 96, 72), "item": (92, 160, 150), "ability": (150, 110, 200),
        "creature": (120, 150, 70), "sigil": (200, 170, 70), "acolyte": (200, 140, 70),
        "district": (80, 130, 170), "station": (120, 120, 140)}
CLASS_COLOUR = {"Base": FAINT, "Recon": (84, 140, 110), "Adept": (84, 120, 200), "Heavy": (180, 90, 90)}


def clear_caches() -> None:
    """Forget drawn tiles, layers and labels (the bench times a cold start with this)."""
    _tile.cache_clear()
    _card_face.cache_clear()
    clear_layers()


# --- small pieces ------------------------------------------------------------------------------

def _pills(labels: list[tuple[str, tuple]], size: int = 16) -> Image.Image:
    return pill_row(tuple(labels), size)


def _gear_words(c: dict | None) -> str:
    if not c:
        return ""
    if c.get("hidden"):
        return "hidden card"
    extra = f" {c['ap']}/{c['ap_max']}" if "ap" in c else (f" +{c['dam']}" if "dam" in c else "")
    return c["name"] + extra + (" (broken)" if c.get("broken") else "")


@lru_cache(maxsize=512)
def _tile(title: str, badges: tuple, lines: tuple, edge: tuple, dimmed: bool = False) -> Image.Image:
    """A rounded tile: title, a row of badges, then short lines of text."""
    fnt = font(17)
    body = [label(title, 19, "bold", max_w=TILE_W - 24)]
    if badges:
        body.append(_pills(list(badges)))
    body += [label(line, 17, "regular", MUTED, max_w=TILE_W - 24) for line in lines]
    content = column(body, gap=3)
    out = Image.new("RGBA", (TILE_W, content.height + 20), (0, 0, 0, 0))
    d = ImageDraw.Draw(out)
    d.rounded_rectangle((0, 0, TILE_W - 1, out.height - 1), radius=10, fill=INSET if dimmed else PANEL,
                        outline=edge, width=3)
    out.alpha_composite(content, (12, 10))
    del fnt
    return out


def _acolyte_tile(a: dict) -> Image.Image:
    badges = ((a["cls"], CLASS_COLOUR[a["cls"]]), (f"{a['ap']} AP", GOOD if a["base_ap"] > 0 else BAD),
              (f"{a['dam']} DAM", WARN))
    where = "Assault bay" if a["loc"] == "bay" else "bench"
    gear = [_gear_words(c) for c in [a["armour"], *a["sabers"], *a["items"], *a["abilities"]] if c]
    lines = (f"{where} · base {a['base_ap']}/{a['base_ap_max']}", *([", ".join(gear)] if gear else []))
    return _tile(a["name"], badges, lines, DEITY.get(a["sigil"], FAINT), a["loc"] == "bench")


def _holding_tile(h: dict) -> Image.Image:
    st = h["station"]
    if h["face_down"]:
        return _tile(h["name"], (("face down", FAINT),), ("claimed: scores next turn",), FAINT, True)
    if st is None:
        return _tile(h["name"], ((f"+{h['energy']} energy", ACCENT),), ("no station: open to claim",), BAD, True)
    badges = ((f"L{st['level']}", ACCENT), (f"{st['ap']} AP", GOOD), (f"{st['dam']} DAM", WARN))
    creatures = ", ".join(_gear_words(c) for c in st["creatures"])
    lines = (f"+{h['energy']} energy · stored {st['stored']}/{st['slots']}", *([creatures] if creatures else []))
    return _tile(h["name"], badges, lines, DEITY.get(h["sigil"], FAINT))


def _group(title: str, tiles: list[Image.Image], w: int) -> Image.Image:
    head = label(title, 18, "bold", MUTED)
    if not tiles:
        return column([head, label("none", 17, "regular", FAINT)], gap=2)
    return column([head, flow(tiles, w, gap=10, row_gap=10)], gap=4)


def _holding_chip(h: dict, size: int = 16, room: int = W) -> Image.Image:
    st = h["station"]
    if h["face_down"] or st is None:
        return _pills([(fit(f"{h['name']}: {'face down' if h['face_down'] else 'no station'}", font(size), room), FAINT)],
                      size)
    name = fit(h["name"], font(size, "bold"), room - font(size, "bold").getlength(" L9 9 AP 9 DAM") - 24)
    return _pills([(f"{name} L{st['level']} {st['ap']} AP {st['dam']} DAM", DEITY.get(h["sigil"], FAINT))], size)


def _acolyte_chip(a: dict, size: int = 16, room: int = W) -> Image.Image:
    where = " · bay" if a["loc"] == "bay" else ""
    stats = f" {a['cls']} {a['ap']} AP {a['dam']} DAM{where}"
    name = fit(a["name"], font(size, "bold"), room - font(size, "bold").getlength(stats) - 24)
    return _pills([(f"{name}{stats}", CLASS_COLOUR[a["cls"]])], size)


@layer(maxsize=32, flat=True)
def _player(view: dict, p: dict, w: int, full: bool = True, size: int = 16) -> Image.Image:
    inner = w - 32
    mark = "▶ " if p["seat"] == view["active"] and not view.get("outcome") else ""
    status = " (out)" if p["out"] else ""
    sigils = [(s, DEITY[s]) for s in p["sigils"]] or [("no sigils", FAINT)]  # the bay, oldest first
    head = column([
        label(f"{mark}{p['name']}{status} — {p['deck']} deck", size + 6, "bold", ACCENT if mark else TEXT,
              max_w=inner),
        flow([_pills([(f"{p['energy']} energy", ACCENT), (f"{p['vp']:g} VP", GOOD)], size),
              _pills([(f"Hand {p['hand_count']} · Deck {p['deck_count']}", FAINT)], size),
              _pills(sigils, min(size, 18))], inner, gap=6, row_gap=4),
    ], gap=4)
    acolytes = sorted(p["acolytes"], key=lambda a: a["loc"] != "bay")  # the Assault bay first
    if not full:  # a player away from the action (or the preview): one chip per district and acolyte
        chips = [_holding_chip(h, size, inner) for h in p["holdings"]]
        chips += [_acolyte_chip(a, size, inner) for a in acolytes]
        return panel(column([head, flow(chips, inner, gap=6, row_gap=6)], gap=8), w, pad=12)
    parts = [head, _group("Station bay", [_holding_tile(h) for h in p["holdings"]], inner),
             _group("Assault bay and bench", [_acolyte_tile(a) for a in acolytes], inner)]
    return panel(column(parts, gap=8), w, pad=12)


@layer(maxsize=8, flat=True)
def _engagement(view: dict, w: int, size: int = 17) -> Image.Image | None:
    f = view.get("fight")
    if not f:
        return None
    names = {p["seat"]: p["name"] for p in view["players"]}
    where = f" on {f['where']}" if f.get("where") else ""
    title = (f"{'Assault' if f['kind'] == 'assault' else 'Ambush'}{where}: {names[f['attacker']]} against "
             f"{names[f['defender']]} — exchange {f['exchange']}")
    rows = [label(title, size + 4, "bold", ACCENT, max_w=w - 40)]
    beaten = f["rolls"].get("defender")
    for u in f.get("units", []):
        roll = u.get("roll")
        if roll is None:
            outcome, colour = "to roll", FAINT
        elif u["role"] == "defender":
            outcome, colour = "defends", MUTED
        else:
            won = beaten is not None and roll > beaten
            outcome, colour = ("wins its roll" if won else "loses its roll"), (GOOD if won else BAD)
        rows.append(_pills([(u["role"], INSET), (u["name"], PANEL), (f"die {roll if roll is not None else '-'}", colour),
                            (outcome, colour), (f"{u['ap']} AP", GOOD)], size))
    return panel(column(rows, gap=6), w, fill=INSET)


@layer(maxsize=16, flat=True)
def _header(view: dict, w: int, size: int = 18) -> Image.Image:
    rows = [label(f"Grand Saga Futura — cycle {view['cycle']} of {view['cycles']}, turn {view['turn']}", size + 8,
                  "bold", TEXT, max_w=w - 40)]
    over = game_over(view)
    if over:
        rows += [label(over[0], size + 4, "bold", ACCENT, max_w=w - 40)]
        rows += [label(line, size, "regular", MUTED) for line in wrap(over[1], font(size), w - 40)[:3]]
    else:
        wait = waiting(view)
        if wait:
            rows += [label(line, size, "regular", MUTED) for line in wrap(wait, font(size), w - 40)[:2]]
    return panel(column(rows, gap=4), w)


def _preview(view: dict) -> Image.Image:
    """The posted board: header, engagement, then every player's chips two to a row; no log."""
    w = PREVIEW_W - 32
    half = (w - 12) // 2
    public = {k: v for k, v in view.items() if k not in ("hand", "peek", "recent")}  # keys the layers' cache
    parts = [_header(public, w, 22)]
    fight = _engagement(view, w, KEY)
    if fight is not None:
        parts.append(fight)
    around = {k: view.get(k) for k in ("active", "outcome")}  # all a player's panel reads of the table
    players = [_player(around, p, half, False, KEY) for p in view["players"]]
    parts.append(flow(players, w, gap=12, row_gap=12))
    return stack(parts, gap=12, pad=16)


def render_board(view: dict, detail: bool = False) -> Image.Image:
    """The table: header, the engagement (if any), each player's area, the latest events.

    The default is the preview sized for the channel; detail=True draws every district and acolyte
    as a tile, and the latest events."""
    if not detail:
        return _preview(view)
    parts = [_header(view, W)]
    fight = _engagement(view, W)
    if fight is not None:
        parts.append(fight)
    f = view.get("fight") or {}
    focus = {view["active"], f.get("attacker"), f.get("defender")}
    parts += [_player(view, p, W, len(view["players"]) <= 2 or p["seat"] in focus) for p in view["players"]]
    if view.get("recent") and len(view["players"]) <= 3:  # a four-seat table leaves the log to the channel
        parts.append(recent(view["recent"], W, keep=5 if len(view["players"]) <= 2 else 3, max_rows=6))
    return stack(parts, gap=12, pad=16)


# --- the private hand and station inventories ----------------------------------------------------

def render_hand(view: dict) -> Image.Image:
    """The viewing seat's hand and what each of its stations holds."""
    me = next(p for p in view["players"] if p["seat"] == view["you"])
    parts = [panel(label(f"{me['name']}: your hand and station inventories", 24, "bold", ACCENT), W)]
    hand = [_card_tile(c) for c in me["hand"] or []]
    parts.append(panel(_group(f"Hand ({len(hand)} of 5)", hand, W - 32), W))
    for h in me["holdings"]:
        st = h["station"]
        if st:
            stored = [_card_tile(c) for c in st["inventory"]]
            parts.append(panel(_group(f"{h['name']}: {st['stored']} of {st['slots']} slots", stored, W - 32), W))
    return stack(parts, gap=10, pad=16)


def _card_tile(c: dict) -> Image.Image:
    if c.get("hidden"):
        return _tile("hidden card", (), (), FAINT, True)
    badges = [(c["kind"], KIND.get(c["kind"], FAINT)), (f"L{c['level']}", ACCENT)]
    if c.get("cls"):
        badges.append((c["cls"], CLASS_COLOUR[c["cls"]]))
    lines = []
    if "ap" in c:
        lines.append(f"{c['ap']}/{c['ap_max']} AP")
    if "dam" in c:
        lines.append(f"{c['dam']} DAM")
    if c.get("sigil"):
        lines.append(f"sigil: {c['sigil']}")
    return _tile(c["name"], tuple(badges), tuple(lines), DEITY.get(c.get("sigil"), KIND.get(c["kind"], FAINT)))


# --- card faces ----------------------------------------------------------------------------------

CARD_W, CARD_H = 420, 588


def _face_facts(card_id: str) -> tuple[str, str, list[str], str, str | None]:
    """(name, kind, stat lines, rules text, sigil) of any Futura card id."""
    cat = catalog()
    if card_id in cat.acolytes:
        a = cat.acolytes[card_id]
        return (a.name, "acolyte", [f"{a.house}", f"{a.base_ap} AP · {a.base_dam} DAM"],
                f"{a.ability.name} ({a.ability.keyword}): {a.ability.text}", a.sigil)
    if card_id in cat.districts:
        d = cat.districts[card_id]
        return (d.name, "district", [f"+{d.energy} energy", f"resists {d.resistance or 'nothing'}"],
                f"{d.ability.name} ({d.ability.keyword}): {d.ability.text}", d.sigil)
    if card_id in cat.stations:
        st = cat.stations[card_id]
        return st.name, "station", [f"{st.house} station"], "A station card: its level, AP and DAM are rolled.", None
    c = cat.cards[card_id]
    stats = [f"level {c.level}" + (f" · {c.cls}" if c.cls else "")]
    if c.ap:
        stats.append(f"{c.ap} AP")
    if c.dam:
        stats.append(f"{c.dam} DAM" + (f" · die {c.die}" if c.die else ""))
    e = c.effect or c.ability
    rules = f"{e.name} ({e.keyword}): {e.text}" if e else ("A sigil for the bay." if c.kind == "sigil" else "")
    return c.name, c.kind, stats, rules, c.sigil


def render_card(card_id: str) -> Image.Image:
    """One card face from the card data: kind stripe, name, stats, sigil and rules text."""
    return _card_face(card_id).copy()


@lru_cache(maxsize=64)
def _card_face(card_id: str) -> Image.Image:
    name, kind, stat_lines, rules, sigil = _face_facts(card_id)
    img = Image.new("RGBA", (CARD_W, CARD_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    card_frame(d, CARD_W, CARD_H, KIND.get(kind, FAINT), 18, 22)
    y = card_title(d, name, 36, 22, CARD_W - 60, sizes=(30, 28, 26, 24))
    pill(d, (36, y + 6), kind.capitalize(), KIND.get(kind, FAINT), 18)
    if sigil:
        pill(d, (CARD_W - 24, y + 6), sigil, DEITY[sigil], 18, fg=(20, 20, 24), anchor="r")
    y += 52
    for line in stat_lines:
        text(d, (36, y), line, font(24, "bold"))
        y += 34
    d.rounded_rectangle((32, y + 8, CARD_W - 20, CARD_H - 24), radius=12, fill=INSET)
    fnt = font(21)
    ty = y + 22
    for line in wrap(rules, fnt, CARD_W - 80)[:12]:
        text(d, (46, ty), line, fnt, TEXT)
        ty += 29
    return img
