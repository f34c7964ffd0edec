"""The main window's start-up after its first frame: what is loaded, in which steps, and the
scheduler that runs them one per turn of the event loop.

Each loading step imports what the next parts of the window need; each costs 10-25 ms, so
that no turn of the event loop holds the GUI thread for long (benchmarks/ui_startup.py
measures them). This module itself loads nothing heavy: it is imported before the first frame.
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
        if self._stopped:
            self._timer.stop()
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


# --- the loading steps: imports only, in the order the window's parts need them ---------------


def load_view() -> None:
    from ..table import view  # noqa: F401  (the table's view, which replaces the first frame's plain felt)


def load_engine() -> None:
    from ... import engine  # noqa: F401


# The engine's hand, the session's events and the rest of the session each cost 10-25 ms
# to import: one step each.
def load_hand() -> None:
    from ...engine import hand  # noqa: F401


def load_players() -> None:
    from ...engine.ai import novice  # noqa: F401  (the Novice players, made at the game's start)


def load_session_events() -> None:
    from ...session import events  # noqa: F401


def load_session() -> None:
    from ... import session  # noqa: F401


def load_controller() -> None:
    from ..play import controller  # noqa: F401


def load_qt_names() -> None:
    from PySide6.QtCore import Qt  # its Python enums: the biggest single cost of the table

    del Qt


def load_table_state() -> None:
    from ..table import layout, state  # noqa: F401


def load_table_items() -> None:
    from ..table import items  # noqa: F401


def load_table() -> None:
    from ..table import scene  # noqa: F401


def load_card_art() -> None:
    from ..cardart import renderer  # noqa: F401


def load_game_files() -> None:
    from ..table import sound  # noqa: F401
