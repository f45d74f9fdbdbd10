"""Shared look for every game's images: palette, fonts, outlined text, boxes and PNG output.

Nothing here knows about a particular game; per-game modules bring their own colours.
"""

from __future__ import annotations

import io
import json
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache, wraps
from pathlib import Path
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

FONTS = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
}
Weight = Literal["regular", "bold", "condensed"]

MIN_TEXT = 16  # px; smaller text is unreadable once Discord scales a board down on a phone
PREVIEW_W = 550  # px; how wide Discord shows a posted picture before anyone clicks it
KEY_TEXT = 12  # px; the least height of a key number (HP, stats, counts) once shown PREVIEW_W wide
MAX_SIDE = 2000  # px; Discord previews larger images at a lower quality
# PNG settings chosen by measurement (python -m bench.render, notes in bench/render.py): an adaptive
# 256-colour palette (fast octree, no dithering) then zlib level 1. Against truecolour level 2 it
# takes about half the encode time and a third of the bytes, with a mean difference under one level
# per channel: flat panels and outlined text have few colours. Level 1 against 3 on the palette:
# boards 15-25% faster to encode for about 10% more bytes (the largest board 136 KB).
PNG_LEVEL = 1
PALETTE = 256
PALETTE_SAMPLE = 150_000  # pixels the palette of a big picture is worked out from (palette_image)

# Palette: dark table, light text. Status colours always come with a word, never alone.
BG = (18, 21, 31)
PANEL = (30, 35, 48)
PANEL_EDGE = (58, 66, 86)
INSET = (22, 26, 37)
TEXT = (242, 244, 248)
MUTED = (160, 168, 186)
FAINT = (92, 100, 118)
OUTLINE = (8, 10, 16)
ACCENT = (255, 196, 64)
GOOD = (72, 196, 120)
BAD = (226, 72, 72)
WARN = (240, 160, 48)
CLEAR = (0, 0, 0, 0)  # transparent, for tiles composited onto panels


@lru_cache(maxsize=64)
def font(size: int, weight: Weight = "regular") -> ImageFont.FreeTypeFont:
    """A shipped TrueType font, cached per (size, weight); never below MIN_TEXT."""
    return ImageFont.truetype(str(FONTS / FONT_FILES[weight]), max(size, MIN_TEXT))


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, fnt: ImageFont.FreeTypeFont,
         fill=TEXT, anchor: str = "la", outline: int = 2) -> None:
    """Text with a dark outline so it stays readable on any background."""
    draw.text(xy, s, font=fnt, fill=fill, anchor=anchor, stroke_width=outline, stroke_fill=OUTLINE)


