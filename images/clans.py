"""Gods & Clans pictures: the battlefield, card faces and a player's unused cards.

Everything is drawn from a view (engine.clans.view.build_view) and the static card catalog, never
from game state. The board ignores view["hand"]: it may be posted publicly.

The field is drawn as the engine names it: columns A-I left to right, row 1 at the bottom (seat 0's
back row) and row 12 at the top, the same way up as the text board, so "C7" is where it reads.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.clans.cards import TILE_NAMES, Ability, CardDef, catalog

from . import theme as t
from .theme import font

# Owners: colour plus a seat number on every token, so players are told apart without colour.
OWNER_COLOUR = [(46, 110, 222), (204, 50, 62), (226, 142, 20), (140, 76, 206)]
TERRAIN_FILL = {"G": (112, 128, 80), "F": (38, 88, 50), "W": (40, 92, 156), "M": (112, 106, 102)}
GOLD = (255, 206, 72)
SELECT = GOLD
REACH = (70, 214, 232)
TARGET = (255, 64, 64)

# Marks on a token: (glyph, circle colour, glyph colour, legend text), in drawing order.
MARKS = {
    "god": ("♛", GOLD, t.OUTLINE, "God"),
    "new": ("N", (236, 236, 240), t.OUTLINE, "new: waits a turn"),
    "done": ("✓", (64, 68, 82), t.TEXT, "done this turn"),
    "equipment": ("⚔", (196, 214, 236), t.OUTLINE, "Equipment"),
    "break": ("B", (246, 168, 40), t.OUTLINE, "Break"),
    "poison": ("P", (150, 222, 72), t.OUTLINE, "Poison"),
    "buff": ("+", (70, 214, 232), t.OUTLINE, "boosted"),
}
KIND_COLOUR = {"god": GOLD, "divine": (170, 120, 236), "homebase": (150, 150, 160), "equipment": (96, 160, 214),
               "item": (72, 190, 120), "art": (214, 80, 170), "terrain": (176, 124, 72)}
CLASS_COLOUR = {"assault": (214, 76, 60), "defense": (80, 140, 210), "ranged": (90, 170, 80),
                "stealth": (110, 100, 130), "mystic": (160, 110, 220)}
SP_COLOUR, EXP_COLOUR = (40, 120, 200), (150, 90, 200)
TIMING = {"PT": ("YOUR TURN", (60, 150, 90)), "OT": ("THEIR TURN", (60, 110, 190)),
          "PERM": ("ALWAYS", (96, 100, 116))}
PATTERN_TEXT = {"ADJ": "every participant next to the foe", "INRANGE": "the foe within each one's RNG",
                "FLANK": "two participants on opposite sides"}

TW, TH = 108, 100  # px per field square: wide enough for a two-line name, short enough for 12 rows
LABEL = 30  # px for the coordinate labels on each side
# The posted board puts the field beside the players (landscape) at about PREVIEW_W px wide; Discord
# shows it 550 px wide, so key numbers (HP, coordinates, SP and EXP) are drawn KEY px tall to stay 12 px.
PREVIEW_W = 1474
KEY = 33
SIDE_W = 340  # the players' column beside the field
PAD = 24
CARD_W, CARD_H = 300, 420
HAND_ROW = 6  # cards to a row of the hand picture
SMALL_W, SMALL_H = 225, 315  # faces in a hand of more than two rows (a Clans hand starts with 28 cards)
CLEAR = t.CLEAR


def _owner_colour(seat: int):
    return OWNER_COLOUR[seat % len(OWNER_COLOUR)]


def _cols_rows(view: dict) -> tuple[int, int]:
    return len(view["field"][0]), len(view["field"])


def _tile_xy(tile: str, cols: int, rows: int) -> tuple[int, int]:
    """Pixel corner of a tile like "C7" inside the grid (row 1 at the bottom)."""
    s = tile.strip().upper()
    col = ord(s[:1] or "?") - ord("A")
    row = int(s[1:]) - 1 if s[1:].isdigit() else -1
    if not (0 <= col < cols and 0 <= row < rows):
        raise ValueError(f"No tile {tile!r} on a {cols}x{rows} field")
    return col * TW, (rows - 1 - row) * TH


def _short(name: str) -> str:
    """The name before any comma: "Vesper, Blood-Moon Wraith" is Vesper on the field."""
    return name.split(",")[0]


# --- terrain ------------------------------------------------------------------------------


def _shade(colour, by: int):
    return tuple(max(0, min(255, c + by)) for c in colour)


@lru_cache(maxsize=16)
def _terrain(letter: str, w: int = TW, h: int = TH) -> Image.Image:
    """One square of terrain with a pattern of its own, so the four kinds differ without colour."""
    base = TERRAIN_FILL[letter]
    img = Image.new("RGBA", (w, h), base + (255,))
    d = ImageDraw.Draw(img)
    u, v = w / 100, h / 100  # the pattern is drawn on a 100 x 100 plan, stretched
    if letter == "G":  # short grass strokes
        for x, y in ((18, 22), (62, 14), (40, 52), (80, 60), (14, 78), (56, 86)):
            for dx in (-4, 0, 4):
                d.line((x * u + dx, y * v, x * u + dx * 1.6, (y - 7) * v), fill=_shade(base, 28), width=2)
    elif letter == "F":  # three trees
        for x, y, s in ((26, 40, 20), (70, 30, 18), (50, 76, 22)):
            d.polygon([(x * u, (y - s) * v), ((x - s * 0.7) * u, (y + s * 0.6) * v), ((x + s * 0.7) * u,
                      (y + s * 0.6) * v)], fill=_shade(base, 40), outline=_shade(base, -20))
            d.line((x * u, (y + s * 0.6) * v, x * u, (y + s) * v), fill=(70, 50, 30), width=max(2, int(3 * u)))
    elif letter == "W":  # rows of waves
        for y in (22, 50, 78):
            for x0 in (6, 38, 70):
                d.arc((x0 * u, (y - 6) * v, (x0 + 16) * u, (y + 6) * v), 200, 340, fill=_shade(base, 70), width=3)
                d.arc(((x0 + 14) * u, (y - 6) * v, (x0 + 30) * u, (y + 6) * v), 20, 160, fill=_shade(base, 70),
                      width=3)
    elif letter == "M":  # two peaks with snow
        for x, w_, peak in ((34, 30, 56), (68, 24, 44)):
            top, foot = (90 - peak) * v, 90 * v
            d.polygon([(x * u, top), ((x - w_) * u, foot), ((x + w_) * u, foot)], fill=_shade(base, 36),
                      outline=_shade(base, -30))
            d.polygon([(x * u, top), ((x - w_ * 0.3) * u, top + peak * 0.3 * v), ((x + w_ * 0.3) * u,
                      top + peak * 0.3 * v)], fill=(236, 236, 240))
    return img


def _homebase(seat: int) -> Image.Image:
    """A Homebase square: the owner's gate, which nobody may enter."""
    img = _terrain("G").copy()
    d = ImageDraw.Draw(img)
    colour = _owner_colour(seat)
    d.rectangle((4, 4, TW - 5, TH - 5), outline=colour, width=6)
    d.rounded_rectangle((TW / 2 - 24, 18, TW / 2 + 24, 74), radius=18, fill=(52, 44, 40), outline=t.OUTLINE, width=3,
                        corners=(True, True, False, False))
    d.rectangle((TW / 2 - 14, 38, TW / 2 + 14, 74), fill=colour, outline=t.OUTLINE, width=2)
    t.text(d, (TW / 2, 88), f"BASE {seat + 1}", font(16, "condensed"), anchor="mm")
    return img


