"""What the main window's parts share: made once, when the parts are, from what the window's
earlier start-up steps built. A part is handed this and, by name, the other parts it uses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow

    from ..play.controller import Controller
    from ..storage.settings import SettingsStore
    from ..table.scene import TableScene
    from ..table.sound import Sound
    from ..table.view import TableView
    from .card_deck import CardDeck
    from .game_files import GameFiles
    from .notices import Notices


@dataclass(frozen=True, slots=True)
class WindowContext:
    """The ``window`` (the parts' Qt parent and their dialogs'), the ``controller`` playing
    the table, the settings' ``store``, what is said to the player (``notices``), the table's
    ``scene`` and ``view``, the card ``deck`` in use, the game's ``files``, the ``sound``; and
    what the window does for its parts: ``redraw`` the table, ``update_actions`` (the menus
    enabled for what is on the table)."""

    window: QMainWindow
    controller: Controller
    store: SettingsStore
    notices: Notices
    scene: TableScene
    view: TableView
    deck: CardDeck
    files: GameFiles
    sound: Sound
    redraw: Callable[[], None]
    update_actions: Callable[[], None]
