"""The Advanced player's reasons, in words a person can read at the table: why this
card, this bid, this pass, this discard. Only words are made here; every figure comes
from the searches."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, ActionKind
from ..cards import Card, Suit, effective_suit
from ..tricks import winning_index
from ..view import SeatView
from .bid_search import Estimate
from .evaluation import describe_hand

ONLY_MOVE = "the only legal move"
THROW_IN = "a farmer's hand: nothing but nines and tens, so throw it in"
DEFENCE_TOO_WEAK = "pass: not strong enough to defend alone"


def say(action: Action) -> str:
    """A bid in words: "order up", "call hearts and go alone"."""
    if action.kind is ActionKind.ORDER_UP:
        words = "order up"
    elif action.kind is ActionKind.CALL and action.suit is not None:
        words = f"call {action.suit.name.lower()}"
    else:
        return str(action)
    return words + (" and go alone" if action.alone else "")


def play_reason(view: SeatView, card: Card, mean: float, best_in: int, deals: int) -> str:
    assert view.trump is not None and view.maker is not None
    trump = view.trump
    is_trump = effective_suit(card, trump) is trump
    if not view.trick:
        if is_trump and view.maker.team == view.seat.team and view.maker is not view.seat:
            why = "lead trump to a partner who called it"
        elif is_trump:
            why = "lead trump to draw the defenders' trumps"
        else:
            why = "lead it"
    else:
        cards = [c for _, c in view.trick]
        winner_seat = view.trick[winning_index(cards, trump)][0]
        wins = winning_index([*cards, card], trump) == len(cards)
        if winner_seat is view.seat.partner and not wins:
            why = "partner is winning this trick, so play low"
        elif wins:
            why = "take the trick"
        else:
            why = "this trick cannot be won, so throw the cheapest card"
    return f"play {card}: {why} (best in {best_in} of {deals} likely deals, {mean:+.2f} points expected)"


def too_weak_reason(hand: Sequence[Card], trump: Suit) -> str:
    """Passing without a search: ``hand`` (as it would be with ``trump``) is hopeless."""
    return f"pass: with {trump.name.lower()} as trump this hand has {describe_hand(hand, trump)}: too weak"


def bid_reason(
    action: Action, hand: Sequence[Card], trump: Suit, tricks: float, bid: Estimate, passing: Estimate | None
) -> str:
    """A bid: what ``hand`` holds with ``trump``, the ``tricks`` it takes alone, and the search's figures."""
    text = (
        f"{say(action)}: {describe_hand(hand, trump)}; about {tricks:.1f} tricks from this hand, "
        f"made in {bid.make_rate:.0%} of likely deals ({bid.points:+.2f} points expected"
    )
    if passing is not None:
        text += f", {passing.points:+.2f} if we pass"
    return text + ")"


def pass_reason(action: Action, bid: Estimate, passing: Estimate) -> str:
    """A pass: the best bid ``action`` was not worth enough more than passing."""
    return (
        f"pass: {say(action)} would be made in {bid.make_rate:.0%} of likely deals ({bid.points:+.2f} points "
        f"expected), passing is worth {passing.points:+.2f}"
    )


def discard_reason(card: Card, rest: Sequence[Card], trump: Suit) -> str:
    return f"discard {card}: that keeps {describe_hand(rest, trump)}"


def defend_alone_reason(solo: float, together: float) -> str:
    return f"defend alone: {solo:+.2f} points expected against {together:+.2f} with partner"


def defend_together_reason(solo: float, together: float) -> str:
    return f"pass: defending alone is worth {solo:+.2f}, with partner {together:+.2f}"
