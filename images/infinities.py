"""Infinities pictures: the hex map, the leaders' boards, the private hand and card faces.

Drawn from views only (the map, boards, groups and timelines are public; a hand only in its owner's
view). Colours always come with a word or a number: tile types are written on the tiles, dice faces
are named, seats carry their initials.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.infinities.cards import Card, catalog

from . import theme as t

W = 1100  # board width: Discord shows it 550 px wide, so text shows at half its size
KEY = 24  # key numbers (Influence, points, levels, hand size) on the posted board: 12 px at 550
PAD = 20
SQRT3 = math.sqrt(3)
TYPE_COLOUR = {"power": (186, 58, 52), "energy": (46, 104, 196), "fortitude": (44, 138, 74),
               "boost": (196, 136, 30), "star": (128, 80, 186), "rift": (58, 26, 78)}
SEAT_COLOUR = [(84, 214, 226), (244, 112, 172), (168, 226, 76), (255, 150, 54)]
FACTION_COLOUR = {"lightbearers": (232, 182, 70), "deva": (64, 172, 214)}
WALL = (250, 238, 214)
SELECT, MOVE, ATTACK, REACH = t.ACCENT, (96, 236, 132), (255, 70, 70), (150, 206, 255)
ATTRS = ("power", "energy", "fortitude")
CARD_W, CARD_H = 300, 310


def clear_caches() -> None:
    for cached in (_tile, _marker, _levels_of, _tokens_of):
        cached.cache_clear()
    _card_face.cache_clear()
    t.clear_layers()


# --- hex geometry (pointy-top, axial q,r; edge 0 faces east, counting anticlockwise) ---------------------


def corners(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(30 + 60 * i)), cy - r * math.sin(math.radians(30 + 60 * i)))
            for i in range(6)]


def edge(cx: float, cy: float, r: float, d: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two ends of edge d: the corners either side of direction 60*d degrees."""
    pts = corners(cx, cy, r)
    return pts[(d - 1) % 6], pts[d]


def centre(k: str, r: float) -> tuple[float, float]:
    q, rr = (int(v) for v in k.split(","))
    return r * SQRT3 * (q + rr / 2), 1.5 * r * rr


def seat_colour(seat: int):
    return SEAT_COLOUR[seat % len(SEAT_COLOUR)]


def initial(name: str) -> str:
    return (name.strip()[:1] or "?").upper()


# --- tiles ------------------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _tile(name: str, kind: str, influence: int, walls: tuple[int, ...], r: int, key: int = 20) -> Image.Image:
    """One tile: type colour, Influence in a disc, name, type word, walls on its edges."""
    w, h = int(SQRT3 * r) + 8, 2 * r + 8
    img = Image.new("RGBA", (w, h), t.CLEAR)
    d = ImageDraw.Draw(img)
    cx, cy = w / 2, h / 2
    d.polygon(corners(cx, cy, r - 1), fill=TYPE_COLOUR[kind], outline=t.OUTLINE, width=2)
    fnt = t.font(16, "condensed")
    iy = cy - 0.6 * r  # Influence on top; the upper corners are left for the token and the standee
    rad = key // 2 + 4
    d.ellipse((cx - rad, iy - rad, cx + rad, iy + rad), fill=t.TEXT, outline=t.OUTLINE, width=2)
    d.text((cx, iy), str(influence), font=t.font(key, "bold"), fill=t.OUTLINE, anchor="mm")
    lines = t.wrap(name, fnt, 1.6 * r)[:2]
    y = cy + 0.14 * r - (len(lines) - 1) * 8.5
    for line in lines:
        t.text(d, (cx, y), t.fit(line, fnt, 1.65 * r), fnt, anchor="mm")
        y += 17
    t.text(d, (cx, cy + 0.6 * r), "Rift" if kind == "rift" else kind.capitalize(), t.font(16, "condensed"),
           t.MUTED, "mm")
    for e in walls:
        d.line(edge(cx, cy, r - 3, e), fill=WALL, width=7)
        d.line(edge(cx, cy, r - 3, e), fill=t.OUTLINE, width=2)
    return img


