"""Resonance pictures: card and Codex faces, the table of Player Mats, and a player's hand.

Everything is drawn from a view (engine.resonance.view.build_view) and the static card catalog,
never from game state. The table ignores view["hand"], view["codex_deck"] and the other seat-only
keys: it may be posted publicly. Keywords always show their C.D number next to their name, so a
keyword's colour is never the only cue.
"""

from __future__ import annotations

import json
import re
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from engine.resonance.cards import COLOURS, CardDef, CodexBlock, Keyword, catalog

from . import theme as t
from .theme import font

# One colour per keyword Colour code 0-9 (the C of C.D); Black and White are lifted/dimmed a little so
# both stay visible on the dark table, and every swatch carries its number or name as well.
COLOUR_RGB = (
    (128, 120, 140),  # 0 Null
    (176, 186, 204),  # 1 Silver
    (226, 190, 36),   # 2 Yellow
    (58, 168, 88),    # 3 Green
    (58, 58, 66),     # 4 Black
    (234, 124, 36),   # 5 Orange
    (236, 236, 230),  # 6 White
    (212, 56, 56),    # 7 Red
    (56, 116, 226),   # 8 Blue
    (150, 80, 204),   # 9 Purple
)
DARK_SWATCH = {4}  # swatches that need a light edge to show on the dark table
BOOST, STATUS = (40, 140, 90), (170, 52, 60)  # tag pills; the tag's name is always written on them
MARKS = {"acting": ("ACTING", (176, 128, 20)), "targeted": ("TARGETED", (200, 60, 60)),
         "spent": ("SPENT", (84, 92, 110)), "suppressed": ("SUPPRESSED", (120, 60, 150)),
         "acrobatic": ("ACROBATIC", (24, 140, 160))}
ACTION = {"attack": "Attack", "cs": "Critical Strike", "support": "Support"}
STAGE = {  # the engine's combat steps in players' words; an unknown step shows as the engine names it
    "augment": "choosing keywords", "targeted": "reactions to targeting", "fuel": "paying fuel",
    "enhance": "Enhance Tag", "extra": "defender extras",
    "react": "defender answers", "damage": "dealing damage", "redirect": "redirecting damage",
    "effects": "resolving effects", "always": "effects hit or miss", "after": "after the attack",
    "next_target": "next target", "support": "support", "finish": "finishing",
}
SETUP = {"draft": "Setup: drafting modules for the Main Deck",
         "codex": "Setup: choosing colours and Personal Codex decks"}

CARD_W, CARD_H, STRIPE = 300, 520, 20  # five full faces to a row of the hand picture
MINI_W, MINI_H = 300, 176  # a hand of more than HAND_FULL cards uses these small faces
HAND_FULL = 10
TILE_W = 240  # three Animations to a row of a mat
BOARD_W = 1600  # the detail board
PREVIEW_W = 1100  # the posted board, shown 550 px wide by Discord: KEY px numbers show KEY / 2 px tall
KEY = 24
PAD = 24
CLEAR = t.CLEAR
_label, _column, _flow, _panel = t.label, t.column, t.flow, t.panel


# --- catalog lookups -------------------------------------------------------------------------

def _card(card_id: str) -> CardDef | CodexBlock:
    cat = catalog()
    if card_id in cat.codex:
        return cat.codex[card_id]
    try:
        card = cat.card(card_id)
    except (KeyError, ValueError, IndexError):
        card = None
    if card is None or card.id != card_id:  # cat.card reads only the digits it expects
        raise ValueError(f"Unknown Resonance card {card_id!r}")
    return card


@cache
def _keywords_by_name() -> dict[str, Keyword]:
    return {k.name.lower(): k for k in catalog().keywords.values()}


def _keyword(name_or_code: str) -> Keyword | None:
    """A keyword from its C.D number or its name (views carry names)."""
    cat = catalog()
    return cat.keywords.get(name_or_code) or _keywords_by_name().get(name_or_code.lower())


@cache
def _shorthand() -> dict[str, str]:
    """Each keyword's short explanation as printed on the cards (card text is 'Name (C.D): text. ...')."""
    out: dict[str, str] = {}
    cat = catalog()
    for card in cat.cards.values():
        for code, text in _split_text(card).items():
            out.setdefault(code, text)
    return out


def _split_text(card: CardDef) -> dict[str, str]:
    """The card's text cut into one explanation per keyword, in printed order."""
    cat = catalog()
    marks = sorted((card.text.find(f"{cat.keywords[k].name} ({k}):"), k) for k in card.keywords)
    marks = [(i, k) for i, k in marks if i >= 0]
    out = {}
    for n, (i, k) in enumerate(marks):
        end = marks[n + 1][0] if n + 1 < len(marks) else len(card.text)
        start = i + len(f"{cat.keywords[k].name} ({k}):")
        out[k] = card.text[start:end].strip()
    return out


def _tag_kind(tag: str) -> str | None:
    found = catalog().tags.get(f"{tag} Tag")
    return found.kind if found else None


