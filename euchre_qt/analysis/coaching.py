"""The coach's words: a note on one of the person's decisions, and the game's summary.

The coach grades each of the person's decisions as the review does (the same function,
``analyse.review_decision_point``, with the same budget and the same players) and speaks up
only where that grade is a mistake or a blunder: a close call is never one. Its note leads
with the loss between the choice made and the better one, which holds however the rest of
the hand goes, rather than the points either is expected to score: those assume the rest
of the hand played well, a level a learner will not reach, and the note says so.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.cards import Suit
from ..session.wording import plural
from .grades import Grade
from .results import DecisionReview, summarise
from .text import doing, loss_words, lost, sentence, summary_lines

COACHED = frozenset({Grade.MISTAKE, Grade.BLUNDER})
"""The grades the coach speaks up for: a loss of a third of a point or more."""

ASSUMES = (
    "These figures take the rest of the hand to be played well: you at your best, the others as they play. "
    "The points themselves may not come; the difference between the two choices holds."
)


def played_on(hand: int, hand_now: int) -> str:
    """Why a note's choice can no longer be taken back: the person has moved since (the
    decision was in ``hand``, the table is at ``hand_now``: indices into the game's hands)."""
    earlier = f" (this was in hand {hand + 1}, now over)" if hand != hand_now else ""
    return f"You have played on since{earlier}, so this choice can no longer be taken back."


def needs_note(decision: DecisionReview) -> bool:
    """The review grades this decision a mistake or a blunder (a move the record states)."""
    return decision.grade in COACHED and decision.counted


@dataclass(frozen=True, slots=True)
class Note:
    """What the coach says of one decision: ``title`` (the grade and the loss), ``better``
    (the better choice and the loss between the two, as the review words it), ``why`` (the
    review's reason for the better choice) and ``assumes`` (what its figures take for granted)."""

    title: str
    better: str
    why: str
    assumes: str = ASSUMES

    @property
    def spoken(self) -> str:
        """The note as one passage, for a screen reader."""
        return " ".join(f"{part}." if not part.endswith(".") else part for part in (self.title, self.better, self.why))


def note_for(decision: DecisionReview, trump: Suit | None = None) -> Note:
    """The coach's note on ``decision`` (one ``needs_note`` accepts); ``trump``: the hand's
    trump at the decision, where known (the bowers are then named so, as the review names them)."""
    d = decision
    title = f"{sentence(d.grade.value)}: {lost(d.loss)} points lost"
    better = f"{sentence(doing(d.best, trump))} was better than {doing(d.chosen, trump)}: {loss_words(d)}"
    return Note(title, better, sentence(d.why))


@dataclass(frozen=True, slots=True)
class Summary:
    """The coach's summary of a game: ``heading`` (the decisions and the points lost in
    all), ``by_kind`` (a line per kind of decision, as the review sums them up) and
    ``biggest`` (the largest loss, in words)."""

    heading: str
    by_kind: tuple[str, ...]
    biggest: str


def summary_of(decisions: Iterable[DecisionReview], notes: int = 0, taken_back: int = 0) -> Summary:
    """The summary of the person's graded ``decisions`` (the ones still in the game), with
    how many ``notes`` the coach gave and how many of those moves were ``taken_back``."""
    found = list(decisions)
    counted = [d for d in found if d.counted]
    total = sum(d.loss for d in counted)
    spoke = f"; the coach spoke up {plural(notes, 'time')}" if notes else ""
    again = f" and you took back {plural(taken_back, 'move')}" if taken_back else ""
    heading = f"{plural(len(found), 'decision')} graded, {total:.2f} points lost in all{spoke}{again}."
    graded = [d for d in counted if d.grade not in (Grade.BEST, Grade.CLOSE)]
    if graded:
        d = max(graded, key=lambda d: d.loss)
        biggest = (
            f"The biggest loss: in hand {d.hand + 1}, {doing(d.chosen)} where {doing(d.best)} was better, "
            f"{a_grade(d.grade)} of {lost(d.loss)} points at the score."
        )
    else:
        biggest = "No decision lost anything worth naming: each was the best, or as good as it."
    return Summary(heading, tuple(summary_lines(summarise(found))), biggest)


def a_grade(grade: Grade) -> str:
    """ "a mistake", "an inaccuracy"."""
    return f"{'an' if grade.value[0] in 'aeiou' else 'a'} {grade.value}"
