"""Game review, Qt-free: every decision of a game graded from what its player could know.

    from euchre_qt.analysis import analyse_game, Budget
    review = analyse_game(game, seats=[Seat.SOUTH], budget=Budget(deals=1024))
    for decision in review.decisions:
        print(decision.seat, decision.chosen, decision.grade, decision.loss)

See ``docs/analysis.md`` for how decisions are judged and what the grades mean.
"""

from .analyse import (
    ALL_SEATS,
    Position,
    Progress,
    analyse_game,
    analyse_hand,
    grade,
    hindsight_of,
    positions,
    review_position,
)
from .grades import THRESHOLDS, DecisionKind, Grade, grade_of
from .judge import Budget, Values, hindsight, is_decision, judge
from .results import DecisionReview, GameReview, HandReview, Hindsight, KindSummary, summarise

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
    "judge",
    "positions",
    "review_position",
    "summarise",
]
