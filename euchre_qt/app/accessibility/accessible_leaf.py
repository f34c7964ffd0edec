"""An accessible object with no children and no QObject behind it (a card, a button on
the table, a spoken notice): what every such interface answers alike."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface

Interface = TypeVar("Interface", bound=QAccessibleInterface)

# Qt's accessibility cache deletes every registered interface when the application ends.
# One that Python had already freed (its owner collected, e.g. a closed window's) is then
# deleted twice: a crash at exit. So what is registered here lives as long as the program.
_alive: list[QAccessibleInterface] = []


def keep_alive(iface: Interface) -> Interface:
    """Keep an interface Qt's cache holds (registered, or made by our factory) until the end."""
    _alive.append(iface)
    return iface


def register(iface: Interface) -> Interface:
    """Register ``iface`` with Qt's accessibility cache and keep it alive until the end."""
    QAccessible.registerAccessibleInterface(iface)
    return keep_alive(iface)


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