# --- units --------------------------------------------------------------------------------


def _spent(view: dict, u: dict) -> bool:
    """Whether a unit of the player to move has finished for this turn: it acted, or it moved and another
    ally was chosen since (A-17). Other players' flags are from their last turn, so they are not shown."""
    if u["owner"] != view["active"] or view.get("outcome"):
        return False
    return u["act"] == "done" or (u["act"] == "moved" and u["iid"] != view.get("current"))


def _unit_marks(u: dict, spent: bool = False) -> list[str]:
    marks = ["god"] if u.get("god") else []
    if u.get("new"):
        marks.append("new")
    elif spent:
        marks.append("done")
    if u.get("equipment"):
        marks.append("equipment")
    marks += [s for s in ("break", "poison") if s in (u.get("statuses") or [])]
    if u.get("buffs"):  # not in today's view; drawn when the engine starts to show boosts
        marks.append("buff")
    return marks


def _mark(d: ImageDraw.ImageDraw, cx: float, cy: float, key: str, r: int = 11) -> None:
    glyph, fill, ink, _ = MARKS[key]
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=t.OUTLINE, width=2)
    d.text((cx, cy + 1), glyph, font=font(16, "bold"), fill=ink, anchor="mm")


def _name_lines(name: str, width: int) -> list[str]:
    """The short name in two lines at most; a single word too long for one line is hyphenated."""
    fnt = font(16, "condensed")
    lines = t.wrap(_short(name), fnt, width)
    if len(lines) == 1 and fnt.getlength(lines[0]) > width:
        word = lines[0]
        cut = min(range(2, len(word) - 1), key=lambda i: max(fnt.getlength(word[:i] + "-"), fnt.getlength(word[i:])))
        lines = [word[:cut] + "-", word[cut:]]
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [t.fit(line, fnt, width) for line in lines]


