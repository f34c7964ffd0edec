"""Every dialog can be used with a screen reader: each control a person can reach with Tab
has a name that says what it is, and Tab reaches every enabled control (U14)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QDialog, QWidget
from pytestqt.qtbot import QtBot

from euchre_qt.app.table.state import Stage

from ..conftest import advance


def unnamed_controls(dialog: QWidget) -> list[str]:
    """Focusable, visible controls whose accessible name is empty."""
    missing = []
    for widget in dialog.findChildren(QWidget):
        if not widget.isVisibleTo(dialog) or widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
            continue
        if isinstance(widget.parentWidget(), QAbstractScrollArea | QAbstractSpinBox):  # viewports, spin-box text
            continue
        iface = QAccessible.queryAccessibleInterface(widget)
        name = iface.text(QAccessible.Text.Name) if iface is not None else ""
        if not name.strip():
            missing.append(f"{type(widget).__name__} {widget.objectName()!r}")
    return missing


def open_dialogs(window: Any) -> list[QDialog]:
    window.dialogs.show_options()
    window.dialogs.show_statistics()
    window.dialogs.show_rules()
    window.dialogs.show_shortcuts()
    window.dialogs.show_review()
    window.dialogs.show_last_trick()
    window.dialogs.open_log()
    window.dialogs.show_drills()
    window.netplay.host_table()  # (the dialogs are refused here: no table is opened)
    window.netplay.join_table()
    return list(window.opened)


def test_every_dialog_control_has_a_name(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=3)
    c = window.controller
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and len(c.game.hand.tricks) >= 1)
    dialogs = open_dialogs(window)
    assert len(dialogs) >= 10
    for dialog in dialogs:
        dialog.show()
        qtbot.waitExposed(dialog)
        assert dialog.windowTitle(), f"{type(dialog).__name__} has no title"
        assert unnamed_controls(dialog) == [], type(dialog).__name__
        dialog.close()


def test_the_seat_choice_and_the_table_panel_name_every_control(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    from euchre_qt.app.netplay.dialogs import SeatDialog
    from euchre_qt.app.netplay.panel import TablePanel
    from euchre_qt.app.netplay.remote import SeatShown
    from euchre_qt.engine import Seat

    seats = [
        SeatShown("Ann", "person", True, None, False),
        SeatShown("", "open", False, None, False),
        SeatShown("Nia", "person", False, 40.0, False),
        SeatShown("", "computer", False, None, False),
    ]
    dialog = SeatDialog(seats, name="Nia", mine=Seat.NORTH)  # the window keeps North's key
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert unnamed_controls(dialog) == []
    offered = [b.text() for b in dialog.group.buttons() if b.isEnabled()]
    assert offered == ["West: free", "North: your seat again"]  # a free seat, and your own after a drop
    panel = TablePanel()
    qtbot.addWidget(panel)
    panel.show_buttons(creator=True, started=False, over=False, away=[(Seat.NORTH, "Nia")])
    panel.show()
    qtbot.waitExposed(panel)
    assert unnamed_controls(panel) == []


def accessible_names(iface: QAccessibleInterface) -> list[str]:
    """The names of an accessible object and everything under it, as a reader walks them."""
    names = [iface.text(QAccessible.Text.Name)]
    for i in range(iface.childCount()):
        child = iface.child(i)
        if child is not None:
            names.extend(accessible_names(child))
    return names


def test_statistics_say_each_figure_once(qtbot: QtBot, private_folders: dict[str, Path]) -> None:
    from euchre_qt.app.stats.statistics import StatsStore
    from euchre_qt.app.stats.stats_dialog import StatsDialog, _rows

    store = StatsStore(private_folders["data"])
    dialog = StatsDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    names = accessible_names(QAccessible.queryAccessibleInterface(dialog))
    for name, value in _rows(store.stats):
        assert sum(name in said for said in names) == 1, (name, names)
        assert str(value) in names  # the figure, labelled by its name (its buddy)


def test_every_dialog_says_cards_in_words(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    """No suit signs or invisible table markers in what a reader is given to say."""
    QAccessible.setActive(True)  # (the review writes its hands in words only for a reader)
    try:
        window = make_window(seed=3)
        c = window.controller
        advance(qtbot, window, lambda: c.stage is Stage.HUMAN and len(c.game.hand.tricks) >= 1)
        for dialog in open_dialogs(window):
            dialog.show()
            qtbot.waitExposed(dialog)
            for name in accessible_names(QAccessible.queryAccessibleInterface(dialog)):
                assert not set(name) & set("♣♦♥♠\ufdd0\ufdd1"), (type(dialog).__name__, name)
            dialog.close()
    finally:
        QAccessible.setActive(False)
