"""Elo ratings from one finished game: every pair of rated players is one match-up."""

from __future__ import annotations

K_FACTOR = 32.0


def expected(rating: float, other: float) -> float:
    """The chance the Elo model gives `rating` of beating `other`."""
    return 1.0 / (1.0 + 10 ** ((other - rating) / 400.0))


def new_ratings(old: dict[str, float], scores: dict[str, float]) -> dict[str, float]:
    """old: user -> rating; scores: user -> 1 (won), 0.5 (draw), 0 (lost).

    With more than two players each pair counts as one match-up at K/(n-1), so a game moves a
    rating about as far as a duel does. Players with equal scores in a bigger game (team-mates,
    or two losers) do not rate against each other: the game did not compare them; in a drawn
    game everyone did draw with everyone."""
    players = list(scores)
    if len(players) < 2:
        return dict(old)
    everyone_drew = len(set(scores.values())) == 1
    weight = K_FACTOR / (len(players) - 1)
    new = dict(old)
    for a in players:
        for b in players:
            if a == b or (scores[a] == scores[b] and not everyone_drew):
                continue
            actual = 1.0 if scores[a] > scores[b] else 0.5 if scores[a] == scores[b] else 0.0
            new[a] += weight * (actual - expected(old[a], old[b]))
    return new
