"""Self-play statistics for one game: is the first seat favoured, is any content too strong?

python -m engine.balance <game> --games N [--players ai,ai] [--seed S] [--out reports]
                          [--config JSON] [--vary KEY=A,B,...]

Seats are rotated game by game (player kind i sits in seat (i + n) mod seats), so seat effects and
player-kind effects separate. `--vary decks=a,b,c` deals the set-up option `decks` round the table
too (every ordered choice in turn), so a deck's figure is not its seat's figure. Writes
reports/<game>/report.md and report.json, and PNG charts when the optional plotting extra is
installed (`pip install -e '.[balance]'`). Per-content figures come from the game's
`Game.content(state)` hook: what each seat brought (deck, clan, modules, leader).
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from engine.core import get_game
from engine.core.stats import Z95, seat_scores, wilson  # noqa: F401  (Z95 and wilson: re-exported)
from engine.simulate import pick


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0  # a draw counts half; a shared win counts 1 for each winner

    def add(self, score: float) -> None:
        self.games += 1
        self.wins += score

    def summary(self, baseline: float) -> dict:
        low, high = wilson(self.wins, self.games)
        rate = self.wins / self.games if self.games else 0.0
        return {"games": self.games, "win_rate": round(rate, 3), "ci95": [round(low, 3), round(high, 3)],
                "vs_mean": round(rate - baseline, 3), "significant": not low <= baseline <= high}


@dataclass
class Results:
    game: str
    players: list[str]
    seed: int
    config: dict = field(default_factory=dict)
    vary: tuple[str, list[str]] | None = None
    games: int = 0
    errors: int = 0
    seat: list[Tally] = field(default_factory=list)
    kind: dict[str, Tally] = field(default_factory=dict)
    content: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    lengths: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    draws: int = 0
    first: Tally = field(default_factory=Tally)  # the seat that took the game's first move


def play(game, kinds: list[str], seed: str, max_steps: int, config: dict | None = None) -> tuple[object, int, int]:
    """One game; returns (final state, moves, the seat that moved first). Some games roll for the
    first player, so the first mover is not always seat 1."""
    state = game.setup(config or {}, [f"{k}{i}" for i, k in enumerate(kinds)], seed)
    steps, first = 0, None
    with game.steady(state):
        while not state.finished:
            seat = game.to_act(state)[0]
            first = seat if first is None else first
            game.advance(state, pick(game, state, seat, kinds[seat]))
            steps += 1
            if steps > max_steps:
                raise RuntimeError(f"no end in {max_steps} steps")
    return state, steps, first or 0


def dealt(vary: tuple[str, list[str]], seats: int, i: int) -> dict:
    """The set-up option `vary` names for game i: every ordered choice of distinct values in turn
    (with repeats only when there are fewer values than seats). It moves every `seats` games, after
    a full rotation of the player kinds, so kinds and content do not go in step."""
    key, values = vary
    deals = list(itertools.permutations(values, seats)) or list(itertools.product(values, repeat=seats))
    return {key: list(deals[(i // seats) % len(deals)])}


def run(game_id: str, games: int, players: list[str], seed: int, max_steps: int = 100_000,
        config: dict | None = None, vary: tuple[str, list[str]] | None = None) -> Results:
    game = get_game(game_id)
    n = len(players)
    res = Results(game_id, players, seed, dict(config or {}), vary, seat=[Tally() for _ in range(n)],
                  kind={k: Tally() for k in dict.fromkeys(players)})
    for i in range(games):
        kinds = players[i % n:] + players[:i % n]  # rotate who sits where
        cfg = res.config | (dealt(vary, n, i) if vary else {})
        try:
            state, steps, first = play(game, kinds, f"{seed}-{i}", max_steps, cfg)
        except Exception:
            res.errors += 1
            continue
        res.games += 1
        res.lengths.append(steps)
        res.turns.append(state.turn)
        res.draws += bool(state.finished.draw)
        scores = seat_scores(state.finished, n)
        res.first.add(scores[first])
        for s, score in enumerate(scores):
            res.seat[s].add(score)
            res.kind[kinds[s]].add(score)
        for s, labels in game.content(state).items():
            for label in set(labels):
                res.content[label].add(scores[s])
    return res


def report(res: Results) -> dict:
    n = len(res.players)
    base = 1 / n
    lengths = sorted(res.lengths) or [0]
    content = {k: t.summary(base) for k, t in sorted(res.content.items())}
    z_all = family_z(len(content))
    for k, t in res.content.items():
        low, high = wilson(t.wins, t.games, z_all)
        content[k]["significant_all"] = not low <= base <= high
    return {
        "game": res.game, "players": res.players, "seed": res.seed, "games": res.games, "errors": res.errors,
        "draws": res.draws, "engine_version": engine_version(), "config": res.config,
        "vary": {res.vary[0]: res.vary[1]} if res.vary else {},
        "seats": [t.summary(base) for t in res.seat], "first_mover": res.first.summary(base),
        "player_kinds": {k: t.summary(base) for k, t in res.kind.items()},
        "length_steps": {"mean": round(statistics.fmean(lengths), 1), "median": statistics.median(lengths),
                         "p10": lengths[len(lengths) // 10], "p90": lengths[(9 * len(lengths)) // 10],
                         "max": lengths[-1]},
        "turns_mean": round(statistics.fmean(res.turns), 1) if res.turns else 0,
        "content": content,
        "outliers": sorted((k for k, v in content.items() if v["significant"]),
                           key=lambda k: -abs(content[k]["vs_mean"])),
        "outliers_all": sorted(k for k, v in content.items() if v["significant_all"]),
    }


def family_z(items: int) -> float:
    """The z of a 95% chance that none of `items` fair items is flagged (Bonferroni): with 50
    modules, about 2.5 fair ones fall outside their own 95% interval by luck alone."""
    return statistics.NormalDist().inv_cdf(1 - 0.05 / (2 * max(items, 1)))


def engine_version() -> str:
    """The commit the engine ran at, so a report can be reproduced ("unknown" outside git). Asks
    git itself: a worktree's .git is a file and refs may be packed, so reading HEAD by hand fails."""
    root = Path(__file__).resolve().parents[1]
    try:
        done = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=root, capture_output=True,
                              text=True, timeout=10, check=True)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return done.stdout.strip() or "unknown"