def wrap(s: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> list[str]:
    """Greedy word wrap by measured width (a word longer than a line gets its own line)."""
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if line and fnt.getlength(trial) > max_width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def fit(s: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> str:
    """Cut a string to max_width, marking the cut with an ellipsis."""
    if fnt.getlength(s) <= max_width:
        return s
    while s and fnt.getlength(s + "…") > max_width:
        s = s[:-1]
    return s.rstrip() + "…"


def box(draw: ImageDraw.ImageDraw, xy, fill=PANEL, edge=PANEL_EDGE, radius: int = 12, line: int = 2,
        corners: tuple[bool, bool, bool, bool] | None = None) -> None:
    draw.rounded_rectangle(xy, radius=radius, fill=fill, outline=edge, width=line if edge else 0,
                           corners=corners)


def pill_size(label: str, size: int = 16, weight: Weight = "bold") -> tuple[int, int]:
    return int(font(size, weight).getlength(label)) + 16, size + 10


def pill(draw: ImageDraw.ImageDraw, xy: tuple[float, float], label: str, fill, size: int = 16,
         fg=TEXT, anchor: str = "l", weight: Weight = "bold") -> tuple[int, int, int, int]:
    """A small labelled badge at xy (left edge or right edge per anchor); returns its box."""
    fnt = font(size, weight)
    w, h = pill_size(label, size, weight)
    x, y = xy
    if anchor == "r":
        x -= w
    rect = (int(x), int(y), int(x) + w, int(y) + h)
    draw.rounded_rectangle(rect, radius=h // 2, fill=fill, outline=OUTLINE, width=2)
    text(draw, (x + w / 2, y + h / 2), label, fnt, fg, anchor="mm")
    return rect


@lru_cache(maxsize=1024)
def pill_row(labels: tuple[tuple[str, tuple], ...], size: int = 16) -> Image.Image:
    """A row of badges as a transparent tile (cached: the same chips recur from one board to the next)."""
    w = sum(pill_size(s, size)[0] + 6 for s, _ in labels) or 1
    img = Image.new("RGBA", (w, size + 12), CLEAR)
    d = ImageDraw.Draw(img)
    x = 0
    for s, colour in labels:
        x = pill(d, (x, 1), s, colour, size)[2] + 6
    return img


def bar(draw: ImageDraw.ImageDraw, xy, fraction: float, fill, label: str, size: int = 18) -> None:
    """A horizontal gauge with its value written on it."""
    x0, y0, x1, y1 = xy
    draw.rounded_rectangle(xy, radius=(y1 - y0) // 2, fill=INSET, outline=PANEL_EDGE, width=2)
    filled = x0 + (x1 - x0) * max(0.0, min(1.0, fraction))
    if filled - x0 >= y1 - y0:  # too short to draw rounded; the label still says the value
        draw.rounded_rectangle((x0, y0, filled, y1), radius=(y1 - y0) // 2, fill=fill)
    text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), label, font(size, "bold"), anchor="mm")


def dim(img: Image.Image, amount: float = 0.5) -> Image.Image:
    """Darken an image (used for spent or inactive pieces)."""
    shade = Image.new("RGB", img.size, BG)
    if img.mode == "RGBA":
        shade.putalpha(img.getchannel("A"))
    return Image.blend(img, shade.convert(img.mode), amount)


def canvas(w: int, h: int, fill=BG) -> Image.Image:
    return Image.new("RGB", (w, h), fill)


def stack(parts: list[Image.Image], gap: int = 16, pad: int = 24, fill=BG) -> Image.Image:
    """Stack images top to bottom, centred, with gaps and an outer margin."""
    w = max(p.width for p in parts) + 2 * pad
    h = sum(p.height for p in parts) + gap * (len(parts) - 1) + 2 * pad
    out = canvas(w, h, fill)
    y = pad
    for p in parts:
        out.paste(p, ((w - p.width) // 2, y), p if p.mode == "RGBA" else None)
        y += p.height + gap
    return out


def card_frame(d: ImageDraw.ImageDraw, w: int, h: int, stripe, stripe_w: int, radius: int) -> None:
    """Card body with the type stripe down its left edge, as printed."""
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=stripe)
    d.rounded_rectangle((stripe_w, 0, w - 1, h - 1), radius=radius, fill=PANEL,
                        corners=(False, True, True, False))
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, outline=OUTLINE, width=2)


def card_title(d: ImageDraw.ImageDraw, name: str, x: int, y: int, max_w: int, sizes=(24, 22, 20, 18)) -> int:
    """Card name in at most two lines, shrinking the font to fit; returns the y below it."""
    for size in sizes:
        fnt = font(size, "condensed")
        lines = wrap(name, fnt, max_w)
        if len(lines) <= 2 and all(fnt.getlength(line) <= max_w for line in lines):
            break
    for line in lines[:2]:
        text(d, (x, y), fit(line, fnt, max_w), fnt)
        y += size + 4
    return y


def flow(tiles: list[Image.Image], max_w: int, gap: int = 12, row_gap: int = 12) -> Image.Image:
    """Lay tiles left to right, wrapping into rows (a long hand or lab grows downwards)."""
    rows: list[list[Image.Image]] = [[]]
    x = 0
    for tile in tiles:
        if rows[-1] and x + tile.width > max_w:
            rows.append([])
            x = 0
        rows[-1].append(tile)
        x += tile.width + gap
    heights = [max((tile.height for tile in row), default=0) for row in rows]
    w = max((sum(tile.width for tile in row) + gap * (len(row) - 1) for row in rows), default=1)
    size = (max(w, 1), max(sum(heights) + row_gap * (len(rows) - 1), 1))
    # Flattened layers only (e.g. players' panels): an opaque canvas, so the board copies it whole.
    out = canvas(*size) if tiles and all(tile.mode == "RGB" for tile in tiles) else Image.new("RGBA", size, CLEAR)
    y = 0
    for row, h in zip(rows, heights, strict=True):
        x = 0
        for tile in row:
            if tile.mode == "RGBA":
                out.alpha_composite(tile, (x, y))
            else:  # a flattened layer: opaque, so a plain copy
                out.paste(tile, (x, y))
            x += tile.width + gap
        y += h + row_gap
    return out


@lru_cache(maxsize=2048)
def label(s: str, size: int = 20, weight="bold", fill=TEXT, max_w: int | None = None) -> Image.Image:
    """A line of outlined text as its own transparent tile (cached: text rendering dominates)."""
    fnt = font(size, weight)
    if max_w:
        s = fit(s, fnt, max_w)
    img = Image.new("RGBA", (int(fnt.getlength(s)) + 6, size + 10), CLEAR)
    text(ImageDraw.Draw(img), (3, 3), s, fnt, fill)
    return img


def column(parts: list[Image.Image], gap: int = 6) -> Image.Image:
    w = max(p.width for p in parts)
    out = Image.new("RGBA", (w, sum(p.height for p in parts) + gap * (len(parts) - 1)), CLEAR)
    y = 0
    for p in parts:
        out.alpha_composite(p.convert("RGBA"), (0, y))
        y += p.height + gap
    return out


def panel(content: Image.Image, w: int, pad: int = 16, fill=PANEL, edge=PANEL_EDGE) -> Image.Image:
    out = Image.new("RGBA", (w, content.height + 2 * pad), CLEAR)
    box(ImageDraw.Draw(out), (0, 0, w - 1, out.height - 1), fill=fill, edge=edge, radius=14)
    out.alpha_composite(content, (pad, pad))
    return out


def recent(lines: list[str], w: int, keep: int = 5, max_rows: int = 10) -> Image.Image:
    """The latest events, newest last, each wrapped to two lines at most, max_rows lines in all."""
    inner = w - 32
    fnt = font(18)
    wrapped = [t_ for line in lines[-keep:] for t_ in wrap(line, fnt, inner - 12)[:2]]
    rows = [label("Latest", 20, "bold", MUTED)] + [label(part, 18, "regular") for part in wrapped[-max_rows:]]
    return panel(column(rows, gap=2), w, fill=INSET)


# --- layers: draw only what changed ---------------------------------------------------------------

_LAYERS: list[OrderedDict] = []


def layer(maxsize: int = 64, flat: bool = False) -> Callable:
    """Cache a drawing function by the JSON of its arguments (views are plain data).

    Boards are built from such layers (a player's area, the header, a unit): after a move only the
    layers whose inputs changed are drawn again, the rest are pasted from this cache. Callers must
    not draw on a returned image (copy it first). Each worker process has its own cache.
    flat: keep the picture flattened onto the table colour (RGB), for parts laid straight onto the
    board, which are then copied rather than blended.
    """
    def wrap(fn: Callable[..., Image.Image]) -> Callable[..., Image.Image]:
        cache: OrderedDict[str, Image.Image] = OrderedDict()
        _LAYERS.append(cache)

        @wraps(fn)
        def drawn(*args, **kwargs) -> Image.Image:
            key = json.dumps([args, kwargs], sort_keys=True, separators=(",", ":"))
            if key in cache:
                cache.move_to_end(key)
                return cache[key]
            img = fn(*args, **kwargs)
            cache[key] = img = flatten(img) if flat and img is not None else img
            if len(cache) > maxsize:
                cache.popitem(last=False)  # the least recently used
            return img

        return drawn

    return wrap


def flatten(img: Image.Image) -> Image.Image:
    """An RGBA picture laid on the table colour, as RGB (transparent corners become the table)."""
    if img.mode != "RGBA":
        return img
    out = canvas(*img.size)
    out.paste(img, mask=img)
    return out


def clear_layers() -> None:
    """Forget every cached layer, label and badge (cold-start timing; tests that watch drawing)."""
    for cache in _LAYERS:
        cache.clear()
    label.cache_clear()
    pill_row.cache_clear()


def to_png(img: Image.Image) -> bytes:
    """Encode as PNG without metadata, shrinking so the long side is at most MAX_SIDE."""
    if img.mode == "RGBA":  # flatten transparent corners onto the table colour
        img = flatten(img)
    elif img.mode not in ("RGB", "L", "P"):  # "P": a palette picture a game chose to keep its bytes down
        img = img.convert("RGB")
    long_side = max(img.size)
    if long_side > MAX_SIDE:
        img = img.convert("RGB") if img.mode == "P" else img
        scale = MAX_SIDE / long_side
        img = img.resize((round(img.width * scale), round(img.height * scale)), Image.Resampling.LANCZOS)
    return encode(img)


def palette_image(img: Image.Image) -> Image.Image:
    """The RGB picture with at most PALETTE colours (FASTOCTREE, no dithering). The octree's cost
    grows with the pixels it reads, so for a big picture it reads an evenly spread sample of about
    PALETTE_SAMPLE pixels (every step-th pixel of every step-th row) and the picture is then mapped
    onto the colours found there. Measured on every game's pictures: 2-4x faster for boards, and as
    close to the drawn colours as the octree over every pixel (small pictures, where a sample
    shifted a card's background, are read whole)."""
    w, h = img.size
    step = int((w * h / PALETTE_SAMPLE) ** 0.5)
    if step < 2:
        return img.quantize(PALETTE, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    sample = img.resize((w // step, h // step), Image.Resampling.NEAREST)
    found = sample.quantize(PALETTE, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return img.quantize(palette=found, dither=Image.Dither.NONE)


def encode(img: Image.Image) -> bytes:
    """PNG bytes of an RGB (or L) image with the settings above, without metadata."""
    if img.mode == "RGB":
        img = palette_image(img)
    elif img.info:  # drop anything carried from a source image (text chunks, profiles)
        img = img.copy()
    img.info = {}
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


# --- header text shared by every game's board (views share players, pending and outcome) ---------


def seat_names(view: dict) -> dict[int, str]:
    return {p["seat"]: p["name"] for p in view["players"]}


def waiting(view: dict, quiet_kinds: tuple[str, ...] = ()) -> str:
    """Who the game waits on. A private decision's prompt (it may name hidden cards) stays off the public
    board, and so does the prompt of any kind in quiet_kinds: only the player's name is written."""
    names = seat_names(view)
    parts = []
    for dec in view.get("pending") or []:
        who = names.get(dec["seat"], f"seat {dec['seat'] + 1}")
        if dec.get("private") or dec.get("kind") in quiet_kinds:
            parts.append(who)
        else:  # engine prompts often start with the name already
            prompt = dec["prompt"]
            parts.append(prompt if prompt.startswith(who) else f"{who}: {prompt}")
    return "Waiting on " + "; ".join(dict.fromkeys(parts)) if parts else ""  # fromkeys: dedupe, keep order


def game_over(view: dict) -> tuple[str, str] | None:
    """(headline, reason) once the game is over, else None."""
    outcome = view.get("outcome")
    if not outcome:
        return None
    winners = " and ".join(seat_names(view)[s] for s in outcome["winners"])
    first = f"Game over: {winners} wins" if winners and not outcome["draw"] else "Game over: a draw"
    return first, outcome.get("reason") or ""