def _token_body(u: dict, bottom: int, radius: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A square's transparent tile with the owner-coloured token body (a God's edged in gold)."""
    img = Image.new("RGBA", (TW, TH), CLEAR)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((5, 5, TW - 6, bottom), radius=radius, fill=_owner_colour(u["owner"]),
                        outline=GOLD if u.get("god") else t.OUTLINE, width=4 if u.get("god") else 3)
    return img, d


def _token(u: dict, spent: bool = False) -> Image.Image:
    return _token_cached(json.dumps(u, sort_keys=True), spent)


@lru_cache(maxsize=512)
def _token_cached(key: str, spent: bool) -> Image.Image:
    """A unit on its square: owner-coloured token with marks and name, then seat number and HP bar."""
    u = json.loads(key)
    img, d = _token_body(u, TH - 29, 12)
    colour = _owner_colour(u["owner"])
    marks = _unit_marks(u, spent)
    step = min(24, (TW - 34) / max(len(marks) - 1, 1))
    for i, key_ in enumerate(marks):
        _mark(d, 17 + i * step, 18, key_)
    fnt = font(16, "condensed")
    lines = _name_lines(u["name"], TW - 10)
    y = 36 if len(lines) == 2 else 46
    for line in lines:
        t.text(d, (TW / 2, y), line, fnt, anchor="mm")
        y += 19
    if spent:  # done for this turn: dim the token, keep the HP readable
        img = t.dim(img, 0.45)
        d = ImageDraw.Draw(img)
    seat_box = (5, TH - 26, 27, TH - 5)
    d.rounded_rectangle(seat_box, radius=5, fill=colour, outline=t.OUTLINE, width=2)
    t.text(d, (16, TH - 15), str(u["owner"] + 1), font(16, "bold"), anchor="mm")
    hp, top = u["hp"], max(u["max_hp"], 1)
    frac = hp / top
    fill = t.GOOD if frac > 0.5 else t.WARN if frac > 0.25 else t.BAD
    t.bar(d, (30, TH - 26, TW - 5, TH - 5), frac, fill, f"{hp}/{u['max_hp']}", 16)
    return img


# --- the field ----------------------------------------------------------------------------


def _check_highlight(highlight: Mapping | None, cols: int, rows: int) -> dict[str, list[str]]:
    """The highlight spec as lists of tiles, each checked against the field."""
    if not highlight:
        return {}
    unknown = set(highlight) - {"selected", "reach", "attack"}
    if unknown:
        raise ValueError(f"Unknown highlight keys {sorted(unknown)}; use selected, reach and attack")
    spec = {"selected": [highlight["selected"]] if highlight.get("selected") else [],
            "reach": list(highlight.get("reach") or []), "attack": list(highlight.get("attack") or [])}
    for tiles in spec.values():
        for tile in tiles:
            _tile_xy(tile, cols, rows)
    return spec


def _overlay(grid: Image.Image, spec: dict[str, list[str]], cols: int, rows: int) -> None:
    """Reachable squares get a cyan tint and a ring, attackable ones a red tint and corner brackets, the
    chosen unit a gold frame: three shapes as well as three colours."""
    layer = Image.new("RGBA", grid.size, CLEAR)
    d = ImageDraw.Draw(layer)
    for tile in spec.get("reach", []):
        x, y = _tile_xy(tile, cols, rows)
        d.rectangle((x, y, x + TW - 1, y + TH - 1), fill=REACH + (90,))
        d.ellipse((x + TW / 2 - 14, y + TH / 2 - 14, x + TW / 2 + 14, y + TH / 2 + 14), outline=REACH + (255,), width=5)
    for tile in spec.get("attack", []):
        x, y = _tile_xy(tile, cols, rows)
        d.rectangle((x, y, x + TW - 1, y + TH - 1), fill=TARGET + (70,))
    grid.alpha_composite(layer)
    d = ImageDraw.Draw(grid)
    for tile in spec.get("attack", []):
        x, y = _tile_xy(tile, cols, rows)
        arm = 26
        for cx, cy, sx, sy in ((x + 4, y + 4, 1, 1), (x + TW - 5, y + 4, -1, 1), (x + 4, y + TH - 5, 1, -1),
                               (x + TW - 5, y + TH - 5, -1, -1)):  # inset: the outline stays on its tile
            for width, colour in ((8, t.OUTLINE), (5, TARGET)):
                d.line((cx + sx * arm, cy, cx, cy, cx, cy + sy * arm), fill=colour, width=width, joint="curve")
        d.rectangle((x + 2, y + 2, x + TW - 3, y + TH - 3), outline=TARGET, width=3)
    for tile in spec.get("selected", []):
        x, y = _tile_xy(tile, cols, rows)
        d.rectangle((x + 1, y + 1, x + TW - 2, y + TH - 2), outline=t.OUTLINE, width=9)
        d.rectangle((x + 2, y + 2, x + TW - 3, y + TH - 3), outline=SELECT, width=6)


@lru_cache(maxsize=16)
def _ground(field: tuple[str, ...], homes: tuple[tuple[int, str], ...]) -> Image.Image:
    """Terrain, Homebases and grid lines: fixed for a whole game, so drawn once per battlefield."""
    cols, rows = len(field[0]), len(field)
    grid = Image.new("RGBA", (cols * TW, rows * TH), CLEAR)
    for r, line in enumerate(field):
        for c, letter in enumerate(line):
            grid.paste(_terrain(letter), (c * TW, (rows - 1 - r) * TH))
    for seat, tile in homes:
        grid.paste(_homebase(seat), _tile_xy(tile, cols, rows))
    d = ImageDraw.Draw(grid)
    for i in range(1, cols):
        d.line((i * TW, 0, i * TW, grid.height), fill=t.OUTLINE, width=2)
    for i in range(1, rows):
        d.line((0, i * TH, grid.width, i * TH), fill=t.OUTLINE, width=2)
    return grid


@lru_cache(maxsize=512)
def _big_token(key: str, spent: bool) -> Image.Image:
    """A unit on the preview: owner-coloured token, seat number, marks, name, and its HP written large."""
    u = json.loads(key)
    img, d = _token_body(u, TH - 44, 10)
    marks = _unit_marks(u, spent)
    for i, key_ in enumerate(marks[:3]):
        _mark(d, 16 + i * 22, 17, key_, r=10)
    t.text(d, (TW - 9, 17), f"P{u['owner'] + 1}", font(16, "bold"), anchor="rm")  # the seat: not colour alone
    t.text(d, (TW / 2, 41), t.fit(_short(u["name"]), font(16, "condensed"), TW - 14), font(16, "condensed"),
           anchor="mm")
    if spent:
        img = t.dim(img, 0.45)
        d = ImageDraw.Draw(img)
    frac = u["hp"] / max(u["max_hp"], 1)
    fill = t.GOOD if frac > 0.5 else t.WARN if frac > 0.25 else t.BAD
    t.bar(d, (3, TH - 41, TW - 4, TH - 3), frac, fill, f"{u['hp']}/{u['max_hp']}", KEY)
    return img


@t.layer(maxsize=4)  # a whole field: a few MB each
def _grid(view: dict, spec: dict[str, list[str]], big: bool = False) -> Image.Image:
    cols, rows = _cols_rows(view)
    homes = tuple((p["seat"], p["homebase"]) for p in view["players"] if p.get("homebase"))
    grid = _ground(tuple(view["field"]), homes).copy()
    d = ImageDraw.Draw(grid)
    for u in view["units"]:
        token = _big_token(json.dumps(u, sort_keys=True), _spent(view, u)) if big else _token(u, _spent(view, u))
        grid.alpha_composite(token, _tile_xy(u["tile"], cols, rows))
    current = next((u["tile"] for u in view["units"] if u["iid"] == view.get("current")), None)
    if current:  # the open activation: a white frame (the highlight's gold frame marks a chosen unit)
        x, y = _tile_xy(current, cols, rows)
        d.rectangle((x + 1, y + 1, x + TW - 2, y + TH - 2), outline=t.TEXT, width=4)
    _overlay(grid, spec, cols, rows)
    return grid


@lru_cache(maxsize=8)
def _frame(cols: int, rows: int, big: bool) -> Image.Image:
    """The field's frame: column letters (top and bottom) and row numbers (left and right) on the table
    colour, drawn once per field size (the grid is pasted into its hole)."""
    band = KEY + 12 if big else LABEL
    right = band + (24 if big else 0)  # two-digit rows at the preview's size need a wider band
    img = Image.new("RGB", (cols * TW + band + right, rows * TH + 2 * band), t.BG)
    d = ImageDraw.Draw(img)
    d.rectangle((band - 3, band - 3, band + cols * TW + 2, band + rows * TH + 2), fill=t.OUTLINE)
    fnt = font(KEY if big else 20, "bold")
    for c in range(cols):
        x = band + c * TW + TW / 2
        for y in (band / 2, img.height - band / 2):
            t.text(d, (x, y), "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[c], fnt, t.MUTED, anchor="mm")
    for r in range(rows):
        y = band + (rows - 1 - r) * TH + TH / 2
        for x in (band / 2, band + cols * TW + right / 2):
            t.text(d, (x, y), str(r + 1), fnt if r < 9 or big else font(16, "bold"), t.MUTED, anchor="mm")
    return img


def _field(view: dict, spec: dict[str, list[str]], big: bool = False) -> Image.Image:
    """The grid in its labelled frame; big: the preview's tokens and coordinates, drawn KEY px tall."""
    cols, rows = _cols_rows(view)
    band = KEY + 12 if big else LABEL
    img = _frame(cols, rows, big).copy()
    img.paste(_grid(view, spec, big).convert("RGB"), (band, band))  # the grid is opaque: no mask needed
    return img