def _disc(img: Image.Image, cx: float, cy: float, rad: int, colour, letter: str, square=False) -> None:
    """A seat's marker (a token square or a standee disc) with its initial, centred at cx, cy."""
    mark = _marker(rad, colour, letter, square)
    img.alpha_composite(mark, (int(cx - mark.width / 2), int(cy - mark.height / 2)))


@lru_cache(maxsize=64)
def _marker(rad: int, colour, letter: str, square: bool) -> Image.Image:
    img = Image.new("RGBA", (2 * rad + 2, 2 * rad + 2), t.CLEAR)
    d = ImageDraw.Draw(img)
    (d.rectangle if square else d.ellipse)((1, 1, 2 * rad, 2 * rad), fill=colour, outline=t.OUTLINE, width=3)
    d.text((rad + 1, rad + 1), letter, font=t.font(18 if rad < 16 else 22, "bold"), fill=t.OUTLINE, anchor="mm")
    return img


def _outline(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour, width: int, dashed=False) -> None:
    pts = corners(cx, cy, r)
    for i in range(6):
        a, b = pts[i], pts[(i + 1) % 6]
        if not dashed:
            d.line((a, b), fill=colour, width=width)
            continue
        for j in range(0, 4, 2):  # two dashes per edge
            f0, f1 = j / 4 + 0.06, (j + 1) / 4 + 0.06
            d.line(((a[0] + (b[0] - a[0]) * f0, a[1] + (b[1] - a[1]) * f0),
                    (a[0] + (b[0] - a[0]) * f1, a[1] + (b[1] - a[1]) * f1)), fill=colour, width=width)


def _check_spec(spec: Mapping | None) -> dict[str, list[str]]:
    """A highlight as plain lists of "q,r" keys; anything else is refused."""
    out: dict[str, list[str]] = {}
    for key, val in (spec or {}).items():
        if key not in ("selected", "move", "reach", "attack"):
            raise ValueError(f"unknown highlight key {key!r}")
        keys = [val] if isinstance(val, str) else list(val)
        for k in keys:
            q, _, r = str(k).partition(",")
            if not (q.lstrip("-").isdigit() and r.lstrip("-").isdigit()):
                raise ValueError(f"not a map space: {k!r}")
        out[key] = keys
    return out


def _map(view: dict, spec: dict[str, list[str]], width: int, key: int = 20) -> Image.Image:
    """The hex map, a layer drawn again only when what it shows changes (tiles, leaders, whose turn)."""
    shown = {k: view.get(k) for k in ("tiles", "discovering", "players", "active", "phase")}
    return _map_layer(shown, spec, width, key)


