"""When there is no window to be had (no display, or Qt's window libraries missing): a
sentence a person understands, and what to install, instead of Qt's abort (exit 134).

Imports no Qt: ``start.run`` asks ``missing_display`` before the application object exists,
and installs ``explain_fatal`` as Qt's message handler while it is made.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

EXIT_NO_WINDOW = 1

# Debian/Ubuntu packages for Qt's window (xcb) on a minimal system: docs/packaging.md's list,
# which tests/app/window/test_display.py keeps the same as this one.
WINDOW_PACKAGES = [
    "libegl1",
    "libgl1",
    "libglib2.0-0",
    "libfontconfig1",
    "libdbus-1-3",
    "libxkbcommon-x11-0",
    "libx11-xcb1",
    "libxcb-cursor0",
    "libxcb-icccm4",
    "libxcb-image0",
    "libxcb-keysyms1",
    "libxcb-randr0",
    "libxcb-render-util0",
    "libxcb-shape0",
    "libxcb-xkb1",
]

_NO_WINDOW = "Without a display, QT_QPA_PLATFORM=offscreen runs the program with no window"


def missing_display(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str | None:
    """Why no window can be opened here, in a person's words; None when there is a display
    (or where Qt is left to find one: not Linux, or a platform chosen with QT_QPA_PLATFORM)."""
    if not platform.startswith("linux") or environ.get("QT_QPA_PLATFORM"):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "euchre-qt: there is no display to open the game's window on (neither DISPLAY nor "
        "WAYLAND_DISPLAY is set). Start it from a desktop session (over ssh, 'ssh -X'). "
        f"{_NO_WINDOW}."
    )


def window_failed(qt_message: str) -> str:
    """What to tell a person when Qt could not open its window (``qt_message`` says why)."""
    first = qt_message.strip().splitlines()[0] if qt_message.strip() else "no reason given"
    if "connect to display" in first:  # a display named, but not there (or not ours to use)
        return f"euchre-qt: the game's window could not be opened: Qt {first}. {_NO_WINDOW}."
    return (
        "euchre-qt: the game's window could not be opened: Qt could not start its display "
        f"plugin ({first}). On a minimal Debian or Ubuntu system, install Qt's libraries with\n"
        f"    sudo apt-get install {' '.join(WINDOW_PACKAGES)}\n"
        f"(docs/packaging.md lists them). {_NO_WINDOW}."
    )


class StartMessages:
    """Qt's message handler while the application object is made. Qt says why it cannot
    open a window in warnings, then aborts with a fatal message: the fatal one is replaced by
    ``window_failed`` (with the first warning as the reason) and a plain exit. The others
    are kept, and printed with ``release`` once the application object is there."""

    def __init__(self) -> None:
        self.kept: list[str] = []

    def __call__(self, kind: object, _context: object, message: str) -> None:
        from PySide6.QtCore import QtMsgType

        if kind == QtMsgType.QtFatalMsg:
            sys.stderr.write(window_failed(self.kept[0] if self.kept else message) + "\n")
            sys.stderr.flush()
            os._exit(EXIT_NO_WINDOW)
        self.kept.append(message)

    def release(self) -> None:
        for message in self.kept:
            sys.stderr.write(message + "\n")
        self.kept.clear()
