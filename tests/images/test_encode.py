"""The PNG encoder's palette: a big picture's colours found from a sample, a small one's from every pixel."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw, ImageStat

from images import theme


def _board(w: int, h: int) -> Image.Image:
    """Flat panels in a few theme colours with outlined text: what boards are made of."""
    img = theme.canvas(w, h)
    d = ImageDraw.Draw(img)
    fills = (theme.PANEL, theme.INSET, theme.ACCENT, theme.BAD)
    for row in range(h // 90):
        d.rounded_rectangle((10, 10 + row * 90, w - 10, 90 + row * 90), radius=10, fill=fills[row % len(fills)])
        theme.text(d, (30, 30 + row * 90), f"Row {row}: a line of text on a panel", theme.font(22))
    return img


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean) / 3


def test_a_small_picture_is_quantized_from_every_pixel():
    img = _board(300, 420)
    whole = img.quantize(theme.PALETTE, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    assert ImageChops.difference(theme.palette_image(img).convert("RGB"), whole.convert("RGB")).getbbox() is None


def test_a_big_picture_finds_its_palette_in_a_sample_and_keeps_its_colours(monkeypatch):
    img = _board(1600, 1500)
    searched: list[int] = []
    quantize = Image.Image.quantize

    def watched(self, colors=256, method=None, kmeans=0, palette=None, dither=Image.Dither.FLOYDSTEINBERG):
        if palette is None:  # a palette search: the octree reads every pixel it is given
            searched.append(self.width * self.height)
        return quantize(self, colors, method, kmeans, palette, dither)

    whole = img.quantize(theme.PALETTE, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    monkeypatch.setattr(Image.Image, "quantize", watched)
    out = theme.palette_image(img)
    assert out.mode == "P" and len(searched) == 1
    assert searched[0] <= 1.2 * theme.PALETTE_SAMPLE < img.width * img.height / 10
    # As close to the drawn colours as the octree over every pixel, and each panel keeps its colour
    # (the octree's buckets may move a channel by a step either way).
    assert _mean_difference(img, out) <= _mean_difference(img, whole) + 0.1
    flat = [colour for count, colour in out.convert("RGB").getcolors(1 << 16) if count > 10_000]
    for panel in (theme.PANEL, theme.INSET, theme.ACCENT, theme.BAD, theme.BG):
        assert any(max(abs(a - b) for a, b in zip(panel, colour, strict=True)) <= 2 for colour in flat), panel


def test_encoded_boards_are_palette_pngs():
    png = theme.encode(_board(1200, 1000))
    assert Image.open(io.BytesIO(png)).mode == "P"
