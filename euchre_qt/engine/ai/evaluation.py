"""Quick judgements of a hand's strength as trump: how many tricks it should take.

Used to skip the search on hands too weak to bid, to decide when going alone is worth
a look, to pick the dealer's discard, and to explain decisions in words ("both bowers
and an off ace").
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ..cards import (
    EFFECTIVE_SUIT,
    JOKER_STRENGTH,
    LEFT_BOWER_STRENGTH,
    RIGHT_BOWER_STRENGTH,
    STRENGTH,
    TRUMP_STRENGTH,
    Card,
    Rank,
    Suit,
)

_JOKER, _RIGHT, _LEFT = JOKER_STRENGTH, RIGHT_BOWER_STRENGTH, LEFT_BOWER_STRENGTH
# The other trumps' strengths, by rank.
_TRUMP_RANK = {rank: TRUMP_STRENGTH + rank for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE)}
# Expected tricks from each trump, by its strength (see cards.STRENGTH).
_TRUMP_VALUE = {
    _JOKER: 1.0,
    _RIGHT: 1.0,
    _LEFT: 0.85,
    _TRUMP_RANK[Rank.ACE]: 0.7,
    _TRUMP_RANK[Rank.KING]: 0.55,
    _TRUMP_RANK[Rank.QUEEN]: 0.45,
    _TRUMP_RANK[Rank.TEN]: 0.35,
    _TRUMP_RANK[Rank.NINE]: 0.3,
}
# Holding this many trumps is worth a little more than the trumps one by one: the
# opponents' trumps run out first.
_LONG_TRUMP = 4
# Trumps' names below the bowers, by strength.
_TRUMP_NAMES = {power: rank.name.lower() for rank, power in _TRUMP_RANK.items()}


def trick_estimate(hand: Iterable[Card], trump: Suit) -> float:
    """Rough tricks this hand takes by itself with ``trump`` (partner not counted)."""
    cards = list(hand)
    suits = EFFECTIVE_SUIT[trump]
    power = STRENGTH[trump]
    trumps = [power[c.index] for c in cards if suits[c.index] is trump]
    value = sum(_TRUMP_VALUE.get(p, 0.3) for p in trumps)
    if _RIGHT in trumps and _LEFT in trumps:
        value += 0.1  # both bowers: the left can no longer be caught
    if len(trumps) >= _LONG_TRUMP:
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
    if _JOKER in trumps:
        parts.append("the joker")
    if _RIGHT in trumps and _LEFT in trumps:
        parts.append("both bowers")
    elif _RIGHT in trumps:
        parts.append("the right bower")
    elif _LEFT in trumps:
        parts.append("the left bower")
    others = [p for p in trumps if p < _LEFT]
    if others:
        one = f"the {_TRUMP_NAMES[others[0]]} of trump"
        parts.append(_count(len(others), "other trump") if len(others) > 1 else one)
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
