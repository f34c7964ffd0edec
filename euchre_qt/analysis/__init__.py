"""Game review, Qt-free: every decision of a game graded from what its player could know.

    from euchre_qt.analysis import analyse_game, Budget
    review = analyse_game(game, seats=[Seat.SOUTH], budget=Budget(deals=1024))
    for decision in review.decisions:
        print(decision.seat, decision.chosen, decision.grade, decision.loss)

See ``docs/analysis.md`` for how decisions are judged and what the grades mean.

The grading (``analyse``, ``judge`` and the search core under them) loads only when one of
its names is first asked for: the window imports this package to list and show a review
while the grading runs in its helper process, and must not load the judge on its own
thread. The judge's function itself: ``euchre_qt.analysis.judge.judge``.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .decisions import ALL_SEATS, Position, is_decision, positions
from .grades import THRESHOLDS, DecisionKind, Grade, grade_of
from .results import DecisionReview, GameReview, HandReview, Hindsight, KindSummary, summarise

if TYPE_CHECKING:
    from .analyse import Progress, analyse_game, analyse_hand, grade, hindsight_of, review_position
    from .judge import Budget, Values, hindsight

_GRADING = {
    "Progress": "analyse",
    "analyse_game": "analyse",
    "analyse_hand": "analyse",
    "grade": "analyse",
    "hindsight_of": "analyse",
    "review_position": "analyse",
    "Budget": "judge",
    "Values": "judge",
    "hindsight": "judge",
}


def __getattr__(name: str) -> Any:
    module = _GRADING.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{module}", __name__), name)


__all__ = [
    "ALL_SEATS",
    "THRESHOLDS",
    "Budget",
    "DecisionKind",
    "DecisionReview",
    "GameReview",
    "Grade",
    "HandReview",
    "Hindsight",
    "KindSummary",
    "Position",
    "Progress",
    "Values",
    "analyse_game",
    "analyse_hand",
    "grade",
    "grade_of",
    "hindsight",
    "hindsight_of",
    "is_decision",
    "positions",
    "review_position",
    "summarise",
]