@t.layer(maxsize=8, flat=True)
def _map_layer(view: dict, spec: dict[str, list[str]], width: int, key: int) -> Image.Image:
    tiles = {x["at"]: x for x in view["tiles"]}
    dv = view.get("discovering")
    spaces = set(tiles) | set(spec.get("move", [])) | ({dv["at"]} if dv else set())
    unit = [centre(k, 1.0) for k in spaces] or [(0.0, 0.0)]
    xs, ys = [p[0] for p in unit], [p[1] for p in unit]
    span_x, span_y = max(xs) - min(xs) + SQRT3, max(ys) - min(ys) + 2
    r = int(max(40, min(66, (width - 16) / span_x, 820 / span_y)))
    mw, mh = int(span_x * r) + 16, int(span_y * r) + 16
    ox, oy = 8 + (SQRT3 / 2 - min(xs)) * r, 8 + (1 - min(ys)) * r
    img = Image.new("RGBA", (mw, mh), t.CLEAR)
    d = ImageDraw.Draw(img)

    def at(k: str) -> tuple[float, float]:
        x, y = centre(k, r)
        return ox + x, oy + y

    for k, tl in tiles.items():
        tile = _tile(tl["name"], tl["type"], tl["influence"], tuple(tl["walls"]), r, key)
        x, y = at(k)
        img.alpha_composite(tile, (int(x - tile.width / 2), int(y - tile.height / 2)))
    names = {p["seat"]: p["name"] for p in view["players"]}
    for k, tl in tiles.items():
        x, y = at(k)
        if tl["control"] is not None:
            _disc(img, x - 0.5 * r, y - 0.42 * r, 12, seat_colour(tl["control"]), initial(names[tl["control"]]), True)
        if tl["standee"] is not None:
            sx, sy = x + 0.5 * r, y - 0.42 * r
            _disc(img, sx, sy, 16, seat_colour(tl["standee"]), initial(names[tl["standee"]]))
            if tl["standee"] == view["active"] and view["phase"] in ("roll", "main"):
                d.ellipse((sx - 21, sy - 21, sx + 21, sy + 21), outline=SELECT, width=3)
    for k in spec.get("reach", []):
        if k in tiles:
            _outline(d, *at(k), r - 7, REACH, 3)
    for k in spec.get("attack", []):
        _outline(d, *at(k), r - 4, ATTACK, 6)
    for k in spec.get("move", []):
        x, y = at(k)
        _outline(d, x, y, r - 4, MOVE, 6, dashed=k not in tiles)
        if k not in tiles:
            t.text(d, (x, y), "new tile", t.font(16, "bold"), MOVE, "mm")
    if dv:
        x, y = at(dv["at"])
        _outline(d, x, y, r - 4, SELECT, 5, dashed=True)
        t.text(d, (x, y), "?", t.font(30, "bold"), SELECT, "mm")
    for k in spec.get("selected", []):
        if k in tiles:
            _outline(d, *at(k), r - 2, SELECT, 6)
    return img


# --- the leaders' boards ------------------------------------------------------------------------------


def _pill_row(items: list[tuple[str, tuple]], max_w: int) -> Image.Image:
    tiles = []
    for word, colour in items:
        w, h = t.pill_size(word)
        img = Image.new("RGBA", (w, h), t.CLEAR)
        t.pill(ImageDraw.Draw(img), (0, 0), word, colour)
        tiles.append(img)
    return t.flow(tiles, max_w, gap=6, row_gap=6)


def _levels(p: dict, key: int = 18) -> Image.Image:
    return _levels_of(tuple(p["levels"].get(a, 1) for a in ATTRS), key)


@lru_cache(maxsize=64)
def _levels_of(levels: tuple[int, ...], key: int = 18) -> Image.Image:
    """Each attribute with its level written and drawn as 4 boxes (written only, at the preview's size)."""
    img = Image.new("RGBA", (520, key + 12), t.CLEAR)
    d = ImageDraw.Draw(img)
    x = 0
    for a, lv in zip(ATTRS, levels, strict=True):
        t.text(d, (x, 4), f"{a.capitalize()} {lv}", t.font(key, "bold"))
        x += int(t.font(key, "bold").getlength(f"{a.capitalize()} {lv}")) + 8
        if key > 18:  # no room for the boxes: the number says it
            x += 10
            continue
        for i in range(4):
            d.rectangle((x + i * 13, 8, x + i * 13 + 10, 22), fill=TYPE_COLOUR[a] if i < lv else t.INSET,
                        outline=t.PANEL_EDGE)
        x += 4 * 13 + 18
    return img


def _tokens(p: dict) -> Image.Image:
    return _tokens_of(p["track"], p["reserve"])


@lru_cache(maxsize=128)
def _tokens_of(track: int, reserve: int) -> Image.Image:
    img = Image.new("RGBA", (500, 30), t.CLEAR)
    d = ImageDraw.Draw(img)
    t.text(d, (0, 4), "Reaction", t.font(18, "bold"))
    x = 96
    for i in range(5):
        d.ellipse((x + i * 24, 6, x + i * 24 + 18, 24), fill=t.ACCENT if i < track else t.INSET,
                  outline=t.PANEL_EDGE, width=2)
    t.text(d, (x + 5 * 24 + 6, 4), f"{track} of 5, {reserve} in reserve", t.font(18), t.MUTED)
    return img


