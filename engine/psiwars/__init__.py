"""Intergalactic Psi Wars: the rules, with their AI player and their refusals, registered once."""

from engine.core.registry import register

from .ai import choose
from .explain import explain
from .rules import PsiWars

GAME = register(PsiWars(ai=choose, explain=explain))
