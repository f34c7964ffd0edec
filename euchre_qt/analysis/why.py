"""Why a choice is good, in a player's words: the hint's own reasons (``engine.ai.explanation``,
worded by ``session.wording.reason_text``), filled in with the judge's figures."""

from __future__ import annotations

from ..engine import cards
from ..engine.actions import Action, ActionKind
from ..engine.ai import explanation
from ..engine.ai.bid_search import Estimate
from ..engine.ai.bid_weighing import hand_for, own_estimate
from ..engine.ai.reasons import PlayWhy
from ..engine.cards import Card, Rank
from ..engine.view import Phase, SeatView
from ..session.wording import SUIT_NAMES, hand_strength, reason_text
from .judge import Values


def why(view: SeatView, action: Action, values: Values) -> str:
    """The reason for ``action`` (one of ``view.legal_actions``), worded as the hint words it."""
    phase = view.phase
    if phase is Phase.PLAY:
        assert action.card is not None
        best_in = _best_in(values, action)
        choice = explanation.play_reason(view, action.card, values.mean(action), best_in, values.deals)
        fact = _lead_fact(view, action.card) if not view.trick else _stakes(view) if choice.why is PlayWhy.TAKE else ""
        words, figures, tail = reason_text(choice).partition(" (best in")
        return f"{words} ({fact}; best in{tail}" if fact and figures else words + figures + tail
    if phase is Phase.DISCARD:
        assert action.card is not None and view.trump is not None
        rest = [c for c in view.hand if c is not action.card]
        return reason_text(explanation.discard_reason(action.card, rest, view.trump))
    if phase is Phase.DEFEND:
        solo = values.mean(next(a for a in values.per_deal if a.kind is ActionKind.DEFEND_ALONE))
        together = values.mean(next(a for a in values.per_deal if a.kind is not ActionKind.DEFEND_ALONE))
        alone = action.kind is ActionKind.DEFEND_ALONE
        make = explanation.defend_alone_reason if alone else explanation.defend_together_reason
        return reason_text(make(solo, together))
    return _bid_why(view, action, values)


def _lead_fact(view: SeatView, card: Card) -> str:
    """What a player counting the cards knows of a lead: that no higher card of its suit is
    out (none left in the others' hands or the kitty), or which bowers are still out."""
    trump = view.trump
    assert trump is not None
    suits, power = cards.EFFECTIVE_SUIT[trump], cards.STRENGTH[trump]
    suit = suits[card.index]
    assert suit is not None
    gone = {c for t in view.tricks for c in t.cards} | set(view.hand)
    if view.discarded is not None:
        gone.add(view.discarded)
    if view.up_card_turned_down:
        gone.add(view.up_card)
    deck = cards.JOKER_DECK if view.rules.joker else cards.STANDARD_DECK
    higher = {c for c in deck if suits[c.index] is suit and power[c.index] > power[card.index] and c not in gone}
    if not higher:
        return f"no higher {'trump' if suit is trump else SUIT_NAMES[suit][:-1].lower()} is out"
    if suit is not trump:
        return ""
    right, left = Card(trump, Rank.JACK), Card(trump.same_colour, Rank.JACK)
    if right in higher and left in higher:
        return "both bowers are still out"
    return (
        "the right bower is still out" if right in higher else "the left bower is still out" if left in higher else ""
    )


def _stakes(view: SeatView) -> str:
    """What taking the trick under way is worth, as a player counts tricks."""
    assert view.maker is not None
    makers = view.maker.team == view.seat.team
    if not makers and view.alone and view.our_tricks == 0:
        return "one trick stops a lone march"
    if makers and view.alone and view.their_tricks == 0 and view.our_tricks < 4:
        return "a lone march needs every trick"
    if view.our_tricks == 2:
        return "a third trick makes the hand" if makers else "a third trick euchres the makers"
    if makers and view.our_tricks == 4:
        return "the last trick is the march"
    return ""


def _bid_why(view: SeatView, action: Action, values: Values) -> str:
    passing = _estimate(values, action) if action.kind is ActionKind.PASS else None
    bids = [a for a in values.per_deal if a.kind is not ActionKind.PASS]
    if action.kind is ActionKind.PASS:
        if not bids:
            return ""
        bid = max(bids, key=values.mean)
        assert passing is not None
        trump = bid.suit if bid.suit is not None else view.up_card.suit
        assert trump is not None
        # what the hand holds for the best bid passed up, as the hint says a hand too weak to bid
        holds = f"with {SUIT_NAMES[trump].lower()} as trump this hand has {hand_strength(hand_for(view, trump), trump)}"
        return f"{holds}; " + reason_text(explanation.pass_reason(bid, _estimate(values, bid), passing))
    suit = action.suit if action.suit is not None else view.up_card.suit
    assert suit is not None
    pass_action = next((a for a in values.per_deal if a.kind is ActionKind.PASS), None)
    against = None if pass_action is None else _estimate(values, pass_action)
    hand = hand_for(view, suit)
    estimate = _estimate(values, action)
    return reason_text(explanation.bid_reason(action, hand, suit, own_estimate(view, suit), estimate, against))


def _estimate(values: Values, action: Action) -> Estimate:
    """A choice's figures as the hint states them: points, and the share of deals made."""
    per_deal = values.per_deal[action]
    made = sum(1 for p in per_deal if p > 0) / max(len(per_deal), 1)
    return Estimate(values.mean(action), made, len(per_deal))


def _best_in(values: Values, action: Action) -> int:
    """The deals in which no other choice did better."""
    rows = zip(*values.per_deal.values(), strict=True)
    index = list(values.per_deal).index(action)
    return sum(1 for row in rows if row[index] >= max(row))