def _dice(p: dict, w: int) -> Image.Image:
    """Locked dice (and an action roll still waiting for keep or reroll), each face named."""
    items = [(f.capitalize(), TYPE_COLOUR[f]) for f in p["dice"]]
    items += [(f"rolled {f.capitalize()}", TYPE_COLOUR[f]) for f in p["rolled"]]
    head = t.label("Dice", 18, "bold", t.MUTED)
    row = _pill_row(items, w - head.width - 8) if items else t.label("none locked", 18, "regular", t.FAINT)
    img = Image.new("RGBA", (w, max(head.height, row.height)), t.CLEAR)
    img.alpha_composite(head, (0, 0))
    img.alpha_composite(row, (head.width + 8, 1))
    return img


def _cards_line(title: str, cards: list[dict], limit: int, w: int) -> list[Image.Image]:
    """"Group (2 of 3): A (5), B (7)" in at most two lines: units show their defense."""
    names = [c["name"] + (f" ({c['defense']})" if c.get("defense") else "") for c in cards]
    line = f"{title} ({len(cards)} of {limit}): " + (", ".join(names) or "none")
    return [t.label(part, 18, "regular", max_w=w) for part in t.wrap(line, t.font(18), w)[:2]]


def _status(view: dict, p: dict) -> str:
    if p["out"]:
        return "Defeated"
    if p.get("conceded"):
        return "Conceded"
    if p["passed"]:
        return "Passed"
    return "Acting" if p["seat"] == view["active"] and view["phase"] in ("roll", "main") else ""


def _board(view: dict, p: dict, w: int, key: int = 18) -> Image.Image:
    return _board_of(p, _status(view, p), w, key)


@t.layer(maxsize=32, flat=True)  # flat: the row of boards is then copied onto the board, not blended
def _board_of(p: dict, status: str, w: int, key: int = 18) -> Image.Image:
    """One leader's board, cached by its public facts: most moves change one board at most."""
    inner = w - 32
    head = Image.new("RGBA", (inner, 34), t.CLEAR)
    d = ImageDraw.Draw(head)
    _disc(head, 15, 16, 14, seat_colour(p["seat"]), initial(p["name"]))
    t.text(d, (38, 3), t.fit(p["name"], t.font(22, "bold"), inner - 190), t.font(22, "bold"))
    t.text(d, (inner, 3), f"{p['score']} points", t.font(max(22, key), "bold"), t.ACCENT, anchor="ra")
    rows = [head]
    if p["leader"]:
        faction = catalog().factions[p["faction"]].name
        rows.append(t.label(f"{p['leader']}, {faction}", 18, "regular", FACTION_COLOUR[p["faction"]], inner))
        rows += [_levels(p, key), _tokens(p)]
    elif p["faction"]:
        rows.append(t.label(catalog().factions[p["faction"]].name, 18, "regular", FACTION_COLOUR[p["faction"]]))
    rows.append(_dice(p, inner))
    limits = p["limits"]
    rows += _cards_line("Group", p["group"], limits["group"], inner)
    rows += _cards_line("Timeline", p["timeline"], limits["timeline"], inner)
    rows.append(t.label(f"Hand: {p['hand_count']} card{'s' if p['hand_count'] != 1 else ''}"
                        + (f"  |  {status}" if status else ""), key, "bold"))
    edge = seat_colour(p["seat"]) if status == "Acting" else t.PANEL_EDGE
    return t.panel(t.column(rows, gap=3), w, pad=12, edge=edge)


def _boards(view: dict, w: int, key: int = 18) -> Image.Image:
    col = (w - 12) // 2
    panels = [_board(view, p, col, key) for p in view["players"]]
    return t.flow(panels, w, gap=12, row_gap=12)


# --- header, discovery options, legend ----------------------------------------------------------------


PHASES = {"world": "Set-up: open the Rift", "leader": "Set-up: leader selection", "explore": "Set-up: exploration",
          "deploy": "Set-up: deployment", "roll": "Action roll", "main": "Main phase", "end": "End phase",
          "over": "Game over"}


