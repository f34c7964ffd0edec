"""Tricks: who played what, and who wins."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import EFFECTIVE_SUIT, NO_TRUMP, STRENGTH, Card, Seat, Suit, cards_text


def winning_index(cards: tuple[Card, ...] | list[Card], trump: Suit | None) -> int:
    """Index of the winning card among ``cards`` played in order (first card led)."""
    t = NO_TRUMP if trump is None else trump
    suits = EFFECTIVE_SUIT[t]
    power = STRENGTH[t]
    led = suits[cards[0].index]
    best, best_key = 0, -1
    for i, card in enumerate(cards):
        suit = suits[card.index]
        if suit is trump or suit is led:
            key = power[card.index]
            if key > best_key:
                best, best_key = i, key
    return best


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick, finished or under way: ``plays`` in order, the first one led."""

    leader: Seat
    plays: tuple[tuple[Seat, Card], ...]
    winner: Seat | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    def __str__(self) -> str:
        text = f"{self.leader.letter}: {cards_text(self.cards)}"
        return text if self.winner is None else f"{text} -> {self.winner.letter}"