# --- header, legend and log ---------------------------------------------------------------


_names = t.seat_names


def _waiting(view: dict) -> str:
    return t.waiting(view, quiet_kinds=("turn",))


def _headline(view: dict) -> tuple[str, str]:
    names = _names(view)
    over = t.game_over(view)
    if over:
        return over
    first = (f"Turn {view['turn']}  ·  Round {view['round']} of {view['max_rounds']}  ·  "
             f"{names[view['active']]}'s turn")
    acting = next((u for u in view["units"] if u["iid"] == view.get("current")), None)
    second = [_waiting(view)]
    if acting:
        second.append(f"{_short(acting['name'])} ({acting['tile']}) is mid-activation")
    return first, "  ·  ".join(filter(None, second))


def _terrain_names(p: dict) -> str:
    cards = catalog().cards
    return ", ".join(cards[c].name for c in p.get("used") or [] if c in cards and cards[c].kind == "terrain")


def _player_row(view: dict, p: dict, w: int) -> Image.Image:
    img = Image.new("RGBA", (w, 34), CLEAR)
    d = ImageDraw.Draw(img)
    seat = p["seat"]
    d.rounded_rectangle((0, 2, 30, 32), radius=6, fill=_owner_colour(seat), outline=t.OUTLINE, width=2)
    t.text(d, (15, 17), str(seat + 1), font(18, "bold"), anchor="mm")
    to_play = view["active"] == seat and not view.get("outcome")
    name_font = font(22, "bold")
    name = t.fit(p["name"], name_font, 220)
    t.text(d, (40, 17), name, name_font, t.ACCENT if to_play else t.TEXT, anchor="lm")
    x = 40 + int(name_font.getlength(name)) + 10
    if to_play:
        x = t.pill(d, (x, 4), "TO PLAY", (176, 128, 20))[2] + 10
    if view.get("you") == seat:
        x = t.pill(d, (x, 4), "YOU", (70, 90, 130))[2] + 10
    stats = f"SP {p['sp']}   EXP {p['exp']}   {p['unused_count']} unused"
    stats_font = font(20, "bold")
    t.text(d, (w, 17), stats, stats_font, anchor="rm")
    terrain = _terrain_names(p)
    extra = p["deck"] + (f"  ·  Terrain: {terrain}" if terrain else "")
    room = w - stats_font.getlength(stats) - 16 - x
    t.text(d, (x, 17), t.fit(extra, font(18), room), font(18), t.MUTED, anchor="lm")
    return img


