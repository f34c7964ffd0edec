"""The cards' faces and backs on the table: pixmaps drawn by the card art at the table's
size; while a resize goes on the old ones are scaled, and crisp ones replace them once it
settles or once the art's worker has drawn the deck at the new size."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

if TYPE_CHECKING:
    from PySide6.QtGui import QPixmap

    from ...engine import Card
    from ..cardart.artsource import Art
    from .card_item import CardItem

_SETTLE_MS = 120  # a resize this long without another: the cards are drawn crisp at the new size


class CardFaces(QObject):
    """The pixmaps of the table's ``cards``: the deck's art, its back, the four-colour
    choice, the size and screen scale they are drawn at."""

    def __init__(self, art: Art, cards: dict[Card, CardItem], parent: QObject) -> None:
        # a QObject: the art's worker says "prerendered" from its thread, delivered here on the GUI thread
        super().__init__(parent)
        self.art = art
        self.cards = cards
        self.back = "blue"
        self.four_colour = False
        self.card_width = 0
        self.dpr = 1.0
        self.sized = False  # the view has given the table its size: until then no pixmap is drawn
        self.crisp_width = 0  # the card width the pixmaps were last drawn at
        self._crisp_timer = QTimer(self)
        self._crisp_timer.setSingleShot(True)
        self._crisp_timer.timeout.connect(self._make_crisp)
        prerendered = getattr(art, "prerendered", None)
        if prerendered is not None:
            prerendered.connect(self._on_prerendered)

    def set_art(self, art: Art, back: str | None = None) -> None:
        """Draw the cards with ``art`` (another card deck) from now on, their backs ``back``."""
        if back is not None:
            self.back = back
        old = getattr(self.art, "prerendered", None)
        if old is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                old.disconnect(self._on_prerendered)
        self.art = art
        prerendered = getattr(art, "prerendered", None)
        if prerendered is not None:
            prerendered.connect(self._on_prerendered)
        if not self.sized:
            return
        prerender = getattr(art, "prerender", None)
        if prerender is not None and prerendered is not None:
            # the new deck is drawn in the art's worker; the cards change when it is ready
            # (_on_prerendered), and until then keep the old faces: no stall on the GUI thread
            try:
                prerender(self.card_width, self.dpr, self.back, self.four_colour)
                return
            except Exception:
                pass
        self.refresh(force=True)

    def set_look(self, back: str, four_colour: bool) -> bool:
        """Backs ``back``, the suits in four colours or two: the cards redrawn, and True, if
        that changed."""
        if (back, four_colour) == (self.back, self.four_colour):
            return False
        self.back, self.four_colour = back, four_colour
        self.refresh(force=True)
        return True

    def resize(self, card_width: int, dpr: float) -> bool:
        """The table's new card width and screen scale: the art starts drawing the deck at
        them. True the first time (no card has been drawn yet). ``settle`` follows."""
        self.card_width, self.dpr = card_width, dpr
        first = not self.sized
        self.sized = True
        prerender = getattr(self.art, "prerender", None)
        if prerender is not None:
            with contextlib.suppress(Exception):
                prerender(card_width, dpr, self.back, self.four_colour)
        return first

    def settle(self, first: bool) -> None:
        """After a resize: the cards scaled for now (drawn, the first time), crisp soon."""
        self.refresh(force=first)
        if self.crisp_width != self.card_width:
            self._crisp_timer.start(_SETTLE_MS)

    def _make_crisp(self) -> None:
        self.refresh(force=True)

    def _on_prerendered(self, width: int, dpr: float) -> None:
        """The art finished drawing the deck at a size: swap in the crisp pixmaps."""
        if width == self.card_width and abs(dpr - self.dpr) < 0.01:
            self.refresh(force=True)

    def _pixmap_for(self, item: CardItem, face_up: bool, width: int) -> QPixmap:
        return self.art.pixmap(
            item.card if face_up else None, width, self.dpr, back=self.back, four_colour=self.four_colour
        )

    def refresh(self, force: bool) -> None:
        """Give every card a pixmap: crisp at the current size when ``force``, else the
        old one scaled (cheap, during a resize) until the crisp ones are made."""
        if not self.sized:
            return
        width = self.card_width
        use = width if force or not self.crisp_width else self.crisp_width
        if force:
            self.crisp_width = width
        for item in self.cards.values():
            # a card not on the table and never drawn gets its pixmap when it is shown
            if item.isVisible() or not item.pixmap().isNull():
                item.set_pixmap(self._pixmap_for(item, item.face_up, use), width)

    def set_face(self, item: CardItem, face_up: bool) -> None:
        """Turn ``item`` face up or down (drawn now if it changed or was never drawn)."""
        if not self.sized:
            item.turn(face_up)
            return
        if item.face_up != face_up or item.pixmap().isNull():
            width = self.card_width
            item.turn(face_up, self._pixmap_for(item, face_up, self.crisp_width or width), width)
