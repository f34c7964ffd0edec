"""Quick judgements of a hand's strength as trump: how many tricks it should take.

Used to skip the search on hands too weak to bid, to decide when going alone is worth
a look, and to pick the dealer's discard.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ..cards import (
    EFFECTIVE_SUIT,
    JOKER_STRENGTH,
    LEFT_BOWER_STRENGTH,
    RIGHT_BOWER_STRENGTH,
    STRENGTH,
    TRUMP_STRENGTH,
    Card,
    Rank,
    Suit,
)

_JOKER, _RIGHT, _LEFT = JOKER_STRENGTH, RIGHT_BOWER_STRENGTH, LEFT_BOWER_STRENGTH
# The other trumps' strengths, by rank.
_TRUMP_RANK = {rank: TRUMP_STRENGTH + rank for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE)}
# Expected tricks from each trump, by its strength (see cards.STRENGTH).
_TRUMP_VALUE = {
    _JOKER: 1.0,
    _RIGHT: 1.0,
    _LEFT: 0.85,
    _TRUMP_RANK[Rank.ACE]: 0.7,
    _TRUMP_RANK[Rank.KING]: 0.55,
    _TRUMP_RANK[Rank.QUEEN]: 0.45,
    _TRUMP_RANK[Rank.TEN]: 0.35,
    _TRUMP_RANK[Rank.NINE]: 0.3,
}
# Holding this many trumps is worth a little more than the trumps one by one: the
# opponents' trumps run out first.
_LONG_TRUMP = 4


def trick_estimate(hand: Iterable[Card], trump: Suit) -> float:
    """Rough tricks this hand takes by itself with ``trump`` (partner not counted)."""
    cards = list(hand)
    suits = EFFECTIVE_SUIT[trump]
    power = STRENGTH[trump]
    trumps = [power[c.index] for c in cards if suits[c.index] is trump]
    value = sum(_TRUMP_VALUE.get(p, 0.3) for p in trumps)
    if _RIGHT in trumps and _LEFT in trumps:
        value += 0.1  # both bowers: the left can no longer be caught
    if len(trumps) >= _LONG_TRUMP:
        value += 0.3
    by_suit: dict[Suit, list[Card]] = {}
    for c in cards:
        s = suits[c.index]
        if s is not trump and s is not None:
            by_suit.setdefault(s, []).append(c)
    for group in by_suit.values():
        ranks = {c.rank for c in group}
        if Rank.ACE in ranks:
            value += 0.75 if len(group) <= 2 else 0.55
            if Rank.KING in ranks:
                value += 0.3
        elif Rank.KING in ranks and len(group) >= 2:
            value += 0.15
    voids = sum(1 for s in Suit if s is not trump and s not in by_suit)
    if len(trumps) >= 2:
        value += 0.25 * voids
    return value


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def best_discard(hand: Iterable[Card], trump: Suit, keep: Card | None = None) -> Card:
    """The dealer's discard: the card whose loss leaves the strongest five (short-suiting
    itself, keeping trump and aces); ``keep`` may not be discarded (house rule)."""
    cards = list(hand)
    power = STRENGTH[trump]

    def after(card: Card) -> tuple[float, int]:
        rest = [c for c in cards if c is not card]
        return (trick_estimate(rest, trump), -power[card.index])

    return max((c for c in cards if c is not keep), key=after)
