"""The things on the table other than cards: buttons, seat badges, panels and passing messages,
and the colours and font they share with the cards (``card_item``)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
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
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
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


class ButtonItem(QGraphicsObject):
    """A rounded button drawn on the felt: hover, focus ring, disabled, checkable."""

    clicked = Signal()

    def __init__(self, text: str, key: str = "", parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.text = text
        self.key = key  # the keyboard shortcut shown in the tooltip and the accessible name
        self.accessible = text
        self.rect = QRectF(0, 0, 100, 32)
        self.enabled = True
        self.checkable = False
        self.checked = False
        self.focused = False
        self.hinted = False
        self._hover = False
        self._pressed = False
        self.font_px = 14.0
        self.ink: QColor | None = None  # the text's colour when enabled (a suit's), else the usual
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setZValue(1500)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

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
        name = self.accessible
        if self.checkable:
            name += ", on" if self.checked else ", off"
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
        elif self.checked:
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
        text = self.text
        if self.enabled and not self.checked and self.ink is not None:
            fg = self.ink
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


class Badge(QGraphicsObject):
    """A seat's name plate: name, dealer chip, tricks won, its bid, and a glow on its turn."""

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF(0, 0, 100, 24)
        self.name = ""
        self.dealer = False
        self.turn = False
        self.tricks = 0
        self.bid = ""
        self.note = ""
        self.maker = False
        self.out = False
        self.wrap = False  # may take more lines (below its rect) rather than cut its text
        self._shape: BadgeShape | None = None
        self.align = Qt.AlignmentFlag.AlignHCenter
        self.font_px = 13.0
        self.setZValue(300)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_geometry(self, rect: QRectF, font_px: float, align: Qt.AlignmentFlag) -> None:
        size = QRectF(0, 0, rect.width(), rect.height())
        self.setPos(rect.topLeft())
        if size != self.rect or font_px != self.font_px or align != self.align:
            self.prepareGeometryChange()
            self.rect = size
            self.font_px = font_px
            self.align = align
            self._shape = None
            self.update()

    def set_content(self, **values: object) -> None:
        changed = False
        for key, value in values.items():
            if getattr(self, key) != value:
                setattr(self, key, value)
                changed = True
        if changed:
            self.prepareGeometryChange()  # the pill's size follows its text
            self._shape = None
            self.update()

    def text_line(self) -> str:
        parts = [self.name]
        if self.bid:
            parts.append(self.bid)
        if self.note:
            parts.append(self.note)
        return " · ".join(parts)

    def _geometry(self) -> BadgeShape:
        if self._shape is None:
            self._shape = self._measure()
        return self._shape

    def _measure(self) -> BadgeShape:
        """Where the pill and what it holds go (item coordinates). One line when it fits; else,
        where the badge may wrap, the name first and then the dealer chip, the tricks, the bid
        and the note, each moving to a line of its own when it does not fit: nothing is cut."""
        font = table_font(self.font_px, bold=True)
        fm = QFontMetricsF(font)
        sfm = QFontMetricsF(table_font(self.font_px * 0.8, bold=True))
        line_h = fm.height() * 1.55 if self.wrap else min(self.rect.height(), fm.height() * 1.55)
        more = fm.height() * 1.1  # each further line
        gap = line_h * 0.25
        pad = line_h * 0.9
        room = self.rect.width() - pad
        chip = ("chip", "DEALER", sfm.horizontalAdvance("DEALER") + line_h * 0.45) if self.dealer else None
        pips = ("pips", "", self.tricks * line_h * 0.38 + line_h * 0.05) if self.tricks else None
        marks = [m for m in (chip, pips) if m is not None]

        def text(t: str) -> tuple[str, str, float]:
            return ("text", t, fm.horizontalAdvance(t))

        def width(row: list[tuple[str, str, float]]) -> float:
            return sum(w for _, _, w in row) + gap * (len(row) - 1)

        rows = [[text(self.text_line()), *marks]]
        if self.wrap and width(rows[0]) > room:
            rows = [[text(self.name)]]
            details = [part for part in (self.bid, self.note) if part]
            joined = " · ".join(details)
            for mark in marks:  # beside the name while they fit, else on a line of their own
                if width([*rows[-1], mark]) <= room:
                    rows[-1].append(mark)
                else:
                    rows.append([mark])
            if details:
                fits = fm.horizontalAdvance(joined) <= room
                rows.extend([text(part)] for part in ([joined] if fits else details))
        # a text that still does not fit (only where the badge may not wrap) is cut with "…"
        for row in rows:
            kind, t, w = row[0]
            if kind == "text" and width(row) > room:
                t = fm.elidedText(t, Qt.TextElideMode.ElideRight, max(10.0, room - (width(row) - w)))
                row[0] = ("text", t, fm.horizontalAdvance(t))
        pill_w = min(self.rect.width(), max(width(row) for row in rows) + pad)
        height = line_h + more * (len(rows) - 1)
        if self.align & Qt.AlignmentFlag.AlignLeft:
            x0 = 0.0
        elif self.align & Qt.AlignmentFlag.AlignRight:
            x0 = self.rect.width() - pill_w
        else:
            x0 = (self.rect.width() - pill_w) / 2
        return BadgeShape(QRectF(x0, 0, pill_w, height), rows, line_h, more, gap)

    def shown_lines(self) -> list[str]:
        """The text as drawn, line by line (a cut one ends in "…")."""
        return [
            " · ".join(t for kind, t, _ in row if kind == "text")
            for row in self._geometry().rows
            if row[0][0] == "text"
        ]

    def pill_scene_rect(self) -> QRectF:
        """Where the badge is actually drawn, in scene coordinates."""
        return self._geometry().pill.translated(self.pos())

    def boundingRect(self) -> QRectF:
        return self.rect.united(self._geometry().pill).adjusted(-6, -6, 6, 6)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = table_font(self.font_px, bold=True)
        small = table_font(self.font_px * 0.8, bold=True)
        shape = self._geometry()
        pill, line_h = shape.pill, shape.line_h
        if self.turn:
            p.setPen(QPen(FOCUS, 3))
            p.setBrush(QColor(20, 20, 10, 190))
        else:
            p.setPen(QPen(QColor(255, 255, 255, 40), 1))
            p.setBrush(QColor(0, 0, 0, 120 if not self.out else 70))
        p.drawRoundedRect(pill, line_h / 2, line_h / 2)
        ink = TEXT if not self.out else QColor(200, 200, 200, 140)
        for i, row in enumerate(shape.rows):
            top, h = (0.0, line_h) if i == 0 else (line_h * 0.8 + shape.more * (i - 1), shape.more)
            x = pill.left() + line_h * 0.45
            for kind, t, w in row:
                if kind == "text":
                    p.setFont(font)
                    p.setPen(ink)
                    p.drawText(QRectF(x, top, w + 2, h), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, t)
                elif kind == "chip":
                    chip_h = line_h * 0.64
                    chip_rect = QRectF(x, top + (h - chip_h) / 2, w, chip_h)
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(QColor("#f2c14e"))
                    p.drawRoundedRect(chip_rect, chip_h / 2, chip_h / 2)
                    p.setPen(QColor("#1b1b1b"))
                    p.setFont(small)
                    p.drawText(chip_rect, Qt.AlignmentFlag.AlignCenter, t)
                else:
                    d = line_h * 0.28
                    px = x + line_h * 0.05
                    for _ in range(self.tricks):
                        p.setPen(QPen(QColor(0, 0, 0, 120), 1))
                        p.setBrush(QColor("#fdf6e3"))
                        p.drawRoundedRect(QRectF(px, top + (h - d * 1.3) / 2, d, d * 1.3), 2, 2)
                        px += line_h * 0.38
                x += w + shape.gap


Piece = tuple[str, str, float]  # ("text" | "chip" | "pips", text, width)


@dataclass
class BadgeShape:
    pill: QRectF
    rows: list[list[Piece]]
    line_h: float  # the first line's height
    more: float  # each further line's
    gap: float  # between the pieces of a line


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
        self.max_w = 400.0
        self._rect = QRectF()
        self.setZValue(2000)
        self.setVisible(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)

    def show_message(self, text: str, kind: str, anchor: QPointF, font_px: float, max_w: float, ms: int) -> None:
        """Show ``text`` with its bottom edge centred on ``anchor`` (a long one grows upwards)."""
        self.prepareGeometryChange()
        self.message, self.kind, self.font_px, self.max_w = text, kind, font_px, max_w
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
