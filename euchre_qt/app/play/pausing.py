"""Pausing (while a dialog is open over the table): nobody moves, and play goes on from
where it was when the pause ends."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QTimer

from .part import ControllerPart


class Pausing(ControllerPart):
    """The controller's pause: what would happen meanwhile is held until it ends."""

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Nobody moves while this lasts: computer players' answers, the table's next beat and
        its timers wait, and go on from where they were when it ends."""
        self._pause_depth += 1
        try:
            yield
        finally:
            self._pause_depth -= 1
            if not self._pause_depth and self._held:
                QTimer.singleShot(0, self._release)

    @property
    def is_paused(self) -> bool:
        return self._pause_depth > 0

    def _hold(self, fn: Callable[[], object]) -> bool:
        """While paused, keep ``fn`` for later (True); else False: go on now."""
        if not self._pause_depth:
            return False
        self._held.append((self.gen, fn))
        return True

    def _release(self) -> None:
        if self._pause_depth:
            return
        held, self._held = self._held, []
        for gen, fn in held:
            if gen == self.gen:  # (nothing from before a New Game or an undo)
                fn()
