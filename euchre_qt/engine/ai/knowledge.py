"""What a seat knows for certain about where the cards are, read off its view.

Card counting (every card played, and by whom), voids (a player who did not follow the
led suit has none of it), and placed cards (the dealer holds the picked-up card until
it is played). Everything here is derived from ``SeatView`` alone, so it is honest by
construction: the kitty and another seat's discard are never looked at.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import EFFECTIVE_SUIT, JOKER_DECK, NO_TRUMP, STANDARD_DECK, Seat
from ..view import Phase, SeatView
from .masks import mask_of

OUT = 4  # pseudo-seat for cards out of play: the kitty, the dealer's discard, a sitting-out hand


@dataclass(frozen=True, slots=True)
class Knowledge:
    seat: int
    mine: int  # my hand (mask)
    played_by: tuple[int, int, int, int]  # cards each seat has played this hand
    holds: tuple[int, int, int, int]  # cards known to be in each seat's hand now
    need: tuple[int, int, int, int]  # how many unknown cards each seat holds now
    voids: tuple[int, int, int, int]  # per seat, bit s set = void in effective suit s
    unknown: int  # cards whose place is unknown: someone's hand, or out of play
    out_count: int  # how many of the unknown cards are out of play

    @property
    def played(self) -> int:
        return self.played_by[0] | self.played_by[1] | self.played_by[2] | self.played_by[3]


def read_knowledge(view: SeatView) -> Knowledge:
    seat = int(view.seat)
    trump_index = NO_TRUMP if view.trump is None else int(view.trump)
    suits = EFFECTIVE_SUIT[trump_index]
    played = [0, 0, 0, 0]
    voids = [0, 0, 0, 0]
    tricks = [t.plays for t in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    for plays in tricks:
        led = suits[plays[0][1].index]
        for who, card in plays:
            played[who] |= 1 << card.index
            if suits[card.index] is not led and led is not None:
                voids[who] |= 1 << int(led)
    mine = mask_of(view.hand)
    deck = mask_of(JOKER_DECK if view.rules.joker else STANDARD_DECK)
    all_played = played[0] | played[1] | played[2] | played[3]
    holds = [0, 0, 0, 0]
    holds[seat] = mine
    up_bit = 1 << view.up_card.index
    known_out = 0
    if view.up_card_taken:
        dealer = int(view.dealer)
        if dealer != seat and not all_played & up_bit:
            # The dealer could in principle have discarded it, but discarding a trump
            # you just picked up is so rare that assuming it is held costs nothing.
            holds[dealer] |= up_bit
    else:
        known_out |= up_bit  # turned down, or left in the kitty for a dealer sitting out
    if view.discarded is not None:
        known_out |= 1 << view.discarded.index
    sizes = [5 - played[s].bit_count() for s in range(4)]
    if view.phase is Phase.DISCARD and int(view.dealer) != seat:
        sizes[int(view.dealer)] += 1  # holding six until the discard
    need = [0, 0, 0, 0]
    for s in range(4):
        if s == seat or Seat(s) in view.sitting_out:
            continue
        need[s] = max(0, sizes[s] - holds[s].bit_count())
    located = mine | all_played | known_out | holds[0] | holds[1] | holds[2] | holds[3]
    unknown = deck & ~located
    out_count = unknown.bit_count() - sum(need)
    return Knowledge(
        seat=seat,
        mine=mine,
        played_by=(played[0], played[1], played[2], played[3]),
        holds=(holds[0], holds[1], holds[2], holds[3]),
        need=(need[0], need[1], need[2], need[3]),
        voids=(voids[0], voids[1], voids[2], voids[3]),
        unknown=unknown,
        out_count=out_count,
    )