def _colour_index(name: str | None) -> int | None:
    return COLOURS.index(name) if name in COLOURS else None


def _module_colours(card: CardDef) -> tuple[int, ...]:
    return catalog().module_of(card).colours


def _split_uid(name: str) -> tuple[str, str]:
    """'Green Tyrant [M11-5]' -> ('Green Tyrant', 'M11-5'), as the engine names Animations."""
    m = re.fullmatch(r"(.*) \[([^\]]+)\]", name)
    return (m.group(1), m.group(2)) if m else (name, "")


# --- small pieces ----------------------------------------------------------------------------

def _swatch(d: ImageDraw.ImageDraw, rect, colour: int, label: str = "", size: int = 16) -> None:
    edge = t.MUTED if colour in DARK_SWATCH else t.OUTLINE
    d.rounded_rectangle(rect, radius=6, fill=COLOUR_RGB[colour], outline=edge, width=2)
    if label:
        x0, y0, x1, y1 = rect
        t.text(d, ((x0 + x1) / 2, (y0 + y1) / 2 + 1), label, font(size, "bold"), anchor="mm")


@lru_cache(maxsize=512)
def _kw_chip(name_or_code: str, size: int = 16, extra: str = "") -> Image.Image:
    """[C.D] Name: the number on a swatch of its colour, then the name (and an optional note)."""
    kw = _keyword(name_or_code)
    if kw is None:  # not a keyword we know (should not happen): still write it
        return _label(name_or_code, size, "condensed")
    name_font = font(size, "condensed")
    label = kw.name + (f" {extra}" if extra else "")
    sw = int(font(size, "bold").getlength("0.0")) + 14
    img = Image.new("RGBA", (sw + 6 + int(name_font.getlength(label)) + 6, size + 12), CLEAR)
    d = ImageDraw.Draw(img)
    _swatch(d, (0, 1, sw, size + 10), kw.colour_code, kw.number, size)
    t.text(d, (sw + 6, 4), label, name_font)
    return img


@lru_cache(maxsize=256)
def _pill(label: str, colour: tuple[int, int, int], size: int = 16) -> Image.Image:
    w, h = t.pill_size(label, size, "condensed")
    img = Image.new("RGBA", (w, h), CLEAR)
    t.pill(ImageDraw.Draw(img), (0, 0), label, colour, size, weight="condensed")
    return img


def _tag_pill(tag: str) -> Image.Image:
    """'Mark' or 'Blight (inactive)' as the view writes them; Boost green, Status red, named either way."""
    name = tag.removesuffix(" (inactive)")
    kind = _tag_kind(name)
    colour = BOOST if kind == "Boost" else STATUS if kind == "Status" else t.PANEL_EDGE
    pill = _pill(f"{name} Tag" + (" (off)" if name != tag else ""), colour)
    return t.dim(pill, 0.5) if name != tag else pill


def _frame(img: Image.Image, colours: tuple[int, ...], stripe: int, radius: int) -> ImageDraw.ImageDraw:
    """Card body with its colour stripe down the left; a two-colour card splits the stripe."""
    w, h = img.size
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=255)
    bands = len(colours)
    for i, c in enumerate(colours):
        box = (0, h * i // bands, w, h * (i + 1) // bands)
        img.paste(COLOUR_RGB[c] + (255,), box, mask.crop(box))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((stripe, 0, w - 1, h - 1), radius=radius, fill=t.PANEL, corners=(False, True, True, False))
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, outline=t.OUTLINE, width=2)
    return d


def _power_disc(d: ImageDraw.ImageDraw, cx: int, cy: int, value: int, r: int = 22) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=t.INSET, outline=t.ACCENT, width=3)
    t.text(d, (cx, cy), str(value), font(26 if r >= 20 else 20, "bold"), anchor="mm")


# --- card faces ------------------------------------------------------------------------------

def _keyword_rows(d_img: Image.Image, rect, entries: list[tuple[str, str]]) -> None:
    """Keyword chips, each followed by its shorthand, shrinking the text until it fits the box."""
    x0, y0, x1, y1 = rect
    d = ImageDraw.Draw(d_img)
    d.rounded_rectangle(rect, radius=8, fill=t.INSET)
    inner = x1 - x0 - 20
    for size in (18, 17, 16):
        fnt = font(size)
        laid = [(code, t.wrap(text, fnt, inner) if text else []) for code, text in entries]
        need = sum((34 if code else 4) + len(lines) * (size + 3) for code, lines in laid)
        if need <= y1 - y0 - 16:
            break
    room = (y1 - y0 - 16 - sum(34 if code else 4 for code, _ in laid)) // (size + 3)  # lines left for text
    laid = _trim(laid, room, fnt, inner)
    y = y0 + 8
    for code, cut in laid:
        if code:
            kw = catalog().keywords[code]
            d_img.alpha_composite(_kw_chip(code, 16, f"· {kw.category}"), (x0 + 8, y))
            y += 30
        for line in cut:
            t.text(d, (x0 + 10, y), line, fnt, (218, 222, 232))
            y += size + 3
        y += 4


