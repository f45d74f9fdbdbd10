"""Infinities: Defiance of Fate, Skirmish mode."""

from engine.core.registry import register

from .rules import Infinities

GAME = register(Infinities())
