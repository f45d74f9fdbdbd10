"""/game verify and /game log: an ended game replays from its revealed seed; tampering is caught."""

import pytest

from store import Store
from table import TableError, TableService


async def ai_game(svc: TableService, channel: str = "c1") -> int:
    table = await svc.create(channel, "g1", "psiwars", "host", "Host", None, seat_creator=False)
    await svc.add_ai(channel, "host")
    await svc.add_ai(channel, "host")
    update = await svc.start(channel, "host", seed="verify-me")
    assert update.finished  # two AI seats play the whole game inside start
    return table.game_id


@pytest.fixture
async def svc(db):
    service = TableService(await Store.open(db()))
    yield service
    await service.close()


async def test_a_finished_game_verifies_with_every_draw(svc):
    game_id = await ai_game(svc)
    verdict = await svc.verify(game_id)
    assert verdict.startswith("✅") and "verify-me" in verdict and "random draws" in verdict


async def test_a_tampered_stored_game_is_caught(svc):
    game_id = await ai_game(svc)
    row = await svc.store.get_game(game_id)
    forged = row.state.replace('"lab_hp":0', '"lab_hp":7', 1)
    assert forged != row.state
    await svc.store.raw_execute("UPDATE games SET state = ? WHERE id = ?", (forged, game_id))
    assert (await svc.verify(game_id)).startswith("❌")


async def test_a_changed_seed_breaks_the_commitment(svc):
    game_id = await ai_game(svc)
    await svc.store.raw_execute("UPDATE games SET seed = 'other' WHERE id = ?", (game_id,))
    assert "commitment" in await svc.verify(game_id)


async def test_a_running_game_keeps_its_seed_secret(svc):
    table = await svc.create("c2", "g1", "psiwars", "u1", "Ann")
    await svc.join("c2", "u2", "Bob")
    await svc.start("c2", "u1")
    with pytest.raises(TableError, match="has not ended"):
        await svc.verify(table.game_id)


async def test_the_log_export_is_public_only(svc):
    game_id = await ai_game(svc)
    text = await svc.log_text(game_id)
    assert text.startswith("Intergalactic Psi Wars, game #") and "wins" in text
    assert "You draw" not in text  # private draws stay private
