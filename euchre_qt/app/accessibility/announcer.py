"""Spoken announcements for screen readers: what just happened at the table, in order.

A screen reader is told without the focus having to move, in the one way each platform's
readers speak (never two ways, so nothing is said twice):

- on Linux (AT-SPI), as a notification appearing in the status bar (``spoken_notice``),
  which every Orca release speaks, those before announcement support (Debian 12's 43.1)
  included (newer ones say "notification" first: the player may choose announcements
  instead, ``Settings.spoken_as``);
- elsewhere, as a ``QAccessibleAnnouncementEvent``, which Qt sends as a UI Automation
  notification (NVDA, JAWS, Narrator) or an NSAccessibility announcement (VoiceOver).

Announcements close together (``JOIN_MS`` apart, as a burst of moves at Instant speed)
are sent as one utterance, in the order they were made, so a reader that lets a new
announcement cut off the last one loses nothing; none waits longer than ``HOLD_MS``.
Errors are assertive and go at once.

Nothing is sent unless an accessibility client is listening (``QAccessible.isActive()``),
so sighted play pays nothing; ``spoken`` is emitted either way (tests listen to it).
``last_event`` is what the repeat key says again: the last thing that happened at the
table, not the last fact asked for.
"""

from __future__ import annotations

from collections import deque

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QWidget

from .spoken_notice import NoticeBoard, spoken_through_atspi

JOIN_MS = 150  # announcements closer together than this are one utterance
HOLD_MS = 1000  # ... but none is held back longer than this
HISTORY = 20  # utterances kept


class Announcer(QObject):
    spoken = Signal(str, bool)  # (text, assertive): once per utterance, as sent

    def __init__(self, target: QObject, notices: NoticeBoard | None = None) -> None:
        super().__init__(target)
        self._target = target  # the object the announcements come from (the table view)
        self._notices = notices  # how they are sent on Linux; None: as Qt announcements
        self._queue: list[tuple[str, bool]] = []  # (sentence, something that happened)
        self._assertive = False
        self.last_event = ""
        self.history: deque[str] = deque(maxlen=HISTORY)
        self._join = self._timer(JOIN_MS)
        self._hold = self._timer(HOLD_MS)

    @property
    def notices(self) -> NoticeBoard | None:
        """The notices the announcements are posted as (None: sent as Qt's announcements)."""
        return self._notices

    def send_through(self, notices: NoticeBoard | None) -> None:
        """From now on post the announcements as ``notices`` (None: as Qt's announcements)."""
        self._notices = notices

    def _timer(self, ms: int) -> QTimer:
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(ms)
        timer.timeout.connect(self.flush)
        return timer

    def say(self, text: str, assertive: bool = False, happened: bool = True) -> None:
        """Queue one sentence: something that ``happened`` at the table, or a fact asked for."""
        text = text.strip()
        if not text:
            return
        self._queue.append((text if text.endswith((".", "!", "?", ":")) else text + ".", happened))
        self._assertive = self._assertive or assertive
        if assertive:
            self.flush()
            return
        self._join.start()
        if not self._hold.isActive():
            self._hold.start()

    def flush(self) -> None:
        """Send what is queued now, as one utterance."""
        self._join.stop()
        self._hold.stop()
        if not self._queue:
            return
        text = " ".join(sentence for sentence, _ in self._queue)
        events = " ".join(sentence for sentence, happened in self._queue if happened)
        assertive = self._assertive
        self._queue.clear()
        self._assertive = False
        if events:
            self.last_event = events
        self.history.append(text)
        if QAccessible.isActive():
            self._send(text, assertive)
        self.spoken.emit(text, assertive)

    def _send(self, text: str, assertive: bool) -> None:
        if self._notices is not None:
            self._notices.post(text)
            return
        event = QAccessibleAnnouncementEvent(self._target, text)
        if assertive:
            event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
        QAccessible.updateAccessibility(event)

    def repeat(self) -> None:
        """Say the last thing that happened again."""
        if self.last_event:
            self.say(self.last_event, happened=False)


def notices_for(source: QWidget, spoken_as: str) -> NoticeBoard | None:
    """How announcements about ``source`` go (``Settings.spoken_as``): as notices on Linux
    unless the player chose announcements; elsewhere always as Qt's announcements."""
    return NoticeBoard(source) if spoken_through_atspi() and spoken_as == "notices" else None


def announcer_for(source: QWidget, spoken_as: str = "notices") -> Announcer:
    """An announcer for ``source``, sent the way this platform's readers speak."""
    return Announcer(source, notices_for(source, spoken_as))
