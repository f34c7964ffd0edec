"""Why a computer player chose its move, in words ("lead it (best in 14 of 16 likely deals,
+0.52 points expected)"), what makes a hand strong ("both bowers and an off ace"), the
hint that says both, and what is said when a computer player fails to choose."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Action, ActionKind, Card, Suit
from ...engine import cards as card_order
from ...engine.ai.reasons import (
    BidChoice,
    DiscardChoice,
    OnlyMove,
    PassChoice,
    PlayChoice,
    PlayWhy,
    Reason,
    ThrowIn,
    TooWeak,
)
from ...engine.cards import Rank
from .cards import SUIT_NAMES, listed
from .moves import describe_action

_TRUMP_RANK_NAMES = {
    card_order.TRUMP_STRENGTH + rank: rank.name.lower()
    for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE)
}
_PLAY_WHY = {
    PlayWhy.LEAD: "lead it",
    PlayWhy.LEAD_TRUMP_TO_PARTNER: "lead trump to a partner who called it",
    PlayWhy.DRAW_TRUMP: "lead trump to draw the other side's trumps",
    PlayWhy.PARTNER_WINNING: "partner is winning this trick, so play low",
    PlayWhy.TAKE: "take the trick",
    PlayWhy.CANNOT_WIN: "this trick cannot be won, so throw the cheapest card",
}


def _count(n: int, noun: str) -> str:
    words = {1: "an" if noun[0] in "aeiou" else "a", 2: "two", 3: "three", 4: "four", 5: "five"}
    return f"{words.get(n, str(n))} {noun}{'s' if n > 1 else ''}"


def hand_strength(hand: Sequence[Card], trump: Suit) -> str:
    """A few words on what makes a hand strong in ``trump``: "both bowers and an off ace"."""
    suits = card_order.EFFECTIVE_SUIT[trump]
    power = card_order.STRENGTH[trump]
    trumps = sorted((power[c.index] for c in hand if suits[c.index] is trump), reverse=True)
    parts = []
    if card_order.JOKER_STRENGTH in trumps:
        parts.append("the joker")
    if card_order.RIGHT_BOWER_STRENGTH in trumps and card_order.LEFT_BOWER_STRENGTH in trumps:
        parts.append("both bowers")
    elif card_order.RIGHT_BOWER_STRENGTH in trumps:
        parts.append("the right bower")
    elif card_order.LEFT_BOWER_STRENGTH in trumps:
        parts.append("the left bower")
    others = [p for p in trumps if p < card_order.LEFT_BOWER_STRENGTH]
    if others:
        one = f"the {_TRUMP_RANK_NAMES[others[0]]} of trump"
        # "other" only beside the bowers or the joker named before them
        noun = "other trump" if parts else "trump"
        parts.append(_count(len(others), noun) if len(others) > 1 else one)
    off_aces = sum(1 for c in hand if c.rank is Rank.ACE and suits[c.index] is not trump)
    if off_aces:
        parts.append(_count(off_aces, "off ace"))
    voids = sum(1 for s in Suit if s is not trump and not any(suits[c.index] is s for c in hand))
    if voids and trumps:
        parts.append(_count(voids, "void"))
    if not parts:
        return "no trump to speak of"
    return listed(parts)


def _bid_words(action: Action) -> str:
    """A bid as a player says it at the table: "order up", "call hearts and go alone"."""
    if action.kind is ActionKind.ORDER_UP:
        words = "order up"
    elif action.kind is ActionKind.CALL and action.suit is not None:
        words = f"call {SUIT_NAMES[action.suit].lower()}"
    else:
        return describe_action(action)
    return words + (" and go alone" if action.alone else "")


def reason_text(reason: Reason | str) -> str:
    """Why a computer player chose its move, in words (the move itself is said elsewhere):
    "lead it (best in 14 of 16 likely deals, +0.52 points expected)". A player that gives its
    reason as text (the Novice) is quoted as it is."""
    if isinstance(reason, str):
        return reason
    if isinstance(reason, OnlyMove):
        return "the only legal move"
    if isinstance(reason, ThrowIn):
        return "a farmer's hand: nothing but nines and tens, so throw it in"
    if isinstance(reason, PlayChoice):
        if reason.close:
            return (
                f"{_PLAY_WHY[reason.why]} (no card does clearly better over {reason.deals} likely deals, "
                f"{reason.mean:+.2f} points expected)"
            )
        return (
            f"{_PLAY_WHY[reason.why]} (best in {reason.best_in} of {reason.deals} likely deals, "
            f"{reason.mean:+.2f} points expected)"
        )
    if isinstance(reason, TooWeak):
        trump = SUIT_NAMES[reason.trump].lower()
        return f"with {trump} as trump this hand has {hand_strength(reason.hand, reason.trump)}: too weak"
    if isinstance(reason, BidChoice):
        text = (
            f"{hand_strength(reason.hand, reason.trump)}; about {reason.tricks:.1f} tricks from this hand, "
            f"made in {reason.make_rate:.0%} of likely deals ({reason.points:+.2f} points expected"
        )
        if reason.passing is not None:
            text += f", {reason.passing:+.2f} if we pass"
        return text + ")"
    if isinstance(reason, PassChoice):
        return (
            f"{_bid_words(reason.bid)} would be made in {reason.make_rate:.0%} of likely deals "
            f"({reason.points:+.2f} points expected), passing is worth {reason.passing:+.2f}"
        )
    if isinstance(reason, DiscardChoice):
        return f"that keeps {hand_strength(reason.rest, reason.trump)}"
    if reason.solo is None or reason.together is None:
        return "not strong enough to defend alone"
    if reason.alone:
        return (
            f"a lone defender who euchres the makers scores 4 ({reason.solo:+.2f} points expected "
            f"against {reason.together:+.2f} with partner)"
        )
    return (
        f"two defenders take more tricks than one ({reason.together:+.2f} points expected with partner, "
        f"{reason.solo:+.2f} alone)"
    )


def hint_text(action: Action, reason: Reason | str, dealer: bool = False, trump: Suit | None = None) -> str:
    """What the hint says: "Hint: play the Queen of Clubs — lead it (best in 14 of 16 ...)"."""
    why = reason_text(reason).strip()
    return f"Hint: {describe_action(action, dealer, trump)}" + (f" — {why}" if why else "")


def stood_in_for(name: str) -> str:
    """Said when ``name``'s computer player failed to answer and a Novice's move was made
    for it (``engine.ai.stand_in``)."""
    return f"{name}'s computer player could not decide, so it plays a Novice's move this time."
