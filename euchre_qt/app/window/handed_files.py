"""Game files handed to the open window by a second start, shown when nothing is in their way.

A file handed over while a dialog holds the window (Options, New Game, a question asked)
would open its viewer behind that dialog, and what the dialog then did (a new game, a
rule changed) would land on the viewer instead of the game the person was looking at.
So the dialog is brought forward, and the file waits: it is shown once no dialog holds
the window, in the order the files came.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Slot
from PySide6.QtWidgets import QApplication, QWidget

RETRY_MS = 250  # how often a waiting file looks again: a person closes a dialog in no less


class HandedFiles(QObject):
    """Shows each handed-over path in ``window`` with ``open_file``, waiting out a modal dialog."""

    def __init__(self, window: QWidget, open_file: Callable[[Path], None]) -> None:
        super().__init__(window)
        self._window = window
        self._open_file = open_file
        self._waiting: list[Path] = []
        self._retry = QTimer(self)
        self._retry.setSingleShot(True)
        self._retry.setInterval(RETRY_MS)
        self._retry.timeout.connect(self._show_waiting)

    @property
    def waiting(self) -> tuple[Path, ...]:
        """The files handed over and not yet shown."""
        return tuple(self._waiting)

    @Slot(object)
    def receive(self, path: Path) -> None:
        """Show ``path``, now or once no dialog holds the window; the window (or the dialog
        holding it) is brought forward once, as the file comes."""
        self._waiting.append(path)
        window = self._window
        if window.isMinimized():
            window.showNormal()
        front = QApplication.activeModalWidget() or window
        front.raise_()
        front.activateWindow()
        self._show_waiting()

    @Slot()
    def _show_waiting(self) -> None:
        if QApplication.activeModalWidget() is not None:
            self._retry.start()  # (looks again; a person may have put another program in front meanwhile)
            return
        while self._waiting:
            self._open_file(self._waiting.pop(0))
