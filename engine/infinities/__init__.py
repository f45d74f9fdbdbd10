"""Infinities: Defiance of Fate. Rules lookup only until its engine lands (issue 13)."""

from engine.core.contract import Game
from engine.core.registry import register


class Infinities(Game):
    id = "infinities"
    title = "Infinities: Defiance of Fate"
    playable = False
    min_players = 2
    max_players = 4


GAME = register(Infinities())
