"""A game won: a moment of suits drifting down over the table, then gone.

Small on purpose: a couple of dozen symbols in the table's own colours, fading out at the
end, never taking a click. Its length follows the speed setting (none at Instant), and
the Celebrate option turns it off.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from .items import table_font

COUNT = 26
INKS = ("#ffe9a8", "#fdf6e3", "#ff8f8f", "#f2c14e")
SYMBOLS = "♠♥♦♣"


@dataclass(frozen=True)
class Flake:
    x: float  # across the table, 0..1
    start: float  # when it sets off, 0..1 of the whole
    fall: float  # how far it falls in its time, in table heights
    sway: float  # side to side, in font sizes
    size: float  # in font sizes
    spin: float  # turns while it falls
    symbol: str
    ink: str


class Celebration(QGraphicsObject):
    def __init__(self) -> None:
        super().__init__()
        self.area = QRectF()
        self.font_px = 14.0
        self.flakes: list[Flake] = []
        self.progress = 0.0
        self._anim: QVariantAnimation | None = None
        self.setZValue(950)  # over the summary, under its buttons
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    @property
    def running(self) -> bool:
        return self._anim is not None

    def start(self, area: QRectF, font_px: float, ms: int, seed: int = 0) -> None:
        """Play for ``ms`` milliseconds over ``area`` (nothing at all for 0)."""
        self.stop()
        if ms <= 0:
            return
        self.prepareGeometryChange()
        self.area, self.font_px = QRectF(area), font_px
        rng = random.Random(seed)
        self.flakes = [
            Flake(
                x=rng.uniform(0.04, 0.96),
                start=rng.uniform(0.0, 0.45),
                fall=rng.uniform(0.55, 0.95),
                sway=rng.uniform(0.4, 1.2),
                size=rng.uniform(1.3, 2.4),
                spin=rng.uniform(-0.6, 0.6),
                symbol=rng.choice(SYMBOLS),
                ink=rng.choice(INKS),
            )
            for _ in range(COUNT)
        ]
        self.progress = 0.0
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(ms)
        anim.valueChanged.connect(self._step)
        anim.finished.connect(self.stop)
        self._anim = anim
        self.setVisible(True)
        anim.start()

    def stop(self) -> None:
        anim, self._anim = self._anim, None
        if anim is not None:
            anim.valueChanged.disconnect(self._step)
            anim.finished.disconnect(self.stop)
            anim.stop()
            anim.deleteLater()
        self.setVisible(False)

    def _step(self, value: float) -> None:
        self.progress = float(value)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.area

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        area, t = self.area, self.progress
        for flake in self.flakes:
            own = (t - flake.start) / (1.0 - flake.start)
            if own <= 0:
                continue
            fade = 1.0 if own < 0.7 else max(0.0, (1.0 - own) / 0.3)
            size = self.font_px * flake.size
            x = area.left() + area.width() * flake.x + math.sin(own * math.pi * 2) * flake.sway * self.font_px
            y = area.top() - size + own * flake.fall * area.height()
            colour = QColor(flake.ink)
            colour.setAlphaF(0.85 * fade)
            p.save()
            p.translate(QPointF(x, y))
            p.rotate(flake.spin * own * 360)
            p.setFont(table_font(size, bold=True))
            p.setPen(colour)
            p.drawText(QRectF(-size, -size, 2 * size, 2 * size), Qt.AlignmentFlag.AlignCenter, flake.symbol)
            p.restore()
