"""The controller's parts stand on their own: each owns its state and is handed what it
needs, so each can be driven here without a window or a controller."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from PySide6.QtCore import QObject

from euchre_qt.app.play.delay import Delay
from euchre_qt.app.play.pausing import Pause


def test_what_comes_due_during_a_pause_waits_for_its_end(qtbot: Any) -> None:
    pause, table = Pause(SimpleNamespace(gen=0)), QObject()
    delay = Delay(pause, table)
    ran: list[str] = []
    with pause.paused():
        delay.after(0, lambda: ran.append("West plays the TD"))
        qtbot.waitUntil(lambda: pause.holding)  # came due, and was kept
        assert ran == [] and not delay.waiting
    qtbot.waitUntil(lambda: ran == ["West plays the TD"])


def test_what_was_held_before_a_new_game_is_dropped(qtbot: Any) -> None:
    table = SimpleNamespace(gen=0)
    pause = Pause(table)
    ran: list[str] = []
    with pause.paused():
        assert pause.hold(lambda: ran.append("North leads the JH"))
        table.gen += 1  # New Game behind the dialog
        assert pause.hold(lambda: ran.append("the new deal"))
    qtbot.waitUntil(lambda: not pause.holding)
    assert ran == ["the new deal"]


def test_a_new_delay_replaces_the_one_waiting(qtbot: Any) -> None:
    table = QObject()
    delay = Delay(Pause(SimpleNamespace(gen=0)), table)
    ran: list[str] = []
    delay.after(10_000, lambda: ran.append("gather the trick"))
    delay.after(0, lambda: ran.append("deal the next hand"))
    qtbot.waitUntil(lambda: not delay.waiting)
    assert ran == ["deal the next hand"]
    delay.after(0, lambda: ran.append("never"))
    delay.cancel()
    assert not delay.waiting
