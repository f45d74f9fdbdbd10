"""The offline console table: play any game in a terminal through the same TableService.

Seats are "human" (typed at the keyboard; two or more share the terminal), "ai" (the game's
AI, moved by the service itself) or "random" (a uniformly random legal move). Board images
are written when the images package offers render_board(game, view) -> bytes.

    python -m table.console --players human,ai               the first playable game
    python -m table.console --game <id> --players ai,ai --seed 7
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

from engine.core import IllegalAction, get_game, playable_games
from store import Store

from .errors import TableError
from .models import TableInfo, Update
from .service import TableService

CHANNEL = "console"
HOST = "console:host"
KINDS = ("human", "ai", "random")
MAX_TURNS = 100_000  # a console game that runs longer than this is stuck, not long
HIDDEN_FROM_SUMMARY = {"game", "recent", "pending", "you", "version", "seed_commitment"}


class ConsoleQuit(Exception):
    """The person at the keyboard stopped; the game stays saved."""


class ConsoleTable:
    def __init__(self, svc: TableService, *, interactive: bool, out: Path | None,
                 ask: Callable[[str], str] = input, say: Callable[[str], None] = print):
        self.svc = svc
        self.interactive = interactive
        self.out = out
        self.ask = ask
        self.say = say
        self.unread: dict[int, list[str]] = defaultdict(list)  # private lines held for their seat
        self.last_human: str | None = None
        self._render = _board_renderer() if out else None

    # --- set-up ------------------------------------------------------------------------

    async def open(self, game: str, kinds: Sequence[str], seed: str | None, *, resume: bool) -> Update:
        existing = await self.svc.table_in(CHANNEL)
        if existing is not None and resume and existing.status == "active":
            self.say(f"Resuming game #{existing.game_id} of {existing.title} at version {existing.version}.")
            return await self._resume(existing)
        if existing is not None:
            await self.svc.abort(CHANNEL, HOST, is_admin=True)
            self.say(f"(Closed the unfinished console game #{existing.game_id}; use --resume to continue one.)")
        await self.svc.create(CHANNEL, None, game, HOST, "Console", seat_creator=False)
        for i, kind in enumerate(kinds, start=1):
            if kind == "ai":
                await self.svc.add_ai(CHANNEL, HOST)
            else:
                await self.svc.join(CHANNEL, f"{kind}:{i}", f"{'Player' if kind == 'human' else 'Random'} {i}")
        return await self.svc.start(CHANNEL, HOST, seed)

    async def _resume(self, info: TableInfo) -> Update:
        return await self.svc.run_ai(info.game_id) or await self.svc.current(info.game_id)

    # --- play --------------------------------------------------------------------------

    async def play(self, update: Update) -> Update:
        game_id = update.game_id
        self.tell(update)
        for _ in range(MAX_TURNS):
            if update.finished:
                break
            mover = next((s for s in update.to_act if not s.is_ai), None)
            if mover is None:  # waiting only on AI seats the service did not move (a bug, logged)
                nxt = await self.svc.run_ai(game_id)
                if nxt is None:
                    self.say("The game is stuck waiting on its AI; stopping.")
                    break
                update = nxt
            elif mover.user_id.startswith("random:"):
                version, move = await self.svc.suggest(game_id, mover.user_id, policy="random")
                update = await self.svc.act(game_id, mover.user_id, move, version=version)
            else:
                update = await self.human_turn(game_id, mover)
            self.tell(update)
        if update.finished:
            self.say(f"Result: {update.result_text}")
            if self._render and not self.interactive:
                info = await self.svc.get(game_id)
                await self.write_board(info.game, update.public_view, game_id=game_id)
        return update

    def tell(self, update: Update) -> None:
        for line in update.public_events:
            self.say(line)
        for seat, lines in update.private_events.items():
            self.unread[seat].extend(lines)

    async def human_turn(self, game_id: int, mover) -> Update:
        info = await self.svc.get(game_id)
        humans = [s for s in info.seats if s.user_id.startswith("human:")]
        if len(humans) > 1 and self.last_human != mover.user_id:
            # A shared terminal: the next hand is shown only once its owner has the keyboard.
            self._read(f"\nPass the terminal to {mover.name} and press Enter. ")
        self.last_human = mover.user_id
        await self.show_board(info, mover)
        while True:
            version, seat, legal = await self.svc.legal_for(game_id, mover.user_id)
            self.say(f"\n{mover.name}, choose a move:")
            for n, action in enumerate(legal, start=1):
                self.say(f"  {n:>3}. {action.label()}")
            answer = self._read("Number (b = board, q = quit): ").strip().lower()
            if answer == "q":
                raise ConsoleQuit()
            if answer == "b":
                await self.show_board(info, mover)
                continue
            if not answer.isdigit() or not 1 <= int(answer) <= len(legal):
                self.say(f"Type a number from 1 to {len(legal)}.")
                continue
            try:
                return await self.svc.act(game_id, mover.user_id, int(answer) - 1, version=version)
            except (TableError, IllegalAction) as refused:
                self.say(f"Refused: {refused}")

    async def show_board(self, info: TableInfo, mover) -> None:
        public = await self.svc.view(info.game_id, None)
        mine = await self.svc.view(info.game_id, mover.user_id)
        self.say(f"\n=== {info.title}, game #{info.game_id}, version {public.get('version', info.version)} ===")
        self.say(board_text(info.game, public))
        seat = next(s.seat for s in info.seats if s.user_id == mover.user_id)
        for line in self.unread.pop(seat, []):
            self.say(f"(only you) {line}")
        for key, value in mine.items():
            if key not in ("recent", "you", "pending") and public.get(key) != value:
                self.say(f"Your {key.replace('_', ' ')}: {_brief(value)}")
        for line in await self.svc.briefing(info.game_id, mover.user_id):  # the prompt in words, never JSON
            self.say(f"  {line}")
        if self._render:
            await self.write_board(info.game, public, game_id=info.game_id)

    async def write_board(self, game: str, view: dict, *, game_id: int) -> None:
        try:
            png = await asyncio.to_thread(self._render, game, view)
            self.out.mkdir(parents=True, exist_ok=True)
            path = self.out / f"game{game_id}-v{view.get('version', 0)}.png"
            path.write_bytes(png)
            self.say(f"(board image: {path})")
        except Exception as exc:  # images are a nicety; the text board is enough to play
            self.say(f"(board image skipped: {exc})")
            self._render = None

    def _read(self, prompt: str) -> str:
        try:
            return self.ask(prompt)
        except EOFError as exc:
            raise ConsoleQuit() from exc


def board_text(game: str, view: dict) -> str:
    """The public view as lines of text: the game's own summary if it has one, else generic."""
    try:
        custom = getattr(get_game(game), "board_text", None)
    except (KeyError, ModuleNotFoundError):
        custom = None
    text = custom(view) if callable(custom) else None
    if text is not None:
        return text
    lines, scalars = [], []
    for key, value in view.items():
        if key in HIDDEN_FROM_SUMMARY or value in (None, [], {}):
            continue
        if isinstance(value, list) and all(isinstance(v, dict) for v in value):
            lines += [f"{key}: {_brief_dict(v)}" for v in value]
        elif isinstance(value, (dict, list)):
            lines.append(f"{key}: {_brief(value)}")
        else:
            scalars.append(f"{key}: {value}")
    return "\n".join([" | ".join(scalars), *lines])


