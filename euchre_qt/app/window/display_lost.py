"""When the display goes away under a running window (the X server or the Wayland
compositor ends, as when a person logs out with the game open).

Qt then says so in a warning and ends the program with C's ``exit``, whose clean-up destroys
the threads still running (the computer players' and the sounds'): Qt aborts on that
("QThread: Destroyed while thread is still running"), which leaves a core dump and, on
desktops that collect them, a crash report. The game is saved after every move, so nothing
is lost; the program says so in a sentence and ends at once, before that clean-up.

Imports no Qt: ``launch.new_application`` installs ``DisplayWatch`` as Qt's message handler
once the application object is made.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

EXIT_DISPLAY_LOST = 1  # Qt's own status for it
# The start of Qt's warning when its connection to the display breaks (qxcbconnection.cpp,
# qwaylanddisplay.cpp): the program is ended right after it.
LOST = ("The X11 connection broke", "The Wayland connection broke")
SAID = "The display went away, so Euchre closed. Your game was saved: it is there when you start Euchre again."


class DisplayWatch:
    """Qt's message handler while the window runs: each message printed as Qt prints it, but
    for a lost display, on which ``before_exit`` is called (it ends the helper processes), the
    person is told, and the program ends."""

    def __init__(self, before_exit: Callable[[], None], exit: Callable[[int], object] = os._exit) -> None:
        self.before_exit = before_exit
        self.exit = exit

    def __call__(self, _kind: object, context: object, message: str) -> None:
        if message.startswith(LOST):
            sys.stderr.write(message + "\n" + SAID + "\n")
            sys.stderr.flush()
            try:
                self.before_exit()
            finally:
                self.exit(EXIT_DISPLAY_LOST)
            return
        category = getattr(context, "category", None)
        sys.stderr.write(f"{category}: {message}\n" if category and category != "default" else message + "\n")
