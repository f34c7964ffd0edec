"""Deals of the unseen cards that agree with everything a seat knows.

Hard facts (counts, voids, the dealer's picked-up card) are never broken. Soft facts,
the bidding, weight the deals: a player who passed the up-card's suit is unlikely to
hold a hand that would have ordered it. Candidates are drawn uniformly under the hard
facts, then a few are chosen in proportion to how well they explain the bidding.
"""

from __future__ import annotations

import random

from ..actions import Action, ActionKind
from ..cards import ALL_CARDS, EFFECTIVE_SUIT, NO_TRUMP, Card, Seat, Suit
from ..view import SeatView
from .bidding_model import call_probability, order_probability
from .knowledge import OUT, Knowledge
from .solver import cards_of

World = list[int]  # hand bitmask by seat (index 4: out of play)


def sample_worlds(view: SeatView, knowledge: Knowledge, rng: random.Random, count: int) -> list[World]:
    """Up to ``count`` distinct deals, most plausible first-ish (weighted, not sorted)."""
    others_bid = [(int(s), a, r) for s, a, r in view.bids if int(s) != knowledge.seat]
    pool = count * 3 if others_bid else count
    candidates: dict[tuple[int, ...], World] = {}
    for _ in range(pool * 2):
        world = _draw(knowledge, view.trump, rng)
        if world is not None:
            candidates.setdefault(tuple(world), world)
        if len(candidates) >= pool:
            break
    worlds = list(candidates.values())
    if not others_bid or len(worlds) <= count:
        return worlds[:count]
    weights = [_bidding_likelihood(view, knowledge, w, others_bid) for w in worlds]
    # Weighted sampling without replacement (Efraimidis-Spirakis): key u^(1/w).
    keyed = sorted(
        ((rng.random() ** (1.0 / max(weight, 1e-9)), i) for i, weight in enumerate(weights)),
        reverse=True,
    )
    return [worlds[i] for _, i in keyed[:count]]


def _draw(k: Knowledge, trump: Suit | None, rng: random.Random) -> World | None:
    suits = EFFECTIVE_SUIT[NO_TRUMP if trump is None else trump]
    world = [k.holds[0], k.holds[1], k.holds[2], k.holds[3], 0]
    room = [k.need[0], k.need[1], k.need[2], k.need[3], k.out_count]
    cards = cards_of(k.unknown)
    rng.shuffle(cards)
    # Place the most constrained cards first so voids rarely paint us into a corner.
    options = []
    for card in cards:
        suit = suits[card]
        bit = 1 << int(suit) if suit is not None else 0
        allowed = [s for s in range(4) if room[s] and not k.voids[s] & bit]
        options.append((len(allowed), card, allowed))
    options.sort(key=lambda item: item[0])
    for _, card, allowed in options:
        places = [s for s in allowed if room[s]]
        if room[OUT]:
            places.append(OUT)
        if not places:
            return None
        total = sum(room[s] for s in places)
        pick = rng.randrange(total)
        for s in places:
            pick -= room[s]
            if pick < 0:
                break
        world[s] |= 1 << card
        room[s] -= 1
    return world


def _bidding_likelihood(view: SeatView, k: Knowledge, world: World, bids: list[tuple[int, Action, int]]) -> float:
    """How likely the others' bids and passes were, had they held these cards."""
    up = view.up_card
    dealer = view.dealer
    likelihood = 1.0
    for seat, action, round_no in bids:
        dealt = _cards(world[seat] | k.played_by[seat])
        if seat == dealer and view.up_card_taken:
            dealt = [c for c in dealt if c is not up]
        if round_no == 1:
            p = order_probability(dealt, up, Seat(seat), dealer)
            likelihood *= p if action.kind is ActionKind.ORDER_UP else 1.0 - p
        elif action.kind is ActionKind.CALL and action.suit is not None:
            likelihood *= call_probability(dealt, action.suit)
        else:
            for suit in Suit:
                if suit is not up.suit:
                    likelihood *= 1.0 - call_probability(dealt, suit)
    return likelihood


def _cards(mask: int) -> list[Card]:
    return [ALL_CARDS[i] for i in cards_of(mask)]
