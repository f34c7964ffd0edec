"""Card-sized images: the size of a card in device pixels, and a transparent image of that
size painted by a drawing function. The renderer and the themes both draw with them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPainter

from .backs import ASPECT


def device_size(width: int, dpr: float) -> QSize:
    """The size in device pixels of a card ``width`` logical pixels wide."""
    return QSize(max(1, round(width * dpr)), max(1, round(round(width * ASPECT) * dpr)))


def paint_image(draw: Callable[[QPainter, QRectF], None], width: int, dpr: float) -> QImage:
    """A transparent card-sized image, ``draw(painter, device_rect)`` painted on it."""
    size = device_size(width, dpr)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    draw(painter, QRectF(0, 0, size.width(), size.height()))
    painter.end()
    image.setDevicePixelRatio(dpr)
    return image
