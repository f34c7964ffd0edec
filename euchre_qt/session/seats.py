"""Who sits in a seat, and how the table asks them for a move.

The table never waits on anybody. When it is a seat's turn, the session calls
``occupant.your_turn(request)`` and returns; the move comes back later, from anywhere,
as ``submit(request.seat, action, ticket=request.ticket)``. The ticket names the request,
and is the one check of an answer's staleness: once the table has moved on, taken moves
back, started another game or called the request off (the seat given to another, play
cancelled), an answer with the old ticket is dropped (or refused as too late when a
person elsewhere sent it: they are told), so a slow answer never lands in the wrong place.

Kinds of occupant:

- ``PersonSeat``: somebody at this screen. ``your_turn`` does nothing; the window shows
  the turn (a ``TurnStarted`` event) and forwards the person's click or key to ``submit``.
- ``ComputerSeat``: a computer player that thinks elsewhere (the app's helper process, a
  server's process pool, or at once in a test). It is given a ``think`` function that is
  handed the request (the seat's view, its ticket), starts the thinking and calls
  ``done(decision)`` when there is an answer; ``done`` may be called at once or later,
  from the same thread the session runs in.
- A seat across the network is one more occupant: its ``your_turn`` sends the request
  (the seat's view, the ticket) to the client, and the client's answer is submitted.

An occupant never gets more than ``request.view``: the seat's own view (every hand only in
the "They see all" mode, when ``sees_all`` is set).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..engine import Action, Seat, SeatView

if TYPE_CHECKING:
    from ..engine.ai.player import Decision, Player
    from .events import MoveRefused


class SeatKind(StrEnum):
    PERSON = "person"  # somebody at this screen
    COMPUTER = "computer"  # a computer player
    REMOTE = "remote"  # somebody at another computer


@dataclass(frozen=True, slots=True)
class TurnRequest:
    """The table asks ``seat`` for a move in the position ``ticket`` names."""

    seat: Seat
    ticket: int
    view: SeatView


class Submit(Protocol):
    """``TableSession.submit``: None when the move is made, else the refusal."""

    def __call__(self, seat: Seat, action: Action, *, ticket: int | None = None) -> MoveRefused | None: ...


@runtime_checkable
class Occupant(Protocol):
    """Whoever makes a seat's moves."""

    kind: SeatKind
    sees_all: bool  # give it every hand ("They see all"): computer players only

    def your_turn(self, request: TurnRequest, submit: Submit) -> None:
        """The seat's turn: start working out a move, and submit it when ready. Return at once."""
        ...

    def cancel(self) -> None:
        """Forget any move being worked out (an undo, a new game, or the seat given to another)."""
        ...


class PersonSeat:
    """Somebody at this screen: the window forwards their moves to ``session.submit``."""

    kind = SeatKind.PERSON
    sees_all = False

    def your_turn(self, request: TurnRequest, submit: Submit) -> None:
        """Nothing to do: the person sees the turn on the table and moves when they like."""

    def cancel(self) -> None:
        """A person's move is not worked out here: nothing to forget."""


Done = Callable[["Decision"], None]  # a computer seat's answer hook: it makes the seat's move
Think = Callable[[TurnRequest, Done], None]  # think(request, done)


class ComputerSeat:
    """A computer player thinking elsewhere. ``think(request, done)`` starts the thinking and
    returns; ``done(decision)`` submits its move with the request's ticket, by which the
    table drops it if the request was called off meanwhile."""

    kind = SeatKind.COMPUTER

    def __init__(self, think: Think, sees_all: bool = False) -> None:
        self._think = think
        self.sees_all = sees_all

    def your_turn(self, request: TurnRequest, submit: Submit) -> None:
        def done(decision: Decision) -> None:
            submit(request.seat, decision.action, ticket=request.ticket)

        self._think(request, done)

    def cancel(self) -> None:
        """Nothing to forget: the table's ticket has moved on, so the answer is stale when it comes."""


def immediate(player: Player) -> Think:
    """A ``think`` that asks ``player.decide(view)`` here and now (tests, tools, a server's
    worker): the answer comes back before ``your_turn`` returns."""

    def think(request: TurnRequest, done: Done) -> None:
        done(player.decide(request.view))

    return think


__all__ = [
    "ComputerSeat",
    "Done",
    "Occupant",
    "PersonSeat",
    "SeatKind",
    "Submit",
    "Think",
    "TurnRequest",
    "immediate",
]
