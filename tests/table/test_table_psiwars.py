"""Psi Wars through the real table service, when the engine is importable."""

import pytest

from table import TableService
from table.console import run_console
from table.replay import verify

pytest.importorskip("engine.psiwars")


@pytest.fixture(autouse=True)
def psiwars_playable():
    from engine.core import get_game
    try:
        get_game("psiwars")
    except KeyError as exc:
        pytest.skip(f"psiwars is not playable yet: {exc}")


async def test_a_person_against_the_ai_to_the_end(svc: TableService):
    await svc.create("chan", "guild", "psiwars", "alice", "Alice")
    await svc.add_ai("chan", "alice")
    update = await svc.start("chan", "alice", seed="table-psiwars")
    updates = [update]
    for _ in range(5000):
        if update.finished:
            break
        assert [s.user_id for s in update.to_act] == ["alice"]
        version, move = await svc.suggest(update.game_id, "alice", policy="random")
        update = await svc.act(update.game_id, "alice", move, version=version)
        updates.append(update)
    assert update.finished and update.result_text
    private = {line for u in updates for lines in u.private_events.values() for line in lines}
    for u in updates:
        assert private.isdisjoint(u.public_events)
    assert "hand" not in update.public_view
    await verify(svc.store, update.game_id)
    assert svc.bugs == []


def test_console_ai_against_ai(capsys):
    result = run_console("psiwars", ["ai", "ai"], seed="7")
    out = capsys.readouterr().out
    assert result.finished and f"Result: {result.result_text}" in out
    assert "The seed was 7;" in out
