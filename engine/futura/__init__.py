"""Grand Saga Futura TCG. Rules lookup only until its engine lands (issue 14)."""

from engine.core.contract import Game
from engine.core.registry import register


class Futura(Game):
    id = "futura"
    title = "Grand Saga Futura TCG"
    playable = False
    min_players = 2
    max_players = 4


GAME = register(Futura())
