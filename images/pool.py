"""Drawing in worker processes, never in the event loop's process.

Pillow holds the GIL while it draws and encodes, so a board drawn in a thread of the bot's process
stalls every other interaction for its whole render. A pool of processes sized to the cores draws
instead. Workers come from a fork server that has already imported the picture modules (fonts
and static layers load once, then every worker is a cheap fork of that warm process).

ARBITER_RENDER_WORKERS sets the pool size; 0 draws in a thread instead (no extra processes).
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures as cf
import importlib
import multiprocessing as mp
import os
import threading
from typing import Any

_WARM_MODULES = ["images", "images.theme"]


def _warm() -> None:
    """Import every picture module in a fresh worker, so the first board is not a cold one."""
    import images

    for name in images.modules():
        importlib.import_module(name)


def _draw(name: str, args: tuple, options: dict) -> bytes:
    import images

    return getattr(images, name)(*args, **options)


def _workers_setting() -> int:
    raw = os.environ.get("ARBITER_RENDER_WORKERS", "").strip()
    if raw.isdigit():
        return int(raw)
    return max(1, os.cpu_count() or 1)


class RenderPool:
    """A lazily started process pool that survives a crashed worker (it is rebuilt once)."""

    def __init__(self, workers: int | None = None):
        self.workers = _workers_setting() if workers is None else workers
        self._executor: cf.ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _pool(self) -> cf.ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
                context = mp.get_context(method)
                if method == "forkserver":
                    context.set_forkserver_preload(_WARM_MODULES)
                self._executor = cf.ProcessPoolExecutor(self.workers, mp_context=context, initializer=_warm)
            return self._executor

    def _drop(self, broken: cf.ProcessPoolExecutor) -> None:
        with self._lock:
            if self._executor is broken:
                self._executor = None
        broken.shutdown(wait=False, cancel_futures=True)

    async def draw(self, name: str, *args: Any, **options: Any) -> bytes:
        """images.<name>(*args, **options) in a worker; in a thread when the pool size is 0."""
        loop = asyncio.get_running_loop()
        if self.workers == 0:
            return await asyncio.to_thread(_draw, name, args, options)
        for attempt in (1, 2):
            pool = self._pool()
            try:
                return await loop.run_in_executor(pool, _draw, name, args, options)
            except cf.process.BrokenProcessPool:
                self._drop(pool)  # a worker died (killed, out of memory): start afresh, once
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def draw_sync(self, name: str, *args: Any, **options: Any) -> bytes:
        """The same from synchronous code (a thread): it waits on a worker, holding no GIL."""
        if self.workers == 0:
            return _draw(name, args, options)
        return self._pool().submit(_draw, name, args, options).result()

    def start(self) -> None:
        """Start the workers now (at bot start-up) rather than on the first board."""
        if self.workers:
            pool = self._pool()
            for f in [pool.submit(_warm) for _ in range(self.workers)]:
                f.result()

    def close(self) -> None:
        with self._lock:
            pool, self._executor = self._executor, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


_shared: RenderPool | None = None


def shared_pool(workers: int | None = None) -> RenderPool:
    """The process-wide pool every caller shares (one set of workers per bot process); `workers`
    sizes it when it is first made (bot start-up passes the setting)."""
    global _shared
    if _shared is None:
        _shared = RenderPool(workers)
        atexit.register(_shared.close)  # stop the workers before the interpreter tears down
    return _shared


async def draw(name: str, *args: Any, **options: Any) -> bytes:
    return await shared_pool().draw(name, *args, **options)
