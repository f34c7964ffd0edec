"""The cards' faces and backs on the table: pixmaps drawn by the card art at the table's
size; while a resize goes on the old ones are scaled, and crisp ones replace them once it
settles or once the art's worker has drawn the deck at the new size."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from .scene_part import ScenePart

if TYPE_CHECKING:
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QPixmap

    from ..cardart.artsource import Art
    from .card_item import CardItem


class CardFaces(ScenePart):
    """The cards' pixmaps (a part of ``TableScene``)."""

    _sized: bool  # the view has given the table its size: until then no pixmap is drawn
    _crisp_width: int  # the card width the pixmaps were last drawn at
    _crisp_timer: QTimer

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
        if not self._sized:
            return
        prerender = getattr(art, "prerender", None)
        if prerender is not None and prerendered is not None:
            # the new deck is drawn in the art's worker; the cards change when it is ready
            # (_on_prerendered), and until then keep the old faces: no stall on the GUI thread
            try:
                prerender(self.layout.card_width, self.dpr, self.back, self.four_colour)
                return
            except Exception:
                pass
        self._refresh_pixmaps(force=True)

    def _make_crisp(self) -> None:
        self._refresh_pixmaps(force=True)

    def _on_prerendered(self, width: int, dpr: float) -> None:
        """The art finished drawing the deck at a size: swap in the crisp pixmaps."""
        if width == self.layout.card_width and abs(dpr - self.dpr) < 0.01:
            self._refresh_pixmaps(force=True)

    def _pixmap_for(self, item: CardItem, face_up: bool, width: int) -> QPixmap:
        return self.art.pixmap(
            item.card if face_up else None, width, self.dpr, back=self.back, four_colour=self.four_colour
        )

    def _refresh_pixmaps(self, force: bool) -> None:
        """Give every card a pixmap: crisp at the current size when ``force``, else the
        old one scaled (cheap, during a resize) until the crisp ones are made."""
        if not self._sized:
            return
        width = self.layout.card_width
        use = width if force or not self._crisp_width else self._crisp_width
        if force:
            self._crisp_width = width
        for item in self.cards.values():
            # a card not on the table and never drawn gets its pixmap when it is shown
            if item.isVisible() or not item.pixmap().isNull():
                item.set_pixmap(self._pixmap_for(item, item.face_up, use), width)

    def _set_face(self, item: CardItem, face_up: bool) -> None:
        if not self._sized:
            item.face_up = face_up
            return
        if item.face_up != face_up or item.pixmap().isNull():
            item.face_up = face_up
            width = self.layout.card_width
            item.set_pixmap(self._pixmap_for(item, face_up, self._crisp_width or width), width)
