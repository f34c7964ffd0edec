"""The coach's words: a note only for a mistake or a blunder, leading with the loss between
the two choices (as the review words it), saying what its figures assume; the summary."""

from __future__ import annotations

from dataclasses import replace

import pytest

from euchre_qt.analysis import DecisionKind, DecisionReview, Grade, grade_of
from euchre_qt.analysis.coaching import ASSUMES, needs_note, note_for, played_on, summary_of
from euchre_qt.analysis.results import Choice
from euchre_qt.analysis.text import reason
from euchre_qt.engine import Action, Phase, Seat, Suit


def _decision(graded: Grade, loss: float, margin: float = 0.05, inferred: bool = False) -> DecisionReview:
    """East called spades; passing was better by ``loss`` (the figures as the hint says them)."""
    called, passing = Action.parse("call S"), Action.parse("pass")
    return DecisionReview(
        hand=2,
        move=40,
        seat=Seat.EAST,
        phase=Phase.BIDDING_2,
        kind=DecisionKind.BID,
        chosen=called,
        best=passing,
        choices=(Choice(passing, -0.36, -0.36, 0.31), Choice(called, -0.36 - loss, -0.36 - loss, 0.28)),
        deals=1024,
        margin=margin,
        better_in=672,
        grade=graded,
        why="with spades as trump this hand has the ace of trump and two off aces; passing is worth -0.36",
        score=(1, 3),
        inferred=inferred,
    )


def test_a_note_only_for_a_mistake_or_a_blunder_and_never_for_a_close_call() -> None:
    assert needs_note(_decision(Grade.MISTAKE, 0.46)) and needs_note(_decision(Grade.BLUNDER, 0.9))
    assert not needs_note(_decision(Grade.INACCURACY, 0.2))
    close = grade_of(0.5, margin=0.6)  # a mistake's size, but inside its own margin
    assert close is Grade.CLOSE and not needs_note(_decision(close, 0.5, margin=0.6))
    assert not needs_note(_decision(Grade.MISTAKE, 0.46, inferred=True))  # a move the record does not state


def test_the_note_leads_with_the_loss_between_the_choices_in_the_reviews_words() -> None:
    decision = _decision(Grade.MISTAKE, 0.46)
    note = note_for(decision)
    assert note.title == "Mistake: 0.46 points lost"
    assert note.better == (
        "Passing was better than calling Spades: a loss of 0.46 ± 0.05 points at this score; "
        "it did better in 672 of 1024 deals that fit what could be seen"
    )
    assert note.better.partition(":")[2].strip() in reason(decision)  # the review's own words
    assert note.why.startswith("With spades as trump this hand has the ace of trump")
    assert "points expected" not in note.title + note.better  # no level of points up front
    assert note.assumes == ASSUMES and "played well" in ASSUMES and "difference between the two choices" in ASSUMES
    assert note.spoken.startswith("Mistake: 0.46 points lost. Passing was better than calling Spades: a loss")


def test_the_note_names_a_bower_as_a_bower() -> None:
    # Hearts are trump: the jack of diamonds is the left bower.
    led = replace(
        _decision(Grade.MISTAKE, 0.46),
        phase=Phase.PLAY,
        kind=DecisionKind.LEAD,
        chosen=Action.parse("play JD"),
        best=Action.parse("play AS"),
        choices=(Choice(Action.parse("play AS"), 0.5, 0.5, 0.6), Choice(Action.parse("play JD"), 0.04, 0.04, 0.5)),
    )
    assert "the left bower (Jack of Diamonds)" in note_for(led, Suit.HEARTS).better
    assert "left bower" not in note_for(led).better  # no trump given, no bower named


def test_a_choice_played_past_says_so_and_where() -> None:
    assert played_on(3, 3) == "You have played on since, so this choice can no longer be taken back."
    assert played_on(2, 3) == (
        "You have played on since (this was in hand 3, now over), so this choice can no longer be taken back."
    )


@pytest.mark.parametrize("notes, taken", [(0, 0), (2, 1)])
def test_the_summary_gives_the_decisions_by_kind_the_points_lost_and_the_biggest(notes: int, taken: int) -> None:
    mistake = _decision(Grade.MISTAKE, 0.46)
    blunder = replace(_decision(Grade.BLUNDER, 0.9), hand=4, move=70)
    best = replace(_decision(Grade.BEST, 0.0), move=41, best=Action.parse("call S"))
    summary = summary_of([mistake, best, blunder], notes, taken)
    assert summary.heading.startswith("3 decisions graded, 1.36 points lost in all")  # as the "all" line
    assert ("the coach spoke up 2 times and you took back 1 move" in summary.heading) == bool(notes)
    assert summary.by_kind[0].startswith("bid") and "3 decisions" in summary.by_kind[0]
    assert "(1 best, 1 mistake, 1 blunder)" in summary.by_kind[0]
    twice = summary_of([mistake, replace(mistake, move=50), best])
    assert "(1 best, 2 mistakes)" in twice.by_kind[0]
    assert summary.biggest == (
        "The biggest loss: in hand 5, calling Spades where passing was better, a blunder of 0.90 points at the score."
    )
    assert summary_of([best]).biggest.startswith("No decision lost anything worth naming")
