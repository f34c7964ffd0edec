"""The main window's start-up after its first frame: the scheduler that runs its build steps,
one to a turn of the event loop with a waiting timer or a paint between any two, so that no
turn holds the GUI thread for long (benchmarks/ui_startup.py times each step and the GUI
thread's time between its heartbeats). Each step imports what it builds with; the three
steps below only import, ahead of the controller and the table, whose imports and making
together would be the longest turns of the build.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Slot

Step = Callable[[], None]

_BEGIN_ANYWAY_MS = 300  # a window that is not painted (hidden) is built all the same


class StepRunner(QObject):
    """Runs ``steps`` one per turn of the event loop once ``begin`` is called (or after a
    while regardless), calls ``built`` after the last one and ``then`` on the turn after;
    ``finish`` runs what is left at once (``then`` still waits for the event loop)."""

    def __init__(self, steps: list[Step], built: Step, then: Step, parent: QObject) -> None:
        super().__init__(parent)  # a child of the window: the timers go with it
        self._steps = steps
        self._built, self._then = built, then
        self._begun = False
        self._stopped = False
        self.running = False  # a step is being run: what it asks for that is missing is missing
        # A repeating zero-interval timer, not a chain of singleShot(0) calls: those are posted
        # events, which Qt delivers two at a time ahead of timers and paints.
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._next)
        # Every other turn of the timer runs nothing: after a step, the timer is due again
        # before any timer that fell due while the step ran, so a step on every turn would run
        # two steps back to back before a waiting timer or a paint.
        self._rest = False
        self._anyway = QTimer(self)
        self._anyway.setSingleShot(True)
        self._anyway.timeout.connect(self.begin)
        self._anyway.start(_BEGIN_ANYWAY_MS)

    @property
    def done(self) -> bool:
        return not self._steps

    @Slot()
    def begin(self) -> None:
        if not self._begun:
            self._begun = True
            self._timer.start()

    def stop(self) -> None:
        """No more steps from the event loop, and ``then`` is not called (the window closed)."""
        self._stopped = True

    def finish(self) -> None:
        """Run every step left now."""
        if not self._steps:
            return
        while self._steps:
            self._run(self._steps.pop(0))
        self._built()
        if not self._timer.isActive():
            self._timer.start()

    @Slot()
    def _next(self) -> None:
        self._rest = not self._rest
        if self._stopped:
            self._timer.stop()
        elif not self._rest:
            return
        elif self._steps:
            self._run(self._steps.pop(0))
            if not self._steps:
                self._built()
        else:  # built: the last turn calls ``then``
            self._timer.stop()
            self._then()

    def _run(self, step: Step) -> None:
        self.running = True
        try:
            step()
        finally:
            self.running = False


# --- steps that only import, ahead of the controller and the table --------------------------


def load_session() -> None:
    from ...session import events  # noqa: F401  (with the engine's hand)


def load_controller() -> None:
    from ..play import controller  # noqa: F401


def load_table() -> None:
    from ..table import scene  # noqa: F401  (with the table's items)
