"""Pausing (while a dialog is open over the table): nobody moves, and play goes on from
where it was when the pause ends."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

import shiboken6
from PySide6.QtCore import QObject, QTimer


class Restarts(Protocol):
    """What a pause reads of the table (the controller), when it holds and when it releases."""

    @property
    def gen(self) -> int:
        """The count of the table's restarts (a game started or loaded, an undo, play called off)."""
        ...


class Pause:
    """What would happen during a pause is held until it ends, unless the ``table`` restarted
    meanwhile (its ``gen`` moved on)."""

    def __init__(self, table: Restarts, owner: QObject | None = None) -> None:
        self._table = table
        # what is held is released on a timer; one tied to the owner (the controller) never
        # fires once it is gone (a window closed while a pause was ending)
        self._owner = owner
        self._depth = 0
        self._held: list[tuple[int, Callable[[], object]]] = []  # (generation, what waits for the pause's end)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Nobody moves while this lasts: computer players' answers, the table's next beat and
        its timers wait, and go on from where they were when it ends."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if not self._depth and self._held:
                if self._owner is None:
                    QTimer.singleShot(0, self._release)
                elif shiboken6.isValid(self._owner):
                    QTimer.singleShot(0, self._owner, self._release)

    @property
    def is_paused(self) -> bool:
        return self._depth > 0

    @property
    def holding(self) -> bool:
        """Something waits for the pause's end."""
        return bool(self._held)

    def hold(self, fn: Callable[[], object]) -> bool:
        """While paused, keep ``fn`` for later (True); else False: go on now."""
        if not self._depth:
            return False
        self._held.append((self._table.gen, fn))
        return True

    def _release(self) -> None:
        if self._depth:
            return
        held, self._held = self._held, []
        for gen, fn in held:
            if gen == self._table.gen:  # (nothing from before a New Game or an undo)
                fn()
