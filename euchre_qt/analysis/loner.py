"""Loners read as a bidding implies: a lone maker's hidden cards dealt as strong as going
alone implies, and the others going alone after a pass when their cards and the score
invite it.

The sampler reads "order it up alone" as it reads "order it up": the lone maker's last
cards came out of every holding that would have ordered, many of them junk, so a defender's
lead was judged against loners nobody would play. Here the deals are drawn again in
proportion to how likely the maker's cards were to go alone with: for a good player,
about even at the tricks a hand takes by itself that the Advanced player starts weighing
a loner at, and quickly likelier above; for a player by habit, the Novice's rule (the top
trump, three trumps, four sure tricks: ``novice.is_loner``), a hand outside it kept as
rarely as a play against its habits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.ai.bid_search import DealTable
from ..engine.ai.evaluation import best_discard, sigmoid, trick_estimate
from ..engine.ai.habits import STRAY
from ..engine.ai.how_they_play import HowTheyPlay, Plays
from ..engine.ai.knowledge import Knowledge
from ..engine.ai.masks import cards_in
from ..engine.ai.novice import choose_discard, is_loner
from ..engine.ai.sampler import World
from ..engine.cards import Card, Seat, Suit
from ..engine.scoring import MARCH_POINTS
from ..engine.view import SeatView

# A lone hand is about as likely as not at this many tricks taken by itself (the
# Advanced player starts weighing a loner at 2.2), and this much likelier per trick more.
EVEN_TRICKS = 3.5
PER_TRICK = 3.0
# Deals drawn for each one kept: room to prefer the strong hands.
POOL = 3


def needs_reading(view: SeatView) -> bool:
    """A lone maker whose cards the seat cannot see."""
    return view.alone and view.maker is not None and view.maker is not view.seat


def as_bid(
    view: SeatView, knowledge: Knowledge, worlds: list[World], count: int, rng: random.Random, seating: HowTheyPlay
) -> list[World]:
    """``count`` of ``worlds`` drawn (with replacement) by how likely the lone maker was
    to go alone holding what each gives it (its cards now and the ones it played), as
    the way it plays (``seating``) says."""
    assert view.maker is not None and view.trump is not None
    maker, trump = view.maker, view.trump
    played = knowledge.played_by[maker]
    hands = [cards_in(w[maker] | played) for w in worlds]
    if seating[maker] is Plays.BY_HABIT:
        weights = [1.0 if is_loner(hand, trump, view.rules.joker) else STRAY for hand in hands]
    else:
        weights = [sigmoid(PER_TRICK * (trick_estimate(hand, trump) - EVEN_TRICKS)) for hand in hands]
    if not worlds or sum(weights) <= 0:
        return worlds[:count]
    return rng.choices(worlds, weights=weights, k=count)


class LonersBid(DealTable):
    """The bidding after a pass (``DealTable.after_pass``) with the others going alone as
    each would: a good player when a loner's hand and the score invite it (its own cards
    take ``EVEN_TRICKS`` or more and its side needs more than a partnership march to
    win), a player by habit with the Novice's loner (``novice.is_loner``), the chooser
    too if it plays by habit. A pass that hands the opponents a game-winning loner is
    then valued as one."""

    def __init__(self, view: SeatView, seating: HowTheyPlay) -> None:
        super().__init__(view.rules, view.dealer, view.up_card, seating)
        self.me = view.seat
        target = view.rules.points_to_win
        self.needs = {view.seat.team: target - view.our_score, 1 - view.seat.team: target - view.their_score}

    def contract(
        self, hands: Sequence[int], maker: Seat, trump: Suit, alone: bool, picked_up: bool
    ) -> tuple[float, int]:
        if not alone and self._goes_alone(hands[maker], maker, trump, picked_up):
            no_pickup = picked_up and maker.partner is self.dealer
            return super().contract(hands, maker, trump, True, picked_up and not no_pickup)
        return super().contract(hands, maker, trump, alone, picked_up)

    def _goes_alone(self, hand: int, maker: Seat, trump: Suit, picked_up: bool) -> bool:
        by_habit = self.seating[maker] is Plays.BY_HABIT
        if by_habit:
            return is_loner(self._alone_with(hand, maker, trump, picked_up, by_habit), trump, self.rules.joker)
        if maker is self.me or self.needs[maker.team] <= MARCH_POINTS:
            return False  # a good chooser's later bid is its own to make
        return trick_estimate(self._alone_with(hand, maker, trump, picked_up, by_habit), trump) >= EVEN_TRICKS

    def _alone_with(self, hand: int, maker: Seat, trump: Suit, picked_up: bool, by_habit: bool) -> list[Card]:
        """The maker's five: a dealer's after picking the up-card up and discarding (by
        the Novice's rule, or the best discard)."""
        cards = cards_in(hand)
        if picked_up and maker is self.dealer:
            cards.append(self.up_card)
            cards.remove(choose_discard(cards, trump, cards) if by_habit else best_discard(cards, trump))
        return cards
