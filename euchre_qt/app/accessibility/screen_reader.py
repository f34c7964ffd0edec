"""The factory through which a screen reader reaches the card table (and sees a tab
widget's pages as a plain pane), installed by the window's first build step, before the
table's view exists. The table's accessible
interfaces (``table_access``) are loaded when a screen reader first asks for them: with
the table's items they would weigh on a start-up step (docs/architecture.md, "Start-up",
has the figures)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget, QStackedWidget, QTabWidget

from ..table.view import TableView
from .accessible_leaf import keep_alive

_installed = False


def _factory(key: str, obj: QObject) -> QAccessibleInterface | None:
    if isinstance(obj, QStackedWidget) and isinstance(obj.parent(), QTabWidget):
        # a tab widget's pages: Qt makes their stack a "layered pane", which Orca says on
        # every page entered; as a plain pane it is passed over (the tab names the page)
        return keep_alive(QAccessibleWidget(obj, QAccessible.Role.Pane))
    if not isinstance(obj, TableView):
        return None
    from .table_access import table_interface

    return table_interface(obj)


def install() -> None:
    """Install the factory once per process."""
    global _installed
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed = True


@contextmanager
def no_accessibility_events() -> Iterator[None]:
    """Build widgets without telling screen readers of each step (a reader reads the
    finished window when it is shown): no accessibility event is sent meanwhile."""
    active = QAccessible.isActive()
    if active:
        QAccessible.setActive(False)
    try:
        yield
    finally:
        if active:
            QAccessible.setActive(True)
