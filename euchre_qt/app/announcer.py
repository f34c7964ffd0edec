"""Spoken announcements for screen readers: what just happened at the table, in order.

Qt turns a ``QAccessibleAnnouncementEvent`` into AT-SPI's ``object:announcement`` (and
the matching UI Automation / NSAccessibility notifications), which a screen reader speaks
without the focus having to move. A reader may cut a polite announcement short when the
next one arrives, so announcements made in one turn of the event loop are queued and sent
together as one, in the order they were made: at Instant speed a whole trick is one
utterance instead of four that interrupt each other. Errors are assertive.

Nothing is sent unless an accessibility client is listening (``QAccessible.isActive()``),
so sighted play pays nothing; ``spoken`` is emitted either way (tests listen to it, and
the "repeat" key reads ``history``).
"""

from __future__ import annotations

from collections import deque

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

HISTORY = 20  # announcements kept for the repeat key


class Announcer(QObject):
    spoken = Signal(str, bool)  # (text, assertive): once per utterance, as sent

    def __init__(self, target: QObject) -> None:
        super().__init__(target)
        self._target = target  # the object the announcements come from (the table view)
        self._queue: list[str] = []
        self._assertive = False
        self.history: deque[str] = deque(maxlen=HISTORY)
        self._flush = QTimer(self)
        self._flush.setSingleShot(True)
        self._flush.setInterval(0)
        self._flush.timeout.connect(self.flush)

    def say(self, text: str, assertive: bool = False) -> None:
        """Queue one sentence; it is sent with the others of this event-loop turn."""
        text = text.strip()
        if not text:
            return
        self._queue.append(text if text.endswith((".", "!", "?", ":")) else text + ".")
        self._assertive = self._assertive or assertive
        self._flush.start()

    def flush(self) -> None:
        """Send what is queued now, as one utterance."""
        self._flush.stop()
        if not self._queue:
            return
        text = " ".join(self._queue)
        assertive = self._assertive
        self._queue.clear()
        self._assertive = False
        self.history.append(text)
        if QAccessible.isActive():
            event = QAccessibleAnnouncementEvent(self._target, text)
            if assertive:
                event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
            QAccessible.updateAccessibility(event)
        self.spoken.emit(text, assertive)

    def repeat(self) -> None:
        """Say the last utterance again."""
        if self.history:
            self.say(self.history[-1])
