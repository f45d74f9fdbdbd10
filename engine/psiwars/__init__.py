"""Intergalactic Psi Wars."""

from engine.core.registry import register

from .rules import PsiWars

GAME = register(PsiWars())
