"""What one seat may know about a hand in progress: the only thing computer players see."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .actions import Action
from .cards import Card, Seat, Suit
from .rules import Rules
from .tricks import Trick


class Phase(StrEnum):
    FARMER = "farmer's hand"  # R13: holders of a farmer's hand may throw it in
    BIDDING_1 = "round 1"  # order up the up-card, or pass
    DISCARD = "discard"  # the dealer, having picked up
    BIDDING_2 = "round 2"  # name another suit, or pass
    DEFEND = "defend alone"  # R7: defenders may go alone
    PLAY = "play"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything ``seat`` may know, and nothing more.

    ``history`` is every public move of the hand in order; the dealer's discard shows
    as ``discard ??`` (an action with no card) to everyone but the dealer, who also
    finds it in ``discarded``. ``revealed_hands`` is filled only in the "They see all"
    mode (A3), where a computer player is shown every hand on purpose.
    """

    seat: Seat
    rules: Rules
    dealer: Seat
    phase: Phase
    turn: Seat | None
    hand: tuple[Card, ...]
    up_card: Card
    up_card_taken: bool  # the dealer picked it up (it is in the dealer's hand or discard)
    up_card_turned_down: bool  # round 2 was reached
    history: tuple[tuple[Seat, Action], ...]
    bids: tuple[tuple[Seat, Action, int], ...]  # the bidding alone: (seat, pass/order/call, round 1 or 2)
    trump: Suit | None
    maker: Seat | None
    alone: bool
    lone_defender: Seat | None
    sitting_out: tuple[Seat, ...]
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[Seat, Card], ...]
    leader: Seat | None
    tricks_won: tuple[int, int, int, int]
    discarded: Card | None
    scores: tuple[int, int]
    legal_actions: tuple[Action, ...]
    revealed_hands: tuple[tuple[Card, ...], ...] | None = None

    @property
    def my_turn(self) -> bool:
        return self.turn is self.seat

    @property
    def our_tricks(self) -> int:
        return self.tricks_won[self.seat] + self.tricks_won[self.seat.partner]

    @property
    def their_tricks(self) -> int:
        return self.tricks_won[self.seat.left] + self.tricks_won[self.seat.right]

    @property
    def our_score(self) -> int:
        return self.scores[self.seat.team]

    @property
    def their_score(self) -> int:
        return self.scores[1 - self.seat.team]
