"""The view onto the table: fills the window, one scene unit per pixel (cards stay crisp)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFocusEvent, QKeyEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from .scene import TableScene


class TableView(QGraphicsView):
    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.table = scene
        self.setObjectName("table")
        self.setAccessibleName("Card table")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
            | QPainter.RenderHint.TextAntialiasing
        )
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(560, 420)
        self.setMouseTracking(True)
        # Tab must reach the table's own focus handling, not move focus out of the view.
        self.installEventFilter(self)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        vp = self.viewport()
        self.table.resize_table(vp.width(), vp.height(), self.devicePixelRatioF())
        self.resetTransform()
        self.setSceneRect(0, 0, vp.width(), vp.height())
        self.resetCachedContent()

    def showEvent(self, event: QEvent) -> None:  # type: ignore[override]
        super().showEvent(event)
        self._fit()

    def event(self, event: QEvent) -> bool:
        # moved to a screen with another scale: redraw the cards for it
        if event.type() == QEvent.Type.DevicePixelRatioChange:
            self._fit()
        return super().event(event)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and self.table.handle_key(event):
                return True
        return super().eventFilter(obj, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.table.handle_key(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:
        return False

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
