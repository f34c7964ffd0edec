"""The Advanced player's reasons: why this card, this bid, this pass, this discard, as
values (``reasons``) built from the searches' figures. The words a person reads come from
``euchre_qt.session.wording.reason_text``."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action
from ..cards import Card, Suit, effective_suit
from ..tricks import winning_index
from ..view import SeatView
from .bid_search import Estimate
from .reasons import (
    BidChoice,
    DefenceChoice,
    DiscardChoice,
    OnlyMove,
    PassChoice,
    PlayChoice,
    PlayWhy,
    ThrowIn,
    TooWeak,
)

ONLY_MOVE = OnlyMove()
THROW_IN = ThrowIn()
DEFENCE_TOO_WEAK = DefenceChoice(alone=False)


def play_reason(view: SeatView, card: Card, mean: float, best_in: int, deals: int, close: bool = False) -> PlayChoice:
    assert view.trump is not None and view.maker is not None
    trump = view.trump
    is_trump = effective_suit(card, trump) is trump
    if not view.trick:
        if is_trump and view.maker.team == view.seat.team and view.maker is not view.seat:
            why = PlayWhy.LEAD_TRUMP_TO_PARTNER
        elif is_trump:
            why = PlayWhy.DRAW_TRUMP
        else:
            why = PlayWhy.LEAD
    else:
        cards = [c for _, c in view.trick]
        winner_seat = view.trick[winning_index(cards, trump)][0]
        wins = winning_index([*cards, card], trump) == len(cards)
        if winner_seat is view.seat.partner and not wins:
            why = PlayWhy.PARTNER_WINNING
        elif wins:
            why = PlayWhy.TAKE
        else:
            why = PlayWhy.CANNOT_WIN
    return PlayChoice(card, why, mean, best_in, deals, close)


def too_weak_reason(hand: Sequence[Card], trump: Suit) -> TooWeak:
    """Passing without a search: ``hand`` (as it would be with ``trump``) is hopeless."""
    return TooWeak(trump, tuple(hand))


def bid_reason(
    action: Action, hand: Sequence[Card], trump: Suit, tricks: float, bid: Estimate, passing: Estimate | None
) -> BidChoice:
    """A bid: what ``hand`` holds with ``trump``, the ``tricks`` it takes alone, and the search's figures."""
    return BidChoice(
        action, trump, tuple(hand), tricks, bid.make_rate, bid.points, None if passing is None else passing.points
    )


def pass_reason(action: Action, bid: Estimate, passing: Estimate) -> PassChoice:
    """A pass: the best bid ``action`` was not worth enough more than passing."""
    return PassChoice(action, bid.make_rate, bid.points, passing.points)


def discard_reason(card: Card, rest: Sequence[Card], trump: Suit) -> DiscardChoice:
    return DiscardChoice(card, tuple(rest), trump)


def defend_alone_reason(solo: float, together: float) -> DefenceChoice:
    return DefenceChoice(True, solo, together)


def defend_together_reason(solo: float, together: float) -> DefenceChoice:
    return DefenceChoice(False, solo, together)
