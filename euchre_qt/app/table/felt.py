"""The felt under the cards: one radial gradient in the backdrop colour.

Kept apart from the scene (and free of the engine) so the window can paint the felt in
its very first frame, before the card table itself is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QRadialGradient
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintEvent


def paint_felt(painter: QPainter, rect: QRectF, colour: QColor, width: float, height: float) -> None:
    """Fill ``rect`` with the felt of a ``width`` x ``height`` table in ``colour``."""
    grad = QRadialGradient(QPointF(width / 2, height * 0.45), max(width, height) * 0.75)
    grad.setColorAt(0.0, colour.lighter(128))
    grad.setColorAt(0.6, colour)
    grad.setColorAt(1.0, colour.darker(150))
    # fillPath, not fillRect: resolving fillRect's overloads makes PySide create the Python
    # enums of the whole ``Qt`` namespace (30 ms or more), which the first frame can do without.
    path = QPainterPath()
    path.addRect(rect)
    painter.fillPath(path, QBrush(grad))


class Felt(QWidget):
    """The felt alone, filling the window in its first frame: a plain widget costs a few
    milliseconds less to make and show than the table's graphics view, which replaces it
    right after (painting the same felt there)."""

    painted = Signal()  # the first frame has been painted (emitted once)

    def __init__(self, colour: str) -> None:
        super().__init__()
        self.colour = QColor(colour)
        self._painted = False

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_felt(painter, QRectF(self.rect()), self.colour, self.width(), self.height())
        painter.end()
        if not self._painted:
            self._painted = True
            self.painted.emit()
