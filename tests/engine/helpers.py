"""Shared helpers for the engine tests: snapshots, random play, and a reference ranking
written independently of ``cards.py`` to check the engine's tables against."""

from __future__ import annotations

import random
from typing import Any

from euchre_qt.engine import JOKER, Action, Card, FarmersHand, Game, HandState, Rank, Seat, Suit
from euchre_qt.engine.rules import RULE_OPTIONS, Rules

# Every rule option away from its default (a test checks none is left out).
EVERY_RULE_CHANGED = Rules(
    stick_the_dealer=True,
    lone_defender=True,
    doubled_alone_euchre=True,
    points_to_win=7,
    joker=True,
    farmers_hand=FarmersHand.ACE_NO_FACE,
    dealer_may_discard_up_card=False,
    lead_left_of_loner=True,
    canadian_loner=True,
)
assert all(getattr(EVERY_RULE_CHANGED, o.name) != o.default for o in RULE_OPTIONS), "a new option: change it above"

SAME_COLOUR = {Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS, Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}

STATE_FIELDS = (
    "rules",
    "dealer",
    "hands",
    "kitty",
    "phase",
    "turn",
    "history",
    "bids",
    "bidding_round",
    "trump",
    "maker",
    "alone",
    "lone_defender",
    "discarded",
    "leader",
    "trick",
    "tricks",
    "tricks_won",
    "result",
    "scores",
)


def snapshot(state: HandState) -> tuple[Any, ...]:
    """Every observable field of a hand (not the legal-move cache): equal iff same state."""
    return tuple(getattr(state, name) for name in STATE_FIELDS)


def game_snapshot(game: Game) -> tuple[Any, ...]:
    return (
        game.rules,
        game.seed,
        game.first_dealer,
        tuple(game.actions),
        game.scores,
        game.deal_number,
        tuple((r.deal_number, r.first_action, snapshot(r.final), r.scores_after) for r in game.records),
        snapshot(game.hand),
        game.is_over,
        game.winner,
    )


# --- a reference ranking, written from docs/requirements.md R1/R12 without the engine's tables


def ref_suit(card: Card, trump: Suit | None) -> Suit | None:
    """The suit a card follows as."""
    if card is JOKER:
        return trump
    if trump is not None and card.rank is Rank.JACK and card.suit is SAME_COLOUR[trump]:
        return trump
    return card.suit


def ref_power(card: Card, trump: Suit, led: Suit | None) -> int:
    """0 for a card that cannot win; otherwise higher beats lower."""
    order = [Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE]
    if card is JOKER:
        return 200
    if card.rank is Rank.JACK and card.suit is trump:
        return 199  # right bower
    if card.rank is Rank.JACK and card.suit is SAME_COLOUR[trump]:
        return 198  # left bower
    if card.suit is trump:
        return 100 + order.index(card.rank)
    if card.suit is led:
        return 1 + order.index(card.rank)
    return 0


def ref_trick_winner(cards: list[Card], trump: Suit) -> int:
    led = ref_suit(cards[0], trump)
    powers = [ref_power(c, trump, led) for c in cards]
    return powers.index(max(powers))


def dealt_again(start: HandState, history: tuple[tuple[Seat, Action], ...], me: Seat, rng: random.Random) -> HandState:
    """The same public position for ``me`` with the other seats' unseen cards (and the
    buried kitty) dealt again at random. Raises if the moves do not fit the new deal."""
    played = {seat: {a.card for s, a in history if s is seat and a.card is not None} for seat in Seat}
    hands = [list(h) for h in start.hands]
    pool = [c for seat in Seat if seat is not me for c in start.hands[seat] if c not in played[seat]]
    pool += list(start.kitty[1:])
    rng.shuffle(pool)
    for seat in Seat:
        if seat is me:
            continue
        kept = [c for c in start.hands[seat] if c in played[seat]]
        hands[seat] = kept + [pool.pop() for _ in range(5 - len(kept))]
    kitty = (start.kitty[0], *pool)
    alt = HandState.from_cards(start.rules, start.dealer, hands, kitty)
    return alt.apply_all([a for _, a in history])
