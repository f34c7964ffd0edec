"""Announcements as Orca 43 hears them: a notification that appears in the status bar,
one object per announcement, unchanged while a reader may still read it; announcements
close together joined into one utterance.

No screen reader runs in CI: these check the accessibility events at the Qt level
(``QAccessible.updateAccessibility`` is recorded). ``scripts/orca_transcript.sh`` checks
them with the real Orca.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from euchre_qt.app.accessibility.announcer import Announcer
from euchre_qt.app.accessibility.spoken_notice import RING, NoticeBoard

Sent = list[tuple[QAccessible.Event, QAccessibleInterface]]


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[Sent]:
    """The accessibility events Qt is given, as (type, interface), with a reader listening."""
    out: Sent = []

    def record(event: QAccessibleEvent) -> None:
        out.append((event.type(), event.accessibleInterface()))

    monkeypatch.setattr(QAccessible, "updateAccessibility", record)
    QAccessible.setActive(True)
    yield out
    QAccessible.setActive(False)


@pytest.fixture
def window(qtbot: QtBot) -> QMainWindow:
    w = QMainWindow()
    qtbot.addWidget(w)
    w.statusBar().show()
    return w


def test_an_announcement_is_a_notification_appearing_in_the_status_bar(window: QMainWindow, sent: Sent) -> None:
    NoticeBoard(window).post("Ed plays the Ace of Hearts.")
    ((kind, notice),) = sent
    assert kind == QAccessible.Event.ObjectShow
    assert notice.role() == QAccessible.Role.Notification
    assert notice.text(QAccessible.Text.Name) == "Ed plays the Ace of Hearts."
    assert notice.parent().role() == QAccessible.Role.StatusBar  # so Orca leaves out "notification"
    assert not notice.state().invisible and notice.isValid()


def test_each_announcement_keeps_its_words_until_long_read(window: QMainWindow, sent: Sent) -> None:
    """A reader reads a notice's text after the event: a later one must not change it."""
    board = NoticeBoard(window)
    for n in range(RING):
        board.post(f"Announcement {n}.")
    notices = [iface for _, iface in sent]
    assert len({id(n) for n in notices}) == RING
    assert [n.text(QAccessible.Text.Name) for n in notices] == [f"Announcement {n}." for n in range(RING)]


def test_without_notices_an_announcement_is_a_qt_announcement(qtbot: QtBot, window: QMainWindow, sent: Sent) -> None:
    """Off Linux, Qt's announcement event (UI Automation, NSAccessibility) carries it."""
    announcer = Announcer(window)
    announcer.say("You call Clubs")
    announcer.flush()
    ((kind, _iface),) = sent
    assert kind == QAccessible.Event.Announcement


def test_with_notices_no_qt_announcement_is_sent(qtbot: QtBot, window: QMainWindow, sent: Sent) -> None:
    """One way per platform, so no reader says a thing twice."""
    announcer = Announcer(window, NoticeBoard(window))
    announcer.say("You call Clubs")
    announcer.flush()
    assert [kind for kind, _ in sent] == [QAccessible.Event.ObjectShow]


def test_announcements_close_together_are_one_utterance(qtbot: QtBot, window: QMainWindow, sent: Sent) -> None:
    announcer = Announcer(window, NoticeBoard(window))
    said: list[str] = []
    announcer.spoken.connect(lambda text, _assertive: said.append(text))
    for sentence in ("You play the Jack of Hearts", "Wes plays the Queen of Hearts", "Nell plays the Ten of Hearts"):
        announcer.say(sentence)
        qtbot.wait(20)  # a burst at Instant speed: each move a few event-loop turns apart
    qtbot.waitUntil(lambda: bool(said))
    assert said == ["You play the Jack of Hearts. Wes plays the Queen of Hearts. Nell plays the Ten of Hearts."]
    assert len(sent) == 1


def test_an_error_is_said_at_once(qtbot: QtBot, window: QMainWindow, sent: Sent) -> None:
    announcer = Announcer(window)
    said: list[tuple[str, bool]] = []
    announcer.spoken.connect(lambda text, assertive: said.append((text, assertive)))
    announcer.say("You must follow Hearts.", assertive=True)
    assert said == [("You must follow Hearts.", True)]


def test_a_dialogs_notices_appear_in_the_game_windows_status_bar(
    qtbot: QtBot, window: QMainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a hidden status bar of its own, Orca 43 said the whole dialog again before each."""
    from PySide6.QtWidgets import QDialog, QVBoxLayout, QWidget

    from euchre_qt.app.accessibility import announcer as announcer_module

    monkeypatch.setattr(announcer_module, "spoken_through_atspi", lambda: True)
    part = QWidget()  # a dialog's part, made before it is put in its dialog
    made = announcer_module.announcer_for(part)
    dialog = QDialog(window)
    qtbot.addWidget(dialog)
    QVBoxLayout(dialog).addWidget(part)
    assert made.notices is not None and made.notices.anchor is window.statusBar()
    alone = QDialog()
    qtbot.addWidget(alone)
    notices = announcer_module.announcer_for(alone).notices
    assert notices is not None and not notices.anchor.isVisibleTo(alone)  # its own, hidden


def test_a_player_with_a_newer_orca_may_choose_announcements(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Orca with announcement support says "notification" before each notice: the
    Options let the player have Qt's announcements instead (one way only, still)."""
    from euchre_qt.app.accessibility import announcer as announcer_module

    monkeypatch.setattr(announcer_module, "spoken_through_atspi", lambda: True)
    window = make_window(seed=3, spoken_as="announcements")
    qtbot.waitUntil(lambda: window.notices.announcer is not None)
    assert window.notices.announcer.notices is None
    window.settings_applied.change(spoken_as="notices")
    assert window.notices.announcer.notices is not None
    window.settings_applied.change(spoken_as="announcements")
    assert window.notices.announcer.notices is None


NOTICES_THEN_EXIT = """
import gc
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QMainWindow
from euchre_qt.app.accessibility.spoken_notice import NoticeBoard
app = QApplication([])
QAccessible.setActive(True)
for _ in range(3):
    window = QMainWindow()
    board = NoticeBoard(window)
    for n in range(40):
        board.post(f"notice {n}")
    window.deleteLater()
    del window, board
    app.processEvents()
    gc.collect()
print("posted")
"""


def test_notices_of_a_closed_window_do_not_crash_the_program_at_exit() -> None:
    import os
    import subprocess
    import sys

    # Qt's accessibility cache deletes every registered interface as the application ends;
    # a notice Python had freed with its window was deleted twice (a segmentation fault).
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    command = [sys.executable, "-c", NOTICES_THEN_EXIT]
    proc = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert (proc.returncode, proc.stdout) == (0, "posted\n"), proc.stderr[-2000:]
