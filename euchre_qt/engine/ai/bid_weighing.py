"""Weighing a bid against passing for the Advanced player.

Each possible bid is played out in the sampled deals (``bid_search``), the dealer's
pick-up and discard included, and so is passing, with the other players bidding as a
point-counting player would and the opponents playing the cards by habit. Results
count by what they are worth at the score (``score_worth``: a point the opponents need
to go out costs the game), and a bid must beat passing by a margin, the ``bar``. Going
alone is judged likewise, with a head start (``ALONE_MARGIN``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

from .. import actions as act
from ..actions import Action, ActionKind
from ..cards import Card, Suit
from ..view import Phase, SeatView
from .bid_search import DealTable, Estimate, estimate, world_hands
from .evaluation import best_discard, trick_estimate
from .how_they_play import HowTheyPlay
from .masks import mask_of
from .sampler import World
from .score_worth import ScoreWorth
from .settling import settled

# Hands too weak to bid skip the simulation.
HOPELESS = 1.2
# Lone hands do better than their double-dummy estimate (calibrated: +2.76 points made
# against +2.10 expected, 41 loners), so going alone gets a head start over a partnership.
ALONE_MARGIN = -0.2
# Going alone is looked at only when the bid is made this often with partner, and this
# hand alone should take this many tricks.
_ALONE_MAKE_RATE = 0.7
_ALONE_OWN = 2.2
# The points of a march with partner: a side that needs no more than this to go out
# has no need to go alone, and opponents this close are a hand from going out.
_PARTNERSHIP_MARCH = 2


class Weighing(NamedTuple):
    """The best bid weighed against passing over one set of sampled deals."""

    value: float  # what the bid is chosen by: its expected points, a lone hand's head start added
    action: Action
    bid: Estimate
    passing: Estimate | None  # None when I must bid


def suits_by_strength(view: SeatView) -> list[Suit]:
    """The suits I may name, the strongest for this hand first (round 1: the up-card's)."""
    up = view.up_card
    if view.phase is Phase.BIDDING_1:
        assert up.suit is not None
        return [up.suit]
    return sorted(
        {a.suit for a in view.legal_actions if a.kind is ActionKind.CALL and a.suit is not None},
        key=lambda s: -own_estimate(view, s),
    )


def suits_worth_weighing(view: SeatView, suits: Sequence[Suit], must_bid: bool) -> list[Suit]:
    """The suits worth a search (a dealer who must call: the two best)."""
    return list(suits[:2]) if must_bid else [s for s in suits if own_estimate(view, s) >= HOPELESS]


def own_estimate(view: SeatView, trump: Suit) -> float:
    """The tricks my hand takes by itself with ``trump`` (see ``hand_for``)."""
    return trick_estimate(hand_for(view, trump), trump)


def hand_for(view: SeatView, trump: Suit) -> list[Card]:
    """My hand as it would be with ``trump``: the dealer in round 1 picks up first."""
    hand = list(view.hand)
    if view.phase is Phase.BIDDING_1 and view.seat is view.dealer:
        hand.append(view.up_card)
        keep = None if view.rules.dealer_may_discard_up_card else view.up_card
        hand.remove(best_discard(hand, trump, keep))
    return hand


def bar(view: SeatView, base: float) -> float:
    """How much a bid must beat passing by. The margin (``base``) guards against
    double-dummy optimism; when the opponents are a hand from going out, keeping trump
    from them matters more, and any bid at least as good as passing is made."""
    return 0.0 if view.their_score >= view.rules.points_to_win - _PARTNERSHIP_MARCH else base


def weigh_bids(
    view: SeatView,
    suits: Sequence[Suit],
    must_bid: bool,
    draw: Callable[[], list[World]],
    max_deals: int,
    base_bar: float,
    deadline: float | None,
    one_batch: bool,
    seating: HowTheyPlay | None = None,
) -> Weighing:
    """The best bid among ``suits`` and, unless I must bid, what passing is worth.

    Deals come in batches from ``draw`` until the best choice is clearly ahead, there
    are ``max_deals`` or the thinking time is up (``deadline``, a ``time.perf_counter``
    value); ``one_batch`` stops after the first (a player who sees every hand has one
    deal). Few deals make a bid that only looks better than passing by the luck of the
    draw: valued by real play-outs of 7,000 bidding decisions, going on to up to 96
    deals where the choice is close gained about 0.03 points a hand over a flat 16,
    nearly all of it in orders that should have been passes."""
    me = view.seat
    table = DealTable(view.rules, view.dealer, view.up_card, seating or HowTheyPlay.as_seen_by(me))
    mine = mask_of(view.hand)
    worth = ScoreWorth(view.rules.points_to_win, view.our_score, view.their_score)
    deals: list[list[int]] = []
    while True:
        batch = [world_hands(w, me, mine) for w in draw()]
        deals += batch
        weighing, choices = _weigh_on(view, suits, must_bid, table, worth, deals, bar(view, base_bar))
        if (
            not batch
            or one_batch
            or len(deals) >= max_deals
            or settled(choices, close=0.0)
            or (deadline is not None and time.perf_counter() > deadline)
        ):
            return weighing


def _weigh_on(
    view: SeatView,
    suits: Sequence[Suit],
    must_bid: bool,
    table: DealTable,
    worth: ScoreWorth,
    deals: Sequence[Sequence[int]],
    passing_bar: float,
) -> tuple[Weighing, dict[Action, list[float]]]:
    """The weighing over ``deals``, and each choice's value per deal as it is chosen by
    (a lone hand's head start added, passing's ``passing_bar``)."""
    round_one = view.phase is Phase.BIDDING_1
    me = view.seat
    options: list[tuple[float, Action, Estimate]] = []
    choices: dict[Action, list[float]] = {}

    def weigh(action: Action, results: Sequence[tuple[float, int]], head_start: float) -> Estimate:
        judged = [(worth(points), band) for points, band in results]
        choices[action] = [points + head_start for points, _ in judged]
        return estimate(judged)

    for suit in suits:
        action = act.order_up() if round_one else act.call(suit)
        # the Canadian loner: the dealer's partner may order up only alone
        with_partner = action in view.legal_actions
        team = weigh(action, [table.contract(h, me, suit, False, round_one) for h in deals], 0.0)
        if with_partner:
            options.append((team.points, action, team))
        if not with_partner or _alone_worth_trying(view, suit, team):
            no_pickup = round_one and me.partner is view.dealer
            alone = act.order_up(True) if round_one else act.call(suit, True)
            results = [table.contract(h, me, suit, True, round_one and not no_pickup) for h in deals]
            solo = weigh(alone, results, -ALONE_MARGIN)
            options.append((solo.points - ALONE_MARGIN, alone, solo))
    value, action, bid = max(options, key=lambda o: o[0])
    passing = None
    if not must_bid:
        passing = weigh(act.PASS, [(table.after_pass(h, me, round_one), 0) for h in deals], passing_bar)
    return Weighing(value, action, bid, passing), choices


def _alone_worth_trying(view: SeatView, trump: Suit, team: Estimate) -> bool:
    needed = view.rules.points_to_win - view.our_score
    return (
        needed > _PARTNERSHIP_MARCH and team.make_rate >= _ALONE_MAKE_RATE and own_estimate(view, trump) >= _ALONE_OWN
    )
