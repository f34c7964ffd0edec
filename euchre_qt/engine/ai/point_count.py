"""The point count: a hand's worth under a trump, as Novice bids by it and as the
Advanced player reads a point counter's bidding (``bidding_model``).

=====================  ======
joker (benny)          3.5
right bower            3
left bower             2.5
trump A / K / Q        2 / 1.75 / 1.5
trump 10 / 9           1.25 / 1
off-suit ace           1
each void (2+ trumps)  0.5
=====================  ======
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..cards import (
    ALL_CARDS,
    JOKER_STRENGTH,
    LEFT_BOWER_STRENGTH,
    RIGHT_BOWER_STRENGTH,
    Card,
    Rank,
    Suit,
    effective_suit,
    is_trump,
    strength,
)

_TRUMP_RANK_VALUE = {
    Rank.ACE: 2.0,
    Rank.KING: 1.75,
    Rank.QUEEN: 1.5,
    Rank.TEN: 1.25,
    Rank.NINE: 1.0,
}
OFF_ACE_VALUE = 1.0
VOID_VALUE = 0.5
# Voids count only in a hand with this many trumps (to ruff with); a hand has three side suits.
VOIDS_NEED_TRUMPS = 2
_SIDE_SUITS = 3


def trump_value(card: Card, trump: Suit) -> float:
    """Points for one card that is a trump under ``trump``."""
    power = strength(card, trump)
    if power == JOKER_STRENGTH:
        return 3.5
    if power == RIGHT_BOWER_STRENGTH:
        return 3.0
    if power == LEFT_BOWER_STRENGTH:
        return 2.5
    return _TRUMP_RANK_VALUE.get(card.rank, 1.0)


def hand_points(cards: Sequence[Card], trump: Suit) -> float:
    """The point count of ``cards`` with ``trump`` as trump (see the module's table)."""
    points = 0.0
    trumps = 0
    suits_held: set[Suit | None] = set()
    for card in cards:
        if is_trump(card, trump):
            trumps += 1
            points += trump_value(card, trump)
        else:
            suits_held.add(effective_suit(card, trump))
            if card.rank is Rank.ACE:
                points += OFF_ACE_VALUE
    if trumps >= VOIDS_NEED_TRUMPS:
        points += VOID_VALUE * (_SIDE_SUITS - len(suits_held))
    return points


@cache
def card_points(trump: Suit) -> tuple[list[float], int, tuple[int, int, int]]:
    """Each card's points by index under ``trump`` (its voids apart), the trumps, and the
    three side suits (bitmasks): the point count's tables, for ``mask_points`` and the
    compiled core."""
    values = [0.0] * len(ALL_CARDS)
    trumps = 0
    sides = dict.fromkeys((s for s in Suit if s is not trump), 0)
    for card in ALL_CARDS:
        if is_trump(card, trump):
            values[card.index] = trump_value(card, trump)
            trumps |= 1 << card.index
        else:
            values[card.index] = OFF_ACE_VALUE if card.rank is Rank.ACE else 0.0
            sides[card.suit] |= 1 << card.index  # type: ignore[index]  # not trump: a suited card
    a, b, c = sides.values()
    return values, trumps, (a, b, c)


@cache
def _point_tables(trump: Suit) -> tuple[list[float], list[float], list[float], list[float], int, int, int, int]:
    """For ``mask_points``: the count of each byte of a hand's bitmask (four bytes hold
    the 25 cards), then the trumps and the three side suits."""
    values, trumps, sides = card_points(trump)
    values = values + [0.0] * (32 - len(values))
    t0, t1, t2, t3 = (
        [sum(values[8 * b + i] for i in range(8) if byte >> i & 1) for byte in range(256)] for b in range(4)
    )
    return t0, t1, t2, t3, trumps, *sides


def mask_points(mask: int, trump: Suit) -> float:
    """``hand_points`` of the cards in a bitmask (bit ``card.index``), without building
    them: the sampler counts thousands of hands per decision."""
    t0, t1, t2, t3, trumps, a, b, c = _point_tables(trump)
    points = t0[mask & 255] + t1[mask >> 8 & 255] + t2[mask >> 16 & 255] + t3[mask >> 24 & 255]
    if (mask & trumps).bit_count() >= VOIDS_NEED_TRUMPS:
        points += VOID_VALUE * ((not mask & a) + (not mask & b) + (not mask & c))
    return points
