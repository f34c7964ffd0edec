"""The worker thread computer players (and hints) think in: a request (``ThinkJob``) goes in
through a signal, the ``Answer`` comes back through the worker's ``answered`` signal,
queued onto the GUI thread, with the request's ticket."""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, QThread, Signal, SignalInstance, Slot

from ...engine import Seat
from ...engine.ai.player import Decision
from ...engine.view import SeatView
from ...session.seats import Done
from . import thinker

# Threads that would not stop in time are kept here: a QThread destroyed while running aborts.
_LEAKED: list[tuple[QThread, ThinkWorker]] = []


@dataclass(frozen=True)
class ThinkJob:
    """A question for a player: ``ticket``, the table session's ticket when it was asked, goes
    there and back with it, and the answer is stale unless it is the session's still."""

    ticket: int
    kind: str  # "move", "hint" or "decide"
    seat: Seat
    view: SeatView
    decide: Callable[[SeatView], Decision | None]  # None: the player gave up (the window is closing)
    reply: Done | None = None  # a computer seat's: makes its move (with the ticket)


@dataclass(frozen=True)
class WarmUp:
    """Start the helper process and let it load the players; no answer comes back."""


@dataclass(frozen=True)
class Answer:
    job: ThinkJob
    decision: Decision | None
    error: str | None
    elapsed_ms: float


class ThinkWorker(QObject):
    """Lives in the worker thread; runs one decision at a time."""

    answered = Signal(object)

    @Slot(object)
    def think(self, job: ThinkJob | WarmUp) -> None:
        if isinstance(job, WarmUp):
            thinker.warm_up()
            return
        start = time.perf_counter()
        try:
            decision, error = job.decide(job.view), None
        except Exception as exc:  # a broken player must not take the program down
            decision, error = None, f"{type(exc).__name__}: {exc}"
            traceback.print_exc()
        self.answered.emit(Answer(job, decision, error, (time.perf_counter() - start) * 1000))


class ThinkThread:
    """The worker and its thread: started at once, ``stop`` ends it (the window is closing)."""

    def __init__(self, ask: SignalInstance, answered: Callable[[Answer], None]) -> None:
        self._thread = QThread()
        self._thread.setObjectName("euchre-think")
        self._worker = ThinkWorker()
        self._worker.moveToThread(self._thread)
        ask.connect(self._worker.think)
        self._worker.answered.connect(answered)
        self._thread.start()

    def stop(self) -> None:
        self._thread.quit()
        if not self._thread.wait(15000):
            _LEAKED.append((self._thread, self._worker))

    @property
    def finished(self) -> bool:
        return self._thread.isFinished()

    @property
    def answered(self) -> SignalInstance:
        """Every answer, in order: a slot connected later is called after the controller's."""
        return self._worker.answered
