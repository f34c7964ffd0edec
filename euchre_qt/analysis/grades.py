"""How big a loss is, and what kind of decision lost it (thresholds: docs/analysis.md)."""

from __future__ import annotations

from enum import StrEnum

from ..engine.actions import Action, ActionKind
from ..engine.view import Phase


class Grade(StrEnum):
    """A decision's loss against the best choice, in expected points at the game's score
    (``worth``). ``CLOSE``: a loss within its own margin, which the sampled deals cannot
    tell from none (another seed could rank the two choices the other way): not graded."""

    BEST = "best"
    CLOSE = "close"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    def __str__(self) -> str:
        return self.value


# The smallest loss of each grade, in points at the score (the worst grade first). A
# hand is worth 1, 2 or 4 points, so a blunder gives away most of a point: a made hand
# turned into a likely euchre, a trick thrown that was the march. A mistake costs about
# a third of a point (a make turned into a coin toss); an inaccuracy a tenth, about the
# smallest difference worth naming. Below that a choice
# counts as good; within ``TIE`` of the best, as the best (several cards often score
# exactly the same).
THRESHOLDS: tuple[tuple[Grade, float], ...] = (
    (Grade.BLUNDER, 0.75),
    (Grade.MISTAKE, 0.3),
    (Grade.INACCURACY, 0.1),
    (Grade.GOOD, 0.02),
)
TIE = THRESHOLDS[-1][1]


def grade_of(loss: float, margin: float = 0.0) -> Grade:
    """The grade of a choice whose best rival is worth ``loss`` more (negative: the choice
    was ahead), ``margin`` the 95% half-width of that difference. Within its margin the
    two cannot be told apart, whichever came out ahead: close; within ``TIE`` they are
    as good as equal (two cards that differ in one deal of a hundred)."""
    if abs(loss) < TIE:
        return Grade.BEST  # as good as the best, whatever the margin
    if abs(loss) <= margin:
        return Grade.CLOSE
    for grade, smallest in THRESHOLDS:
        if loss >= smallest:
            return grade
    return Grade.BEST


class DecisionKind(StrEnum):
    """What a decision was about, for the summaries ("points lost by decision kind")."""

    BID = "bid"
    ALONE = "going alone"
    DISCARD = "discard"
    DEFENCE = "lone defence"
    LEAD = "lead"
    FOLLOW = "following"

    def __str__(self) -> str:
        return self.value


def kind_of(phase: Phase, leads: bool, chosen: Action, best: Action) -> DecisionKind:
    """A bid is about going alone when the choice made and ``best``, its best rival, name
    the same trump and differ only in going alone."""
    if phase is Phase.DISCARD:
        return DecisionKind.DISCARD
    if phase is Phase.DEFEND:
        return DecisionKind.DEFENCE
    if phase is Phase.PLAY:
        return DecisionKind.LEAD if leads else DecisionKind.FOLLOW
    bids = (ActionKind.ORDER_UP, ActionKind.CALL)
    same_trump = chosen.kind in bids and chosen.kind is best.kind and chosen.suit is best.suit
    if same_trump and (chosen.alone or best.alone):
        return DecisionKind.ALONE
    return DecisionKind.BID
