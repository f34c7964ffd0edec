"""The card deck the table deals with: the art of the deck the settings name, or our own
when an installed one cannot be used (the player is told, and the setting goes back)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cardart.artsource import Art, make_art
from ..storage import problems
from ..table.layout import Layout

if TYPE_CHECKING:
    from pathlib import Path

    from ..storage.settings import SettingsStore
    from ..table.view import TableView
    from .notices import Notices


class CardDeck:
    """The deck's ``art`` in use (drawn the first time by ``prerender``)."""

    def __init__(self, store: SettingsStore, notices: Notices, *, data_folder: Path | None, given: Art | None) -> None:
        self._store = store
        self._notices = notices
        self._data_folder = data_folder
        if given is not None:
            self.art = given
            return
        deck = store.settings.card_deck
        try:
            self.art = make_art(deck)
        except LookupError as exc:
            self.art = make_art()
            self._unusable(deck, exc)

    def prerender(self, view: TableView) -> None:
        """Start drawing the deck at the table's size in the art's worker, first of all: the
        first deal then finds its cards drawn, and the worker draws while the rest is built."""
        s = self._store.settings
        viewport = view.viewport()
        width = Layout(viewport.width(), viewport.height()).card_width
        self.art.prerender(width, view.devicePixelRatioF(), s.back, s.four_colour)

    def use(self, deck: str) -> bool:
        """Deal with the cards of ``deck`` ("" = ours) from now on; False if it cannot be used
        (the settings then name our own again)."""
        try:
            self.art = make_art(deck)
        except LookupError as exc:
            self._unusable(deck, exc)
            return False
        return True

    def _unusable(self, deck: str, exc: Exception) -> None:
        problems.record(f"the card deck {deck!r} cannot be used", exc, self._data_folder)
        self._notices.warn(f"The card deck “{deck}” cannot be used; euchre-qt's own cards are dealt instead.")
        self._store.update(card_deck="")
