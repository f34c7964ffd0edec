"""The settings put into effect in the main window: the card deck and its art (our own
when an installed one cannot be used), the table's look, sound, the screen reader's voice
and the seats' players."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..accessibility.announcer import notices_for

if TYPE_CHECKING:
    from ..play.controller import Controller
    from ..storage.settings import Settings, SettingsStore
    from ..table.scene import TableScene
    from ..table.sound import Sound
    from ..table.view import TableView
    from .card_deck import CardDeck
    from .notices import Notices

_SEATS = ("player_south", "player_west", "player_north", "player_east", "they_see_all")


class SettingsApplied:
    """Changes the settings in the ``store`` and puts them into effect: the ``deck``, the
    ``scene``'s look, the ``sound``, the seats the ``controller`` asks; ``shown`` then
    ticks them in the menus (with whether the deck changed), ``redraw`` shows the table."""

    def __init__(
        self,
        store: SettingsStore,
        notices: Notices,
        deck: CardDeck,
        controller: Controller,
        scene: TableScene,
        view: TableView,
        sound: Sound,
        shown: Callable[[Settings, bool], None],
        redraw: Callable[[], None],
    ) -> None:
        self._store = store
        self._notices = notices
        self._deck = deck
        self._controller = controller
        self._scene = scene
        self._view = view
        self._sound = sound
        self._shown = shown
        self._redraw = redraw

    def change(self, **changes: Any) -> None:
        """Change the settings named (their fields' names) and apply them."""
        old = self._store.settings
        self._store.update(**changes)
        for text in self._store.take_warnings():
            self._notices.warn(text)
        self.apply(self._store.settings, old)

    def apply(self, new: Settings, old: Settings | None = None) -> None:
        """Put ``new`` into effect (all of it, or what changed from ``old``)."""
        deck_changed = old is not None and new.card_deck != old.card_deck
        if deck_changed:
            if not self._deck.use(new.card_deck):
                self.apply(self._store.settings)  # the settings went back to our own deck
                return
            self._scene.faces.set_art(self._deck.art, new.back)
        self._scene.set_appearance(new.back, new.four_colour, new.backdrop, new.speed)
        self._sound.enabled = new.sound
        announcer = self._notices.announcer
        if old is not None and new.spoken_as != old.spoken_as and announcer is not None:
            announcer.notices = notices_for(self._view, new.spoken_as)
        self._shown(new, deck_changed)
        if old is not None:
            if any(getattr(old, f) != getattr(new, f) for f in _SEATS):
                self._controller.players_changed()
            self._redraw()
