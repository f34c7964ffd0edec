"""Cards the sampled deals cannot tell apart are chosen as a good player would choose, not
by the luck of the draw, so the Advanced player agrees with itself under another seed."""

from __future__ import annotations

import pytest

from euchre_qt.engine import Card, HandState, Seat
from euchre_qt.engine.actions import play
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.reasons import PlayChoice
from euchre_qt.engine.ai.settling import CLOSE_ENOUGH, NEAR_TIE, tie_margin
from euchre_qt.engine.view import SeatView
from euchre_qt.session.wording import reason_text


def test_without_standard_errors_only_near_ties_count() -> None:
    assert tie_margin([1, -1, 1, -1], [-1, 1, -1, 1], errors=0) == NEAR_TIE


def test_a_difference_the_deals_cannot_tell_from_noise_is_a_tie() -> None:
    # The best card scores 2 more in one deal of four and the same in the rest: a mean
    # lead of 0.5 with a standard error of 0.5.
    best = [2.0, 0.0, 0.0, 0.0]
    other = [0.0, 0.0, 0.0, 0.0]
    assert tie_margin(best, other, errors=2) == pytest.approx(1.0)
    assert tie_margin(best, other, errors=2) > sum(best) / 4 - sum(other) / 4


def test_a_card_better_in_every_deal_is_never_tied() -> None:
    best = [1.0] * 40
    other = [-1.0] * 40
    assert tie_margin(best, other, errors=3) == NEAR_TIE


def close_lead() -> SeatView:
    # East ordered diamonds up to the dealer, West. North leads: the ace of hearts and the
    # queen of clubs score alike within what the first batch of sampled deals can tell.
    state = HandState.from_text(
        "S: KS TC QH 9C JC  W: QS AS 9S AD KH  N: KC AH TH JS QC  E: 9H JH TS JD QD  kitty: TD AC KD 9D",
        dealer="W",
    ).apply_all("pass, order, discard KH")
    assert state.turn is Seat.NORTH
    return state.view(Seat.NORTH)


def test_with_tie_errors_a_lead_the_deals_cannot_settle_is_the_same_under_every_seed() -> None:
    # the choice is then a good defender's (a side ace) whatever deals were drawn
    view = close_lead()

    def player(seed: int) -> AdvancedPlayer:
        return AdvancedPlayer(seed=seed, tie_errors=2, first_trick_close=CLOSE_ENOUGH, opening_ties="habit")

    leads = {player(seed).decide(view).action for seed in range(1, 7)}
    assert leads == {play(Card.parse("AH"))}
    reason = player(1).decide(view).reason
    assert "no card does clearly better" in reason_text(reason)


def test_the_first_tricks_search_goes_on_while_the_best_two_are_close() -> None:
    view = close_lead()
    searched = AdvancedPlayer(seed=1).decide(view).reason
    stopped = AdvancedPlayer(seed=1, first_trick_close=CLOSE_ENOUGH).decide(view).reason
    assert isinstance(searched, PlayChoice) and isinstance(stopped, PlayChoice)
    assert searched.deals > stopped.deals


def test_opening_tie_errors_settle_the_opening_lead_and_no_other_card() -> None:
    view = close_lead()

    def player(seed: int, opening_tie_errors: float) -> AdvancedPlayer:
        return AdvancedPlayer(
            seed=seed, first_trick_close=CLOSE_ENOUGH, opening_ties="habit", opening_tie_errors=opening_tie_errors
        )

    assert {player(seed, opening_tie_errors=2).decide(view).action for seed in range(1, 7)} == {play(Card.parse("AH"))}
    # East follows North's lead (itself no longer an opening lead): as the player without them
    state = HandState.from_text(
        "S: KS TC QH 9C JC  W: QS AS 9S AD KH  N: KC AH TH JS QC  E: 9H JH TS JD QD  kitty: TD AC KD 9D",
        dealer="W",
    ).apply_all("pass, order, discard KH, QC")
    follow = state.view(Seat.EAST)
    for seed in range(1, 4):
        assert player(seed, opening_tie_errors=2).decide(follow) == player(seed, opening_tie_errors=0).decide(follow)
