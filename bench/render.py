"""Render + encode time of the Psi Wars board beside a bare-Pillow baseline of the same size.

The board is a public view made by the engine: an AI game from a fixed seed, at the battle moment
with the most units on the table. The baseline draws a few rectangles and lines of text on a canvas
of the board's size and encodes it with the same PNG settings, so the ratio is what our layout costs.

python -m bench.render [--runs 20]
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import time

from PIL import Image, ImageDraw

import images
from engine.core import get_game
from images import psiwars, theme


def busy_battle_view(seed: str = "bench-render") -> dict:
    """The public view, during a battle, with the most units in play over one AI game."""
    game = get_game("psiwars")
    state = game.setup({}, ["Ann", "Bob"], seed)
    best, most = None, -1
    while not state.finished:
        game.advance(state, game.ai_action(state, game.to_act(state)[0]))
        view = game.view(state, None)
        units = sum(len(p["units"]) for p in view["players"])
        if view["battle"] and view["battle"]["matchups"] and units > most:
            best, most = view, units
    return best


def bare(size: tuple[int, int]) -> bytes:
    img = Image.new("RGB", size, theme.BG)
    d = ImageDraw.Draw(img)
    fnt = theme.font(20)
    for i in range(12):
        d.rounded_rectangle((20, 20 + i * 100, size[0] - 20, 100 + i * 100), radius=12, fill=theme.PANEL)
        d.text((40, 40 + i * 100), f"Line {i} of bare text", font=fnt, fill=theme.TEXT)
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=theme.PNG_LEVEL)
    return out.getvalue()


def median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(prog="python -m bench.render")
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args(argv)
    view = busy_battle_view()
    png = images.render_board("psiwars", view)
    size = Image.open(io.BytesIO(png)).size
    board = median_ms(lambda: images.render_board("psiwars", view), args.runs)  # warm, as in a running bot
    cold = median_ms(lambda: (psiwars.clear_caches(), images.render_board("psiwars", view)), args.runs)
    baseline = median_ms(lambda: bare(size), args.runs)
    report = {"bench": "render", "size": list(size), "png_bytes": len(png), "board_median_ms": round(board, 1),
              "board_cold_caches_median_ms": round(cold, 1),
              "baseline_bare_pillow_median_ms": round(baseline, 1), "ratio": round(board / baseline, 2)}
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    main()
