"""`/game new thread:True`: the game lives in a thread of the channel, so the channel stays quiet."""

from __future__ import annotations

from tests.e2e.helpers import arbiter, latest_turn


async def test_a_game_in_its_own_thread(fake, service):
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with arbiter(fake, service):
        new = await fake.slash(alice, "game", "new", game="mooncourt", thread=True)
        assert not new.failed and "opened a game of Moon Court" in new.content, new.content
        (thread,) = fake.threads(fake.channel)
        assert f"<#{thread.id}>" in new.content
        assert "joined" in (await fake.slash(bob, "game", "join", channel=thread)).content
        assert "has begun" in (await fake.slash(alice, "game", "start", channel=thread)).content
        await fake.settle()
        turn = latest_turn(fake, thread)
        assert turn.content.startswith(("<@", "**")) and turn.buttons  # the turn message is in the thread
        said_here = [m for m in fake.history() if m.author_id == fake.bot_user.id and m.interaction is None]
        assert said_here == []  # ...and nothing of the game was posted in the channel itself
    assert not fake.rejections, fake.rejections
