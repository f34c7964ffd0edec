"""The one interface every computer player implements.

A player is handed its seat's view (``HandState.view(seat)``: exactly what that seat may
know) and returns one of ``view.legal_actions``. Players are seeded and keep no memory
between calls: whatever they remember is rebuilt from the view, so undo, resume and
replays just work. ``decide`` also says why, for hints (A4) and for curious players.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..cards import cards_text
from ..view import SeatView
from .reasons import Reason


@dataclass(frozen=True, slots=True)
class Decision:
    action: Action
    reason: Reason | str = ""  # a value (``reasons``) the wording says, or a plain sentence


@runtime_checkable
class Player(Protocol):
    """A computer player: ``choose(view)`` returns a legal action for ``view.seat``."""

    name: str
    sees_all: bool  # True only for the "They see all" mode (A3): give it view(seat, reveal=True)

    def choose(self, view: SeatView) -> Action: ...

    def decide(self, view: SeatView) -> Decision: ...


def decision_rng(seed: int, view: SeatView) -> random.Random:
    """A random source fixed by the player's seed and the position, not by call order,
    so the same position always gets the same answer (reproducible, undo-safe)."""
    moves = ";".join(f"{seat.letter}{action}" for seat, action in view.history)
    position = f"{view.seat.letter}|{view.dealer.letter}|{view.up_card}|{cards_text(view.hand)}|{moves}"
    return random.Random(f"{seed}|{position}")


class ComputerPlayer:
    """What every computer player shares: ``choose`` is ``decide`` without the reason."""

    name = "computer"
    sees_all = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        return self.decide(view).action

    def decide(self, view: SeatView) -> Decision:
        raise NotImplementedError

    @staticmethod
    def legal(view: SeatView) -> tuple[Action, ...]:
        """The seat's legal actions; asking a seat with no decision is a caller's bug."""
        if not view.legal_actions:
            raise ValueError(f"{view.seat} has no decision to make now")
        return view.legal_actions


class RandomPlayer(ComputerPlayer):
    """Uniform over the legal actions: the baseline every other player must beat."""

    name = "random"

    def decide(self, view: SeatView) -> Decision:
        return Decision(decision_rng(self.seed, view).choice(self.legal(view)), "picked at random")