def _header(view: dict, w: int) -> Image.Image:
    inner = w - 32
    first, second = _headline(view)
    parts = [t.label(first, 28, max_w=inner)]
    if second:
        parts.append(t.label(second, 20, "regular", t.MUTED, max_w=inner))
    parts += [_player_row(view, p, inner) for p in view["players"]]
    return t.panel(t.column(parts, gap=6), w)


def _swatch_terrain(letter: str) -> Image.Image:
    return _terrain(letter).resize((28, 28), Image.Resampling.LANCZOS)


def _key(icon: Image.Image, words: str) -> Image.Image:
    lab = t.label(words, 18, "regular")
    img = Image.new("RGBA", (icon.width + 6 + lab.width, max(icon.height, lab.height)), CLEAR)
    img.alpha_composite(icon, (0, (img.height - icon.height) // 2))
    img.alpha_composite(lab, (icon.width + 6, (img.height - lab.height) // 2))
    return img


def _mark_icon(key: str) -> Image.Image:
    img = Image.new("RGBA", (26, 26), CLEAR)
    _mark(ImageDraw.Draw(img), 13, 13, key)
    return img


def _highlight_icon(kind: str) -> Image.Image:
    img = Image.new("RGBA", (28, 28), CLEAR)
    d = ImageDraw.Draw(img)
    if kind in ("selected", "current"):
        d.rectangle((1, 1, 26, 26), outline=SELECT if kind == "selected" else t.TEXT, width=4)
    elif kind == "reach":
        d.rectangle((0, 0, 27, 27), fill=REACH + (90,))
        d.ellipse((8, 8, 19, 19), outline=REACH, width=3)
    else:
        d.rectangle((0, 0, 27, 27), fill=TARGET + (70,))
        for cx, cy, sx, sy in ((2, 2, 1, 1), (25, 2, -1, 1), (2, 25, 1, -1), (25, 25, -1, -1)):
            d.line((cx + sx * 9, cy, cx, cy, cx, cy + sy * 9), fill=TARGET, width=4)
    return img


def _legend(view: dict, spec: dict[str, list[str]], w: int) -> Image.Image:
    """Terrain, token marks and (when asked for) the highlight colours, each with its words."""
    keys = [_key(_swatch_terrain(k), name) for k, name in TILE_NAMES.items()]
    shown = [k for k in MARKS if k != "buff" or any(u.get("buffs") for u in view["units"])]
    keys += [_key(_mark_icon(k), MARKS[k][3]) for k in shown]
    if any(u["iid"] == view.get("current") for u in view["units"]):
        keys.append(_key(_highlight_icon("current"), "acting now"))
    if spec:
        words = {"selected": "chosen unit", "reach": "can move here", "attack": "can attack"}
        keys = [_key(_highlight_icon(k), words[k]) for k in words] + keys
    return t.panel(t.flow(keys, w - 32, gap=20, row_gap=6), w, pad=12, fill=t.INSET)



# --- the two pictures of the table ----------------------------------------------------------


@t.layer(maxsize=16, flat=True)
def _side(view: dict, h: int) -> Image.Image:
    """The preview's column beside the field: turn, whose turn, who is awaited, each player's SP and EXP."""
    inner = SIDE_W - 28
    first, second = _headline(view)
    rows = [t.label(line, 26, max_w=inner) for line in t.wrap(first.replace("  ·  ", " · "), font(26, "bold"),
                                                                 inner)[:3]]
    rows += [t.label(line, 20, "regular", t.MUTED) for line in t.wrap(second, font(20), inner)[:4]]
    for p in view["players"]:
        to_play = view["active"] == p["seat"] and not view.get("outcome")
        name = f"P{p['seat'] + 1} {p['name']}" + (" (out)" if p.get("out") else "")
        rows += [t.label(name, 26, fill=t.ACCENT if to_play else _owner_colour(p["seat"]), max_w=inner),
                 t.pill_row(((f"SP {p['sp']}", (60, 110, 190)), (f"EXP {p['exp']}", (60, 150, 90))), KEY),
                 t.label(f"{p['unused_count']} cards unused", 20, "regular", t.MUTED)]
    body = t.column(rows, gap=6)
    out = Image.new("RGBA", (SIDE_W, max(h, body.height + 28)), CLEAR)
    t.box(ImageDraw.Draw(out), (0, 0, SIDE_W - 1, out.height - 1), fill=t.PANEL, radius=14)
    out.alpha_composite(body, (14, 14))
    return out


def _preview(view: dict, spec: dict[str, list[str]]) -> Image.Image:
    """The posted board, landscape: the field with large HP and coordinates, the players beside it."""
    field = _field(view, spec, big=True)
    public = {k: v for k, v in view.items() if k not in ("hand", "recent")}
    side = _side(public, field.height)
    out = t.canvas(field.width + side.width + 48, max(field.height, side.height) + 32)
    out.paste(field, (16, 16))
    out.paste(side, (field.width + 32, 16))
    return out


def render_board(view: dict, highlight: Mapping | None = None, detail: bool = False) -> Image.Image:
    """The battlefield as all may see it: header, field, legend and the latest events.

    highlight (optional, plain data) marks one chosen unit's options:
    {"selected": "C7", "reach": ["C8", "D8"], "attack": ["D9"]}; every key may be left out.
    The default is the landscape preview sized for the channel; detail=True adds the legend and log.
    Reads only public fields, so it is safe for the channel whatever else the view holds.
    """
    cols, rows = _cols_rows(view)
    spec = _check_highlight(highlight, cols, rows)
    if not detail:
        return _preview(view, spec)
    field = _field(view, spec)
    w = field.width
    parts = [_header(view, w), field, _legend(view, spec, w)]
    if view.get("recent"):
        parts.append(t.recent(view["recent"], w, max_rows=6))
    return t.stack(parts, gap=12, pad=PAD)


def highlight_for(view: dict, unit: str, reach: Iterable[str] = (), targets: Iterable[str] = ()) -> dict:
    """The highlight spec for one unit (its iid) from plain data: the tiles it may move to and the iids
    it may attack (as Move.to and Attack.target carry them); unit ids become tiles through the view."""
    tiles = {u["iid"]: u["tile"] for u in view["units"]}
    if unit not in tiles:
        raise ValueError(f"No unit {unit!r} on the field")
    return {"selected": tiles[unit], "reach": list(dict.fromkeys(reach)),
            "attack": [tiles[iid] for iid in dict.fromkeys(targets) if iid in tiles]}


def _affordable(card: CardDef, player: dict) -> bool:
    return card.sp <= player["sp"] and card.exp <= player["exp"]


def render_hand(view: dict) -> Image.Image:
    """A player's unused cards (the Allies pile, then the Tactics pile) as card faces; the ones the
    player cannot pay for right now are dimmed."""
    seat = view.get("you")
    if seat is None:
        raise ValueError("render_hand needs a seat's private view, not the public one")
    player = view["players"][seat]
    hand = sorted(view.get("hand") or [], key=lambda c: _card(c["card"]).kind != "ally")
    big = len(hand) > 2 * HAND_ROW  # a long hand: smaller faces, more to a row, instead of shrinking the whole
    row_w = (HAND_ROW + 1) * SMALL_W + HAND_ROW * 12 if big else HAND_ROW * CARD_W + (HAND_ROW - 1) * 16
    allies = sum(_card(c["card"]).kind == "ally" for c in hand)
    title = f"{player['name']}'s unused cards: {allies} allies, {len(hand) - allies} tactics"
    parts = [t.label(title, 28, max_w=row_w),
             t.label(f"{player['sp']} SP and {player['exp']} EXP to spend; dimmed cards cost more for now", 20,
                     "regular", t.MUTED, max_w=row_w)]
    faces = [_hand_face(c["card"], not _affordable(_card(c["card"]), player), big) for c in hand]
    if faces:
        parts.append(t.flow(faces, row_w, gap=12 if big else 16, row_gap=12 if big else 16))
    else:
        parts.append(t.label("No unused cards", 20, "regular", t.MUTED))
    return t.stack([t.column(parts, gap=10)], pad=PAD)


@lru_cache(maxsize=256)
def _hand_face(card_id: str, dimmed: bool, small: bool) -> Image.Image:
    """A face for the hand picture: dimmed when unaffordable, scaled once per card for a long hand."""
    face = t.dim(_card_face(card_id), 0.5) if dimmed else _card_face(card_id)
    return face.resize((SMALL_W, SMALL_H), Image.Resampling.LANCZOS) if small else face


# --- card faces ---------------------------------------------------------------------------


def _card(card_id: str) -> CardDef:
    try:
        return catalog().cards[card_id]
    except KeyError:
        raise ValueError(f"Unknown Gods & Clans card {card_id!r}") from None


def _stripe(card: CardDef):
    if card.kind == "ally":
        return KIND_COLOUR["god"] if card.god else KIND_COLOUR["divine"] if card.divine else CLASS_COLOUR[card.cls]
    return KIND_COLOUR[card.kind]


def _cost_pills(d: ImageDraw.ImageDraw, card: CardDef, right: int, top: int) -> int:
    """Costs stacked at the top right; returns their left edge (for the title's width)."""
    if card.kind == "ally":
        pills = [("LEADER", (176, 128, 20))] if card.god else [(f"{card.sp} SP", SP_COLOUR)]
    elif card.kind == "homebase":
        pills = []
    else:
        pills = [(f"{card.sp} SP", SP_COLOUR)] + ([(f"{card.exp} EXP", EXP_COLOUR)] if card.exp else [])
    left = right
    for i, (label, colour) in enumerate(pills):
        left = min(left, t.pill(d, (right, top + i * 32), label, colour, size=18, anchor="r")[0])
    return left


def _stat_boxes(d: ImageDraw.ImageDraw, card: CardDef, x0: int, x1: int, y: int) -> int:
    gap = 6
    bw = (x1 - x0 - 3 * gap) / 4
    for i, (name, value) in enumerate((("HP", card.hp), ("ATK", card.atk), ("SPD", card.spd), ("RNG", card.rng))):
        bx = x0 + i * (bw + gap)
        d.rounded_rectangle((bx, y, bx + bw, y + 52), radius=8, fill=t.INSET, outline=t.PANEL_EDGE, width=2)
        t.text(d, (bx + bw / 2, y + 13), name, font(16, "condensed"), t.MUTED, anchor="mm")
        t.text(d, (bx + bw / 2, y + 36), str(value), font(24, "bold"), anchor="mm")
    return y + 52


def _ability_heading(d: ImageDraw.ImageDraw | None, a: Ability, x0: int, x1: int, y: int) -> int:
    """Timing chip (with its SP cost) and the ability's name, on one row if they fit; returns the y below."""
    label, colour = TIMING[a.timing]
    label += f" · {a.sp} SP" if a.sp else ""
    chip_w = t.pill_size(label, 16, "condensed")[0]
    name_font = font(18, "bold")
    same_row = chip_w + 8 + name_font.getlength(a.name) <= x1 - x0
    if d is not None:
        t.pill(d, (x0, y), label, colour, size=16, weight="condensed")
        nx, ny = (x0 + chip_w + 8, y + 2) if same_row else (x0, y + 30)
        t.text(d, (nx, ny), t.fit(a.name, name_font, x1 - nx), name_font)
    return y + (30 if same_row else 54)


def _text_box(d: ImageDraw.ImageDraw, rect, text_: str = "", abilities: list[Ability] = ()) -> None:
    """Abilities (heading, then words) or plain words, wrapped as large as fits between 18 and 16 px."""
    x0, y0, x1, y1 = rect
    d.rounded_rectangle(rect, radius=8, fill=t.INSET)
    left, right = x0 + 10, x1 - 10
    blocks = [(a, a.text) for a in abilities] or [(None, text_)]
    for size in (18, 17, 16):
        fnt = font(size)
        height = sum((_ability_heading(None, a, left, right, 0) if a else 0)
                     + len(t.wrap(words, fnt, right - left)) * (size + 4) + 6 for a, words in blocks)
        if height <= y1 - y0 - 12:
            break
    y = y0 + 8
    for a, words in blocks:
        if a:
            y = _ability_heading(d, a, left, right, y)
        for line in t.wrap(words, fnt, right - left):
            t.text(d, (left, y), line, fnt, (218, 222, 232))
            y += size + 4
        y += 6


def _effect_lines(card: CardDef) -> list[str]:
    """What an Equipment card or item does, in a few big words above its text."""
    if card.kind == "equipment":
        lines = [f"{v:+d} {k.upper()}".replace("-", "−") for k, v in card.mods.items()]
        lines += [f"−{card.reduce} damage taken"] if card.reduce else []
        lines += [f"Heals {card.heal} on equip"] if card.heal else []
        return lines + (["Goes on an enemy"] if card.target == "enemy" else [])
    p = card.params
    if card.effect == "heal":
        return [f"Heal {p['amount']}" + (" and cure" if p.get("cure") else "")]
    if card.effect == "buff":
        return [f"+{p['amount']} {p['stat'].upper()}", "until the turn ends" if p.get("duration") == "turn"
                else "for one activation"]
    if card.effect == "damage":
        return [f"{p['amount']} damage", f"reach {p.get('range', 1)} from an ally"]
    return [f"{p['status'].capitalize()}", f"reach {p.get('range', 1)} from an ally"]


def _art_diagram(d: ImageDraw.ImageDraw, card: CardDef, x: int, y: int, cell: int = 24) -> None:
    """A 3x3 sketch of the pattern: the foe in the middle, where the participants stand."""
    spots = {"ADJ": [(0, 0), (2, 0), (1, 2)], "FLANK": [(0, 1), (2, 1)], "INRANGE": []}[card.pattern]
    for r in range(3):
        for c in range(3):
            cellbox = (x + c * cell, y + r * cell, x + (c + 1) * cell - 2, y + (r + 1) * cell - 2)
            d.rectangle(cellbox, fill=TERRAIN_FILL["G"], outline=t.OUTLINE)
            if (c, r) == (1, 1):
                d.ellipse((cellbox[0] + 3, cellbox[1] + 3, cellbox[2] - 3, cellbox[3] - 3), fill=TARGET,
                          outline=t.OUTLINE)
            elif (c, r) in spots:
                d.ellipse((cellbox[0] + 4, cellbox[1] + 4, cellbox[2] - 4, cellbox[3] - 4), fill=OWNER_COLOUR[0],
                          outline=t.OUTLINE)
    if card.pattern == "INRANGE":  # the participants may stand anywhere within their reach
        d.ellipse((x - 10, y - 10, x + 3 * cell + 8, y + 3 * cell + 8), outline=OWNER_COLOUR[0], width=4)


def _class_chips(d: ImageDraw.ImageDraw, classes: dict[str, int], left: int, y: int, right: int) -> int:
    """The classes a Runic Art needs, as chips in class colours; returns the y below them."""
    x = left
    for cls, n in classes.items():
        label = f"{n} {cls.capitalize()}"
        if x + t.pill_size(label, 16, "condensed")[0] > right:
            x, y = left, y + 30
        x = t.pill(d, (x, y), label, CLASS_COLOUR[cls], size=16, weight="condensed")[2] + 6
    return y + 26


def _big_lines(d: ImageDraw.ImageDraw, lines: list[str], colour, x0: int, x1: int, y: int) -> int:
    for line in lines:
        t.text(d, (x0, y), t.fit(line, font(20, "bold"), x1 - x0), font(20, "bold"), colour)
        y += 26
    return y + 6


def _art_body(d: ImageDraw.ImageDraw, card: CardDef, x0: int, x1: int, y: int) -> int:
    _art_diagram(d, card, x0 + 10, y + 12)
    tx = x0 + 100
    t.text(d, (tx, y + 4), card.pattern, font(20, "bold"), KIND_COLOUR["art"])
    for i, line in enumerate(t.wrap(PATTERN_TEXT[card.pattern], font(16), x1 - tx)[:3]):
        t.text(d, (tx, y + 30 + i * 20), line, font(16), t.MUTED)
    y += 104
    status = f" + {card.status.capitalize()}" if card.status else ""
    t.text(d, (x0, y), f"{card.damage} damage{status}", font(22, "bold"))
    return _class_chips(d, card.classes, x0, y + 32, x1) + 8


def _terrain_body(img: Image.Image, d: ImageDraw.ImageDraw, card: CardDef, x0: int, y: int) -> int:
    affected = {"mountain": "M", "water": "W", "forest_free": "F", "forest_atk": "F"}[card.rule]
    d.rectangle((x0 - 2, y - 2, x0 + 81, y + 81), fill=t.OUTLINE)
    img.alpha_composite(_terrain(affected, 80, 80), (x0, y))
    t.text(d, (x0 + 96, y + 10), TILE_NAMES[affected], font(22, "bold"))
    t.text(d, (x0 + 96, y + 42), "for your allies", font(16), t.MUTED)
    return y + 96


def _body(img: Image.Image, d: ImageDraw.ImageDraw, card: CardDef, x0: int, x1: int, y: int) -> None:
    """Everything between the type line and the footer, per kind of card."""
    bottom = CARD_H - 44
    if card.kind == "ally":
        _text_box(d, (x0, _stat_boxes(d, card, x0, x1, y) + 10, x1, bottom), abilities=card.abilities)
        return
    if card.kind in ("equipment", "item"):
        y = _big_lines(d, _effect_lines(card), _stripe(card), x0, x1, y)
    if card.kind == "equipment":  # the other use of an Equipment card
        t.text(d, (x0, y - 4), f"or assimilate it for +{card.assimilate_sp} SP", font(16), t.MUTED)
        y += 22
    elif card.kind == "art":
        y = _art_body(d, card, x0, x1, y)
    elif card.kind == "terrain":
        y = _terrain_body(img, d, card, x0, y)
    _text_box(d, (x0, y, x1, bottom), card.text)


def _footer(card: CardDef) -> str:
    """What a kill earns, beside the clan name."""
    if card.kind == "ally":
        return "Falls: you lose" if card.god else f"Worth {card.exp_value} EXP"
    return ""


@lru_cache(maxsize=128)
def _card_face(card_id: str) -> Image.Image:
    card = _card(card_id)
    img = Image.new("RGBA", (CARD_W, CARD_H), CLEAR)
    d = ImageDraw.Draw(img)
    stripe = _stripe(card)
    t.card_frame(d, CARD_W, CARD_H, stripe, 20, 16)
    x0, x1 = 32, CARD_W - 14
    title_right = _cost_pills(d, card, x1, 12) - 8
    y = t.card_title(d, card.name, x0, 12, title_right - x0, sizes=(24, 22, 20, 18, 16))
    y = max(y, 76) if card.exp else y  # clear of a second cost pill
    stars = " " + "★" * card.rank if card.kind == "ally" and not (card.god or card.divine) else ""
    t.text(d, (x0, y + 2), t.fit(card.type_line + stars, font(18, "bold"), x1 - x0), font(18, "bold"), stripe)
    _body(img, d, card, x0, x1, y + 32)
    deck = catalog().decks.get(card.clan)
    clan = deck.name if deck else card.clan
    clan_w = font(16).getlength(clan)
    t.text(d, (x0, CARD_H - 22), t.fit(_footer(card), font(16, "bold"), x1 - x0 - clan_w - 12), font(16, "bold"),
           anchor="lm")
    t.text(d, (x1, CARD_H - 22), clan, font(16), t.MUTED, anchor="rm")
    return img


def render_card(card_id: str) -> Image.Image:
    """A full card face (RGBA, transparent corners), drawn from the catalog."""
    return _card_face(card_id).copy()


def clear_caches() -> None:
    """Forget cached faces, tokens and labels (for cold-start timing and tests that watch drawing)."""
    for cached in (_card_face, _hand_face, _token_cached, _big_token, _terrain, _ground, _frame):
        cached.cache_clear()
    t.clear_layers()
