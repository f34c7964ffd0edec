"""A card on the table: its pixmap, whether it may be played, the focus, hint and winner
marks, and its name for screen readers."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
)

from ...engine import Card
from ...session.wording import card_name
from .items import FOCUS, HINT

HOVER = QColor("#ffe27a")
WINNER = QColor("#ffc83d")  # the card that takes the trick


class CardItem(QGraphicsPixmapItem):
    """One card. It shows its face or its back, and knows whether it may be played now.

    ``playable`` is None for a card that takes no input, True for a legal choice and
    False for a card that may not be chosen now (drawn dimmed).
    """

    def __init__(self, card: Card, on_click: Callable[[CardItem], None]) -> None:
        super().__init__()
        self.card = card
        self._face_up = False
        self.playable: bool | None = None
        self.focused = False
        self.hinted = False
        self.hovered = False
        self.lit = False  # it wins the trick on the table
        self.size = (1.0, 1.4)
        self._on_click = on_click
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self._veil_size: object = None
        self._veil = QGraphicsPathItem(self)
        self._veil.setBrush(QColor(0, 0, 0, 105))
        self._veil.setPen(Qt.PenStyle.NoPen)
        self._veil.setVisible(False)
        self._ring = QGraphicsPathItem(self)
        self._ring.setBrush(Qt.BrushStyle.NoBrush)
        self._ring.setVisible(False)

    # --- appearance ----------------------------------------------------------------

    @property
    def face_up(self) -> bool:
        return self._face_up

    def turn(self, face_up: bool, picture: QPixmap | None = None, width: float = 0.0) -> None:
        """Face up or down, showing ``picture`` (its face or its back) ``width`` wide; without
        one (the table not laid out yet) the picture comes with the next ``set_pixmap``."""
        self._face_up = face_up
        if picture is not None:
            self.set_pixmap(picture, width)

    def set_pixmap(self, pm: QPixmap, width: float) -> None:
        """Show ``pm`` at ``width`` scene units wide (the pixmap may be bigger: HiDPI or stale size)."""
        if pm.cacheKey() == self.pixmap().cacheKey() and width == self.size[0]:
            return  # the same picture at the same size: nothing to redo
        self.setPixmap(pm)
        logical = pm.width() / pm.devicePixelRatio() if pm.devicePixelRatio() else pm.width()
        self.setScale(width / logical if logical else 1.0)
        size = (width, pm.height() / pm.devicePixelRatio() * self.scale())
        if size != self.size:
            self.size = size
            self._update_decor()

    def _card_path(self, inset: float = 0.0) -> QPainterPath:
        s = self.scale() or 1.0
        w, h = self.size[0] / s, self.size[1] / s
        r = w * 0.07
        path = QPainterPath()
        path.addRoundedRect(QRectF(inset, inset, w - 2 * inset, h - 2 * inset), r, r)
        return path

    def _update_decor(self) -> None:
        s = self.scale() or 1.0
        veiled = self.playable is False
        if veiled:
            size = (self.size, s)
            if self._veil_size != size:  # the path only changes with the card's size
                self._veil_size = size
                self._veil.setPath(self._card_path())
        self._veil.setVisible(veiled)
        colour = HINT if self.hinted else FOCUS if self.focused else HOVER if self.hovered else None
        width = max(2.0, self.size[0] * 0.045)
        if colour is None and self.lit:
            colour, width = WINNER, max(3.0, self.size[0] * 0.075)
        if colour is None:
            self._ring.setVisible(False)
            return
        pen = QPen(colour, width / s)
        self._ring.setPen(pen)
        self._ring.setPath(self._card_path(inset=pen.widthF() / 2))
        self._ring.setVisible(True)

    def set_state(self, playable: bool | None, focused: bool = False, hinted: bool = False) -> None:
        if (playable, focused, hinted) != (self.playable, self.focused, self.hinted):
            self.playable, self.focused, self.hinted = playable, focused, hinted
            if playable is None:
                self.hovered = False
            self.setCursor(Qt.CursorShape.PointingHandCursor if playable else Qt.CursorShape.ArrowCursor)
            self._update_decor()

    def set_lit(self, on: bool) -> None:
        """Light the card up: it takes the trick."""
        if on != self.lit:
            self.lit = on
            self._update_decor()

    def accessible_name(self) -> str:
        name = card_name(self.card)
        if self.playable is True:
            return f"{name}, playable"
        if self.playable is False:
            return f"{name}, cannot be played now"
        return name

    # --- input ---------------------------------------------------------------------

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        if self.playable:
            self.hovered = True
            self._update_decor()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        if self.hovered:
            self.hovered = False
            self._update_decor()
        super().hoverLeaveEvent(event)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.playable is not None:
            event.accept()
            self._on_click(self)
        else:
            event.ignore()
