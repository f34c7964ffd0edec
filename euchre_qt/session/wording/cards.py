"""Cards, suits, seats and teams by name: "Jack of Hearts", "Clubs", "South/North"; a card
of one's hand with what it is in this hand: "Jack of Diamonds, left bower, trump, playable"."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Card, Suit
from ...engine.cards import Rank, is_trump

SEAT_NAMES: tuple[str, str, str, str] = ("South", "West", "North", "East")
SUIT_NAMES = {Suit.CLUBS: "Clubs", Suit.DIAMONDS: "Diamonds", Suit.HEARTS: "Hearts", Suit.SPADES: "Spades"}
RANK_NAMES = {9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
TEAM_NAMES = ("South/North", "West/East")


def suit_name(suit: Suit) -> str:
    """ "Clubs" """
    return SUIT_NAMES[suit]


def card_name(card: Card) -> str:
    """ "Jack of Hearts", "Joker" """
    if card.is_joker:
        return "Joker"
    assert card.suit is not None
    return f"{RANK_NAMES[int(card.rank)]} of {SUIT_NAMES[card.suit]}"


def plural(n: int, word: str) -> str:
    """ "1 point", "2 points" """
    return f"{n} {word}{'s' * (n != 1)}"


def listed(parts: Sequence[str]) -> str:
    """ "West", "West and East", "South, West and East" """
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def hand_card(card: Card, trump: Suit | None, playable: bool | None) -> str:
    """A card of your hand: "Jack of Diamonds, left bower, trump, playable"."""
    parts = [card_name(card)]
    if trump is not None and card.rank is Rank.JACK and card.suit is not None:
        if card.suit is trump:
            parts.append("right bower")
        elif card.suit is trump.same_colour:
            parts.append("left bower")
    if is_trump(card, trump):
        parts.append("trump")
    if playable is True:
        parts.append("playable")
    elif playable is False:
        parts.append("cannot be played now")
    return ", ".join(parts)
