"""The table's one delay: the next beat (a trick lingering, a hand's summary shown), or a
computer player's move held back until its pause is over. A new one replaces the last."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from .pausing import Pause


class Delay:
    """Runs one thing after a while, unless the table is paused then (it runs when the pause ends)."""

    def __init__(self, pause: Pause, parent: QObject) -> None:
        self._pause = pause
        self._fn: Callable[[], object] | None = None
        self._timer = QTimer(parent)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._on_timeout)

    def after(self, ms: int, fn: Callable[[], object]) -> None:
        """Run ``fn`` in ``ms`` milliseconds (in place of whatever waited)."""
        self._fn = fn
        self._timer.start(max(0, ms))

    def cancel(self) -> None:
        self._timer.stop()
        self._fn = None

    @property
    def waiting(self) -> bool:
        """Something will run when its time comes."""
        return self._fn is not None

    def _on_timeout(self) -> None:
        fn, self._fn = self._fn, None
        if fn is not None and not self._pause.hold(fn):
            fn()
