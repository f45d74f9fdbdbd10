"""/game verify and /game log through Discord."""

from bot import create_bot
from store import Store
from table import TableService
from tests.fakediscord import bot_session


async def test_verify_and_log_after_a_game_ends(fake):
    service = TableService(await Store.open(":memory:"))
    try:
        alice = fake.add_member("alice")
        async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
            running = await fake.slash(alice, "game", "new", game="psiwars", opponent="ai")
            assert not running.failed
            early = await fake.slash(alice, "game", "verify")
            assert early.ephemeral and "has not ended" in early.content
            await fake.slash(alice, "game", "abort")  # an ended game reveals its seed
            verdict = await fake.slash(alice, "game", "verify")
            assert verdict.content.startswith("✅") and not verdict.ephemeral
            log = await fake.slash(alice, "game", "log")
            (text,) = log.message.files.values()
            assert b"Psi Wars" in text and b"You draw" not in text
        assert not fake.rejections
    finally:
        await service.close()
