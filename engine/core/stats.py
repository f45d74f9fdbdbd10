"""Small statistics shared by the simulator and the balance report."""

from __future__ import annotations

import math

Z95 = 1.959964


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) with no games."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def seat_scores(outcome, seats: int) -> list[float]:
    if outcome.draw or not outcome.winners:
        return [1 / seats] * seats  # a draw is an equal share, so the shares still sum to one game
    return [1.0 if s in outcome.winners else 0.0 for s in range(seats)]