HEADER_FIELDS = ("round", "max_rounds", "tiebreak", "phase", "target", "outcome", "pending", "resolving")


def _header(view: dict, spec: dict, w: int) -> Image.Image:
    """The title panel, drawn again only when what it shows changes (round, phase, whom we wait on)."""
    shown = {k: view.get(k) for k in HEADER_FIELDS}
    shown["players"] = [{"seat": p["seat"], "name": p["name"]} for p in view["players"]]  # names only
    return _header_layer(shown, spec, w)


@t.layer(maxsize=16, flat=True)
def _header_layer(view: dict, spec: dict, w: int) -> Image.Image:
    rnd = f"Round {view['round']}" + (f" of {view['max_rounds']}" if view["max_rounds"] else "")
    if view["tiebreak"]:
        rnd += " (tie-break)"
    rows = [t.label("Infinities: Defiance of Fate", 26, "bold", t.ACCENT),
            t.label(f"{rnd}  |  {PHASES.get(view['phase'], '')}  |  first to {view['target']} points", 20,
                    "bold", max_w=w - 32)]
    over = t.game_over(view)
    lines = [*over] if over else [t.waiting(view)]
    if view.get("resolving") and not over:
        lines.append(f"Resolving: {view['resolving']}")
    for line in lines:
        rows += [t.label(part, 18, "regular", t.MUTED) for part in t.wrap(line, t.font(18), w - 40)[:2] if part]
    rows += _legend(spec, w)
    return t.panel(t.column(rows, gap=2), w, pad=12)


def _mini(up: str, side: dict, walls: list[int], rot: int, toward: int, ok: bool) -> Image.Image:
    r = 34
    img = Image.new("RGBA", (int(SQRT3 * r) + 10, 2 * r + 30), t.CLEAR)
    d = ImageDraw.Draw(img)
    cx, cy = img.width / 2, r + 4
    d.polygon(corners(cx, cy, r - 1), fill=TYPE_COLOUR[side["type"]] if ok else t.INSET, outline=t.OUTLINE, width=2)
    d.line(edge(cx, cy, r - 3, toward), fill=SELECT, width=4)  # the way in
    for e in walls:
        d.line(edge(cx, cy, r - 3, (e + rot) % 6), fill=WALL, width=6)
    t.text(d, (cx, cy), str(side["influence"]), t.font(20, "bold"), anchor="mm")
    t.text(d, (cx, 2 * r + 16), f"{up.upper()} {rot}" if ok else "walled", t.font(16, "bold" if ok else "regular"),
           t.TEXT if ok else t.FAINT, "mm")
    return img


def _discovery(view: dict, w: int) -> Image.Image:
    """The discovered tile's twelve placements in one row (side A turned 0-5, then side B): the gold
    edge is the way in, which must stay open; a placement that walls it off is greyed out."""
    dv = view["discovering"]
    q, r = (int(v) for v in dv["at"].split(","))
    tq, tr = (int(v) for v in dv["toward"].split(","))
    toward = next(i for i, (dq, dr) in enumerate(((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)))
                  if (q + dq, r + dr) == (tq, tr))
    who = next(p["name"] for p in view["players"] if p["seat"] == dv["seat"])
    a, b = dv["sides"]["a"], dv["sides"]["b"]
    rows = [t.label(f"{who} lays the discovered tile: pick a side and a turn", 20, "bold", max_w=w - 32),
            t.label(f"A: {a['name']} ({a['type'].capitalize()}, Influence {a['influence']})  |  B: {b['name']} "
                    f"({b['type'].capitalize()}, Influence {b['influence']})", 18, "regular", max_w=w - 32),
            t.label("Gold edge: the way in, kept open. Light bars: walls. \"B 2\": side B turned twice.", 18,
                    "regular", t.MUTED, w - 32)]
    minis = [_mini(up, dv["sides"][up], dv["walls"], rot, toward, rot in dv["rotations"])
             for up in ("a", "b") for rot in range(6)]
    rows.append(t.flow(minis, w - 32, gap=8))
    return t.panel(t.column(rows, gap=4), w, pad=12)


