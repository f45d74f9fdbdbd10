"""The table's clock reaching Discord: reminders ping the awaited player, timeouts post the turn."""

from __future__ import annotations

import pytest

from cogs.play import PlayCog
from store import Store
from table import TableService

from .fakes import Bot

ALICE = 111


class FakeClock:
    now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def test_a_reminder_then_a_timeout_reach_the_channel(tmp_path):
    pytest.importorskip("engine.psiwars")
    clock = FakeClock()
    service = TableService(await Store.open(tmp_path / "t.db"), clock=clock)
    bot = Bot()
    play = PlayCog(bot, service)
    bot.cogs.update(Play=play)
    try:
        await service.create("10", "20", "psiwars", str(ALICE), "Alice", {"clock": {"quick": True}})
        await service.add_ai("10", str(ALICE))
        update = await service.start("10", str(ALICE), seed="cog-clock")
        await play.post_update(await service.get(update.game_id), update)
        turn_id = bot.channel.sent[-1]["id"]
        clock.now += 60
        [reminder] = await service.fire_due()
        msg = bot.channel.sent[-1]
        assert msg["content"].startswith(f"⏰ <@{ALICE}>, game #{update.game_id}")
        assert f"<t:{int(reminder.deadline)}:R>" in msg["content"]
        assert f"https://discord.com/channels/20/10/{turn_id}" in msg["content"]
        assert [u.id for u in msg["allowed_mentions"].users] == [ALICE]
        clock.now += 60
        [timeout] = await service.fire_due()
        msg = bot.channel.sent[-1]
        assert "Alice's clock ran out" in msg["content"]
        assert (await service.turn_message(update.game_id))[2] == timeout.update.version
    finally:
        await service.close()
