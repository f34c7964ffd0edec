"""What points are worth at a given score: bidding to the score.

A point matters more when the opponents are one hand from winning, or when it wins the
game for us. ``ScoreWorth`` turns a hand's points into "points at an even score" by way
of the chance of winning the game, W(us, them), from a simple model of a hand: each side
scores 1 (35%), 2 (14.5%) or 4 (0.5%) of the time, as measured between two Novice
players. Near 0-0 a point is worth about a point; when the opponents need one point,
anything they score is worth the whole game.
"""

from __future__ import annotations

from functools import cache

# Chance that a given side scores k points in a hand (the other half: the other side).
_HAND = ((1, 0.35), (2, 0.145), (4, 0.005))


@cache
def win_chance(us: int, them: int, target: int) -> float:
    """The chance that the side with ``us`` points reaches ``target`` first."""
    if us >= target:
        return 1.0
    if them >= target:
        return 0.0
    total = 2 * sum(p for _, p in _HAND)
    return sum(p * (win_chance(us + k, them, target) + win_chance(us, them + k, target)) for k, p in _HAND) / total


class ScoreWorth:
    """Converts a hand's result for my side into points at an even score."""

    def __init__(self, target: int, us: int, them: int) -> None:
        self.target, self.us, self.them = target, us, them
        self.now = win_chance(us, them, target)
        # A point either way, on average: the exchange rate between chances and points.
        self.rate = (win_chance(us + 1, them, target) - win_chance(us, them + 1, target)) / 2 or 1.0

    def __call__(self, points: float) -> float:
        """``points`` (negative: to the opponents) as even-score points."""
        gain = round(points)
        if gain >= 0:
            after = win_chance(self.us + gain, self.them, self.target)
        else:
            after = win_chance(self.us, self.them - gain, self.target)
        return (after - self.now) / self.rate