def markdown(rep: dict, charts: list[str]) -> str:
    pct = lambda v: f"{100 * v:.1f}%"  # noqa: E731
    ci = lambda s: f"{pct(s['ci95'][0])}–{pct(s['ci95'][1])}"  # noqa: E731
    lines = [f"# Balance report: {get_game(rep['game']).title}", "",
             f"{rep['games']} games of {', '.join(rep['players'])} (seats rotated), seed {rep['seed']}, "
             f"engine {rep['engine_version']}; errors {rep['errors']}, draws {rep['draws']}.",
             f"Reproduce: `{command(rep)}`", "",
             "## Seats", "", "| seat | games | win share | 95% interval |", "|---|---|---|---|"]
    lines += [f"| {i + 1} | {s['games']} | {pct(s['win_rate'])} | {ci(s)} |" for i, s in enumerate(rep["seats"])]
    first = rep["first_mover"]
    lines += [f"| first to act | {first['games']} | {pct(first['win_rate'])} | {ci(first)} |", "",
              "First to act: whichever seat took the game's first move (some games roll for it)."]
    lines += ["", "## Player kinds", "", "| kind | win share | 95% interval |", "|---|---|---|"]
    lines += [f"| {k} | {pct(s['win_rate'])} | {ci(s)} |" for k, s in rep["player_kinds"].items()]
    ln = rep["length_steps"]
    lines += ["", "## Game length", "",
              f"Moves per game: mean {ln['mean']}, median {ln['median']}, 10th–90th percentile "
              f"{ln['p10']}–{ln['p90']}, longest {ln['max']}; turns per game: mean {rep['turns_mean']}."]
    if rep["content"]:
        lines += ["", "## Content", "", "Win share of the seats that used it, against the mean share "
                  f"{pct(1 / len(rep['players']))}.", "",
                  "| content | games | win share | 95% interval | vs mean | significant |", "|---|---|---|---|---|---|"]
        lines += [f"| {k} | {s['games']} | {pct(s['win_rate'])} | {ci(s)} | {s['vs_mean']:+.3f} | "
                  f"{'yes' if s['significant'] else ''} |" for k, s in rep["content"].items()]
    lines += ["", "## Outliers", ""]
    lines += [f"- {k}: {pct(rep['content'][k]['win_rate'])} ({ci(rep['content'][k])})"
              + ("; an outlier even allowing for the number of items" if k in rep["outliers_all"] else "")
              for k in rep["outliers"]] or ["None: every interval contains the mean share."]
    if rep["outliers"]:
        k = len(rep["content"])
        lines += ["", f"With {k} items compared, about {0.05 * k:.1f} would fall outside their own 95% interval "
                  "by chance alone. Allowing for that (Bonferroni, a 95% chance of no false alarm among "
                  f"all {k}): {', '.join(rep['outliers_all']) or 'none'}."]
    lines += ["", "## Charts", ""]
    lines += [f"![{c}]({c})" for c in charts] + ["", "Bars in red are outliers (their interval excludes the mean)."] \
        if charts else ["Skipped: matplotlib is not installed (`pip install -e '.[balance]'`)."]
    return "\n".join(lines) + "\n"