def _brief(value) -> str:
    if isinstance(value, dict):
        named = value.get("name") or value.get("card") or value.get("iid")
        if named is not None:
            return str(named)
        return ", ".join(f"{k.replace('_', ' ')} {_brief(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_brief(v) for v in value) or "-"
    return str(value)


def _brief_dict(item: dict) -> str:
    parts = []
    for key, value in item.items():
        if isinstance(value, list):
            parts.append(f"{key}={len(value)}" if value and isinstance(value[0], dict) else f"{key}=[{_brief(value)}]")
        elif not isinstance(value, dict):
            parts.append(f"{key}={value}")
    return " ".join(parts)


def _board_renderer() -> Callable[[str, dict], bytes] | None:
    """images.render_board drawn in a worker process, as in the bot; None without the images package."""
    try:
        from images.pool import shared_pool
    except Exception:  # missing or half-written: play on without pictures
        return None
    return lambda game, view: shared_pool().draw_sync("render_board", game, view)


def default_game() -> str:
    """The game the console plays when none is named: the first playable one."""
    return playable_games()[0].id


def _kinds(players: Sequence[str]) -> list[str]:
    kinds = [p.strip().lower() for p in players]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        raise ValueError(f"Unknown player kind {unknown[0]!r}; use {', '.join(KINDS)}.")
    return kinds


async def play_console(game: str | None = None, players: Sequence[str] = ("human", "ai"), seed: str | None = None,
                       *, interactive: bool = True, db: str | Path = ":memory:", out: str | Path | None = None,
                       resume: bool = False, ask: Callable[[str], str] = input,
                       say: Callable[[str], None] = print) -> Update | None:
    """Play one game to its end (or until the person quits: returns None, the game stays saved).
    Without a game id, the first playable game."""
    kinds = _kinds(players)
    game = game or default_game()
    if not interactive and "human" in kinds:
        raise ValueError("A human player needs interactive mode.")
    svc = TableService(await Store.open(db))
    try:
        table = ConsoleTable(svc, interactive=interactive, out=Path(out) if out else None, ask=ask, say=say)
        try:
            return await table.play(await table.open(game, kinds, seed, resume=resume))
        except ConsoleQuit:
            say("\nStopped. The game is saved" + ("; --resume continues it." if str(db) != ":memory:" else "."))
            return None
    finally:
        await svc.close()


def run_console(game: str | None = None, players: Sequence[str] = ("ai", "ai"), seed: str | None = "7",
                interactive: bool = False, **options) -> Update | None:
    """Synchronous entry: play a whole game and print its public events and result."""
    return asyncio.run(play_console(game, players, seed, interactive=interactive, **options))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="arbiter --console", description="Play an Arbiter game in the terminal.")
    parser.add_argument("--game", default=None,
                        help=f"game id: {', '.join(g.id for g in playable_games())} (default {default_game()})")
    parser.add_argument("--players", default="human,ai",
                        help="comma-separated seats: human, ai or random (default human,ai)")
    parser.add_argument("--seed", default=None, help="the game's seed (default: a fresh random one)")
    parser.add_argument("--out", default=None,
                        help="folder for board PNGs (default console-out/ when a human plays)")
    parser.add_argument("--db", default=None,
                        help="store file (default arbiter-console.db when a human plays, else in memory)")
    parser.add_argument("--resume", action="store_true", help="continue the unfinished console game in --db")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")

    try:
        kinds = _kinds(args.players.split(","))
    except ValueError as exc:
        parser.error(str(exc))
    interactive = "human" in kinds or args.resume
    db = args.db or ("arbiter-console.db" if interactive or args.resume else ":memory:")
    out = args.out or ("console-out" if interactive else None)
    try:
        result = asyncio.run(play_console(args.game, kinds, args.seed, interactive=interactive, db=db,
                                          out=out, resume=args.resume))
    except TableError as refused:
        print(refused.message, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nInterrupted; the game is saved up to the last move.", file=sys.stderr)
        return 130
    return 0 if result is None or result.finished else 1


if __name__ == "__main__":
    sys.exit(main())
