"""The table's panels and passing messages, and the colours and font that everything on the
table shares (the cards ``card_item``, the buttons ``button_item``, the badges ``badge``)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
    QTextOption,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

FOCUS = QColor("#ffd23f")
HINT = QColor("#3fd3ff")
TEXT = QColor("#f4f1e8")
PANEL_BG = QColor(8, 24, 16, 150)


def table_font(px: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(8, round(px)))
    font.setBold(bold)
    return font


class Panel(QGraphicsObject):
    """A translucent rounded box holding rich text (scores, trump, the hand summary)."""

    def __init__(self, z: float = 200) -> None:
        super().__init__()
        self.rect = QRectF(0, 0, 100, 60)
        self.text = QGraphicsTextItem(self)
        self.text.setDefaultTextColor(TEXT)
        opt = QTextOption()
        opt.setWrapMode(QTextOption.WrapMode.WordWrap)
        self.text.document().setDefaultTextOption(opt)
        self.text.document().setDocumentMargin(0)
        self.html = ""
        self._font_px = 0.0
        self._allotted = QRectF()
        self.padding = 8.0
        self.setZValue(z)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_geometry(self, rect: QRectF, font_px: float) -> None:
        self.setPos(rect.topLeft())
        size = QRectF(0, 0, rect.width(), rect.height())
        if size == self._allotted and font_px == self._font_px:
            return
        self._allotted = size
        self._font_px = font_px
        self.prepareGeometryChange()
        self.rect = size
        self.padding = max(6.0, font_px * 0.6)
        self.text.setFont(table_font(font_px))
        self.text.setPos(self.padding, self.padding * 0.8)
        self.text.setTextWidth(max(10.0, rect.width() - 2 * self.padding))
        self.update()

    def set_html(self, html: str) -> None:
        if html != self.html:
            self.html = html
            self.text.setHtml(html)

    def plain_text(self) -> str:
        return self.text.toPlainText()

    def content_height(self) -> float:
        return self.text.boundingRect().height() + self.padding * 1.8

    def fit_height(self, max_h: float, extra: float = 0.0, min_h: float = 0.0) -> None:
        """Shrink (or grow, up to ``max_h``) to the text plus ``extra`` room below it."""
        h = max(min_h, min(max_h, self.content_height() + extra))
        if abs(h - self.rect.height()) > 0.5:
            self.prepareGeometryChange()
            self.rect = QRectF(0, 0, self.rect.width(), h)
            self.update()

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(255, 255, 255, 45), 1))
        p.setBrush(PANEL_BG)
        r = self.padding * 1.2
        p.drawRoundedRect(self.rect, r, r)


class Toast(QGraphicsObject):
    """A message that shows for a moment over the centre of the table."""

    def __init__(self) -> None:
        super().__init__()
        self.message = ""
        self.kind = "info"
        self.font_px = 14.0
        self._rect = QRectF()
        self.setZValue(2000)
        self.setVisible(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)

    def show_message(self, text: str, kind: str, *, anchor: QPointF, font_px: float, max_w: float, ms: int) -> None:
        """Show ``text`` with its bottom edge centred on ``anchor`` (a long one grows upwards)."""
        self.prepareGeometryChange()
        self.message, self.kind, self.font_px = text, kind, font_px
        fm = QFontMetricsF(self._font())
        br = fm.boundingRect(QRectF(0, 0, max_w - font_px * 2, 1000), Qt.TextFlag.TextWordWrap, text)
        w, h = br.width() + font_px * 2, br.height() + font_px * 1.2
        self._rect = QRectF(-w / 2, -h, w, h)
        self.setPos(anchor)
        self.setVisible(True)
        self.update()
        self._timer.start(ms)

    def _font(self) -> QFont:
        return table_font(self.font_px, bold=self.kind != "hint")  # a hint's reason is read, not glanced at

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.kind == "illegal":
            bg, edge = QColor(150, 25, 35, 235), QPen(QColor(255, 255, 255, 80), 1)
        elif self.kind == "hint":
            bg, edge = QColor(10, 40, 60, 235), QPen(HINT, 2)  # the colour the hinted move is ringed in
        else:
            bg, edge = QColor(15, 15, 15, 225), QPen(QColor(255, 255, 255, 80), 1)
        p.setPen(edge)
        p.setBrush(QBrush(bg))
        p.drawRoundedRect(self._rect, self.font_px * 0.8, self.font_px * 0.8)
        p.setPen(QColor("white"))
        p.setFont(self._font())
        p.drawText(
            self._rect.adjusted(self.font_px, 0, -self.font_px, 0),
            Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
            self.message,
        )
