"""The factory through which a screen reader reaches the card table, installed by the
window's first build step, before the table's view exists. The table's accessible
interfaces (``table_access``) are loaded when a screen reader first asks for them: with
the table's items they would weigh on a start-up step (docs/architecture.md, "Start-up",
has the figures)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface

from ..table.view import TableView

_installed = False


def _factory(key: str, obj: QObject) -> QAccessibleInterface | None:
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
