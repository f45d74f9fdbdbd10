"""A fake Discord for end-to-end tests of the bot with the real discord.py client. See README.md."""

from .guard import LoopbackGuard, NetworkBlocked
from .harness import bot_session, patch_discord
from .model import (
    Attachment,
    BotCrashed,
    Channel,
    Clock,
    HarnessError,
    InteractionResult,
    Member,
    Message,
    Role,
)
from .server import Call, FakeDiscord

__all__ = [
    "Attachment", "BotCrashed", "Call", "Channel", "Clock", "FakeDiscord", "HarnessError", "InteractionResult",
    "LoopbackGuard", "Member", "Message", "NetworkBlocked", "Role", "bot_session", "patch_discord",
]
