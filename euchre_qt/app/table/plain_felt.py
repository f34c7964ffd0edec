"""The window's first frame: the felt's colour, plain, where the table will be.

A widget filled with one colour needs none of the Python types that painting the felt's
gradient does (``QPainter``, ``QRadialGradient``: each Qt type is made on first import);
the table's view, which paints the real felt, takes its place right after the first frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintEvent


class PlainFelt(QWidget):
    painted = Signal()  # the first frame has been painted (emitted once)

    def __init__(self, colour: str) -> None:
        super().__init__()
        self.colour = QColor(colour)
        self._painted = False
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, self.colour)
        self.setPalette(palette)

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self._painted:
            self._painted = True
            self.painted.emit()
