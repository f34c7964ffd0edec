"""Ctrl+C in a terminal, and SIGTERM (a logout, ``kill``), close the window as its close
button does: the computer players stop, the game in progress is saved, the settings too.

Python runs a signal handler only between bytecodes, and Qt's event loop can wait in C++
for a long time, so a signal would be noticed only at the next mouse move. The signal's
wake-up byte goes to a socket that Qt watches: its arrival runs a little Python, and the
handler with it, at once, with no polling timer.
"""

from __future__ import annotations

import signal
import socket
from types import FrameType

from PySide6.QtCore import QObject, QSocketNotifier
from PySide6.QtWidgets import QWidget

_SIGNALS = (signal.SIGINT, signal.SIGTERM)


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
        self._previous = {sig: signal.signal(sig, self._close) for sig in _SIGNALS}

    def _drain(self) -> None:
        try:
            while self._reader.recv(64):
                pass
        except OSError:  # nothing more to read
            pass

    def _close(self, _signum: int, _frame: FrameType | None) -> None:
        self._window.close()

    def restore(self) -> None:
        """Give the signals back to whoever handled them before (tests use this)."""
        self._notifier.setEnabled(False)
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        signal.set_wakeup_fd(self._previous_fd)
        self._reader.close()
        self._writer.close()
