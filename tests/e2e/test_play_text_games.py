"""A game without pictures plays through Discord with text turn messages; with pictures, a board PNG."""

import images
from bot import create_bot
from store import Store
from table import TableService
from tests.fakediscord import bot_session


async def test_a_text_only_game_starts_against_the_ai_and_takes_a_move(fake, monkeypatch):
    monkeypatch.setattr(images, "GAMES", ("psiwars",))  # every playable game has pictures now: hide clans'
    service = TableService(await Store.open(":memory:"))
    try:
        alice = fake.add_member("alice")
        async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
            new = await fake.slash(alice, "game", "new", game="clans", opponent="ai")
            assert not new.failed and "against the AI" in new.content
            turn = fake.history()[-1]
            assert not turn.files  # no picture for this game, and no failure either
            assert "```" in turn.content and "ABCDEFGHI" in turn.content  # the text board instead
            panel = await fake.click(alice, turn, "Your move")
            assert panel.followups[-1].ephemeral and panel.followups[-1].buttons
        assert not fake.rejections
    finally:
        await service.close()


async def test_a_clans_turn_message_carries_the_board_picture(fake):
    service = TableService(await Store.open(":memory:"))
    try:
        alice = fake.add_member("alice")
        async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
            new = await fake.slash(alice, "game", "new", game="clans", opponent="ai")
            assert not new.failed
            turn = fake.history()[-1]
            assert list(turn.files) == ["board.png"] and turn.files["board.png"].startswith(b"\x89PNG")
        assert not fake.rejections
    finally:
        await service.close()
