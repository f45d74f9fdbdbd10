"""Table service throughput without Discord: N games against the AI played at once.

Each game's person makes random legal moves by number through `TableService.act` (the AI answers
in the same call), on a file store, all games concurrently on one event loop. Prints moves
saved per second (people's and the AI's) by the wall clock and per CPU second of this process,
and the median time of one `act`. The bot's Discord work is left out: `bench.latency` has it.

python -m bench.service [--games 1,10,50] [--moves 10] [--game psiwars]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path


async def run(game: str, games: int, moves: int, db: Path) -> dict:
    from store import Store
    from table import TableService

    service = TableService(await Store.open(db))
    try:
        players = []
        for n in range(games):
            channel, user = f"chan-{n}", f"user-{n}"
            info = await service.create(channel, "guild", game, user, f"Player {n}")
            await service.add_ai(channel, user)
            await service.start(channel, user, seed=f"bench-service-{n}")
            players.append((info.game_id, user))
        acts: list[float] = []

        async def play(game_id: int, user: str) -> None:
            chooser = random.Random(game_id)
            for _ in range(moves):
                version, seat, legal = await service.legal_for(game_id, user)
                if seat is None or not legal:
                    return  # the game is over (or waits on nobody this person can move for)
                t = time.perf_counter()
                await service.act(game_id, user, chooser.randrange(len(legal)), version=version)
                acts.append((time.perf_counter() - t) * 1000)

        before = await _saved(service, players)
        wall, cpu = time.perf_counter(), time.process_time()
        await asyncio.gather(*(play(g, u) for g, u in players))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        saved = await _saved(service, players) - before
        return {"bench": "service", "game": game, "games": games, "acts": len(acts), "moves_saved": saved,
                "moves_per_s": round(saved / wall, 1), "moves_per_cpu_s": round(saved / cpu, 1),
                "act_ms_p50": round(statistics.median(acts), 2) if acts else None,
                "service_bugs": len(service.bugs)}
    finally:
        await service.close()


async def _saved(service, players: list[tuple[int, str]]) -> int:
    """Moves stored so far in these games."""
    count = 0
    for game_id, _ in players:
        count += len(await service.store.actions(game_id))
    return count


def main(argv=None) -> list[dict]:
    ap = argparse.ArgumentParser(prog="python -m bench.service", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="1,10,50", help="comma-separated numbers of concurrent games")
    ap.add_argument("--moves", type=int, default=10, help="moves each person makes")
    ap.add_argument("--game", default="psiwars")
    args = ap.parse_args(argv)
    reports = []
    with tempfile.TemporaryDirectory() as tmp:
        for games in (int(g) for g in args.games.split(",")):
            report = asyncio.run(run(args.game, games, args.moves, Path(tmp) / f"service-{games}.db"))
            print(json.dumps(report), flush=True)
            reports.append(report)
    return reports


if __name__ == "__main__":
    main()
