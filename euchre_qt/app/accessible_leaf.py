"""An accessible object with no children and no QObject behind it (a card, a button on
the table, a spoken notice): what every such interface answers alike."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface


class LeafAccessible(QAccessibleInterface):
    def object(self) -> QObject | None:
        return None

    def child(self, index: int) -> QAccessibleInterface | None:
        return None

    def childCount(self) -> int:
        return 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:
        return None

    def setText(self, t: QAccessible.Text, text: str) -> None:
        return None
