"""The settings put into effect in the main window: the card deck and its art (our own
when an installed one cannot be used), the table's look, sound and the seats' players."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..storage import problems
from .window_part import WindowPart

if TYPE_CHECKING:
    from pathlib import Path

    from ..cardart.artsource import Art
    from ..storage.settings import Settings


class SettingsApplied(WindowPart):
    """Changing and applying the settings (a part of the main window)."""

    _given_art: Art | None
    _data_folder: Path | None

    def _load_art(self) -> None:
        from ..cardart.artsource import make_art

        if self._given_art is not None:
            self.art = self._given_art
            return
        deck = self.store.settings.card_deck
        try:
            self.art = make_art(deck)
        except LookupError as exc:
            self.art = make_art()
            self._deck_unusable(deck, exc)

    def _draw_cards(self) -> None:
        """Start drawing the deck at the table's size in the art's worker, first of all: the
        first deal then finds its cards drawn, and the worker draws while the rest is built."""
        from ..table.layout import Layout

        s = self.store.settings
        viewport = self.view.viewport()
        width = Layout(viewport.width(), viewport.height()).card_width
        self.art.prerender(width, self.view.devicePixelRatioF(), s.back, s.four_colour)

    def _deck_unusable(self, deck: str, exc: Exception) -> None:
        problems.record(f"the card deck {deck!r} cannot be used", exc, self._data_folder)
        self.warn(f"The card deck “{deck}” cannot be used; euchre-qt's own cards are dealt instead.")
        self.store.update(card_deck="")

    def _use_deck(self, deck: str, back: str) -> bool:
        """Deal with the cards of ``deck`` ("" = ours) from now on; False if it cannot be used."""
        from ..cardart.artsource import make_art

        try:
            art = make_art(deck)
        except LookupError as exc:
            self._deck_unusable(deck, exc)
            self._apply_settings(self.store.settings)
            return False
        if art is not self.art:  # (the menu's previews of our backs stay as they are)
            self.art = art
            self.scene.faces.set_art(art, back)
            self._show_theme_back()
        return True

    def change_settings(self, **changes: Any) -> None:
        old = self.store.settings
        self.store.update(**changes)
        for text in self.store.take_warnings():
            self.warn(text)
        self._apply_settings(self.store.settings, old)

    def _apply_settings(self, new: Settings, old: Settings | None = None) -> None:
        if old is not None and new.card_deck != old.card_deck and not self._use_deck(new.card_deck, new.back):
            return  # that deck cannot be used: the settings went back to our own, applied already
        self.scene.set_appearance(new.back, new.four_colour, new.backdrop, new.speed)
        self.sound.enabled = new.sound
        if old is not None and new.spoken_as != old.spoken_as and self.announcer is not None:
            from ..accessibility.announcer import notices_for

            self.announcer.notices = notices_for(self.view, new.spoken_as)
        self._check_appearance(new.back, new.backdrop, new.four_colour, new.sound)
        if old is not None:
            seats_changed = any(
                getattr(old, f) != getattr(new, f)
                for f in ("player_south", "player_west", "player_north", "player_east", "they_see_all")
            )
            if seats_changed:
                self.controller.players_changed()
            self._redraw()
