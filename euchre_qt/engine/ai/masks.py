"""Cards as bitmasks, and the card tables under one trump that the searching players share.

A hand or any set of cards is an int with bit ``card.index`` set for each card, so the
solver, the sampler and the habits can test and combine card sets in one operation.
The tables under a trump (each card's strength and effective suit, each suit's cards
strongest first, the trumps, the side cards, the side aces) are built once per trump
here and shared by everything that plays or reads cards under it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

from ..cards import ALL_CARDS, EFFECTIVE_SUIT, JOKER, STRENGTH, Card, Rank, Suit

# Suits are indexed 0..3 by ``int(suit)``; a card with no suit of its own (the joker
# when nothing is trump) gets the fifth slot, so the tables index by a plain int.
NO_SUIT = 4
SUIT_SLOTS = NO_SUIT + 1
# Above every card's strength under any trump (the joker's, the highest, is ``JOKER_STRENGTH``).
STRONGER_THAN_ANY = 999


def mask_of(cards: Iterable[Card]) -> int:
    """Bitmask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_in(mask: int) -> list[Card]:
    """The cards of a bitmask."""
    return [ALL_CARDS[i] for i in cards_of(mask)]


def cards_of(mask: int) -> list[int]:
    """Card indices in a bitmask, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_where(test: Callable[[Card], bool]) -> int:
    """The bitmask of every card that passes ``test``."""
    return sum(1 << c.index for c in ALL_CARDS if test(c))


class TrumpTables:
    """Card tables under one trump, indexed by card index (read-only once built)."""

    def __init__(self, trump: Suit) -> None:
        self.trump = trump
        self.suits = EFFECTIVE_SUIT[trump]
        self.power = STRENGTH[trump]
        self.suit_of = [int(s) if s is not None else NO_SUIT for s in self.suits]
        self.suit_mask = [0] * SUIT_SLOTS
        for i, s in enumerate(self.suit_of):
            self.suit_mask[s] |= 1 << i
        # Each suit's cards, strongest first: the solver's equivalence and move order walk these.
        self.order = [
            sorted((i for i in range(len(ALL_CARDS)) if self.suit_of[i] == s), key=lambda i: -self.power[i])
            for s in range(SUIT_SLOTS)
        ]
        self.order_bits = [[(card, 1 << card) for card in suit] for suit in self.order]
        self.trump_bits = [bit for _, bit in self.order_bits[int(trump)]]
        self.trumps = cards_where(lambda c: self.suits[c.index] is trump)
        self.plain = cards_where(lambda c: self.suits[c.index] is not trump)
        self.plain_aces = cards_where(lambda c: c.rank is Rank.ACE and self.suits[c.index] is not trump)


@cache
def trump_tables(trump: Suit) -> TrumpTables:
    """The tables under ``trump``, built once."""
    return TrumpTables(trump)


class TrumpCards:
    """Card sets (bitmasks) under one trump, for reading plays: the shared tables plus
    the top trump of this deck and a few set builders."""

    def __init__(self, trump: Suit, joker: bool) -> None:
        tables = trump_tables(trump)
        self.trump = trump
        self.suits = tables.suits
        self.power = tables.power
        self.top = JOKER if joker else Card(trump, Rank.JACK)
        self.trumps = tables.trumps
        self.plain = tables.plain
        self.plain_aces = tables.plain_aces

    def where(self, test: Callable[[Card], bool]) -> int:
        return cards_where(test)

    def of_suit(self, suit: Suit | None, above: int = -1, below: int = STRONGER_THAN_ANY) -> int:
        return self.where(lambda c: self.suits[c.index] is suit and above < self.power[c.index] < below)

    def below(self, group: int, power: int) -> int:
        """Cards of ``group`` weaker than ``power``."""
        return group & self.where(lambda c: self.power[c.index] < power)
