"""The view onto the table: fills the window, one scene unit per pixel (cards stay crisp).

The window makes the view (painting just the felt) in its first steps after the first
frame, before the card table exists; ``attach()`` then gives it the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent, QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget

from .felt import paint_felt

if TYPE_CHECKING:
    from .scene import TableScene


class TableView(QGraphicsView):
    def __init__(self, scene: TableScene | None = None, parent: QWidget | None = None, backdrop: str = "") -> None:
        super().__init__(parent)
        self.table: TableScene | None = None
        self.felt = QColor(backdrop or "#1d6a3a")
        self.setObjectName("table")
        self.setAccessibleName("Card table")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMinimumSize(560, 420)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setScene(QGraphicsScene(self))  # an empty one: the felt alone, until attach()
        if scene is not None:
            self.attach(scene)

    def attach(self, scene: TableScene) -> None:
        """Show the card table (once)."""

        self.table = scene
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
            | QPainter.RenderHint.TextAntialiasing
        )
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        old = self.scene()
        self.setScene(scene)
        if old is not None and old is not scene:
            old.deleteLater()
        # Tab must reach the table's own focus handling, not move focus out of the view.
        self.installEventFilter(self)
        self._fit()

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        rect = QRectF(rect)
        table = self.table
        if table is not None:
            table.drawBackground(painter, rect)
            return
        vp = self.viewport()
        paint_felt(painter, rect, self.felt, vp.width(), vp.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        vp = self.viewport()
        if self.table is not None:
            self.table.resize_table(vp.width(), vp.height(), self.devicePixelRatioF())
        self.resetTransform()
        self.setSceneRect(0, 0, vp.width(), vp.height())
        self.resetCachedContent()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit()

    def event(self, event: QEvent) -> bool:
        # moved to a screen with another scale: redraw the cards for it
        if event.type() == QEvent.Type.DevicePixelRatioChange:
            self._fit()
        return super().event(event)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self and self.table is not None and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and self.table.keyboard.handle_key(event):
                return True
        return super().eventFilter(obj, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.table is not None and self.table.keyboard.handle_key(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:
        return False

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        if self.table is not None:
            self.table.keyboard.refocus()
