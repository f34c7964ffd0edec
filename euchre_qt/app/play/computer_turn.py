"""A computer seat's turn: its player decides in the worker thread (or the helper
process), the answer is checked, and the move is made once the seat has been seen to think
for the table's computer pause."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from ...engine import Action, Game, Seat
from ...engine.ai.stand_in import stand_in_move
from ...session.seats import Done, Think, TurnRequest
from ...session.wording import stood_in_for
from ..storage import problems
from ..storage.settings import Settings
from ..thinking.think_thread import Answer, ThinkJob
from .delay import Delay
from .pace import Pace
from .seating import Seating


class ComputerTable(Protocol):
    """What a computer seat's turn asks of the table (the controller), as it stands when asked."""

    @property
    def game(self) -> Game | None: ...

    @property
    def settings(self) -> Settings:
        """The settings in effect (the seat's name, for a note)."""
        ...

    def apply(self, seat: Seat, action: Action, done: Done | None = None) -> object:
        """Make the move through the session (a computer seat's through its ``done``), and show it."""
        ...


class ComputerTurn:
    """The computer seat thinking now at ``table``, when it was asked, and how long answers took."""

    def __init__(
        self,
        table: ComputerTable,
        *,
        ask: Callable[[ThinkJob], None],
        seating: Seating,
        pace: Pace,
        delay: Delay,
        note: Callable[[str], None],
    ) -> None:
        self._table = table
        self._ask = ask  # to the worker thread
        self._seating = seating
        self._pace = pace
        self._delay = delay
        self._note = note  # a note for the person
        self._seat: Seat | None = None
        self.started = 0.0  # when it was asked
        self.times: list[float] = []  # each answer's thinking, in milliseconds

    def thinker(self, seat: Seat) -> Think:
        """How a computer seat thinks: a job for the worker thread, with the session's ticket
        and the seat's answer hook; the answer comes back through ``answered``, which makes
        the move when the table is ready for it."""

        def think(request: TurnRequest, done: Done) -> None:
            decide = self._seating.player_for(seat).decide
            self._ask(ThinkJob(request.ticket, "move", request.seat, request.view, decide, done))

        return think

    @property
    def seat(self) -> Seat | None:
        """The seat thinking now."""
        return self._seat

    def begin(self, seat: Seat) -> None:
        """``seat`` is asked now (the table shows it thinking)."""
        self._seat = seat
        self.started = time.perf_counter()

    def forget(self) -> None:
        """The table moved on: no seat thinks (an answer on its way is stale by its ticket)."""
        self._seat = None

    def answered(self, answer: Answer) -> None:
        """A computer player's answer for the request the table stands at (the controller
        dropped a stale one by its ticket): its move, once the seat has been seen to think
        long enough (a Novice's move, made here in well under a millisecond, if it failed:
        the first move allowed, as before, passed every bid, and a table of computers whose
        helper had gone passed every deal out)."""
        game = self._table.game
        job = answer.job
        assert game is not None and job.reply is not None
        self.times.append(answer.elapsed_ms)
        action = answer.decision.action if answer.decision is not None else None
        legal = game.legal_actions()
        if answer.error is not None or action not in legal:
            name = self._table.settings.name(job.seat)
            problems.record(f"{name}'s computer player failed", answer.error or f"it chose {action}")
            self._note(stood_in_for(name))
            action = stand_in_move(job.view, int(job.seat)).action  # where it was asked: the answer is not stale
        waited = (time.perf_counter() - self.started) * 1000
        remaining = self._pace.dur("computer_pause") - waited
        seat, done = job.seat, job.reply
        if remaining > 1:
            self._delay.after(int(remaining), lambda: self._table.apply(seat, action, done))
        else:
            self._table.apply(seat, action, done)
