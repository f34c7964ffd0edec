"""A computer seat's turn: its player decides in the worker thread (or the helper
process), the answer is checked, and the move is made once the seat has been seen to think
for the table's computer pause."""

from __future__ import annotations

import time
from collections.abc import Callable

from ...engine import Action, Game, Seat
from ...engine.ai.player import Decision
from ...session.seats import Think, TurnRequest
from ..storage import problems
from ..thinking.think_thread import Answer, Job
from .delay import Delay
from .pace import Pace
from .seating import Seating

Done = Callable[[Decision], None]  # a computer seat's answer hook: it makes the seat's move


class ComputerTurn:
    """The computer seat thinking now, when it was asked, and how long answers took."""

    def __init__(
        self,
        game: Callable[[], Game | None],
        ask: Callable[[Job], None],
        seating: Seating,
        pace: Pace,
        delay: Delay,
        *,
        name: Callable[[Seat], str],
        note: Callable[[str], None],
        apply: Callable[[Seat, Action, Done | None], object],
    ) -> None:
        self._game = game
        self._ask = ask  # to the worker thread
        self._seating = seating
        self._pace = pace
        self._delay = delay
        self._name = name
        self._note = note  # a note for the person
        self._apply = apply  # make the move through the session, and show it
        self.seat: Seat | None = None  # the seat thinking now
        self.started = 0.0  # when it was asked
        self.times: list[float] = []  # each answer's thinking, in milliseconds

    def thinker(self, seat: Seat) -> Think:
        """How a computer seat thinks: a job for the worker thread, with the session's ticket
        and the seat's answer hook; the answer comes back through ``answered``, which makes
        the move when the table is ready for it."""

        def think(request: TurnRequest, done: Done) -> None:
            decide = self._seating.player_for(seat).decide
            self._ask(Job(request.ticket, "move", request.seat, request.view, decide, done))

        return think

    def begin(self, seat: Seat) -> None:
        """``seat`` is asked now (the table shows it thinking)."""
        self.seat = seat
        self.started = time.perf_counter()

    def forget(self) -> None:
        """The table moved on: no seat thinks (an answer on its way is stale by its ticket)."""
        self.seat = None

    def answered(self, answer: Answer) -> None:
        """A computer player's answer for the request the table stands at (the controller
        dropped a stale one by its ticket): its move, once the seat has been seen to think
        long enough (the first move allowed if it failed)."""
        game = self._game()
        job = answer.job
        assert game is not None and job.reply is not None
        self.times.append(answer.elapsed_ms)
        action = answer.decision.action if answer.decision is not None else None
        legal = game.legal_actions()
        if answer.error is not None or action not in legal:
            name = self._name(job.seat)
            problems.record(f"{name}'s computer player failed", answer.error or f"it chose {action}")
            self._note(f"{name}'s computer player could not decide, so it makes the first move allowed.")
            action = legal[0]
        waited = (time.perf_counter() - self.started) * 1000
        remaining = self._pace.dur("computer_pause") - waited
        seat, done = job.seat, job.reply
        if remaining > 1:
            self._delay.after(int(remaining), lambda: self._apply(seat, action, done))
        else:
            self._apply(seat, action, done)
