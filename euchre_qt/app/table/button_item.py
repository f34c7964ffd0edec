"""A button drawn on the table (bidding, Continue, New Game): enabled or not, focused or
hinted, and named for screen readers."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from .items import FOCUS, HINT, table_font


class ButtonItem(QGraphicsObject):
    """A rounded button drawn on the felt: hover, focus ring, disabled, checkable."""

    clicked = Signal()

    def __init__(
        self,
        text: str,
        key: str = "",
        parent: QGraphicsItem | None = None,
        *,
        accessible: str | None = None,
        checkable: bool = False,
    ) -> None:
        """``accessible``: its name to a screen reader, when not ``text``; ``checkable``: a
        toggle, on or off."""
        super().__init__(parent)
        self._text = text
        self.key = key  # the keyboard shortcut shown in the tooltip and the accessible name
        self._accessible = text if accessible is None else accessible
        self.rect = QRectF(0, 0, 100, 32)
        self.enabled = True
        self._checkable = checkable
        self._checked = False
        self.focused = False
        self.hinted = False
        self._hover = False
        self._pressed = False
        self.font_px = 14.0
        self._ink: QColor | None = None  # the text's colour when enabled (a suit's), else the usual
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setZValue(1500)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    @property
    def text(self) -> str:
        return self._text

    @property
    def checkable(self) -> bool:
        return self._checkable

    @property
    def checked(self) -> bool:
        return self._checked

    @property
    def ink(self) -> QColor | None:
        return self._ink

    def set_text(self, text: str) -> None:
        """Show ``text`` instead, and name the button so to a screen reader."""
        if text != self._text:
            self._text = self._accessible = text
            self.update()

    def set_checked(self, on: bool) -> None:
        """Turn the toggle on or off (drawn so)."""
        if on != self._checked:
            self._checked = on
            self.update()

    def set_ink(self, colour: QColor | None) -> None:
        """The text's colour while enabled and not checked (None: the usual)."""
        if colour != self._ink:
            self._ink = colour
            self.update()

    def set_geometry(self, rect: QRectF, font_px: float) -> None:
        size = QRectF(0, 0, rect.width(), rect.height())
        self.setPos(rect.topLeft())
        if size != self.rect or font_px != self.font_px:
            self.prepareGeometryChange()
            self.rect = size
            self.font_px = font_px
            self.update()

    def set_enabled(self, on: bool) -> None:
        if on != self.enabled:
            self.enabled = on
            self.setCursor(Qt.CursorShape.PointingHandCursor if on else Qt.CursorShape.ForbiddenCursor)
            self.update()

    def set_marks(self, focused: bool = False, hinted: bool = False) -> None:
        if (focused, hinted) != (self.focused, self.hinted):
            self.focused, self.hinted = focused, hinted
            self.update()

    def text_width(self) -> float:
        """How wide its text is drawn (to check that it fits)."""
        return QFontMetricsF(table_font(self.font_px, bold=True)).horizontalAdvance(self.text)

    def accessible_name(self) -> str:
        name = self._accessible
        if self._checkable:
            name += ", on" if self._checked else ", off"
        if not self.enabled:
            name += ", unavailable"
        return name

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-4, -4, 4, 4)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.rect
        radius = r.height() * 0.3
        if not self.enabled:
            bg, fg = QColor(30, 40, 35, 150), QColor(200, 200, 200, 110)
        elif self._checked:
            bg, fg = QColor("#f2c14e"), QColor("#1b1b1b")
        elif self._pressed:
            bg, fg = QColor("#c9c2ad"), QColor("#111111")
        elif self._hover:
            bg, fg = QColor("#fffaf0"), QColor("#111111")
        else:
            bg, fg = QColor("#f1ead8"), QColor("#151515")
        p.setPen(QPen(QColor(0, 0, 0, 90), 1))
        p.setBrush(QColor(0, 0, 0, 60))
        p.drawRoundedRect(r.translated(0, 2), radius, radius)
        p.setBrush(bg)
        p.drawRoundedRect(r, radius, radius)
        ring = HINT if self.hinted else FOCUS if self.focused else None
        if ring is not None:
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(ring, 3))
            p.drawRoundedRect(r.adjusted(-2, -2, 2, 2), radius + 2, radius + 2)
        p.setFont(table_font(self.font_px, bold=True))
        text = self._text
        if self.enabled and not self._checked and self._ink is not None:
            fg = self._ink
        p.setPen(fg)
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = True
        self.update()

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = False
        self._pressed = False
        self.update()

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        event.accept()
        self._pressed = True
        self.update()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        was = self._pressed
        self._pressed = False
        self.update()
        if was and self.rect.contains(event.pos()):
            self.activate()

    def activate(self) -> None:
        """Click it (the keyboard's Enter does the same)."""
        if self.enabled and self.isVisible():
            self.clicked.emit()