def _trim(laid: list[tuple[str, list[str]]], room: int, fnt, width: int) -> list[tuple[str, list[str]]]:
    """Take lines off the longest explanations until all fit, ending each cut one with an ellipsis."""
    laid = [(code, list(lines)) for code, lines in laid]
    cut: set[int] = set()
    while sum(len(lines) for _, lines in laid) > max(room, len(laid)):
        i = max(range(len(laid)), key=lambda n: len(laid[n][1]))
        laid[i][1].pop()
        cut.add(i)
    for i in cut:
        if laid[i][1]:
            laid[i][1][-1] = t.fit(laid[i][1][-1] + " …", fnt, width)
    return laid


def _art(d: ImageDraw.ImageDraw, rect, colours: tuple[int, ...], words: str) -> None:
    """In place of card art: the module's colours as bands, with their names written on them."""
    x0, y0, x1, y1 = rect
    n = len(colours)
    for i, c in enumerate(colours):
        tint = tuple(int(a * 0.55 + b * 0.45) for a, b in zip(COLOUR_RGB[c], t.PANEL, strict=True))
        corners = (i == 0, i == n - 1, i == n - 1, i == 0)
        d.rounded_rectangle((x0 + (x1 - x0) * i // n, y0, x0 + (x1 - x0) * (i + 1) // n, y1), radius=8,
                            fill=tint, corners=corners)
    t.text(d, ((x0 + x1) / 2, (y0 + y1) / 2), words, font(18, "bold"), anchor="mm")


def _centre_badge(d: ImageDraw.ImageDraw, cx: int, cy: int, label: str) -> None:
    """The Focus (or Item cost) badge between the art and the text box, as printed."""
    fnt = font(20, "bold")
    w = int(fnt.getlength(label)) + 28
    d.rounded_rectangle((cx - w / 2, cy - 17, cx + w / 2, cy + 17), radius=17, fill=t.INSET, outline=t.ACCENT, width=3)
    t.text(d, (cx, cy), label, fnt, anchor="mm")


@lru_cache(maxsize=128)
def _card_face(card_id: str) -> Image.Image:
    card = _card(card_id)
    if isinstance(card, CodexBlock):
        return _codex_face(card)
    colours = _module_colours(card)
    module = catalog().module_of(card)
    img = Image.new("RGBA", (CARD_W, CARD_H), CLEAR)
    d = _frame(img, colours, STRIPE, 16)
    x0, x1 = STRIPE + 12, CARD_W - 14
    _power_disc(d, x0 + 22, 36, card.power)
    y = t.card_title(d, card.name, x0 + 54, 12, x1 - x0 - 54)
    kind = "ANIMATION" if card.kind == "animation" else "ITEM"
    t.text(d, (x0 + 54, max(y, 46) + 2), f"{kind} · PWR {card.power}", font(16, "bold"), t.MUTED)
    _art(d, (x0, 98, x1, 130), colours, " / ".join(COLOURS[c] for c in colours))
    badge = f"FOCUS {card.focus}" if card.kind == "animation" else f"EQUIP {card.power} EN"
    _centre_badge(d, (x0 + x1) // 2, 146, badge)
    parts = _split_text(card)
    entries = [(k, parts.get(k, "")) for k in card.keywords] or [("", card.text)]
    _keyword_rows(img, (x0, 172, x1, CARD_H - 40), entries)
    t.text(d, (x0, CARD_H - 21), t.fit(module.name, font(16, "bold"), 190), font(16, "bold"), anchor="lm")
    t.text(d, (x1, CARD_H - 21), card.id, font(16), t.MUTED, anchor="rm")
    return img


BLOCK_PAIR = {1: "Gift & Talent", 2: "Quirk & Boost", 3: "Status & Form", 4: "Modifier & Drive", 5: "Unique & Flaw"}


def _codex_face(block: CodexBlock) -> Image.Image:
    """A Codex card: its colour, block type and the two keywords it unlocks with their shorthand."""
    img = Image.new("RGBA", (CARD_W, CARD_H), CLEAR)
    d = _frame(img, (block.colour,), STRIPE, 16)
    x0, x1 = STRIPE + 12, CARD_W - 14
    names = " & ".join(catalog().keywords[k].name for k in block.keywords)
    y = t.card_title(d, names, x0, 12, x1 - x0)
    t.text(d, (x0, max(y, 46) + 2), f"CODEX · BLOCK TYPE {block.block_type}", font(16, "bold"), t.MUTED)
    _art(d, (x0, 98, x1, 130), (block.colour,), f"{COLOURS[block.colour]} ({block.colour})")
    _centre_badge(d, (x0 + x1) // 2, 146, BLOCK_PAIR[block.block_type].upper())
    _keyword_rows(img, (x0, 172, x1, CARD_H - 40), [(k, _shorthand().get(k, "")) for k in block.keywords])
    t.text(d, (x0, CARD_H - 21), f"{COLOURS[block.colour]} Codex", font(16, "bold"), anchor="lm")
    t.text(d, (x1, CARD_H - 21), block.id, font(16), t.MUTED, anchor="rm")
    return img


def render_card(card_id: str) -> Image.Image:
    """A card (M01-0 ... M50-9) or Codex block (X0-1 ... X9-5) face, RGBA with transparent corners."""
    return _card_face(card_id).copy()


@lru_cache(maxsize=128)
def _mini_face(card_id: str) -> Image.Image:
    """A small face for a big hand: Power, name, Focus or cost, and the keyword chips."""
    card = _card(card_id)
    img = Image.new("RGBA", (MINI_W, MINI_H), CLEAR)
    d = _frame(img, _module_colours(card), 14, 12)
    x0 = 14 + 10
    _power_disc(d, x0 + 18, 28, card.power, r=18)
    t.text(d, (x0 + 44, 14), t.fit(card.name, font(20, "condensed"), MINI_W - x0 - 52), font(20, "condensed"))
    kind = f"ANIMATION · FOCUS {card.focus}" if card.kind == "animation" else f"ITEM · EQUIP {card.power} EN"
    t.text(d, (x0 + 44, 40), kind, font(16, "bold"), t.MUTED)
    y = 68
    for code in card.keywords:
        img.alpha_composite(_kw_chip(code, 16), (x0, y))
        y += 34
    if not card.keywords:
        t.text(d, (x0, y), "No keywords", font(16), t.MUTED)
    t.text(d, (MINI_W - 10, MINI_H - 16), card.id, font(16), t.MUTED, anchor="rm")
    return img


# --- the table -------------------------------------------------------------------------------

_names = t.seat_names


@t.layer(maxsize=16, flat=True)
def _header(view: dict, w: int, size: int = 20) -> Image.Image:
    """Round, turn and whose turn (or the result); the phase and who is awaited; the shared piles."""
    over = t.game_over(view)
    if over:
        first, second = over
    elif view["phase"] in SETUP:  # nobody has a turn yet: the draft and Codex choices go seat by seat
        first, second = SETUP[view["phase"]], t.waiting(view)
    else:
        who = _names(view).get(view["active"], "?")
        first = f"Round {view['round']} of {view['max_rounds']}  ·  Turn {view['turn']}  ·  {who}'s turn"
        second = t.waiting(view)
    inner = w - 32
    top = Image.new("RGBA", (inner, 40), CLEAR)
    d = ImageDraw.Draw(top)
    t.text(d, (0, 0), t.fit(first, font(28, "bold"), inner - 120), font(28, "bold"))
    if size == 20:  # the version tag is for the detail board; the preview leaves it to the message
        t.text(d, (inner, 4), f"v{view['version']}", font(18), t.FAINT, anchor="ra")
    rows = [top] + [_label(line, size, "regular", t.MUTED) for line in t.wrap(second, font(size), inner - 8)[:2]]
    rows.append(_label(_piles(view), KEY if size > 20 else 20, max_w=inner))
    if view.get("pool"):
        line = f"Draft pool ({len(view['pool'])} modules): " + ", ".join(view["pool"])
        lines = t.wrap(line, font(18), inner - 8)
        if len(lines) > 4:  # the rest of a long pool is cut, and the cut is marked
            lines = lines[:3] + [t.fit(lines[3] + " …", font(18), inner - 8)]
        rows += [_label(part, 18, "regular") for part in lines]
    return _panel(_column(rows, gap=4), w)


def _piles(view: dict) -> str:
    """Main Deck and discard pile counts; the top of the discard pile is public."""
    top = f" (top: {view['discard'][-1]})" if view.get("discard") else ""
    return f"Main Deck {view['deck_count']}   ·   Discard pile {view['discard_count']}{top}"


@t.layer(maxsize=8, flat=True)
def _combat(view: dict, w: int, size: int = 20) -> Image.Image:
    c = view["combat"]
    inner = w - 32
    title = f"{ACTION.get(c['action'], c['action'])}: {c['actor']}  →  {', '.join(c['targets']) or 'no target yet'}"
    rows = [_label(title, 26, max_w=inner)]
    chips = [_pill(f"Step: {STAGE.get(c['stage'], c['stage'])}", (70, 90, 130), 18)]
    if c["action"] != "support":
        chips.append(_pill(f"EV {c['ev']}", t.ACCENT, size))
    chips += [_kw_chip(k, 18) for k in c["keywords"]] or [_label("No keywords", 18, "regular", t.MUTED)]
    rows.append(_flow(chips, inner, gap=10, row_gap=8))
    if c.get("ev_parts"):
        rows.append(_label("EV = " + " + ".join(c["ev_parts"]), 18, "regular", t.MUTED, max_w=inner))
    return _panel(_column(rows, gap=10), w, edge=t.ACCENT)


@lru_cache(maxsize=256)
def _stat(label: str, value: str, size: int = 20) -> Image.Image:
    h = size + 16
    img = Image.new("RGBA", (int(font(size, "bold").getlength(value)) + int(font(16, "bold").getlength(label)) + 30,
                             h), CLEAR)
    d = ImageDraw.Draw(img)
    t.box(d, (0, 0, img.width - 1, h - 1), fill=t.INSET, radius=10)
    t.text(d, (10, h / 2), label, font(16, "bold"), t.MUTED, anchor="lm")
    t.text(d, (img.width - 10, h / 2), value, font(size, "bold"), anchor="rm")
    return img


@lru_cache(maxsize=8)
def _tokens(used: int) -> Image.Image:
    """The two Player Spent Tokens: filled ones are used actions."""
    lab = _label(f"Actions {used}/2", 16, "bold", t.MUTED)
    img = Image.new("RGBA", (lab.width + 56, 36), CLEAR)
    d = ImageDraw.Draw(img)
    img.alpha_composite(lab, (0, 4))
    for i in range(2):
        x = lab.width + 4 + i * 26
        on = i < used
        d.ellipse((x, 7, x + 22, 29), fill=t.WARN if on else t.INSET, outline=t.OUTLINE if on else t.FAINT, width=2)
    return img


def _mat_title(view: dict, p: dict, w: int, counts: bool = True) -> Image.Image:
    img = Image.new("RGBA", (w, 42), CLEAR)
    d = ImageDraw.Draw(img)
    primary = _colour_index(p.get("primary"))
    right = w
    if primary is not None:
        tag = f"Primary: {p['primary']}"
        tw = int(font(18, "bold").getlength(tag)) + 36
        _swatch(d, (w - tw, 4, w - tw + 26, 32), primary)
        t.text(d, (w, 18), tag, font(18, "bold"), anchor="rm")
        right = w - tw - 16
    if counts:  # the preview shows them as trackers instead, at a legible size
        line = f"Hand {p['hand_count']} · Codex deck {p['codex_count']}"
        t.text(d, (right, 20), line, font(18), t.MUTED, anchor="rm")
        right -= int(font(18).getlength(line)) + 16
    name_font = font(28, "bold")
    t.text(d, (0, 2), t.fit(p["name"], name_font, min(300, right)), name_font)
    x = min(int(name_font.getlength(p["name"])), 300) + 14
    pills = []
    if view.get("you") == p["seat"]:
        pills.append(("YOU", (70, 90, 130)))
    if not p["alive"]:
        pills.append(("OUT", t.BAD))
    elif view["active"] == p["seat"] and view["phase"] == "play" and not view.get("outcome"):
        pills.append(("TO PLAY", (176, 128, 20)))
    for label, colour in pills:
        if x + t.pill_size(label)[0] < right:
            x = t.pill(d, (x, 6), label, colour)[2] + 8
    return img


@lru_cache(maxsize=512)
def _hp_bar(hp: int, max_hp: int, w: int, h: int = 34, size: int = 20) -> Image.Image:
    img = Image.new("RGBA", (w, h), CLEAR)
    hp = max(hp, 0)  # damage past 0 HP (a killing blow) is not worth a negative number
    frac = hp / max_hp if max_hp else 0
    colour = t.GOOD if frac > 0.5 else t.WARN if frac > 0.25 else t.BAD
    t.bar(ImageDraw.Draw(img), (0, 0, w - 1, h - 1), frac, colour, f"HP {hp} / {max_hp}", size)
    return img


@lru_cache(maxsize=128)
def _codex_chip(block_id: str, name: str) -> Image.Image:
    """An active Codex block: its id on its colour, then the two keywords it unlocks."""
    blk = catalog().codex.get(block_id)
    text = " & ".join(catalog().keywords[k].name for k in blk.keywords) if blk else name
    fnt = font(16, "condensed")
    sw = int(font(16, "bold").getlength(block_id)) + 14
    img = Image.new("RGBA", (sw + 12 + int(fnt.getlength(text)), 28), CLEAR)
    d = ImageDraw.Draw(img)
    _swatch(d, (0, 1, sw, 26), blk.colour if blk else 0, block_id)
    t.text(d, (sw + 6, 4), text, fnt)
    return img


def _item_tab(item: dict, w: int) -> Image.Image:
    return _item_tab_cached(json.dumps(item, sort_keys=True), w)


@lru_cache(maxsize=256)
def _item_tab_cached(key: str, w: int) -> Image.Image:
    """An equipped Item seen edge-on: its colour, name, Power and keyword chips."""
    item = json.loads(key)
    card = _card(item["card"])
    chips = [_kw_chip(k, 16) for k in item["keywords"]]
    body = _flow(chips, w - 30, gap=6, row_gap=4) if chips else None
    h = 34 + (body.height + 6 if body else 0)
    img = Image.new("RGBA", (w, h), CLEAR)
    d = _frame(img, _module_colours(card), 10, 8)
    fnt = font(16, "condensed")
    power = f"PWR {item['power']}"
    room = w - 28 - int(font(16, "bold").getlength(power)) - 8
    title = f"Item: {item['name']}"
    t.text(d, (18, 6), t.fit(title if fnt.getlength(title) <= room else item["name"], fnt, room), fnt)
    t.text(d, (w - 10, 6), power, font(16, "bold"), t.ACCENT, anchor="ra")
    if body:
        img.alpha_composite(body, (18, 32))
    return img


def _marks(u: dict) -> list[Image.Image]:
    return [_pill(*MARKS[m]) for m in MARKS if u.get(m)]


def _roles(view: dict) -> dict[str, str]:
    """Unit name -> 'acting' or 'targeted' for the action in progress (the view names units as the log does)."""
    c = view.get("combat")
    if not c:
        return {}
    return {**{name: "targeted" for name in c["targets"]}, c["actor"]: "acting"}


def _with_role(u: dict, roles: dict[str, str]) -> dict:
    role = roles.get(u["name"])
    return {**u, role: True} if role else u


def _unit_tile(u: dict) -> Image.Image:
    return _unit_tile_cached(json.dumps(u, sort_keys=True))


@lru_cache(maxsize=512)
def _unit_tile_cached(key: str) -> Image.Image:
    """An Animation (or Echo token) on a mat: name, Power and Focus, HP, keywords, Items, Tags, marks."""
    u = json.loads(key)
    inner = TILE_W - 30
    name, uid = _split_uid(u["name"])
    card = _card(u["card"]) if u.get("card") else None
    colours = _module_colours(card) if card else (0,)
    parts = [_tile_title(name, inner), _tile_stats(u, uid, inner)]
    if u.get("keywords"):
        parts.append(_flow([_kw_chip(k) for k in u["keywords"]], inner, gap=6, row_gap=4))
    parts += [_item_tab(i, inner) for i in u["items"]]
    extra = [_tag_pill(tag) for tag in u["tags"]] + _marks(u)
    if card and u["focus"] != card.focus:
        extra.append(_pill(f"Focus {u['focus']}, printed {card.focus}", t.PANEL_EDGE))
    if u.get("bane"):
        extra.append(_pill(f"Bane: {u['bane']}", t.PANEL_EDGE))
    if extra:
        parts.append(_flow(extra, inner, gap=6, row_gap=4))
    body = _column(parts, gap=6)
    img = Image.new("RGBA", (TILE_W, body.height + 24), CLEAR)
    d = _frame(img, colours, 10, 10)
    if u.get("suppressed"):  # face down: hatched under the text, the SUPPRESSED pill says why
        for x in range(-img.height, TILE_W, 26):
            d.line((x, img.height - 4, x + img.height, 4), fill=MARKS["suppressed"][1], width=3)
        d.rounded_rectangle((0, 0, TILE_W - 1, img.height - 1), radius=10, outline=t.OUTLINE, width=2)
    img.alpha_composite(body, (20, 12))
    img = t.dim(img, 0.4) if u.get("spent") else img
    role = next((r for r in ("acting", "targeted") if u.get(r)), None)
    if role:  # the action in progress stands out even on a spent (dimmed) unit
        ImageDraw.Draw(img).rounded_rectangle((0, 0, TILE_W - 1, img.height - 1), radius=10,
                                              outline=MARKS[role][1], width=4)
    return img


def _tile_title(name: str, w: int) -> Image.Image:
    """The unit's name, shrunk or wrapped onto two lines rather than cut."""
    img = Image.new("RGBA", (w, 60), CLEAR)
    y = t.card_title(ImageDraw.Draw(img), name, 0, 0, w, sizes=(19, 18, 17))
    return img.crop((0, 0, w, y))


def _tile_stats(u: dict, uid: str, w: int) -> Image.Image:
    """Power and Focus, the HP bar, and the unit's id as the engine's move labels write it."""
    stats = _label(f"P{u.get('power', 1)} F{u['focus']}", 18, "bold")
    ident = _label(uid, 16, "regular", t.MUTED)
    img = Image.new("RGBA", (w, 28), CLEAR)
    img.alpha_composite(stats, (0, 0))
    img.alpha_composite(ident, (w - ident.width, 2))
    bar_w = w - stats.width - ident.width - 10
    img.alpha_composite(_hp_bar(u["max_hp"] - u["damage"], u["max_hp"], bar_w, 28, 16), (stats.width + 4, 0))
    return img


def _player_card(view: dict, p: dict, w: int) -> Image.Image:
    """The Player's own unit: equipped Items, Tags and marks, beside the mat's trackers."""
    u = p["unit"]
    parts = []
    if u is None:
        return _label("No Player unit", 18, "regular", t.MUTED)
    u = _with_role(u, _roles(view))
    head = [_label("Player card", 18, "bold", t.MUTED)] + _marks(u)
    if p["tokens"] >= 2 and not u.get("spent"):
        head.append(_pill(*MARKS["spent"]))
    parts.append(_flow(head, w, gap=8))
    items = [_item_tab(i, min(w, 360)) for i in u["items"]]
    parts.append(_flow(items, w, gap=8, row_gap=6) if items else _label("No Items equipped", 16, "regular", t.MUTED))
    extra = [_tag_pill(tag) for tag in u["tags"]]
    if u.get("bane"):
        extra.append(_pill(f"Bane: {u['bane']}", t.PANEL_EDGE))
    if extra:
        parts.append(_flow(extra, w, gap=6, row_gap=4))
    return _column(parts, gap=6)


@t.layer(maxsize=16, flat=True)
def _mat(view: dict, p: dict, w: int) -> Image.Image:
    """One Player Mat: trackers, Codex blocks, modules, the Player card and the Animations in play."""
    inner = w - 32
    parts = [_mat_title(view, p, inner)]
    stats = [_hp_bar(p["hp"], p["max_hp"], 220), _stat("EN", f"{p['en']}/10"), _stat("FOCUS", str(p["focus"])),
             _stat("KARMA", str(p["karma"])), _tokens(p["tokens"])]
    parts.append(_flow(stats, inner, gap=10, row_gap=8))
    codex = [_codex_chip(b["id"], b["name"]) for b in p["active_codex"]]
    parts.append(_flow([_label("Codex", 18, "bold", t.MUTED), *codex] if codex else
                       [_label("No active Codex blocks", 16, "regular", t.MUTED)], inner, gap=8, row_gap=6))
    if p["modules"]:
        line = "Modules: " + ", ".join(p["modules"])
        parts += [_label(part, 16, "regular", t.MUTED) for part in t.wrap(line, font(16), inner)[:2]]
    parts.append(_player_card(view, p, inner))
    roles = _roles(view)
    tiles = [_unit_tile(_with_role(a, roles)) for a in p["animations"]]
    parts.append(_flow(tiles, inner, gap=8, row_gap=8) if tiles else
                 _label("No Animations in play", 18, "regular", t.MUTED))
    edge = t.ACCENT if view["active"] == p["seat"] and view["phase"] == "play" else t.PANEL_EDGE
    mat = _panel(_column(parts, gap=10), w, edge=edge)
    return t.dim(mat, 0.45) if not p["alive"] else mat


def _grid(mats: list[Image.Image], w: int, gap: int = 14) -> Image.Image:
    """Mats two to a row, each row as tall as its taller mat."""
    rows = [mats[i:i + 2] for i in range(0, len(mats), 2)]
    heights = [max(m.height for m in row) for row in rows]
    size = (w, sum(heights) + gap * (len(rows) - 1))
    out = t.canvas(*size) if all(m.mode == "RGB" for m in mats) else Image.new("RGBA", size, CLEAR)
    y = 0
    for row, h in zip(rows, heights, strict=True):
        for i, m in enumerate(row):
            out.paste(m, (i * (m.width + gap), y), m if m.mode == "RGBA" else None)
        y += h + gap
    return out


@t.layer(maxsize=64)
def _unit_chip(u: dict, w: int) -> Image.Image:
    """An Animation on the preview: one badge with its name, Power, Focus and HP; its marks beside."""
    name, _ = _split_uid(u["name"])
    hp = f" P{u.get('power', 1)} F{u['focus']} {max(u['max_hp'] - u['damage'], 0)}/{u['max_hp']} HP"
    fnt = font(KEY, "bold")
    name = t.fit(name, fnt, w - fnt.getlength(hp) - 30)
    role = next((r for r in ("acting", "targeted") if u.get(r)), None)
    colour = MARKS[role][1] if role else t.FAINT if u.get("spent") else t.PANEL_EDGE
    marks = [MARKS[m][0] for m in ("spent", "suppressed") if u.get(m)]
    chip = t.pill_row(((name + hp, colour),), KEY)
    return _flow([chip, _label(" ".join(marks), 18, fill=t.MUTED)], w, gap=6) if marks else chip


@t.layer(maxsize=16, flat=True)
def _preview_mat(view: dict, p: dict, w: int) -> Image.Image:
    inner = w - 32
    parts = [_mat_title(view, p, inner, counts=False)]
    stats = [_hp_bar(p["hp"], p["max_hp"], 190, KEY + 14, KEY), _stat("EN", f"{p['en']}/10", KEY),
             _stat("FOCUS", str(p["focus"]), KEY), _stat("KARMA", str(p["karma"]), KEY),
             _stat("ACTIONS", f"{p['tokens']}/2", KEY), _stat("HAND", str(p["hand_count"]), KEY),
             _stat("CODEX", str(p["codex_count"]), KEY)]
    parts.append(_flow(stats, inner, gap=8, row_gap=6))
    roles = _roles(view)
    chips = [_unit_chip(_with_role(a, roles), inner) for a in p["animations"]]
    parts.append(_flow(chips, inner, gap=6, row_gap=6) if chips else _label("No Animations", 20, "regular", t.MUTED))
    edge = t.ACCENT if view["active"] == p["seat"] and view["phase"] == "play" else t.PANEL_EDGE
    mat = _panel(_column(parts, gap=8), w, pad=14, edge=edge)
    return t.dim(mat, 0.45) if not p["alive"] else mat


def _preview(view: dict) -> Image.Image:
    """The posted board: header, the action in progress, every mat two to a row with its trackers and
    Animations as badges; Items, Codex, modules and the log are on the detail board."""
    w = PREVIEW_W - 32
    public = {k: v for k, v in view.items() if k not in ("hand", "codex_deck", "secondaries", "options", "seen")}
    parts = [_header(public, w, 22)]
    if view.get("combat"):
        parts.append(_combat(view, w, KEY))
    mat_w = (w - 12) // 2
    around = {k: view.get(k) for k in ("you", "active", "phase", "outcome", "combat")}  # what a mat reads
    parts.append(_grid([_preview_mat(around, p, mat_w) for p in view["players"]], w, gap=12))
    return t.stack(parts, gap=12, pad=16)


def render_board(view: dict, detail: bool = False) -> Image.Image:
    """The table as all may see it: header, any action in progress, every Player Mat, the latest events.

    The default is the preview sized for the channel; detail=True draws the full mats and the log.
    Reads only public fields (never hand, codex_deck, secondaries, immunized, seen or options).
    """
    if not detail:
        return _preview(view)
    w = BOARD_W - 2 * PAD
    mat_w = (w - 14) // 2
    parts = [_header(view, w)]
    if view.get("combat"):
        parts.append(_combat(view, w))
    around = {k: view.get(k) for k in ("you", "active", "phase", "outcome", "combat")}  # what a mat reads
    parts.append(_grid([_mat(around, p, mat_w) for p in view["players"]], w))
    if view.get("recent"):
        parts.append(t.recent(view["recent"], w, keep=6))
    return t.stack(parts, gap=14, pad=PAD)


# --- the hand --------------------------------------------------------------------------------

@lru_cache(maxsize=64)
def _codex_tile(block_id: str) -> Image.Image:
    blk = catalog().codex[block_id]
    img = Image.new("RGBA", (300, 84), CLEAR)
    d = _frame(img, (blk.colour,), 12, 10)
    t.text(d, (22, 8), f"{block_id}  ·  {COLOURS[blk.colour]} block {blk.block_type}", font(16, "bold"), t.MUTED)
    img.alpha_composite(_flow([_kw_chip(k) for k in blk.keywords], 270, gap=6, row_gap=2), (22, 40))
    return img


def render_hand(view: dict) -> Image.Image:
    """A player's private cards: the hand as card faces (small ones for a big hand), then the Codex deck."""
    seat = view.get("you")
    if seat is None:
        raise ValueError("render_hand needs a seat's private view, not the public one")
    p = view["players"][seat]
    hand = p.get("hand") or []
    row_w = 5 * CARD_W + 4 * 16
    count = f"{len(hand)} card" + ("" if len(hand) == 1 else "s")
    parts = [_label(f"{p['name']}'s hand: {count}", 28, max_w=row_w)]
    if hand and len(hand) <= HAND_FULL:
        parts.append(_flow([_card_face(c["card"]) for c in hand], row_w, gap=16, row_gap=16))
    elif hand:  # a big hand: small faces, six to a row, so it still fits one picture
        parts.append(_flow([_mini_face(c["card"]) for c in hand], 6 * MINI_W + 5 * 12, gap=12, row_gap=12))
    else:
        parts.append(_label("No cards in hand", 20, "regular", t.MUTED))
    colours = [f"Primary {p['primary']}"] if p.get("primary") else []
    if p.get("secondaries"):
        colours.append("Secondaries " + ", ".join(p["secondaries"]))
    if p.get("immunized"):
        colours.append("Immunized against " + ", ".join(p["immunized"]))
    if colours:
        parts.append(_label("   ·   ".join(colours), 20, "regular", t.MUTED, max_w=row_w))
    deck = p.get("codex_deck") or []
    parts.append(_label(f"Personal Codex deck: {len(deck)} block" + ("" if len(deck) == 1 else "s")
                        + ", listed by colour" * bool(deck), 24, max_w=row_w))
    if deck:  # sorted, so the picture never tells the deck's shuffled order
        parts.append(_flow([_codex_tile(b) for b in sorted(b["id"] for b in deck)], row_w, gap=16, row_gap=12))
    return t.stack([_column(parts, gap=14)], pad=PAD)


def clear_caches() -> None:
    """Forget cached faces, tiles and labels (for cold-start timing and tests that watch drawing)."""
    for cached in (_card_face, _mini_face, _kw_chip, _pill, _unit_tile_cached, _codex_tile, _stat, _tokens, _hp_bar,
                   _codex_chip, _item_tab_cached):
        cached.cache_clear()
    t.clear_layers()
