"""The judge's values corrected by what honest self-play realised (analysis.calibration):
losses shrunk except their certain part, each kind of decision's level set right."""

from __future__ import annotations

import pytest

from euchre_qt.analysis import DecisionKind, Grade
from euchre_qt.analysis.analyse import grade
from euchre_qt.analysis.calibration import FITTED, UNCALIBRATED, Calibration
from euchre_qt.analysis.judge import Budget, Values
from euchre_qt.engine import Action, HandState, Seat

# Hearts are trump, South called them; West leads the KS to the fourth trick and South,
# void in spades, holds the 9H and the TD (tests/analysis/test_grading.MUST_RUFF).
MUST_RUFF = "S: AC AD QC 9H TD  W: 9C 9D KC KS JH  N: TC QD JS 9S TH  E: JC KD TS QS AH  kitty: AS JD QH KH"
CALLED = "pass, pass, pass, pass, call H"
TO_THE_FOURTH_TRICK = "AC, 9C, TC, JC, AD, 9D, QD, KD, QC, KC, JS, TS, KS, 9S, QS"
ONE_LOOK = Budget(deals=48, extend=1)  # no extension: both gradings see the same deals

RUFF, THROW = Action.parse("play 9H"), Action.parse("play TD")


def test_a_loss_that_varies_from_deal_to_deal_is_shrunk_and_a_certain_one_kept_whole() -> None:
    shrink = Calibration(loss_scale=0.5)
    varying = Values({RUFF: (1.0, 1.0, 1.0, 1.0), THROW: (-2.0, 1.0, -2.0, 1.0)})  # 3 lost in half the deals
    shrunk = shrink.apply(varying, RUFF, DecisionKind.FOLLOW)
    assert shrunk.mean(RUFF) == 1.0
    assert shrunk.mean(THROW) == pytest.approx(1.0 - 0.5 * 1.5)
    certain = Values({RUFF: (4.0, 4.0, 4.0), THROW: (2.0, 2.0, -1.0)})  # 2 lost in every deal, 3 more in one
    kept = shrink.apply(certain, RUFF, DecisionKind.FOLLOW)
    assert kept.mean(THROW) == pytest.approx(4.0 - 2.0 - 0.5 * 1.0)


def test_each_kind_of_decision_has_its_own_loss_scale_and_the_rest_share_one() -> None:
    by_kind = Calibration(loss_scale=0.5, loss_scales={DecisionKind.FOLLOW: 0.8})
    varying = Values({RUFF: (1.0, 1.0), THROW: (-2.0, 1.0)})  # 3 lost in one deal of two
    assert by_kind.apply(varying, RUFF, DecisionKind.FOLLOW).mean(THROW) == pytest.approx(1.0 - 0.8 * 1.5)
    assert by_kind.apply(varying, RUFF, DecisionKind.LEAD).mean(THROW) == pytest.approx(1.0 - 0.5 * 1.5)
    assert (by_kind.scale_of(DecisionKind.BID), by_kind.scale_of(DecisionKind.FOLLOW)) == (0.5, 0.8)


def test_an_offset_moves_every_choice_alike_unless_the_best_is_certain() -> None:
    lead = Calibration(offsets={DecisionKind.LEAD: 0.1})
    values = Values({RUFF: (1.0, -2.0), THROW: (-2.0, 1.0), Action.parse("play AC"): (-2.0, -2.0)})
    moved = lead.apply(values, RUFF, DecisionKind.LEAD)
    assert (moved.mean(RUFF), moved.mean(THROW)) == pytest.approx((-0.4, -0.4))
    assert moved.mean(Action.parse("play AC")) == pytest.approx(-1.9)  # alike: no loss, so no grade, changes
    assert lead.apply(values, RUFF, DecisionKind.FOLLOW) == values
    sure_march = Values({RUFF: (2.0, 2.0), THROW: (1.0, -2.0)})
    assert lead.apply(sure_march, RUFF, DecisionKind.LEAD) == sure_march  # a sure march is worth two points


def test_an_offset_never_takes_a_deal_past_what_a_hand_can_score() -> None:
    lead = Calibration(offsets={DecisionKind.LEAD: 0.1}, loss_scale=0.5)
    lone = Values({RUFF: (4.0, 4.0, 4.0, 1.0), THROW: (-4.0, -4.0, -4.0, 1.0)})  # a lone hand's four points
    moved = lead.apply(lone, RUFF, DecisionKind.LEAD)
    assert moved.per_deal[RUFF] == pytest.approx((4.0, 4.0, 4.0, 1.1))
    bid = Calibration(offsets={DecisionKind.BID: -0.1})
    assert bid.apply(lone, RUFF, DecisionKind.BID).per_deal[THROW] == pytest.approx((-4.0, -4.0, -4.0, 0.9))
    at_score = bid.apply(lone, RUFF, DecisionKind.BID, bounds=(-3.0, 3.0))  # four points worth three here
    assert min(min(v) for v in at_score.per_deal.values()) == -3.0


def test_throwing_off_instead_of_ruffing_is_graded_by_the_loss_honest_play_realises() -> None:
    view = HandState.from_text(MUST_RUFF, dealer="E").apply_all(f"{CALLED}, {TO_THE_FOURTH_TRICK}").view(Seat.SOUTH)
    judged = grade(view, THROW, ONE_LOOK, calibration=UNCALIBRATED)
    graded = grade(view, THROW, ONE_LOOK)
    assert graded.best == judged.best == RUFF
    assert graded.kind is DecisionKind.FOLLOW
    assert graded.loss == pytest.approx(FITTED.scale_of(DecisionKind.FOLLOW) * judged.loss)
    assert graded.margin == pytest.approx(FITTED.scale_of(DecisionKind.FOLLOW) * judged.margin)
    assert graded.grade is Grade.BLUNDER  # still most of a point: a make turned into a likely euchre
    assert graded.best_points == judged.best_points  # following: no offset, a certain make stays +1


def test_a_bid_is_expected_to_give_what_bids_gave_in_honest_play() -> None:
    view = HandState.from_text(MUST_RUFF, dealer="E").view(Seat.SOUTH)  # South speaks first
    judged = grade(view, Action.parse("pass"), ONE_LOOK, calibration=UNCALIBRATED)
    graded = grade(view, Action.parse("pass"), ONE_LOOK)
    assert graded.kind is DecisionKind.BID
    offset = FITTED.offsets[DecisionKind.BID]
    assert offset < 0  # bids gave less than the judge expected
    # Lowered by the offset, except in deals already at the worst a hand can give (-4).
    assert judged.best_points + offset <= graded.best_points < judged.best_points + offset / 2
