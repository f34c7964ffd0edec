"""What a hand scores: its outcome, and the points it is worth to each team."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import Seat

# Scoring: the makers need TRICKS_TO_MAKE of the hand's TRICKS_PER_HAND; all of them is a
# march, worth more for a lone hand; a euchre is worth more against a lone hand under the
# doubled-euchre rule, or when a lone defender took it.
TRICKS_PER_HAND = 5
TRICKS_TO_MAKE = 3
MADE_POINTS = 1
MARCH_POINTS = 2
LONE_MARCH_POINTS = 4
EUCHRE_POINTS = 2
DOUBLED_EUCHRE_POINTS = 4


class Outcome(StrEnum):
    MADE = "made"  # makers took 3 or 4 tricks
    MARCH = "march"  # makers took all 5
    EUCHRE = "euchre"  # makers took fewer than 3
    PASSED_OUT = "passed out"  # everyone passed twice: thrown in, deal moves left
    THROWN_IN = "thrown in"  # a farmer's hand was thrown in (R13)
    MISDEAL = "misdeal"  # the joker was turned up (R12): the same dealer deals again

    def __str__(self) -> str:
        return self.value

    @property
    def scored(self) -> bool:
        return self in (Outcome.MADE, Outcome.MARCH, Outcome.EUCHRE)


@dataclass(frozen=True, slots=True)
class HandResult:
    outcome: Outcome
    maker: Seat | None
    alone: bool
    lone_defender: Seat | None
    tricks: tuple[int, int]  # by team: (south/north, west/east)
    points: tuple[int, int]  # awarded by team

    @property
    def scoring_team(self) -> int | None:
        if self.points[0]:
            return 0
        return 1 if self.points[1] else None

    def __str__(self) -> str:
        """A short line for developers (a player reads ``session.wording.hand_result``)."""
        maker = f" by {self.maker.letter}" + (" alone" if self.alone else "") if self.maker is not None else ""
        return (
            f"{self.outcome}{maker}: tricks {self.tricks[0]}-{self.tricks[1]}, points {self.points[0]}-{self.points[1]}"
        )
