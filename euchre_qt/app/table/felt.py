"""The felt under the cards: one radial gradient in the backdrop colour.

Kept apart from the scene (and free of the engine): the table's view paints it before
the card table itself is built.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QRadialGradient


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
