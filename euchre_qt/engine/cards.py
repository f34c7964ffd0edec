"""Cards, suits, ranks and seats, with short text forms and trump-aware order.

Cards are interned: there is exactly one ``Card`` object per card, so identity,
equality and hashing are all cheap, and ``Card.parse("JH") is Card.parse("JH")``.
Text forms follow the card-table habit: rank then suit, ``9C TD JH QS KC AD``, and
``JK`` for the joker ("benny").
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from enum import IntEnum
from typing import ClassVar


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def same_colour(self) -> Suit:
        """The other suit of this suit's colour: where the left bower comes from."""
        return _SAME_COLOUR[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().upper()[:1]
        if key and key in "CDHS":
            return cls("CDHS".index(key))
        raise ValueError(f"not a suit: {text!r} (use C, D, H or S)")

    def __str__(self) -> str:
        return self.letter


_SAME_COLOUR = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}


class Rank(IntEnum):
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]

    def __str__(self) -> str:
        return self.letter


_RANK_LETTERS = {
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JK",
}
_RANK_BY_LETTER = {v: k for k, v in _RANK_LETTERS.items() if k is not Rank.JOKER}
_RANK_BY_LETTER["10"] = Rank.TEN


class Seat(IntEnum):
    """Seats clockwise from the person's: the seat to a player's left plays next."""

    SOUTH = 0
    WEST = 1
    NORTH = 2
    EAST = 3

    @property
    def left(self) -> Seat:
        return _SEATS[(self + 1) % 4]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) % 4]

    @property
    def right(self) -> Seat:
        return _SEATS[(self + 3) % 4]

    @property
    def team(self) -> int:
        """0 for south/north (the person's side), 1 for west/east."""
        return self % 2

    @property
    def letter(self) -> str:
        return "SWNE"[self]

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = text.strip().upper()[:1]
        if key and key in "SWNE":
            return _SEATS["SWNE".index(key)]
        raise ValueError(f"not a seat: {text!r} (use S, W, N or E)")

    def __str__(self) -> str:
        return self.name.title()


_SEATS = tuple(Seat)


class Card:
    """One playing card; ``suit`` is ``None`` for the joker."""

    __slots__ = ("index", "rank", "suit", "text")
    _interned: ClassVar[dict[tuple[Suit | None, Rank], Card]] = {}

    suit: Suit | None
    rank: Rank
    index: int
    text: str

    def __new__(cls, suit: Suit | None, rank: Rank) -> Card:
        try:
            return cls._interned[(suit, rank)]
        except KeyError:
            pass
        if (suit is None) != (rank is Rank.JOKER):
            raise ValueError("the joker, and only the joker, has no suit")
        card = super().__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        index = 24 if suit is None else suit * 6 + (rank - 9)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "text", "JK" if suit is None else rank.letter + suit.letter)
        cls._interned[(suit, rank)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[Suit | None, Rank]]:
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @classmethod
    def parse(cls, text: str) -> Card:
        """``"JH"`` -> jack of hearts; ``"10D"``/``"TD"``; ``"JK"`` -> the joker."""
        key = text.strip().upper()
        if key in ("JK", "JO", "JOKER", "**"):
            return JOKER
        if len(key) >= 2:
            rank = _RANK_BY_LETTER.get(key[:-1])
            if rank is not None and key[-1] in "CDHS":
                return cls(Suit("CDHS".index(key[-1])), rank)
        raise ValueError(f"not a card: {text!r} (write rank then suit, like JH, TD or 9C; JK for the joker)")

    def __repr__(self) -> str:
        return f"Card({self.text})"

    def __str__(self) -> str:
        return self.text

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


