"""Gods & Clans battlemap game."""

from engine.core.registry import register

from .rules import Clans

GAME = register(Clans())
