"""Advanced weighs a bid over more sampled deals only while the choice is close."""

from __future__ import annotations

from collections.abc import Sequence

from euchre_qt.engine import HandState, Phase, Rules, Seat
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.bid_weighing import Weighing
from euchre_qt.engine.ai.settling import settled
from euchre_qt.engine.cards import Suit
from euchre_qt.engine.view import SeatView


class Recording(AdvancedPlayer):
    weighings: list[Weighing]

    def _weigh_bids(self, view: SeatView, suits: Sequence[Suit], must_bid: bool) -> Weighing:
        weighing = super()._weigh_bids(view, suits, must_bid)
        self.weighings.append(weighing)
        return weighing


def bidding_views(hands: int) -> list[SeatView]:
    player = AdvancedPlayer(seed=3, bid_worlds=4, max_bid_worlds=4)
    views = []
    for n in range(hands):
        state = HandState.deal(Rules(), Seat(n % 4), 7_000 + n)
        while not state.is_over and state.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
            assert state.turn is not None
            view = state.view(state.turn)
            views.append(view)
            state = state.apply(player.choose(view))
    return views


def test_close_choices_get_more_deals_and_clear_ones_do_not() -> None:
    player = Recording(seed=5, bid_worlds=4, max_bid_worlds=12)
    player.weighings = []
    for view in bidding_views(40):
        player.choose(view)
    used = [w.bid.deals for w in player.weighings]
    assert used and all(n in (4, 8, 12) for n in used), used
    assert 4 in used, "a clear choice was weighed over more deals than the first batch"
    assert 12 in used, "no close choice was weighed over more deals"


def test_a_choice_is_settled_when_clearly_ahead_and_not_before() -> None:
    assert settled({"bid": [2.0] * 8, "pass": [0.0] * 8}, close=0.0)
    assert not settled({"bid": [2.0, -2.0] * 4, "pass": [0.1, -0.1] * 4}, close=0.0)
    assert settled({"bid": [1.0]})
