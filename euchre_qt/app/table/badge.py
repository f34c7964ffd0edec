"""A seat's badge on the table: the name in a pill (the dealer's chip, whose turn, tricks
taken), with the bid or what the seat is doing beside it."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QStyleOptionGraphicsItem,
    QWidget,
)

from .items import FOCUS, TEXT, table_font


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
