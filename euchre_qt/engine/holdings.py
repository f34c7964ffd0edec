"""The cards each seat held in a hand, rebuilt from the hand in any state: to play with
(``played_hands``) or as dealt (``dealt_hands``), for showing and replaying a hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card
    from .hand import HandState


def played_hands(hand: HandState) -> tuple[tuple[Card, ...], ...]:
    """The cards each seat held to play with: the dealer's picked-up up-card included,
    the discard not (see ``HandState.discarded``)."""
    held: list[list[Card]] = [list(h) for h in hand.hands]
    for trick in hand.tricks:
        for seat, card in trick.plays:
            held[seat].append(card)
    for seat, card in hand.trick:
        held[seat].append(card)
    return tuple(tuple(h) for h in held)


def dealt_hands(hand: HandState) -> tuple[tuple[Card, ...], ...]:
    """The five cards each seat was dealt, rebuilt from a hand in any state.

    Cards still held, cards played to tricks (and the trick on the table), the dealer's
    discard, less the up-card if the dealer picked it up.
    """
    held = [list(h) for h in played_hands(hand)]
    if hand.discarded is not None:
        held[hand.dealer].append(hand.discarded)
    if hand.up_card_taken and hand.up_card in held[hand.dealer]:
        held[hand.dealer].remove(hand.up_card)
    return tuple(tuple(h) for h in held)
