"""Cards, suits, seats and teams by name: "Jack of Hearts", "Clubs", "South/North"; a card
of one's hand with what it is in this hand: "left bower (Jack of Diamonds), trump, playable"."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Card, Seat, Suit
from ...engine.cards import Rank, is_trump

SEAT_NAMES: tuple[str, str, str, str] = ("South", "West", "North", "East")
SUIT_NAMES = {Suit.CLUBS: "Clubs", Suit.DIAMONDS: "Diamonds", Suit.HEARTS: "Hearts", Suit.SPADES: "Spades"}
RANK_NAMES = {9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
TEAM_NAMES = ("South/North", "West/East")


def suit_name(suit: Suit) -> str:
    """ "Clubs" """
    return SUIT_NAMES[suit]


def card_name(card: Card, trump: Suit | None = None) -> str:
    """ "Jack of Hearts", "Joker"; with ``trump`` known, a bower by its name first:
    "left bower (Jack of Hearts)". Every card a person reads or hears is named here."""
    if card.is_joker:
        return "Joker"
    assert card.suit is not None
    name = f"{RANK_NAMES[int(card.rank)]} of {SUIT_NAMES[card.suit]}"
    bower = bower_name(card, trump)
    return f"{bower} ({name})" if bower else name


def bower_name(card: Card, trump: Suit | None) -> str:
    """ "right bower", "left bower", or "" for any other card (or trump not known)."""
    if trump is None or card.rank is not Rank.JACK or card.suit is None:
        return ""
    if card.suit is trump:
        return "right bower"
    return "left bower" if card.suit is trump.same_colour else ""


def plural(n: int, word: str) -> str:
    """ "1 point", "2 points" """
    return f"{n} {word}{'s' * (n != 1)}"


def listed(parts: Sequence[str]) -> str:
    """ "West", "West and East", "South, West and East" """
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def sits_out(seats: Sequence[Seat], names: Sequence[str], you: Seat | None = None) -> str:
    """Who sits out a lone hand: "Nell sits out this hand", "You sit out this hand"."""
    who = ["you" if seat is you else names[seat] for seat in seats]
    text = listed(who)
    one_person = len(seats) == 1 and seats[0] is not you
    return f"{text[:1].upper()}{text[1:]} {'sits' if one_person else 'sit'} out this hand"


def hand_card(card: Card, trump: Suit | None, playable: bool | None) -> str:
    """A card of your hand: "left bower (Jack of Diamonds), trump, playable"."""
    parts = [card_name(card, trump)]
    if is_trump(card, trump):
        parts.append("trump")
    if playable is True:
        parts.append("playable")
    elif playable is False:
        parts.append("cannot be played now")
    return ", ".join(parts)
