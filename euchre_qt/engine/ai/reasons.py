"""Why a computer player chose its move, as values: the facts and figures behind it, never
words. ``euchre_qt.session.wording.reason_text`` says them to a person; a hint, a log or a
table across the network carries the value itself (every field is a card, suit, move or
number)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..actions import Action
from ..cards import Card, Suit


class PlayWhy(StrEnum):
    """What a card was played for."""

    LEAD = "lead"
    LEAD_TRUMP_TO_PARTNER = "lead trump to partner"  # partner called it
    DRAW_TRUMP = "draw trump"  # lead trump to pull the defenders'
    PARTNER_WINNING = "partner winning"  # so play low
    TAKE = "take the trick"
    CANNOT_WIN = "cannot win"  # so throw the cheapest card


@dataclass(frozen=True, slots=True)
class OnlyMove:
    """There was one legal move."""


@dataclass(frozen=True, slots=True)
class ThrowIn:
    """A farmer's hand (nines and tens only) is thrown in."""


@dataclass(frozen=True, slots=True)
class PlayChoice:
    """``card`` served ``why``: best in ``best_in`` of ``deals`` likely deals, ``mean`` points;
    ``close``: another card did as well within what those deals can tell, and this one was
    chosen by a preference no seed changes (a good player's habits, or on the opening lead
    the learned figures of ``opening_values``)."""

    card: Card
    why: PlayWhy
    mean: float
    best_in: int
    deals: int
    close: bool = False


@dataclass(frozen=True, slots=True)
class TooWeak:
    """Passing without a search: ``hand`` (as it would be with ``trump``) is hopeless."""

    trump: Suit
    hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class BidChoice:
    """A bid: ``hand`` with ``trump`` takes about ``tricks`` alone; the search made it in
    ``make_rate`` of likely deals for ``points`` expected (``passing``: what passing was worth)."""

    action: Action
    trump: Suit
    hand: tuple[Card, ...]
    tricks: float
    make_rate: float
    points: float
    passing: float | None


@dataclass(frozen=True, slots=True)
class PassChoice:
    """A pass: the best bid, ``bid``, was not worth enough more than passing."""

    bid: Action
    make_rate: float
    points: float
    passing: float


@dataclass(frozen=True, slots=True)
class DiscardChoice:
    """The dealer's discard, keeping ``rest`` with ``trump``."""

    card: Card
    rest: tuple[Card, ...]
    trump: Suit


@dataclass(frozen=True, slots=True)
class DefenceChoice:
    """Defending alone or with partner: points expected each way (None: the hand was too weak
    to weigh it)."""

    alone: bool
    solo: float | None = None
    together: float | None = None


Reason = OnlyMove | ThrowIn | PlayChoice | TooWeak | BidChoice | PassChoice | DiscardChoice | DefenceChoice