def _legend(spec: dict, w: int) -> list[Image.Image]:
    words = ["Square: control token", "Circle: leader", "Light bars: walls", "Number: Influence"]
    if spec.get("move"):
        words.append("Green: can move there")
    if spec.get("attack"):
        words.append("Red: units in reach")
    if spec.get("reach"):
        words.append("Blue: reach")
    return [t.label(part, 18, "regular", t.FAINT) for part in t.wrap("  |  ".join(words), t.font(18), w - 40)]


def render_board(view: dict, highlight: Mapping | None = None, detail: bool = False) -> Image.Image:
    """The map and every leader's board, as all may see them (never the hand).

    highlight (optional, plain data) marks the acting leader's options by "q,r" keys:
    {"selected": "1,0", "move": ["2,0", "2,-1"], "reach": [...], "attack": [...]}.
    The default is the posted board, its key numbers KEY px tall; detail=True adds the attribute
    boxes and the latest events."""
    spec = _check_spec(highlight)
    w = W - 2 * PAD
    key = 18 if detail else KEY
    parts = [_header(view, spec, w), _map(view, spec, w, 20 if detail else KEY)]
    if view.get("discovering"):
        parts.append(_discovery(view, w))
    parts.append(_boards(view, w, key))
    if view.get("recent") and detail:
        parts.append(_recent(view["recent"][-4:], w))
    return t.stack(parts, gap=10, pad=PAD)  # RGB: theme.encode reduces it to a palette once, undithered


@t.layer(maxsize=8, flat=True)
def _recent(lines: list[str], w: int) -> Image.Image:
    return t.recent(lines, w, keep=4, max_rows=4)


def palette(img: Image.Image) -> Image.Image:
    """256 colours: the flat tiles and panels lose nothing visible, and the PNG shrinks to about a third
    (a busy four-leader board stays well under 300 KB)."""
    img = img.convert("RGB")
    if max(img.size) > t.MAX_SIDE:  # shrink here, before the palette, as to_png would after it
        scale = t.MAX_SIDE / max(img.size)
        img = img.resize((round(img.width * scale), round(img.height * scale)), Image.Resampling.LANCZOS)
    return img.quantize(256, method=Image.Quantize.FASTOCTREE)


# --- the hand and card faces ---------------------------------------------------------------------------


def render_hand(view: dict) -> Image.Image:
    """The viewing seat's hand as card faces (their own view only)."""
    me = view.get("you")
    p = next((x for x in view["players"] if x["seat"] == me), None)
    if p is None or "hand" not in p:
        raise ValueError("render_hand needs the view of the seat whose hand it shows")
    w = 4 * CARD_W + 3 * 12 + 32
    kept = list(p.get("kept", []))
    faces = []
    for c in p["hand"]:
        face = _card_face(c["card"]).copy()
        if c["id"] in kept:
            kept.remove(c["id"])
            t.pill(ImageDraw.Draw(face), (CARD_W - 12, CARD_H - 44), "kept", t.GOOD, anchor="r")
        faces.append(face)
    title = t.label(f"{p['name']}'s hand: {len(faces)} card{'s' if len(faces) != 1 else ''} "
                    f"(limit {p['limits']['hand']})", 22, "bold")
    rows = [title, t.flow(faces, w - 32) if faces else t.label("No cards in hand.", 20, "regular", t.MUTED)]
    return palette(t.stack([t.panel(t.column(rows, gap=10), w)], pad=PAD))


def _cost(d: ImageDraw.ImageDraw, cost: list[str], x: int, y: int) -> int:
    for f in cost:
        x = t.pill(d, (x, y), f.capitalize(), TYPE_COLOUR[f])[2] + 6
    return x


def _body(d: ImageDraw.ImageDraw, lines: list[tuple[str, tuple]], x: int, y: int, w: int, bottom: int) -> None:
    fnt = t.font(18)
    for s, colour in lines:
        for line in t.wrap(s, fnt, w):
            if y > bottom:
                return
            t.text(d, (x, y), line, fnt, colour)
            y += 23
        y += 6


