"""How other players are assumed to bid: a point count (Novice's) with a soft threshold.

Two uses: reading the bidding (how likely was this pass, had the passer held these
cards?) and looking ahead (if I pass, who orders or calls next, in a sampled deal?).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Seat, Suit
from .evaluation import sigmoid
from .novice import BID_THRESHOLD, UP_CARD_SHARE, choose_discard, hand_points, trump_value

BID_SPREAD = 0.8  # points: how far from the threshold players still differ


def round_one_points(hand: Sequence[Card], up: Card, seat: Seat, dealer: Seat) -> float:
    """A hand's worth for ordering ``up``, counting who gets the up-card."""
    trump = up.suit
    assert trump is not None
    if seat is dealer:
        six = [*hand, up]
        six.remove(choose_discard(six, trump, six))
        return hand_points(six, trump)
    share = UP_CARD_SHARE * trump_value(up, trump)
    return hand_points(hand, trump) + (share if seat.partner is dealer else -share)


def order_probability(hand: Sequence[Card], up: Card, seat: Seat, dealer: Seat) -> float:
    return sigmoid((round_one_points(hand, up, seat, dealer) - BID_THRESHOLD) / BID_SPREAD)


def call_probability(hand: Sequence[Card], suit: Suit) -> float:
    return sigmoid((hand_points(hand, suit) - BID_THRESHOLD) / BID_SPREAD)


def would_order(hand: Sequence[Card], up: Card, seat: Seat, dealer: Seat) -> bool:
    return round_one_points(hand, up, seat, dealer) >= BID_THRESHOLD


def would_call(hand: Sequence[Card], turned_down: Suit | None, must: bool) -> Suit | None:
    """The suit a typical player calls in round 2, or None to pass."""
    suits = [s for s in Suit if s is not turned_down]
    best = max(suits, key=lambda s: hand_points(hand, s))
    return best if must or hand_points(hand, best) >= BID_THRESHOLD else None
