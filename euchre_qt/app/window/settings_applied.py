"""The settings put into effect in the main window: the card deck and its art (our own
when an installed one cannot be used), the table's look, sound, the screen reader's voice
and the seats' players."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..accessibility.announcer import notices_for

if TYPE_CHECKING:
    from ..storage.settings import Settings
    from .context import WindowContext

_SEATS = ("player_south", "player_west", "player_north", "player_east", "they_see_all")


class SettingsApplied:
    """Changes the settings in the window's ``store`` and puts them into effect: the
    ``deck``, the ``scene``'s look, the ``sound``, the seats the ``controller`` asks; ``shown``
    then ticks them in the menus (with whether the deck changed), and the table is redrawn."""

    def __init__(self, context: WindowContext, *, shown: Callable[[Settings, bool], None]) -> None:
        self._context = context
        self._shown = shown

    def change(self, **changes: Any) -> None:
        """Change the settings named (their fields' names) and apply them."""
        old = self._context.store.settings
        self._context.store.update(**changes)
        for text in self._context.store.take_warnings():
            self._context.notices.warn(text)
        self.apply(self._context.store.settings, old)

    def apply(self, new: Settings, old: Settings | None = None) -> None:
        """Put ``new`` into effect (all of it, or what changed from ``old``)."""
        deck_changed = old is not None and new.card_deck != old.card_deck
        if deck_changed:
            if not self._context.deck.use(new.card_deck):
                self.apply(self._context.store.settings)  # the settings went back to our own deck
                return
            self._context.scene.faces.set_art(self._context.deck.art, new.back)
        self._context.scene.set_appearance(new.back, new.four_colour, new.backdrop, new.speed)
        self._context.sound.set_enabled(new.sound)
        announcer = self._context.notices.announcer
        if old is not None and new.spoken_as != old.spoken_as and announcer is not None:
            announcer.send_through(notices_for(self._context.view, new.spoken_as))
        self._shown(new, deck_changed)
        if old is not None:
            if any(getattr(old, f) != getattr(new, f) for f in _SEATS):
                self._context.controller.players_changed()
            self._context.redraw()
