"""Quick judgements of a hand's strength as trump: how many tricks it should take.

Used to skip the search on hands too weak to bid, to decide when going alone is worth
a look, to pick the dealer's discard, and to explain decisions in words ("both bowers
and an off ace").
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ..cards import EFFECTIVE_SUIT, STRENGTH, Card, Rank, Suit

# Expected tricks from each trump, by its trump strength (see cards.STRENGTH).
_TRUMP_VALUE = {120: 1.0, 119: 1.0, 118: 0.85, 114: 0.7, 113: 0.55, 112: 0.45, 110: 0.35, 109: 0.3}


def trick_estimate(hand: Iterable[Card], trump: Suit) -> float:
    """Rough tricks this hand takes by itself with ``trump`` (partner not counted)."""
    cards = list(hand)
    suits = EFFECTIVE_SUIT[trump]
    power = STRENGTH[trump]
    trumps = [power[c.index] for c in cards if suits[c.index] is trump]
    value = sum(_TRUMP_VALUE.get(p, 0.3) for p in trumps)
    if 119 in trumps and 118 in trumps:
        value += 0.1  # both bowers: the left can no longer be caught
    if len(trumps) >= 4:
        value += 0.3
    by_suit: dict[Suit, list[Card]] = {}
    for c in cards:
        s = suits[c.index]
        if s is not trump and s is not None:
            by_suit.setdefault(s, []).append(c)
    for group in by_suit.values():
        ranks = {c.rank for c in group}
        if Rank.ACE in ranks:
            value += 0.75 if len(group) <= 2 else 0.55
            if Rank.KING in ranks:
                value += 0.3
        elif Rank.KING in ranks and len(group) >= 2:
            value += 0.15
    voids = sum(1 for s in Suit if s is not trump and s not in by_suit)
    if len(trumps) >= 2:
        value += 0.25 * voids
    return value


def describe_hand(hand: Iterable[Card], trump: Suit) -> str:
    """A few words on what makes a hand strong in ``trump``: "both bowers and an off ace"."""
    cards = list(hand)
    suits = EFFECTIVE_SUIT[trump]
    power = STRENGTH[trump]
    trumps = sorted((power[c.index] for c in cards if suits[c.index] is trump), reverse=True)
    parts = []
    if 120 in trumps:
        parts.append("the joker")
    if 119 in trumps and 118 in trumps:
        parts.append("both bowers")
    elif 119 in trumps:
        parts.append("the right bower")
    elif 118 in trumps:
        parts.append("the left bower")
    others = [p for p in trumps if p < 118]
    if others:
        names = {114: "ace", 113: "king", 112: "queen", 110: "ten", 109: "nine"}
        parts.append(_count(len(others), "other trump") if len(others) > 1 else f"the {names[others[0]]} of trump")
    off_aces = sum(1 for c in cards if c.rank is Rank.ACE and suits[c.index] is not trump)
    if off_aces:
        parts.append(_count(off_aces, "off ace"))
    voids = sum(1 for s in Suit if s is not trump and not any(suits[c.index] is s for c in cards))
    if voids and trumps:
        parts.append(_count(voids, "void"))
    if not parts:
        return "no trump to speak of"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _count(n: int, noun: str) -> str:
    words = {1: "an" if noun[0] in "aeiou" else "a", 2: "two", 3: "three", 4: "four", 5: "five"}
    return f"{words.get(n, str(n))} {noun}{'s' if n > 1 else ''}"


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def best_discard(hand: Iterable[Card], trump: Suit, keep: Card | None = None) -> Card:
    """The dealer's discard: the card whose loss leaves the strongest five (short-suiting
    itself, keeping trump and aces); ``keep`` may not be discarded (house rule)."""
    cards = list(hand)
    power = STRENGTH[trump]

    def after(card: Card) -> tuple[float, int]:
        rest = [c for c in cards if c is not card]
        return (trick_estimate(rest, trump), -power[card.index])

    return max((c for c in cards if c is not keep), key=after)
