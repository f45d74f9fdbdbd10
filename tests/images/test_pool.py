"""Boards drawn by the worker processes are the same pictures, and a dead worker is replaced."""

from __future__ import annotations

import os
import signal

import images
from images.pool import RenderPool
from tests.images.views import make_battle_view


async def test_a_worker_draws_the_same_png_as_the_bots_own_process():
    pool = RenderPool(workers=1)
    try:
        view = make_battle_view()
        assert await pool.draw("render_board", "psiwars", view) == images.render_board("psiwars", view)
    finally:
        pool.close()


async def test_a_killed_worker_is_replaced_and_the_board_still_arrives():
    pool = RenderPool(workers=1)
    try:
        first = await pool.draw("render_card", "psiwars", "W01")
        [pid] = list(pool._pool()._processes)
        os.kill(pid, signal.SIGKILL)
        assert await pool.draw("render_card", "psiwars", "W01") == first
        assert pid not in pool._pool()._processes
    finally:
        pool.close()


async def test_a_pool_of_size_zero_draws_in_a_thread_of_this_process():
    pool = RenderPool(workers=0)
    assert await pool.draw("render_card", "psiwars", "W01") == images.render_card("psiwars", "W01")
    assert pool._executor is None


async def test_the_detail_board_is_asked_for_through_the_pool():
    pool = RenderPool(workers=0)
    view = make_battle_view()
    detail = await pool.draw("render_board", "psiwars", view, detail=True)
    assert detail == images.render_board("psiwars", view, detail=True)
    assert detail != await pool.draw("render_board", "psiwars", view)
