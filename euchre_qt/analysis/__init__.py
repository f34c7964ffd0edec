"""Game review, Qt-free: every decision of a game graded from what its player could know.

    from euchre_qt.analysis.analyse import analyse_game
    from euchre_qt.analysis.judge import Budget

    review = analyse_game(game, seats=[Seat.SOUTH], budget=Budget(deals=1024))
    for decision in review.decisions:
        print(decision.seat, decision.chosen, decision.grade, decision.loss)

See ``docs/analysis.md`` for how decisions are judged and what the grades mean.

The package's face is what a review is made of (the decisions of a game, the grades, the
results), light enough for the window, which lists and shows a review while the grading runs
in its helper process. The grading itself is imported from its modules, and loads only
where it runs: ``analysis.analyse`` (``analyse_game``, ``grade``, ``review_decision_point``) and
``analysis.judge`` (``Budget``, ``judge``, ``hindsight``).
"""

from __future__ import annotations

from .decisions import ALL_SEATS, DecisionPoint, decision_points, is_decision
from .grades import THRESHOLDS, DecisionKind, Grade, grade_of
from .results import DecisionReview, GameReview, HandReview, Hindsight, KindSummary, summarise

__all__ = [
    "ALL_SEATS",
    "THRESHOLDS",
    "DecisionKind",
    "DecisionPoint",
    "DecisionReview",
    "GameReview",
    "Grade",
    "HandReview",
    "Hindsight",
    "KindSummary",
    "decision_points",
    "grade_of",
    "is_decision",
    "summarise",
]
