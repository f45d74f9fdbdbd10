"""Grand Saga Futura TCG: 2-4 players, stations, assaults, sigils and victory points (issue 14)."""

from engine.core.registry import register

from .rules import Futura

GAME = register(Futura())
