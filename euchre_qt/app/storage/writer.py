"""Files written off the GUI thread: the statistics (forced to the disk) and the game log.

A write can take milliseconds, or far more on a busy or remote disk; the table must not
wait for it. Jobs run one at a time, in the order given, in one background thread that
starts with the first job (and ends when idle). A job returns None, or a sentence saying
what went wrong, which ``failed`` carries to the GUI thread. ``flush()`` waits until
everything given so far is written (the window calls it when it closes).

The autosave is not written here: it must be on the disk the moment a move is made
(a kill right after a move loses nothing), and it is small and not forced to the disk.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from . import problems

Job = Callable[[], "str | None"]
_IDLE_S = 5.0  # a thread with nothing to write for this long ends


class BackgroundWriter(QObject):
    failed = Signal(str)  # what went wrong, for the person (delivered on the GUI thread)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs: deque[Job] = deque()
        self._lock = threading.Condition()
        self._busy = False
        self._thread: threading.Thread | None = None

    def submit(self, job: Job) -> None:
        with self._lock:
            self._jobs.append(job)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="euchre-files", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every job given so far is done; False if that took over ``timeout`` seconds."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._jobs and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._lock.wait_for(lambda: bool(self._jobs), _IDLE_S):
                    self._thread = None  # idle: the next job starts a thread again
                    return
                job = self._jobs.popleft()
                self._busy = True
            try:
                error = job()
            except Exception as exc:  # a failed write must never end the thread
                problems.record("a background write failed", exc)
                error = "One of the game's files could not be written."
            with self._lock:
                self._busy = False
                self._lock.notify_all()
            if error:
                self.failed.emit(error)
