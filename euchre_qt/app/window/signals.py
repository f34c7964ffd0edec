"""Ctrl+C in a terminal, and SIGTERM (a logout, ``kill``), close the window as its close
button does: the computer players stop, the game in progress is saved, the settings too;
then the program ends, whatever dialog is open.

Python runs a signal handler only between bytecodes, and Qt's event loop can wait in C++
for a long time, so a signal would be noticed only at the next mouse move. The signal's
wake-up byte goes to a socket that Qt watches: its arrival runs the closing at once, from
the event loop, with no polling timer (and never in the middle of whatever Python code the
signal interrupted).
"""

from __future__ import annotations

import signal
import socket
from types import FrameType

from PySide6.QtCore import QCoreApplication, QObject, QSocketNotifier
from PySide6.QtWidgets import QWidget

_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _noted(_signum: int, _frame: FrameType | None) -> None:
    """Python's handler: nothing (the wake-up byte is what counts, see ``SignalCloser._drain``);
    that there is one keeps the signal from ending the process at once."""


class SignalCloser(QObject):
    """Closes ``window`` on SIGINT or SIGTERM while it lives (it is the window's child)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._reader, self._writer = socket.socketpair()
        self._reader.setblocking(False)
        self._writer.setblocking(False)
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno())
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._drain)
        self._previous = {sig: signal.signal(sig, _noted) for sig in _SIGNALS}

    def _drain(self) -> None:
        """The wake-up bytes (one per signal, its number): closing happens here, from the event
        loop. The Python handler runs wherever the GUI thread is, even holding a lock (it hung
        in the helper process's start, which holds the lock that ending the helper takes)."""
        caught = b""
        try:
            while chunk := self._reader.recv(64):
                caught += chunk
        except OSError:  # nothing more to read
            pass
        if any(byte in _SIGNALS for byte in caught):
            self._close()

    def _close(self) -> None:
        self._window.close()
        # and everything else: a dialog open (a review, its own event loop if modal) kept the
        # program running after the window had closed
        QCoreApplication.quit()

    def restore(self) -> None:
        """Give the signals back to whoever handled them before (tests use this)."""
        self._notifier.setEnabled(False)
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        signal.set_wakeup_fd(self._previous_fd)
        self._reader.close()
        self._writer.close()
