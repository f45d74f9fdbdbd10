"""Who may do what at a table, beyond what the table service itself checks."""

from __future__ import annotations


def can_abort(user_id: str, creator_id: str, manage_channels: bool) -> bool:
    """The game's creator may abort it, and so may moderators (Manage Channels)."""
    return manage_channels or str(user_id) == str(creator_id)
