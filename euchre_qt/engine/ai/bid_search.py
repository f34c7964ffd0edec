"""Judging a bid against passing, over sampled deals.

A bid's worth is the points my side scores when the deal is played out double-dummy
with that trump (the dealer's pick-up and discard included). Passing is worth what
happens next: the other players bid as the bidding model says (each in the style of the
way it plays: ``how_they_play``), and whatever contract results is played out the same way.
Comparing the two, rather than a bid against a fixed bar, is what makes the position at
the table count: passing as first seat hands the up-card to the dealer's side, passing
as dealer throws the card away.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..cards import ALL_CARDS, Card, Seat, Suit
from ..hand import opening_leader
from ..rules import Rules
from ..scoring import DOUBLED_EUCHRE_POINTS, EUCHRE_POINTS, LONE_MARCH_POINTS, MADE_POINTS, MARCH_POINTS
from .bidding_model import would_call, would_order
from .core import make_solver
from .evaluation import best_discard
from .habits import Habits
from .how_they_play import EVERYONE_WELL, HowTheyPlay
from .masks import cards_in, mask_of
from .sampler import World
from .solver import MADE, MARCH, Solver


@dataclass(frozen=True, slots=True)
class Estimate:
    """A choice's worth over the sampled deals, for the chooser's side."""

    points: float
    make_rate: float  # for a bid: share of deals in which the makers take 3 or more
    deals: int


def makers_points(band: int, alone: bool, lone_defender: bool, doubled_alone_euchre: bool) -> int:
    """Points to the makers for a final trick band (``solver.EUCHRED``, ``MADE``, ``MARCH``)
    scored as the engine scores a hand."""
    if band == MARCH:
        return LONE_MARCH_POINTS if alone else MARCH_POINTS
    if band == MADE:
        return MADE_POINTS
    return -(DOUBLED_EUCHRE_POINTS if lone_defender or (alone and doubled_alone_euchre) else EUCHRE_POINTS)


class DealTable:
    """Plays contracts out in one decision's sampled deals, reusing solvers, each seat
    bidding and playing as ``seating`` says it plays (the seats by habit play their cards
    by ``Habits``; the others are searched)."""

    def __init__(self, rules: Rules, dealer: Seat, up_card: Card, seating: HowTheyPlay = EVERYONE_WELL) -> None:
        self.rules = rules
        self.dealer = dealer
        self.up_card = up_card
        self.seating = seating
        self.habitual = seating.playing_cards_by_habit()
        self._solvers: dict[tuple[Suit, Seat, int], Solver] = {}
        # Sampled deals repeat (likely ones are drawn more than once), and a bid weighed
        # over more deals is weighed again over the first ones: work each out once.
        self._results: dict[tuple[object, ...], tuple[float, int]] = {}
        self._passes: dict[tuple[object, ...], float] = {}

    def contract(
        self, hands: Sequence[int], maker: Seat, trump: Suit, alone: bool, picked_up: bool
    ) -> tuple[float, int]:
        """(points to the makers, band) for ``maker`` naming ``trump`` in this deal."""
        key = (*hands, maker, trump, alone, picked_up)
        result = self._results.get(key)
        if result is None:
            result = self._results[key] = self._play_out(hands, maker, trump, alone, picked_up)
        return result

    def _play_out(
        self, hands: Sequence[int], maker: Seat, trump: Suit, alone: bool, picked_up: bool
    ) -> tuple[float, int]:
        dealer = int(self.dealer)
        sitting_out = int(maker.partner) if alone else -1
        position = list(hands)
        if picked_up and dealer != sitting_out:
            position[dealer] = _dealer_keeps(
                position[dealer], self.up_card.index, trump, self.rules.dealer_may_discard_up_card
            )
        key = (trump, maker, sitting_out)
        solver = self._solvers.get(key)
        if solver is None:
            active = [s for s in range(4) if s != sitting_out]
            habits = Habits(trump, maker, self.rules.joker, self.habitual) if self.habitual else None
            solver = self._solvers[key] = make_solver(trump, maker.team, active, habits)
        solver.set_position(position, [])
        out = (maker.partner,) if alone else ()
        band = solver.band(int(opening_leader(self.rules, self.dealer, maker, alone, out)), 0)
        return makers_points(band, alone, False, self.rules.doubled_alone_euchre), band

    def after_pass(self, hands: Sequence[int], me: Seat, round_one: bool) -> float:
        """Points for my side if I pass here and the others bid as the model says."""
        key = (*hands, me, round_one)
        points = self._passes.get(key)
        if points is None:
            points = self._passes[key] = self._others_bid(hands, me, round_one)
        return points

    def _others_bid(self, hands: Sequence[int], me: Seat, round_one: bool) -> float:
        dealer = self.dealer
        up = self.up_card
        seat = me
        if round_one:
            assert up.suit is not None
            while seat is not dealer:
                seat = seat.left
                if would_order(hands[seat], up, seat, dealer, self.seating.style(seat)):
                    return self._for(me, seat, self.contract(hands, seat, up.suit, False, True)[0])
            seat = dealer  # round 2 starts at the dealer's left
        while seat is not dealer or round_one:
            round_one = False
            seat = seat.left
            must = self.rules.stick_the_dealer and seat is dealer
            suit = would_call(hands[seat], up.suit, must, self.seating.style(seat))
            if suit is not None:
                return self._for(me, seat, self.contract(hands, seat, suit, False, False)[0])
        return 0

    @staticmethod
    def _for(me: Seat, maker: Seat, points: float) -> float:
        return points if maker.team == me.team else -points


@lru_cache(maxsize=1 << 14)
def _dealer_keeps(hand: int, up: int, trump: Suit, may_discard_up: bool) -> int:
    """The dealer's five after picking up card ``up`` and discarding (the same hand comes
    back in many sampled deals, and weighing a discard was a fifth of the thinking)."""
    six = [*cards_in(hand), ALL_CARDS[up]]
    keep = None if may_discard_up else ALL_CARDS[up]
    return mask_of(six) & ~(1 << best_discard(six, trump, keep).index)


def estimate(values: Sequence[tuple[float, int]]) -> Estimate:
    """Mean points and make rate from (points, band) per deal."""
    n = max(len(values), 1)
    return Estimate(sum(p for p, _ in values) / n, sum(1 for _, b in values if b >= MADE) / n, len(values))


def world_hands(world: World, me: Seat, mine: int) -> list[int]:
    hands = list(world[:4])
    hands[me] = mine
    return hands
