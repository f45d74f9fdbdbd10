"""Resonance: card data (cards.py) and the rules engine, registered as game "resonance"."""

from engine.core.registry import register

from .rules import Resonance

GAME = register(Resonance())