def command(rep: dict) -> str:
    """The command line that makes this report again."""
    line = (f"python -m engine.balance {rep['game']} --games {rep['games'] + rep['errors']} "
            f"--players {','.join(rep['players'])} --seed {rep['seed']}")
    if rep.get("config"):
        line += f" --config '{json.dumps(rep['config'], separators=(',', ':'))}'"
    for key, values in rep.get("vary", {}).items():
        line += f" --vary {key}={','.join(values)}"
    return line


DPI = 80  # small files: a report's charts stay a few tens of kilobytes
MEAN, PLAIN, OUTLIER = "grey", "#4c72b0", "#c44e52"


def charts(rep: dict, res: Results, out: Path) -> list[str]:
    """PNG charts with matplotlib when the optional extra is installed; none otherwise. Uses the
    Agg backend: no display is needed, and a server has none."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    drawn = [("seats.png", seats_chart, (6, 3.5)), ("lengths.png", lengths_chart, (6, 3.5))]
    if rep["content"]:
        drawn.append(("content.png", content_chart, (7, max(3.0, 0.32 * len(rep["content"]) + 1))))
    for name, draw, size in drawn:
        fig, ax = plt.subplots(figsize=size)
        draw(ax, rep, res)
        fig.tight_layout()
        fig.savefig(out / name, dpi=DPI)
        plt.close(fig)
    return [name for name, _, _ in drawn]


def interval_bars(summaries: list[dict]) -> list[list[float]]:
    """Error bar lengths below and above each win share: its 95% interval."""
    return [[s["win_rate"] - s["ci95"][0] for s in summaries], [s["ci95"][1] - s["win_rate"] for s in summaries]]


def colours(summaries: list[dict]) -> list[str]:
    return [OUTLIER if s["significant"] else PLAIN for s in summaries]


def seats_chart(ax, rep: dict, res: Results) -> None:
    shown = rep["seats"] + [rep["first_mover"]]
    labels = [f"seat {i + 1}" for i in range(len(rep["seats"]))] + ["first to act"]
    ax.bar(labels, [s["win_rate"] for s in shown], yerr=interval_bars(shown), capsize=6, color=colours(shown))
    ax.axhline(1 / len(rep["seats"]), color=MEAN, linestyle="--")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win share")
    ax.set_title(f"Seat win shares, 95% intervals ({rep['games']} games)")


def lengths_chart(ax, rep: dict, res: Results) -> None:
    ax.hist(res.lengths or [0], bins=30, color="#55a868")
    ax.set_xlabel("moves per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")


def content_chart(ax, rep: dict, res: Results) -> None:
    items = sorted(rep["content"].items(), key=lambda kv: kv[1]["win_rate"])
    shown = [v for _, v in items]
    ax.barh([k for k, _ in items], [v["win_rate"] for v in shown], xerr=interval_bars(shown),
            color=colours(shown), capsize=3)
    ax.axvline(1 / len(rep["seats"]), color=MEAN, linestyle="--")
    ax.set_xlim(0, 1)
    ax.set_xlabel("win share when used (red: outlier)")
    ax.set_title("Content, 95% intervals")


def write(res: Results, root: Path) -> Path:
    out = root / res.game
    out.mkdir(parents=True, exist_ok=True)
    rep = report(res)
    made = charts(rep, res, out)
    (out / "report.json").write_text(json.dumps(rep, indent=1) + "\n")
    (out / "report.md").write_text(markdown(rep, made))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.balance", description=__doc__)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="ai,ai")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="reports")
    ap.add_argument("--config", default="{}", help="the game's set-up options as JSON")
    ap.add_argument("--vary", help="KEY=A,B,...: deal this set-up option round the table, e.g. decks=a,b")
    args = ap.parse_args(argv)
    vary = None
    if args.vary:
        key, _, values = args.vary.partition("=")
        vary = (key, values.split(","))
    res = run(args.game, args.games, args.players.split(","), args.seed, config=json.loads(args.config), vary=vary)
    out = write(res, Path(args.out))
    rep = report(res)
    print(json.dumps({"report": str(out / "report.md"), "seats": [s["win_rate"] for s in rep["seats"]],
                      "first_to_act": rep["first_mover"]["win_rate"],
                      "outliers": rep["outliers"], "errors": rep["errors"]}))
    return 1 if res.errors else 0


if __name__ == "__main__":
    sys.exit(main())
