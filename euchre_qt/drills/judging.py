"""The honesty rule: a position is a drill only where one choice is clearly best.

Clearly best: over the sampled deals (dealt to agree with what the seat can see, as the
review deals them: ``analysis.judge``) the choice scores more than every other choice by
more than that difference's own 95% margin, and by at least an inaccuracy (a tenth of a
point, the smallest difference the review names), both in the hand's points and in what
they are worth at the score (the two can disagree near the game's end: such a position
teaches two things at once and is left out). Candidates are found on a few deals at one
seed and kept only if a judging at another seed over ``CONFIRM_DEALS`` agrees
(``making``); ``euchre-qt drills --verify`` judges them again at a third.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis.grades import THRESHOLDS, Grade
from ..analysis.judge import Z95, Judging, Values
from ..engine.actions import Action
from ..engine.ai.score_worth import ScoreWorth
from ..engine.view import SeatView
from .drill import Figure

CONFIRM_DEALS = 4096
SCREEN_DEALS = 256
LEAST_GAP = dict(THRESHOLDS)[Grade.INACCURACY]


@dataclass(frozen=True, slots=True)
class Judged:
    """A decision judged over ``values.deals`` deals at ``seed``: ``best`` the choice with
    the most points (ties: as the rules list them), and ``clear`` whether it is clearly
    best (the honesty rule, with the margins ``slack`` times as wide)."""

    view: SeatView
    values: Values
    seed: int
    best: Action
    clear: bool

    def figures(self) -> tuple[Figure, ...]:
        """Every choice's figures, best first."""
        return tuple(_figure(self.values, self.best, action) for action, _ in self.values.ranked())

    @property
    def rival(self) -> Action:
        """The best of the other choices."""
        return self.values.ranked()[1][0]


def judged(view: SeatView, deals: int, seed: int, slack: float = 1.0) -> Judged:
    """``view``'s choices over ``deals`` deals drawn from ``seed``; ``slack`` below 1 asks
    less of the margins (a screen on few deals, whose margins are wide)."""
    values = Judging(view, seed).more(deals)
    at_score = ScoreWorth(view.rules.points_to_win, view.our_score, view.their_score)
    best = values.ranked()[0][0]
    worths = values.converted(at_score)
    clear = worths.ranked()[0][0] == best and all(
        _clear_of(v, best, other, slack) for v in (values, worths) for other in v.per_deal if other != best
    )
    return Judged(view, values, seed, best, clear)


def _clear_of(values: Values, best: Action, other: Action, slack: float) -> bool:
    gap = values.mean(best) - values.mean(other)
    return gap >= LEAST_GAP and gap > slack * values.margin(best, other)


def _figure(values: Values, best: Action, action: Action) -> Figure:
    per_deal = values.per_deal[action]
    n = len(per_deal)
    mean = values.mean(action)
    spread = (sum((v - mean) ** 2 for v in per_deal) / (n - 1)) ** 0.5 if n > 1 else 0.0
    better_in = sum(1 for b, v in zip(values.per_deal[best], per_deal, strict=True) if b > v)
    return Figure(
        action,
        mean,
        Z95 * spread / n**0.5,
        values.mean(best) - mean,
        values.margin(best, action) if action != best else 0.0,
        better_in,
    )
