"""When the display goes away under a running window (the X server or the Wayland
compositor ends, as when a person logs out with the game open).

Qt then says so in a warning and ends the program with C's ``exit``, whose clean-up destroys
the threads still running (the computer players' and the sounds'): Qt aborts on that
("QThread: Destroyed while thread is still running"), which leaves a core dump and, on
desktops that collect them, a crash report. The game is saved after every move, so nothing
is lost; the program says so in a sentence and ends at once, before that clean-up.

``launch.new_application`` installs ``DisplayWatch`` as Qt's message handler once the
application object is made (``install``), and the window tells it whether its game is saved
(``watching``).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable

EXIT_DISPLAY_LOST = 1  # Qt's own status for it
# The start of Qt's warning when its connection to the display breaks (qxcbconnection.cpp,
# qwaylanddisplay.cpp): the program is ended right after it.
LOST = ("The X11 connection broke", "The Wayland connection broke", "The Wayland connection experienced a fatal error")
CLOSED = "The display went away, so Euchre closed."
SAVED = "Your game was saved: it is there when you start Euchre again."
NOT_SAVED = "Your last moves could not be saved: the folder for Euchre's files cannot be written."


class DisplayWatch:
    """Qt's message handler while the window runs: each message printed as Qt prints it, but
    for a lost display the person is told (whether the game is saved, where ``game_saved``
    can say: None where it cannot), the window's queued writes are finished
    (``finish_writing``), ``before_exit`` is called (it ends the helper processes), and the
    program ends, whichever of those fails."""

    def __init__(self, before_exit: Callable[[], None], exit: Callable[[int], object] = os._exit) -> None:
        self.before_exit = before_exit
        self.exit = exit
        self.game_saved: Callable[[], bool | None] | None = None  # the window's, once it has one
        self.finish_writing: Callable[[], object] | None = None  # the window's too

    def __call__(self, _kind: object, context: object, message: str) -> None:
        if message.startswith(LOST):
            try:
                for step in (lambda: _print(f"{message}\n{self.said()}"), self.finish_writing, self.before_exit):
                    with contextlib.suppress(Exception):  # (a terminal gone with the session, say)
                        if step is not None:
                            step()
            finally:
                self.exit(EXIT_DISPLAY_LOST)
            return
        category = getattr(context, "category", None)
        _print(f"{category}: {message}" if category and category != "default" else message)

    def said(self) -> str:
        """What the person is told: the display is gone, and whether the game is kept."""
        try:
            saved = self.game_saved() if self.game_saved is not None else None
        except Exception:  # (a window half taken down: say only what is sure)
            saved = None
        return CLOSED if saved is None else f"{CLOSED} {SAVED if saved else NOT_SAVED}"


def _print(text: str) -> None:
    """``text`` on standard error, as Qt prints its messages (nowhere in a program started
    without a console, where it is None)."""
    stream = sys.stderr
    if stream is not None:
        with contextlib.suppress(OSError, ValueError):  # (a terminal gone, a pipe closed)
            stream.write(text + "\n")
            stream.flush()


_installed: list[DisplayWatch] = []  # Qt's message handler is the process's: so is its watch


def install(before_exit: Callable[[], None]) -> DisplayWatch:
    """A ``DisplayWatch`` as Qt's message handler (the application object made)."""
    from PySide6.QtCore import qInstallMessageHandler

    watch = DisplayWatch(before_exit)
    qInstallMessageHandler(watch)
    _installed[:] = [watch]
    return watch


def watching(game_saved: Callable[[], bool | None], finish_writing: Callable[[], object]) -> None:
    """Tell the installed watch how to know whether the game is saved, and how to finish the
    writes the window has queued (the statistics, the game log) before the program ends (no
    watch: nothing)."""
    for watch in _installed:
        watch.game_saved = game_saved
        watch.finish_writing = finish_writing
