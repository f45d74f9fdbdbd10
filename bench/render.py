"""Render + encode cost and bytes of every game's pictures (board, detail board, hand, card) beside a
bare-Pillow baseline of the same size, from the same run.

Each board is a public view made by the engine at a busy moment: Psi Wars during a battle with the
most units in play, Gods & Clans with the most units on the field (also with one unit's highlight),
Resonance on a four-player table during an attack, Futura in a four-seat engagement, Infinities
on a four-leader map at its largest (also with the acting leader's reach marked). The baseline
draws a few rectangles and lines of text on a canvas of the picture's size and encodes it with the
same PNG settings (images.theme.encode), so the ratio is what our layout costs. Times are CPU time
of this process (time.process_time): the machine is shared, and drawing is single-threaded.
"warm" is a running worker (caches filled by earlier boards); "cold" empties the game's caches.

python -m bench.render [--runs 12] [--no-lag] [--before GIT_REF]   (--before main: the old pictures too)
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageDraw

import images
from engine.core import get_game
from engine.infinities.cards import catalog as infinities_catalog
from images import clans, theme
from images.pool import RenderPool


def busy_battle_view(seed: str = "bench-render", seat: int | None = None) -> dict:
    """The public view (or a seat's), during a battle, with the most units in play over one AI game."""
    game = get_game("psiwars")
    state = game.setup({}, ["Ann", "Bob"], seed)
    best, most = None, -1
    while not state.finished:
        game.advance(state, game.ai_action(state, game.to_act(state)[0]))
        view = game.view(state, None)
        units = sum(len(p["units"]) for p in view["players"])
        if view["battle"] and view["battle"]["matchups"] and units > most:
            best, most = (view if seat is None else game.view(state, seat)), units
    return best


def busy_clans_state(seed: str = "bench-render"):
    """The clans state with the most units on the field over one AI game (or its first 600 moves)."""
    game = get_game("clans")
    state = game.setup({}, ["Ann", "Bob"], seed)
    best, most = None, -1
    while not state.finished and state.version < 600:
        game.advance(state, game.ai_action(state, game.to_act(state)[0]))
        if len(state.units) > most and not state.finished:
            best, most = state.model_copy(deep=True), len(state.units)
    return best


def busy_resonance_views(seed: str = "bench-render", players: int = 4) -> tuple[dict, dict]:
    """(public view, seat view of the player to act) during an attack, with the most units and Items in play."""
    game = get_game("resonance")
    state = game.setup({}, [f"P{i}" for i in range(players)], seed)
    best, most = None, -1
    while not state.finished and state.version < 2000:
        game.advance(state, game.ai_action(state, game.to_act(state)[0]))
        pieces = len(state.units) + sum(len(u.items) for u in state.units.values())
        if state.combat and pieces > most:
            best, most = (game.view(state, None), game.view(state, state.combat.seat)), pieces
    return best


def busy_infinities_state(seed: str = "bench-render", players: int = 4):
    """The Infinities Main-phase state with the most tiles on the map over one AI game (first 1,500 moves)."""
    game = get_game("infinities")
    state = game.setup({}, [f"P{i}" for i in range(players)], seed)
    best, most = None, -1
    while not state.finished and state.version < 1500:
        game.advance(state, game.ai_action(state, game.to_act(state)[0]))
        if state.phase == "main" and len(state.board) > most:
            best, most = state.model_copy(deep=True), len(state.board)
    return best


def clans_highlight(state, view: dict) -> dict:
    """The first unit that may move or attack, its options taken from the legal actions as the table would."""
    game = get_game("clans")
    actions = game.legal_actions(state, game.to_act(state)[0])
    unit = next((a.unit for a in actions if a.type in ("move", "attack")), None)
    if unit is None:
        return {}
    return clans.highlight_for(view, unit, [a.to for a in actions if a.type == "move" and a.unit == unit],
                               [a.target for a in actions if a.type == "attack" and a.unit == unit])


def bare(size: tuple[int, int]) -> bytes:
    img = Image.new("RGB", size, theme.BG)
    d = ImageDraw.Draw(img)
    fnt = theme.font(20)
    for i in range(12):
        d.rounded_rectangle((20, 20 + i * 100, size[0] - 20, 100 + i * 100), radius=12, fill=theme.PANEL)
        d.text((40, 40 + i * 100), f"Line {i} of bare text", font=fnt, fill=theme.TEXT)
    if not hasattr(theme, "encode"):  # an older images package (--before): its own PNG settings
        out = io.BytesIO()
        img.save(out, format="PNG", compress_level=theme.PNG_LEVEL)
        return out.getvalue()
    return theme.encode(img)


def median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.process_time()
        fn()
        times.append((time.process_time() - t) * 1000)
    return statistics.median(times)


def busy_futura_state(players: int = 4):
    """A Futura game of random moves at a busy moment: an engagement with a support in its second
    exchange, after turn 4 (the first seed of a fixed list that reaches one)."""
    game = get_game("futura")
    for seed in "abcdefghijk":
        state = game.setup({}, ["Ann", "Bob", "Cat", "Dan"][:players], seed)
        chooser = random.Random(seed)
        while not state.finished:
            game.advance(state, chooser.choice(game.legal_actions(state, game.to_act(state)[0])))
            f = state.fight
            if f and f.exchange >= 2 and f.support and state.turn > 4:
                return state
    raise RuntimeError("no busy Futura moment found")


def timings(fn, clear, runs: int) -> dict:
    """Render + encode of one picture (CPU time of this process, so other load on the machine counts
    less), warm and with cold caches, beside the bare-Pillow baseline of the same size."""
    png = fn()
    size = Image.open(io.BytesIO(png)).size
    warm, baseline, ratio = paired_ms(fn, lambda: bare(size), runs)  # warm: as in a running bot's worker
    cold = median_ms(lambda: (clear(), fn()), max(3, runs // 4))
    return {"size": list(size), "png_bytes": len(png), "median_ms": round(warm, 1),
            "cold_caches_median_ms": round(cold, 1), "baseline_bare_pillow_median_ms": round(baseline, 1),
            "ratio": round(ratio, 2)}


def paired_ms(fn, base, runs: int) -> tuple[float, float, float]:
    """Medians of `fn` and `base` timed in turns, and the median of their run-by-run ratios: load
    from others on the machine comes and goes, and this way it weighs on both alike."""
    pairs = []
    for _ in range(runs):
        pairs.append((median_ms(fn, 1), median_ms(base, 1)))
    ratios = [a / b for a, b in pairs if b > 0]
    return (statistics.median(a for a, _ in pairs), statistics.median(b for _, b in pairs),
            statistics.median(ratios) if ratios else float("nan"))


async def _lag_while_drawing(draw, view: dict, boards: int) -> float:
    """The event loop's worst lateness (ms) on a 5 ms ticker while `boards` boards are drawn,
    a few at a time, as a busy bot would."""
    worst, stop = 0.0, False

    async def ticker():
        nonlocal worst
        while not stop:
            t = time.perf_counter()
            await asyncio.sleep(0.005)
            worst = max(worst, (time.perf_counter() - t) * 1000 - 5)

    tick = asyncio.create_task(ticker())
    for _ in range(0, boards, 4):
        await asyncio.gather(*(draw("render_board", "psiwars", view) for _ in range(4)))
    stop = True
    await tick
    return worst


def loop_lag(view: dict, boards: int = 24) -> dict:
    """Threads (the old way) against worker processes (images.pool), same boards, same run."""
    threaded = RenderPool(workers=0)
    pool = RenderPool()
    try:
        pool.start()
        return {"boards": boards, "workers": pool.workers,
                "thread_max_lag_ms": round(asyncio.run(_lag_while_drawing(threaded.draw, view, boards)), 1),
                "process_pool_max_lag_ms": round(asyncio.run(_lag_while_drawing(pool.draw, view, boards)), 1)}
    finally:
        pool.close()


def cases() -> list[tuple[str, str, object]]:
    """(game, picture kind, a call that returns its PNG) for every game's board, detail board, hand and
    card, each at its busiest moment (see the functions above)."""
    out = []

    def add(game_id: str, public: dict, seat: dict | None, card: str, **options) -> None:
        out.append((game_id, "board", lambda: images.render_board(game_id, public, **options)))
        out.append((game_id, "board detail", lambda: images.render_board(game_id, public, detail=True, **options)))
        if seat is not None:
            out.append((game_id, "hand", lambda: images.render_hand(game_id, seat)))
        out.append((game_id, "card", lambda: images.render_card(game_id, card)))

    battle = busy_battle_view()
    add("psiwars", battle, busy_battle_view(seat=0), "W01")
    state = busy_clans_state()
    view = get_game("clans").view(state, None)
    hand_view = get_game("clans").view(get_game("clans").setup({}, ["Ann", "Bob"], "bench-render"), 0)
    add("clans", view, hand_view, "luminel")
    spec = clans_highlight(state, view)
    out.append(("clans", "board highlight", lambda v=view, s=spec: images.render_board("clans", v, highlight=s)))
    public, seat = busy_resonance_views()
    add("resonance", public, seat, "M01-0")
    inf = busy_infinities_state()
    game = get_game("infinities")
    mapped = game.view(inf, None)
    seat = game.to_act(inf)[0]
    add("infinities", mapped, game.view(inf, seat), next(iter(infinities_catalog().cards)))
    reach = game.highlight(mapped, [a for a in game.legal_actions(inf, seat) if a.type in ("attack", "move")])
    if reach:
        out.append(("infinities", "board highlight",
                    lambda: images.render_board("infinities", mapped, highlight=reach)))
    fut = busy_futura_state()
    add("futura", get_game("futura").view(fut, None), get_game("futura").view(fut, 0), "aegis_outpost")
    return out


def table(rows: list[dict]) -> str:
    head = f"{'':7} {'game':10} {'picture':16} {'size':>10} {'KB':>5} {'ms':>7} {'cold':>7} {'bare':>7} {'ratio':>6}"
    lines = [head] + [f"{r.get('code', 'now'):7} {r['game']:10} {r['picture']:16} {'x'.join(map(str, r['size'])):>10} "
                      f"{r['png_bytes'] / 1000:5.0f} {r['median_ms']:7.1f} {r['cold_caches_median_ms']:7.1f} "
                      f"{r['baseline_bare_pillow_median_ms']:7.1f} {r['ratio']:6.2f}" for r in rows]
    return "\n".join(lines)


def before(ref: str, runs: int) -> list[dict]:
    """The same pictures drawn by the images package of an earlier commit, timed in a child process of
    this run (views and bench from this checkout); pictures that code cannot draw are left out."""
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as old:
        archive = subprocess.run(["git", "-C", str(root), "archive", ref, "images"], check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", old], input=archive.stdout, check=True)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([old, str(root)])}
        out = subprocess.run([sys.executable, "-m", "bench.render", "--runs", str(runs), "--no-lag", "--json"],
                             cwd=old, env=env, check=True, capture_output=True, text=True).stdout
    return [{**r, "code": ref[:7]} for r in json.loads(out.splitlines()[-1])["pictures"]]


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(prog="python -m bench.render")
    ap.add_argument("--runs", type=int, default=12)
    ap.add_argument("--no-lag", action="store_true", help="skip the loop-lag measure (it starts worker processes)")
    ap.add_argument("--before", metavar="GIT_REF", help="also time the pictures of that commit's images/ package")
    ap.add_argument("--json", action="store_true", help="print only the JSON line")
    args = ap.parse_args(argv)
    rows = []
    for game_id, kind, fn in cases():
        module = images._module(game_id)
        try:
            rows.append({"game": game_id, "picture": kind, **timings(fn, module.clear_caches, args.runs)})
        except TypeError:  # an older images package (--before) without this option
            continue
    report = {"bench": "render", "cpu_time": True, "pictures": rows}
    if args.before:
        report["before"] = {"ref": args.before, "pictures": before(args.before, args.runs)}
    if not args.no_lag:
        report["loop_lag"] = loop_lag(busy_battle_view())
    if not args.json:
        old = report.get("before", {}).get("pictures", [])
        print(table(sorted(rows + old, key=lambda r: (r["game"], r["picture"], r.get("code", "~")))))
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    main()
