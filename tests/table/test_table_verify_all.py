"""/game verify passes for finished games of every playable game, in every set-up mode and seat count.

Each game is played to its end by AI seats through the table service (the same path as Discord),
then replayed from its revealed seed and log.
"""

import pytest

from engine.core.registry import playable_games
from store import Store
from table import TableService

MODES = ({}, {"setup": "auto"}, {"setup": "choose"})


def cases():
    for game in playable_games():
        model = game.config_model()
        fields = model.model_fields if model is not None else {}
        modes = MODES if "setup" in fields else MODES[:1]
        for config in modes:
            for players in sorted({game.min_players, game.max_players}):
                yield pytest.param(game.id, config, players, id=f"{game.id}-{config.get('setup', 'default')}-{players}")


@pytest.mark.parametrize(("game", "config", "players"), list(cases()))
async def test_every_finished_game_verifies(game, config, players):
    svc = TableService(await Store.open(":memory:"))
    try:
        table = await svc.create("chan", "guild", game, "host", "Host", dict(config), seat_creator=False)
        for _ in range(players):
            await svc.add_ai("chan", "host")
        update = await svc.start("chan", "host", seed=f"verify-{game}-{players}")
        assert update.finished, "AI seats play the whole game inside start"
        verdict = await svc.verify(table.game_id)
        assert verdict.startswith("✅"), verdict
    finally:
        await svc.close()
