"""Render + encode time of the Psi Wars and Gods & Clans boards beside a bare-Pillow baseline.

Each board is a public view made by the engine: an AI game from a fixed seed, at the moment with the
most units on the table (for Psi Wars, during a battle). Clans is also timed with a highlight (one
unit's moves and attacks, built from the legal actions as the table would), and its opening hand. Resonance is
timed on a four-player table at its busiest moment during an attack, and on that moment's hand of the player
to act; Infinities on a four-leader map at its largest, plain and with the acting leader's reach marked. The baseline draws a
few rectangles and lines of text on a canvas of the board's size and encodes it with the same PNG
settings, so the ratio is what our layout costs.

python -m bench.render [--runs 20]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import random
import statistics
import time

from PIL import Image, ImageDraw

import images
from engine.core import get_game
from images import clans, futura, infinities, psiwars, resonance, theme
from images.pool import RenderPool


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


def timings(game_id: str, view: dict, module, runs: int, **options) -> dict:
    png = images.render_board(game_id, view, **options)
    size = Image.open(io.BytesIO(png)).size
    board = median_ms(lambda: images.render_board(game_id, view, **options), runs)  # warm, as in a running bot
    cold = median_ms(lambda: (module.clear_caches(), images.render_board(game_id, view, **options)), runs)
    baseline = median_ms(lambda: bare(size), runs)
    return {"size": list(size), "png_bytes": len(png), "board_median_ms": round(board, 1),
            "board_cold_caches_median_ms": round(cold, 1), "baseline_bare_pillow_median_ms": round(baseline, 1),
            "ratio": round(board / baseline, 2)}


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


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(prog="python -m bench.render")
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args(argv)
    battle = busy_battle_view()
    report = {"bench": "render", **timings("psiwars", battle, psiwars, args.runs)}
    report["loop_lag"] = loop_lag(battle)
    state = busy_clans_state()
    view = get_game("clans").view(state, None)
    report["clans"] = {"units": len(view["units"]), **timings("clans", view, clans, args.runs)}
    spec = clans_highlight(state, view)
    lit = timings("clans", view, clans, args.runs, highlight=spec)
    report["clans_highlight"] = {"tiles": sum(len(v) if isinstance(v, list) else 1 for v in spec.values()),
                                 "board_median_ms": lit["board_median_ms"],
                                 "board_cold_caches_median_ms": lit["board_cold_caches_median_ms"]}
    hand_view = get_game("clans").view(get_game("clans").setup({}, ["Ann", "Bob"], "bench-render"), 0)
    hand = lambda: images.render_hand("clans", hand_view)  # noqa: E731  the opening hand: every card but the God
    report["clans_hand"] = {"cards": len(hand_view["hand"]), "size": list(Image.open(io.BytesIO(hand())).size),
                            "median_ms": round(median_ms(hand, args.runs), 1),
                            "cold_caches_median_ms": round(median_ms(lambda: (clans.clear_caches(), hand()),
                                                                     args.runs), 1)}
    public, seat = busy_resonance_views()
    units = sum(len(p["animations"]) + 1 for p in public["players"])
    report["resonance"] = {"players": len(public["players"]), "units": units,
                           **timings("resonance", public, resonance, args.runs)}
    hand = lambda: images.render_hand("resonance", seat)  # noqa: E731
    me = seat["players"][seat["you"]]
    report["resonance_hand"] = {"cards": len(me["hand"]), "codex_deck": len(me["codex_deck"]),
                                "size": list(Image.open(io.BytesIO(hand())).size),
                                "median_ms": round(median_ms(hand, args.runs), 1),
                                "cold_caches_median_ms": round(median_ms(lambda: (resonance.clear_caches(), hand()),
                                                                         args.runs), 1)}
    report["infinities"] = infinities_timings(args.runs)
    fut = busy_futura_state()
    public = get_game("futura").view(fut, None)
    report["futura"] = {"players": len(public["players"]), **timings("futura", public, futura, args.runs)}
    seat = get_game("futura").view(fut, 0)
    hand = lambda: images.render_hand("futura", seat)  # noqa: E731
    report["futura_hand"] = {"cards": len(seat["players"][0]["hand"]),
                             "size": list(Image.open(io.BytesIO(hand())).size),
                             "median_ms": round(median_ms(hand, args.runs), 1)}
    print(json.dumps(report))
    return report


def infinities_timings(runs: int) -> dict:
    """Four leaders, the busiest map; the board, the same with the acting leader's reach and attacks
    marked, and the hand of the leader to act."""
    game = get_game("infinities")
    state = busy_infinities_state()
    view = game.view(state, None)
    out = {"tiles": len(view["tiles"]), **timings("infinities", view, infinities, runs)}
    seat = game.to_act(state)[0]
    spec = game.highlight(view, [a for a in game.legal_actions(state, seat) if a.type in ("attack", "move")])
    if spec:
        lit = timings("infinities", view, infinities, runs, highlight=spec)
        out["highlight_board_median_ms"] = lit["board_median_ms"]
    hand_view = game.view(state, seat)
    hand = lambda: images.render_hand("infinities", hand_view)  # noqa: E731
    out["hand"] = {"cards": len(hand_view["players"][seat]["hand"]), "png_bytes": len(hand()),
                   "median_ms": round(median_ms(hand, runs), 1)}
    return out


if __name__ == "__main__":
    main()
