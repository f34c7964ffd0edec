"""The learned bid model: the facts it reads, and a player that bids by it says so truly."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from euchre_qt.engine import HandState, Phase, Rules, Seat
from euchre_qt.engine.actions import PASS, call, order_up
from euchre_qt.engine.ai import bid_value
from euchre_qt.engine.ai.advanced import BID_MODEL, AdvancedPlayer, OraclePlayer
from euchre_qt.engine.ai.bid_search import Estimate
from euchre_qt.engine.ai.bid_weighing import HOPELESS, Weighing, own_estimate
from euchre_qt.engine.ai.reasons import BidChoice, PassChoice, TooWeak
from euchre_qt.engine.cards import Card, Suit, parse_cards
from euchre_qt.engine.view import SeatView

from .test_bid_weighing import Recording, bidding_views

# South deals; West (the dealer's left) holds both red jacks, the ace of hearts and the ace
# of clubs, and the nine of hearts is turned up.
WEST = "JH JD AH 9S AC"
HANDS = [parse_cards(h) for h in ("9C TC QS KS TD", WEST, "QH KH 9D QD KD", "TH JC QC KC TS")]
KITTY = parse_cards("9H JS AS AD")


def west_view(scores: tuple[int, int] = (0, 0), hands: Sequence[Sequence[Card]] = HANDS) -> SeatView:
    state = HandState.from_cards(Rules(), Seat.SOUTH, hands, KITTY, scores)
    assert state.turn is Seat.WEST
    return state.view(Seat.WEST)


def weighing(bid: float, passing: float, alone: bool = False) -> Weighing:
    return Weighing(bid, order_up(alone), Estimate(bid, 0.9, 160), Estimate(passing, 0.0, 160))


def test_the_facts_of_ordering_up_hearts_from_the_dealers_left() -> None:
    facts = bid_value.position_facts(west_view((3, 8)), weighing(1.1, -0.3))
    assert facts["edge"] == pytest.approx(1.4)
    assert (facts["round"], facts["seat"], facts["up_to_us"], facts["up_jack"]) == (1.0, 0.0, 0.0, 0.0)
    assert (facts["trumps"], facts["right"], facts["left"], facts["trump_ace"]) == (3.0, 1.0, 1.0, 1.0)
    assert (facts["off_aces"], facts["voids"], facts["singletons"]) == (1.0, 1.0, 2.0)  # no diamond; 9S, AC
    # West sits with East (team 1): 8 points, two from the game; North-South have 3
    assert (facts["we_close"], facts["they_close"]) == (1.0, 0.0)


def test_the_edge_is_the_weighted_sum_of_the_features() -> None:
    facts = bid_value.position_facts(west_view(), weighing(1.1, -0.3))
    edge = bid_value.predicted_edge(facts, ("r1s0", "edge", "trumps", "r2s0"), (-0.5, 0.5, 0.1, 9.0))
    assert edge == pytest.approx(-0.5 + 0.5 * 1.4 + 0.1 * 3)


def test_round_two_facts_name_the_suit_called() -> None:
    state = HandState.from_cards(Rules(), Seat.SOUTH, HANDS, KITTY)
    for _ in range(4):
        state = state.apply(PASS)
    assert state.phase is Phase.BIDDING_2 and state.turn is Seat.WEST
    view = state.view(Seat.WEST)
    spades = Weighing(0.2, call(Suit.SPADES), Estimate(0.2, 0.5, 160), Estimate(0.0, 0.0, 160))
    facts = bid_value.position_facts(view, spades)
    assert (facts["round"], facts["trumps"], facts["next"], facts["off_aces"]) == (2.0, 1.0, 0.0, 2.0)


# West, the dealer's left, holds no heart and no ace under a turned-up nine of hearts.
WEAK_WEST = "9C TC QS KS TD"
WEAK_HANDS = [parse_cards(h) for h in (WEST, WEAK_WEST, "QH KH 9D QD KD", "TH JC QC KC TS")]


def test_a_weak_hand_is_passed_unweighed_unless_the_player_weighs_weak_hands() -> None:
    view = west_view(hands=WEAK_HANDS)
    assert own_estimate(view, Suit.HEARTS) < HOPELESS
    passing = Recording(seed=5, bid_worlds=16, max_bid_worlds=16)
    passing.weighings = []
    decision = passing.decide(view)
    assert decision.action == PASS and isinstance(decision.reason, TooWeak)
    assert passing.weighings == []
    weighing = Recording(seed=5, bid_worlds=16, max_bid_worlds=16, weigh_weak=True)
    weighing.weighings = []
    decision = weighing.decide(view)
    assert len(weighing.weighings) == 1 and weighing.weighings[0].action == order_up()
    reason = decision.reason
    assert isinstance(reason, (BidChoice, PassChoice)) and reason.passing is not None
    # judged by the model fitted to weak hands, and the reason gives its figure
    edge = bid_value.learned_edge(view, weighing.weighings[0])
    assert reason.points - reason.passing == pytest.approx(edge)
    assert (decision.action != PASS) == (edge > 0.0)


@pytest.mark.parametrize("weigh_weak", [False, True])
def test_a_player_bidding_by_the_model_says_what_the_model_expected(weigh_weak: bool) -> None:
    player = Recording(seed=5, bid_worlds=16, max_bid_worlds=16, bid_model="decides", weigh_weak=weigh_weak)
    player.weighings = []
    judged = weak = 0
    for view in bidding_views(30):
        decision = player.decide(view)
        reason = decision.reason
        if isinstance(reason, (BidChoice, PassChoice)) and reason.passing is not None:
            weighed = player.weighings[-1]
            edge = bid_value.learned_edge(view, weighed)
            assert reason.points - reason.passing == pytest.approx(edge)
            assert (decision.action != PASS) == (edge > 0.0)
            judged += 1
            weak += bid_value.position_facts(view, weighed)["own"] < HOPELESS
        else:
            assert not weigh_weak or not isinstance(reason, TooWeak)
    assert judged >= 5
    assert (weak >= 5) if weigh_weak else (weak == 0)


def test_a_model_that_only_vetoes_bids_where_both_the_search_and_the_model_would() -> None:
    vetoing = Recording(seed=5, bid_worlds=16, max_bid_worlds=16, bid_model="vetoes")
    vetoing.weighings = []
    searching = AdvancedPlayer(seed=5, bid_worlds=16, max_bid_worlds=16, bid_model="off")
    vetoed = 0
    for view in bidding_views(40):
        decision = vetoing.decide(view)
        reason = decision.reason
        if not isinstance(reason, (BidChoice, PassChoice)) or reason.passing is None:
            continue
        weighed = vetoing.weighings[-1]
        edge = bid_value.learned_edge(view, weighed)
        search_bids = searching.choose(view) != PASS
        assert (decision.action != PASS) == (search_bids and edge > 0.0)
        if search_bids:  # the model was asked, and the reason gives its figure
            assert reason.points - reason.passing == pytest.approx(edge)
            vetoed += decision.action == PASS
    assert vetoed >= 1


def test_the_model_is_the_players_default_and_never_used_by_one_who_sees_all() -> None:
    assert AdvancedPlayer().bid_model is BID_MODEL
    assert AdvancedPlayer(bid_model="decides").bid_model == "decides"
    assert OraclePlayer(bid_model="decides").bid_model == "off"