JOKER = Card(None, Rank.JOKER)
STANDARD_DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank if rank is not Rank.JOKER)
JOKER_DECK: tuple[Card, ...] = (*STANDARD_DECK, JOKER)
ALL_CARDS = JOKER_DECK  # indexed by Card.index


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """``"JH TD 9C"`` -> three cards (spaces or commas between them)."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(part) for part in parts)


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card.text for card in cards)


# --- trump-aware order -----------------------------------------------------
# Indexed [trump][card.index]; trump index 4 means "no trump yet".  Tables are
# built once so the hot paths (legal moves, trick winners, the solver) are lookups.

NO_TRUMP = 4


def _effective_suit(card: Card, trump: Suit | None) -> Suit | None:
    if card.is_joker:
        return trump
    if trump is not None and card.rank is Rank.JACK and card.suit is trump.same_colour:
        return trump
    return card.suit


# Trick-taking strengths under a trump (``STRENGTH``): a plain card's is its rank (9 to
# 14); a trump's is ``TRUMP_STRENGTH`` more, so any trump beats any plain card; the
# bowers and the joker rank above the ace of trump.
TRUMP_STRENGTH = 100
LEFT_BOWER_STRENGTH = TRUMP_STRENGTH + 18
RIGHT_BOWER_STRENGTH = TRUMP_STRENGTH + 19
JOKER_STRENGTH = TRUMP_STRENGTH + 20


def _strength(card: Card, trump: Suit | None) -> int:
    """Higher wins (see ``TRUMP_STRENGTH``)."""
    if trump is None:
        return 0 if card.is_joker else int(card.rank)
    if card.is_joker:
        return JOKER_STRENGTH
    if card.rank is Rank.JACK and card.suit is trump:
        return RIGHT_BOWER_STRENGTH
    if card.rank is Rank.JACK and card.suit is trump.same_colour:
        return LEFT_BOWER_STRENGTH
    if card.suit is trump:
        return TRUMP_STRENGTH + int(card.rank)
    return int(card.rank)


_TRUMPS: tuple[Suit | None, ...] = (*Suit, None)
EFFECTIVE_SUIT: tuple[tuple[Suit | None, ...], ...] = tuple(
    tuple(_effective_suit(card, trump) for card in ALL_CARDS) for trump in _TRUMPS
)
STRENGTH: tuple[tuple[int, ...], ...] = tuple(tuple(_strength(card, trump) for card in ALL_CARDS) for trump in _TRUMPS)


def effective_suit(card: Card, trump: Suit | None) -> Suit | None:
    """The suit a card follows as: the left bower and the joker are trump."""
    return EFFECTIVE_SUIT[NO_TRUMP if trump is None else trump][card.index]


def strength(card: Card, trump: Suit | None) -> int:
    """Trick-taking strength under ``trump``; any trump beats any plain card."""
    return STRENGTH[NO_TRUMP if trump is None else trump][card.index]


def is_trump(card: Card, trump: Suit | None) -> bool:
    return trump is not None and effective_suit(card, trump) is trump


def sort_hand(cards: Iterable[Card], trump: Suit | None = None) -> list[Card]:
    """Group by (effective) suit, trump first, alternating colours; high to low."""
    cards = list(cards)
    present = {effective_suit(card, trump) for card in cards}
    order = _suit_display_order(trump, present)

    def key(card: Card) -> tuple[int, int]:
        suit = effective_suit(card, trump)
        group = -1 if suit is None else order.index(suit)
        return (group, -strength(card, trump))

    return sorted(cards, key=key)


def _suit_display_order(trump: Suit | None, present: set[Suit | None] | None = None) -> list[Suit]:
    """The suits' order in a sorted hand: trump first, then colours alternating between the
    suits the hand holds (a missing suit must not put two black or two red groups side by side)."""
    first = trump if trump is not None else Suit.SPADES
    blacks = [s for s in (Suit.SPADES, Suit.CLUBS) if s is not first]
    reds = [s for s in (Suit.HEARTS, Suit.DIAMONDS) if s is not first]
    full = [first, blacks[0], reds[0], blacks[1]] if first.is_red else [first, reds[0], blacks[0], reds[1]]
    if present is None:
        return full
    fixed = [first] if trump is not None and first in present else []
    free = [s for s in full if s in present and s not in fixed]
    best = min(itertools.permutations(free), key=lambda p: (_clashes([*fixed, *p]), [full.index(s) for s in p]))
    ordered = [*fixed, *best]
    return ordered + [s for s in full if s not in ordered]


def _clashes(suits: list[Suit]) -> int:
    """How many neighbouring suit groups share a colour."""
    return sum(a.is_red == b.is_red for a, b in itertools.pairwise(suits))