@lru_cache(maxsize=128)
def _card_face(card_id: str) -> Image.Image:
    c: Card = catalog().cards[card_id]
    img = Image.new("RGBA", (CARD_W, CARD_H), t.CLEAR)
    d = ImageDraw.Draw(img)
    t.card_frame(d, CARD_W, CARD_H, FACTION_COLOUR[c.faction], 12, 16)
    y = t.card_title(d, c.name, 24, 14, CARD_W - 40)
    kind = f"Unit, defense {c.defense}" if c.kind == "unit" else "Action"
    t.text(d, (24, y + 2), kind, t.font(18, "bold"), t.MUTED)
    y += 30
    if c.action is not None:
        _cost(d, c.action.cost, 24, y)
        y += 34
    lines = [(c.text, t.TEXT)]
    if c.keywords:
        lines.append((", ".join(k[:1].upper() + k[1:] for k in c.keywords), t.ACCENT))
    _body(d, lines, 24, y, CARD_W - 44, CARD_H - 60)
    t.text(d, (24, CARD_H - 34), catalog().factions[c.faction].name, t.font(16), t.MUTED)
    return img


def _leader_face(leader_id: str) -> Image.Image:
    ld = catalog().leaders[leader_id]
    w, h = 460, 420
    img = Image.new("RGBA", (w, h), t.CLEAR)
    d = ImageDraw.Draw(img)
    t.card_frame(d, w, h, FACTION_COLOUR[ld.faction], 12, 16)
    y = t.card_title(d, ld.name, 24, 14, w - 40)
    t.text(d, (24, y + 2), f"Leader, {catalog().factions[ld.faction].name}", t.font(18, "bold"), t.MUTED)
    y += 34
    for act in (ld.action_single, ld.action_boost):
        _cost(d, act.cost, 24, y)
        y += 32
        _body(d, [(act.text, t.TEXT)], 24, y, w - 44, y + 60)
        y += 23 * len(t.wrap(act.text, t.font(18), w - 44)) + 10
    t.text(d, (24, y), "Reaction (1 token)", t.font(18, "bold"), t.ACCENT)
    _body(d, [(ld.reaction.text, t.TEXT)], 24, y + 26, w - 44, h - 30)
    return img


def _tile_face(tile_id: str) -> Image.Image:
    tl = catalog().tile(tile_id)
    r = 80
    sides = [_tile(s.name, s.type, s.influence, tuple(tl.walls), r) for s in (tl.side_a, tl.side_b)]
    world = "The Rift" if tl.world == "rift" else catalog().worlds[tl.world].name
    rows = [t.label(f"{world} tile: side A and side B", 20, "bold"), t.flow(sides, 2 * sides[0].width + 20, gap=20)]
    return t.stack([t.panel(t.column(rows, gap=8), 2 * sides[0].width + 60)], pad=12)


def _skirmish_face(card_id: str) -> Image.Image:
    sk = catalog().skirmish[card_id]
    w = 520
    rows = [t.label(f"{sk.name} (skirmish card)", 22, "bold", t.ACCENT)]
    for o in sk.objectives:
        rows += [t.label(line, 18, "regular") for line in t.wrap(f"Row {o.row}: {o.text}", t.font(18), w - 40)]
    return t.stack([t.panel(t.column(rows, gap=3), w)], pad=12)


def render_card(card_id: str) -> Image.Image:
    """A card face from data: faction cards, leaders, skirmish cards, and tiles (both sides; lookup
    ids of tiles end in their side letter)."""
    cat = catalog()
    if card_id in cat.cards:
        return _card_face(card_id)
    if card_id in cat.leaders:
        return _leader_face(card_id)
    if card_id in cat.skirmish:
        return _skirmish_face(card_id)
    tile = card_id[:-1] if card_id[-1:] in ("a", "b") and card_id[:-1] in cat.tiles else card_id
    if tile in cat.tiles or tile == cat.rift.id:
        return _tile_face(tile)
    raise KeyError(f"no Infinities card {card_id!r}")
