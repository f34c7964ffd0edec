"""Card-sized images: the size of a card in device pixels, and a transparent image of that
size painted by a drawing function or read from an SVG document. The renderer and the
themes both draw with them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QImageReader, QPainter

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


def read_svg(path: Path, size: QSize) -> QImage:
    """The SVG file ``path`` drawn on a transparent image of ``size`` device pixels, its
    page stretched to fill it; a null image if it cannot be read (no SVG image plugin).

    Drawn by Qt's image reader, which lets go of Python's lock while it parses and paints
    (a ``QSvgRenderer`` holds it throughout, so a worker thread drawing with one stalls the
    GUI thread whenever that needs Python). It reads the file itself: a device made in
    Python would call back into Python from the reader, with Qt's image plugin lock held,
    and deadlock against a GUI thread that holds Python's lock and waits for Qt's."""
    reader = QImageReader(str(path), QByteArray(b"svg"))
    reader.setScaledSize(size)
    image = reader.read()
    if image.isNull() or image.format() == QImage.Format.Format_ARGB32_Premultiplied:
        return image
    return image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
