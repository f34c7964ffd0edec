"""Announcements as every Orca release hears them: a notification that appears in the
status bar.

Orca before announcement support (Debian 12 ships 43.1) ignores AT-SPI's
``object:announcement``, which is what Qt makes of a ``QAccessibleAnnouncementEvent``;
it speaks focus changes, description changes of the focused object, and a
*notification* that appears (``object:state-changed:showing``), whatever has the focus.
A notification inside a status bar is spoken as its text alone ("Ed plays the Ace of
Hearts."), without the word "notification"; Orca queues it behind what it is saying
rather than cutting that off. Newer Orca releases speak it the same way, so on Linux
this is the one way announcements are sent, and no reader says a thing twice.

Each announcement is its own object that never changes while a reader may still read
it: a screen reader fetches the text some time after the event, by when the next one
may have come. A ring of them is reused once they are long spoken.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface, QGuiApplication
from PySide6.QtWidgets import QMainWindow, QStatusBar, QWidget
from shiboken6 import isValid

from .accessible_leaf import LeafAccessible, register

RING = 32  # notices kept alive; a reader has read one long before it is reused


def spoken_through_atspi() -> bool:
    """Whether this program talks to screen readers through AT-SPI (Linux's X11 or Wayland)."""
    name = QGuiApplication.platformName()
    return name == "xcb" or name.startswith("wayland")


class NoticeAccessible(LeafAccessible):
    """One announcement: a notification whose parent is the window's status bar."""

    def __init__(self, anchor: QWidget) -> None:
        super().__init__()
        self._anchor = anchor
        self._words = ""

    def show(self, anchor: QWidget, words: str) -> None:
        """Appear in ``anchor`` saying ``words`` (a notice of the ring used again)."""
        self._anchor, self._words = anchor, words
        QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.Event.ObjectShow))

    def isValid(self) -> bool:
        return True

    def window(self) -> Any:
        # A reader may ask about a notice long after its window closed.
        return self._anchor.window().windowHandle() if isValid(self._anchor) else None

    def rect(self) -> QRect:
        return QRect()

    def parent(self) -> QAccessibleInterface | None:
        return QAccessible.queryAccessibleInterface(self._anchor) if isValid(self._anchor) else None

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.Notification

    def state(self) -> QAccessible.State:
        return QAccessible.State()

    def text(self, t: QAccessible.Text) -> str:
        return self._words if t == QAccessible.Text.Name else ""


class NoticeBoard:
    """Posts announcements about ``source`` as notifications in the status bar of the game
    window it is in (a dialog's too: with a hidden status bar of the dialog's own, Orca 43
    said the whole dialog again before each notice); a hidden one where there is none."""

    def __init__(self, source: QWidget) -> None:
        self.source = source
        self._own: QStatusBar | None = None
        self._ring: list[NoticeAccessible] = []
        self._next = 0

    @property
    def anchor(self) -> QWidget:
        """The status bar the notices appear in (looked up when one is posted: a dialog's
        part is put in its dialog after it is made)."""
        widget: QWidget | None = self.source
        while widget is not None:
            if isinstance(widget, QMainWindow):
                return widget.statusBar()
            widget = widget.parentWidget()
        if self._own is None:
            self._own = QStatusBar(self.source)
            self._own.hide()
        return self._own

    def post(self, text: str) -> None:
        anchor = self.anchor
        if len(self._ring) < RING:
            self._ring.append(register(NoticeAccessible(anchor)))
        notice = self._ring[self._next % RING]
        self._next += 1
        notice.show(anchor, text)
