"""How strong the AI plays: "ai=easy|normal|hard" in a lobby's settings, for AI seats and for
stand-ins alike; the search level thinks in a worker process."""

from __future__ import annotations

import pytest

from table import TableError, TableService
from table.thinking import ThinkPool


class Recording(ThinkPool):
    """Thinks in place and remembers the level each move was asked at."""

    def __init__(self):
        super().__init__(workers=0)
        self.asked: list[str] = []

    async def choose(self, game, state, seat, level):
        self.asked.append(level)
        return await super().choose(game, state, seat, level)


def test_the_level_is_read_out_of_the_settings_text(svc):
    assert svc.parse_options("testduel", "ai=hard") == {"ai": "hard"}
    assert svc.parse_options("testduel", " AI = Easy ") == {"ai": "easy"}
    assert svc.parse_options("testduel", "") == {}


def test_an_unknown_level_is_refused_in_words(svc):
    with pytest.raises(TableError) as err:
        svc.parse_options("testduel", "ai=godlike")
    assert str(err.value) == "The AI plays easy, normal or hard (not “godlike”)."


@pytest.mark.parametrize("level", ["easy", "hard"])
async def test_ai_seats_play_at_the_lobby_level(store, level):
    svc = TableService(store, thinking=Recording())
    await svc.create("chan", None, "testduel", "alice", "Alice", svc.parse_options("testduel", f"ai={level}"))
    await svc.add_ai("chan", "alice")
    update = await svc.start("chan", "alice", seed="levels")
    while not update.finished:
        update = await svc.act(update.game_id, "alice", 0, version=update.version)
    assert svc.thinking.asked and set(svc.thinking.asked) == {level}
    assert svc.bugs == []


async def test_without_a_level_the_ai_plays_normal(store):
    svc = TableService(store, thinking=Recording())
    await svc.create("chan", None, "testduel", "alice", "Alice")
    await svc.add_ai("chan", "alice")
    update = await svc.start("chan", "alice", seed="levels")
    await svc.act(update.game_id, "alice", 0, version=update.version)
    assert set(svc.thinking.asked) == {"normal"}


async def test_the_search_level_thinks_in_a_worker_process(store):
    pool = ThinkPool(workers=1, seconds=0.2)
    try:
        svc = TableService(store, thinking=pool)
        # A real game: the worker is a fresh process that knows only the registered games.
        await svc.create("chan", None, "mooncourt", "alice", "Alice", {"ai": "hard"})
        await svc.add_ai("chan", "alice")
        update = await svc.start("chan", "alice", seed="worker")
        for _ in range(3):
            update = await svc.act(update.game_id, "alice", 0, version=update.version)
        assert pool._executor is not None  # the AI's moves came from the worker...
        assert svc.bugs == []  # ...and were legal
    finally:
        pool.close()


def test_the_settings_autocomplete_offers_the_ai_levels(svc):
    assert ("ai = hard", "ai=hard") in svc.option_choices("testduel", "ai=h")
    assert any(text == "ai=normal" for _, text in svc.option_choices("testduel", "ai"))
