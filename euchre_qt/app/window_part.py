"""The base of the main window's parts (menus, dialogs, recorded games, the game kept, the
settings applied): what they use of the window and of each other, declared once for the
type checker. At run time it is a plain class; the window is the one ``QMainWindow``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

APP_TITLE = "Euchre"

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow, QVBoxLayout

    from .artsource import Art
    from .controller import Controller
    from .gamelog import GameLog
    from .settings import Settings, SettingsStore
    from .sound import Sound
    from .stats import StatsStore
    from .table.scene import TableScene
    from .table.view import TableView
    from .writer import BackgroundWriter

    _Window = QMainWindow
else:
    _Window = object


class WindowPart(_Window):
    """A part of the main window (``MainWindow`` is made of them)."""

    controller: Controller
    scene: TableScene
    view: TableView
    store: SettingsStore
    art: Art
    sound: Sound
    files: BackgroundWriter  # the statistics and the log are written off the GUI thread
    log: GameLog
    stats: StatsStore
    viewer: Any  # a recorded game on the table (viewer.GameViewer), the game paused
    _closed: bool
    _box: QVBoxLayout  # the table, with the message strip above it and the viewer's bar below

    if TYPE_CHECKING:

        @property
        def message_bar(self) -> Any: ...

        def notify(self, kind: str, text: str) -> None: ...

        def warn(self, text: str) -> None: ...

        def new_game(self) -> None: ...

        def _redraw(self) -> None: ...

        def _update_actions(self) -> None: ...

        def _announce(self) -> None: ...

        def _withdraw_stale_messages(self) -> None: ...

        def set_autoplay(self, on: bool) -> None: ...

        def set_show_cards(self, on: bool) -> None: ...

        def undo_move(self) -> None: ...

        def undo_round(self) -> None: ...

        def hint(self) -> None: ...

        def decide_for_me(self) -> None: ...

        # of the parts, for each other
        def change_settings(self, **changes: Any) -> None: ...

        def _apply_settings(self, new: Settings, old: Settings | None = None) -> None: ...

        def _show_theme_back(self) -> None: ...

        def _check_appearance(self, back: str, backdrop: str, four_colour: bool, sound: bool) -> None: ...

        def _make_viewer_actions(self) -> None: ...

        def close_viewer(self) -> None: ...

        def choose_game_file(self) -> None: ...

        def save_game_as_egn(self) -> None: ...

        def ask_and_save_egn(self, game: Any) -> None: ...

        def play_again(self, move: int) -> None: ...

        def end_practice(self) -> None: ...

        def modal(self, dialog: Any) -> int: ...

        def custom_backdrop(self) -> None: ...

        def show_options(self) -> None: ...

        def show_statistics(self) -> None: ...

        def show_last_trick(self) -> None: ...

        def show_review(self) -> None: ...

        def open_log(self) -> None: ...

        def show_rules(self) -> None: ...

        def show_shortcuts(self) -> None: ...

        def show_about(self) -> None: ...
