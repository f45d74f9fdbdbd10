"""Golden-image checks shared by every game's picture tests.

UPDATE_GOLDEN=1 rewrites the golden files; a mismatch writes the new picture to tests/golden/_actual/.
"""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
ACTUAL = GOLDEN / "_actual"
TOLERANCE = 1.5  # mean absolute difference per channel (0-255): survives FreeType/zlib drift, not layout changes


def check_golden(name: str, png: bytes) -> None:
    path = GOLDEN / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN") or not path.exists():
        path.write_bytes(png)
        if not os.environ.get("UPDATE_GOLDEN"):
            pytest.fail(f"golden {path.name} was missing and has been written; check it and re-run")
    got = Image.open(io.BytesIO(png)).convert("RGB")
    want = Image.open(path).convert("RGB")
    diff = None if got.size != want.size else sum(ImageStat.Stat(ImageChops.difference(got, want)).mean) / 3
    if diff is None or diff > TOLERANCE:
        ACTUAL.mkdir(exist_ok=True)
        (ACTUAL / f"{name}.png").write_bytes(png)
        pytest.fail(f"{name}: size {got.size} vs {want.size}, mean difference {diff}; see {ACTUAL}")


def png_chunks(png: bytes) -> list[bytes]:
    """Chunk types of a PNG file, in order."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    types, pos = [], 8
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        types.append(kind)
        pos += 12 + length
    return types


def drawn_strings(monkeypatch, render, clear_caches) -> list[str]:
    """Every string Pillow draws while `render()` runs, caches emptied first so nothing is skipped."""
    clear_caches()
    seen: list[str] = []
    original = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        seen.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    render()
    return seen
