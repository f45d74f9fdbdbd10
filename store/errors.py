"""What the store refuses. The table service turns these into sentences for players."""


class StoreError(Exception):
    pass


class StaleVersion(StoreError):
    """The game moved on (another move was saved first, or it left the expected status)."""


class ChannelBusy(StoreError):
    """The channel already has a lobby or a running game."""

    def __init__(self, game_id: int, game: str):
        super().__init__(f"channel already has game {game_id} ({game})")
        self.game_id = game_id
        self.game = game


class LobbyClosed(StoreError):
    """Seats can only change while the game is a lobby."""


class AlreadySeated(StoreError):
    """The user already holds a seat at this game."""


class EmptyDatabase(StoreError):
    """The database file exists but is empty: opening it would silently start from nothing."""
