"""SQL for what people set and ask: server and user settings, standing answers, requests that
wait for approval (undo, replacement), seat changes in a running game, and ratings.

A mixin of Store: it uses Store's read and transaction helpers (the same SQL on both databases).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import AlreadySeated

DEFAULT_RATING = 1200.0
NO_GUILD = ""  # ratings and settings of games played outside a server (console, DMs)
ANSWERS_SQL = "SELECT seat, kind, answer FROM standing_answers WHERE game_id = ?"


def _answers(rows: list[Any]) -> dict[int, dict[str, str]]:
    found: dict[int, dict[str, str]] = {}
    for r in rows:
        found.setdefault(r["seat"], {})[r["kind"]] = r["answer"]
    return found


@dataclass(frozen=True)
class RequestRow:
    id: int
    game_id: int
    kind: str  # "undo" or "replace"
    user_id: str  # who asked
    version: int  # the game version it was asked at; any move since makes it stale
    payload: dict
    needs: tuple[str, ...]  # user ids whose approval it waits for
    approved: tuple[str, ...]
    status: str

    @property
    def missing(self) -> tuple[str, ...]:
        return tuple(u for u in self.needs if u not in self.approved)


@dataclass(frozen=True)
class RatingRow:
    user_id: str
    name: str
    rating: float
    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


class PeopleStore:
    # --- key/value settings ------------------------------------------------------------

    async def guild_setting(self, guild_id: str | None, key: str, default: Any = None) -> Any:
        rows = await self._all("SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?",
                               (guild_id or NO_GUILD, key))
        return json.loads(rows[0]["value"]) if rows else default

    async def set_guild_setting(self, guild_id: str | None, key: str, value: Any) -> None:
        await self._upsert("guild_settings", "guild_id", guild_id or NO_GUILD, key, value)

    async def user_setting(self, user_id: str, key: str, default: Any = None) -> Any:
        rows = await self._all("SELECT value FROM user_settings WHERE user_id = ? AND key = ?", (user_id, key))
        return json.loads(rows[0]["value"]) if rows else default

    async def set_user_setting(self, user_id: str, key: str, value: Any) -> None:
        await self._upsert("user_settings", "user_id", user_id, key, value)

    async def _upsert(self, table: str, owner_column: str, owner: str, key: str, value: Any) -> None:
        async with self._transaction() as conn:
            if value is None:
                await conn.execute(f"DELETE FROM {table} WHERE {owner_column} = ? AND key = ?", (owner, key))
                return
            await conn.execute(
                f"INSERT INTO {table} ({owner_column}, key, value) VALUES (?, ?, ?) "
                f"ON CONFLICT ({owner_column}, key) DO UPDATE SET value = excluded.value",
                (owner, key, json.dumps(value)))

    async def set_config(self, game_id: int, config: dict) -> None:
        async with self._transaction() as conn:
            await conn.execute("UPDATE games SET config = ?, updated_at = ? WHERE id = ?",
                               (json.dumps(config), time.time(), game_id))

    # --- standing answers --------------------------------------------------------------

    async def standing_answers(self, game_id: int) -> dict[int, dict[str, str]]:
        """seat -> {decision kind: answer} (the store's own copy when kept: read, never change)."""
        found, answers = self.memory.get("answers", game_id)
        if found:
            return answers
        mark = self.memory.mark(game_id)
        answers = _answers(await self._all(ANSWERS_SQL, (game_id,)))
        self.memory.put("answers", game_id, answers, mark)
        return answers

    async def game_and_answers(self, game_id: int) -> tuple[Any, dict[int, dict[str, str]]]:
        """The game's row (None if there is none) and its standing answers, in one read (or none,
        when both are kept in memory): the table asks for both before every run of automatic moves."""
        (has_row, row), (has_answers, answers) = self.memory.get("game", game_id), self.memory.get("answers", game_id)
        if has_row and has_answers:
            return row, answers
        mark = self.memory.mark(game_id)

        async def body(c) -> tuple[Any, dict[int, dict[str, str]]]:
            return await self._game(c, game_id), _answers(await c.fetch(ANSWERS_SQL, (game_id,)))

        row, answers = await self._db.run(body, write=False)
        if row is not None:
            self.memory.put("game", game_id, row, mark)
            self.memory.put("answers", game_id, answers, mark)
        return row, answers

    async def set_standing_answer(self, game_id: int, seat: int, kind: str, answer: str | None) -> None:
        async with self._transaction() as conn:
            if answer is None:
                await conn.execute("DELETE FROM standing_answers WHERE game_id = ? AND seat = ? AND kind = ?",
                                   (game_id, seat, kind))
                return
            await conn.execute(
                "INSERT INTO standing_answers (game_id, seat, kind, answer) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id, seat, kind) DO UPDATE SET answer = excluded.answer",
                (game_id, seat, kind, answer))

    async def clear_standing_answers(self, game_id: int, seat: int) -> None:
        async with self._transaction() as conn:
            await conn.execute("DELETE FROM standing_answers WHERE game_id = ? AND seat = ?", (game_id, seat))

    # --- requests awaiting approval ----------------------------------------------------

    async def open_request(self, game_id: int, kind: str, user_id: str, version: int, needs: list[str],
                           payload: dict | None = None) -> RequestRow:
        """A new ask; any older open ask of the game lapses (one question at a time)."""
        async with self._transaction() as conn:
            await conn.execute("UPDATE requests SET status = 'expired' WHERE game_id = ? AND status = 'open'",
                               (game_id,))
            request_id = await self._insert(
                conn, "INSERT INTO requests (game_id, kind, user_id, version, payload, needs, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, kind, user_id, version, json.dumps(payload or {}), json.dumps(needs), time.time()))
        return await self.request(request_id)

    async def request(self, request_id: int) -> RequestRow | None:
        if not -2 ** 63 <= request_id < 2 ** 63:  # beyond 64-bit integers: no such request
            return None
        rows = await self._all("SELECT * FROM requests WHERE id = ?", (request_id,))
        return _request_row(rows[0]) if rows else None

    async def approve_request(self, request_id: int, user_id: str) -> RequestRow | None:
        """Record one approval of an open request; None if it is no longer open."""
        async with self._transaction() as conn:
            rows = await conn.fetch("SELECT * FROM requests WHERE id = ? AND status = 'open'" + self._db.lock_rows,
                                    (request_id,))
            if not rows:
                return None
            approved = sorted(set(json.loads(rows[0]["approved"])) | {user_id})
            await conn.execute("UPDATE requests SET approved = ? WHERE id = ?", (json.dumps(approved), request_id))
        return await self.request(request_id)

    async def close_request(self, request_id: int, status: str) -> bool:
        """open -> done / refused / expired; False if it was not open any more."""
        async with self._transaction() as conn:
            return await conn.execute("UPDATE requests SET status = ? WHERE id = ? AND status = 'open'",
                                      (status, request_id)) == 1

    # --- seats in a running game -------------------------------------------------------

    async def replace_seat(self, game_id: int, seat: int, user_id: str, *, is_ai: bool) -> None:
        """Hand a seat to another member or the AI. The seat keeps its name: the game's log and its
        replay know the seat by that name."""
        try:
            async with self._transaction() as conn:
                await conn.execute("UPDATE seats SET user_id = ?, is_ai = ? WHERE game_id = ? AND seat = ?",
                                   (user_id, int(is_ai), game_id, seat))
                await conn.execute("DELETE FROM standing_answers WHERE game_id = ? AND seat = ?", (game_id, seat))
        except self._db.integrity as exc:
            raise AlreadySeated(f"{user_id} already sits at game {game_id}") from exc

    async def log_events(self, game_id: int, events: list) -> None:
        """Log table events (LoggedEvent) at the game's current version, outside any move."""
        async with self._transaction() as conn:
            (version,) = (await conn.fetch("SELECT version FROM games WHERE id = ?", (game_id,)))[0]
            await self._log_events(conn, game_id, version, events, time.time())

    async def mark_conceded(self, game_id: int, seat: int) -> None:
        async with self._transaction() as conn:
            await conn.execute("UPDATE seats SET conceded = 1 WHERE game_id = ? AND seat = ?", (game_id, seat))

    # --- ratings -----------------------------------------------------------------------

    async def rate_game(self, game_id: int, guild_id: str | None, game: str,
                        results: dict[str, tuple[str, float]],
                        new_ratings: Callable[[dict[str, float], dict[str, float]], dict[str, float]]) -> bool:
        """Count a finished game once: results is user id -> (name, score 1/0.5/0);
        new_ratings(old ratings, scores) -> new ratings. False if it was counted before."""
        guild = guild_id or NO_GUILD
        async with self._transaction() as conn:
            if await conn.execute("INSERT INTO rated_games (game_id, at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                                  (game_id, time.time())) != 1:
                return False
            old = {uid: DEFAULT_RATING for uid in results}
            marks = ", ".join("?" for _ in results)
            for r in await conn.fetch(f"SELECT user_id, rating FROM ratings WHERE guild_id = ? AND game = ?"
                                       f" AND user_id IN ({marks})", (guild, game, *results)):
                old[r["user_id"]] = r["rating"]
            scores = {uid: score for uid, (_, score) in results.items()}
            updated = new_ratings(old, scores)
            for uid, (name, score) in results.items():
                won, lost, drew = int(score == 1), int(score == 0), int(score == 0.5)
                await conn.execute(
                    "INSERT INTO ratings (guild_id, game, user_id, name, rating, wins, losses, draws)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
                    " name = excluded.name, rating = excluded.rating, wins = ratings.wins + excluded.wins,"
                    " losses = ratings.losses + excluded.losses, draws = ratings.draws + excluded.draws",
                    (guild, game, uid, name, updated[uid], won, lost, drew))
        return True

    async def leaderboard(self, guild_id: str | None, game: str, limit: int = 10) -> list[RatingRow]:
        rows = await self._all(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? ORDER BY rating DESC, wins DESC, user_id"
            " LIMIT ?", (guild_id or NO_GUILD, game, limit))
        return [RatingRow(r["user_id"], r["name"], r["rating"], r["wins"], r["losses"], r["draws"]) for r in rows]

    async def rating_of(self, guild_id: str | None, game: str, user_id: str) -> RatingRow | None:
        rows = await self._all("SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
                               (guild_id or NO_GUILD, game, user_id))
        r = rows[0] if rows else None
        return RatingRow(r["user_id"], r["name"], r["rating"], r["wins"], r["losses"], r["draws"]) if r else None


def _request_row(r: Any) -> RequestRow:
    return RequestRow(id=r["id"], game_id=r["game_id"], kind=r["kind"], user_id=r["user_id"], version=r["version"],
                      payload=json.loads(r["payload"]), needs=tuple(json.loads(r["needs"])),
                      approved=tuple(json.loads(r["approved"])), status=r["status"])
