"""The main window's menu bar: the Game, Options and Help menus and their actions.

The menus' titles are on the bar from the first frame; their actions are made after it, one
menu per start-up step (the classes they need are loaded then, not before).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Slot

from ..cardart.back_previews import BACK_ICON_SIZE, BackPreviews
from .window_part import WindowPart

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QActionGroup, QKeySequence
    from PySide6.QtWidgets import QMenu

THEME_BACK = "theme"  # cardart.backs.THEME_BACK: an installed theme's own back


class MenuBar(WindowPart):
    """The window's menus and the actions in them (a part of the main window)."""

    game_menu: QMenu
    options_menu: QMenu
    help_menu: QMenu
    back_menu: QMenu
    backdrop_menu: QMenu
    back_group: QActionGroup
    backdrop_group: QActionGroup
    back_actions: dict[str, QAction]
    backdrop_actions: dict[str, QAction]
    back_previews: BackPreviews

    def _make_menu_titles(self) -> None:
        bar = self.menuBar()
        self.game_menu = bar.addMenu("&Game")
        self.options_menu = bar.addMenu("&Options")
        self.help_menu = bar.addMenu("&Help")
        for menu in (self.game_menu, self.options_menu, self.help_menu):
            menu.aboutToHide.connect(self._menu_closed)

    @Slot()
    def _menu_closed(self) -> None:
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, self._leave_menu_bar)  # once Qt has settled where the keys go

    def _leave_menu_bar(self) -> None:
        """A menu closed with none open after it (Escape, a click elsewhere): the keys go back
        to the table. Qt leaves them on the menu bar, where Enter opened the menu again."""
        from PySide6.QtWidgets import QApplication

        view = getattr(self, "view", None)  # None before the table is made
        if view is not None and QApplication.activePopupWidget() is None and self.menuBar().hasFocus():
            view.setFocus()

    def _action(
        self,
        menu: QMenu,
        text: str,
        slot: Any,
        shortcut: str | QKeySequence | QKeySequence.StandardKey | None = None,
        checkable: bool = False,
        tip: str = "",
    ) -> QAction:
        from PySide6.QtGui import QAction, QKeySequence

        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _make_game_menu(self) -> None:
        from PySide6.QtGui import QKeySequence

        game = self.game_menu
        self.act_new = self._action(
            game, "&New Game", self.new_game, QKeySequence.StandardKey.New, tip="Start a new game: scores back to zero"
        )
        self.act_open = self._action(
            game,
            "&Open Game…",
            self.choose_game_file,
            QKeySequence.StandardKey.Open,
            tip="Show a recorded game (Euchre Game Notation, .egn) on the table, a move at a time",
        )
        self.act_save_egn = self._action(
            game,
            "Save Game as &EGN…",
            self.save_game_as_egn,
            "Ctrl+Shift+S",
            tip="Save this game as Euchre Game Notation, which other Euchre programs open",
        )
        self._make_viewer_actions()
        game.addSeparator()
        self.act_host_table = self._action(
            game, "&Host a Table…", self.host_table, None, tip="Open a table friends join from their own computers"
        )
        self.act_join_table = self._action(
            game, "&Join a Table…", self.join_table, None, tip="Sit at a friend's table, with its address and join code"
        )
        self.act_leave_table = self._action(
            game, "Lea&ve Table", self.leave_table, None, tip="Leave the network table and come back to your game here"
        )
        game.addSeparator()
        self.act_autoplay = self._action(
            game,
            "&Auto Play",
            self.set_autoplay,
            "F2",
            checkable=True,
            tip="The computer plays every seat, yours too, until you turn it off",
        )
        self.act_undo_move = self._action(
            game,
            "U&ndo Move",
            self.undo_move,
            QKeySequence.StandardKey.Undo,
            tip="Take back your last move (and the computer players' moves since)",
        )
        self.act_undo = self._action(
            game,
            "&Undo Round",
            self.undo_round,
            "Ctrl+Shift+Z",
            tip="Back to the start of this hand, same deal",
        )
        game.addSeparator()
        self.act_hint = self._action(game, "&Hint", self.hint, "Ctrl+H", tip="Show what the computer would do, and why")
        self.act_decide = self._action(
            game, "&Decide for Me", self.decide_for_me, "Ctrl+D", tip="Let the computer make this move for you"
        )
        game.addSeparator()
        self.act_last_trick = self._action(
            game, "&Last Trick", self.show_last_trick, "Ctrl+L", tip="Look at the last trick again"
        )
        self.act_review = self._action(
            game, "Hands of This &Game…", self.show_review, "Ctrl+R", tip="Review every hand played so far"
        )
        self.act_stats = self._action(game, "&Statistics…", self.show_statistics, "Ctrl+T")
        self.act_log = self._action(game, "Game &Log…", self.open_log, None, tip="Read the log of every hand played")
        game.addSeparator()
        self.act_quit = self._action(game, "&Quit", self.close, QKeySequence.StandardKey.Quit)

    def _make_options_menu(self) -> None:
        from PySide6.QtGui import QAction, QActionGroup, QColor, QIcon, QKeySequence, QPixmap

        from ..cardart.artsource import backs
        from ..storage.settings_file import BACKDROPS

        options = self.options_menu
        self.act_show_cards = self._action(
            options,
            "Show &Computer Cards",
            self.set_show_cards,
            "Ctrl+K",
            checkable=True,
            tip="See the computer players' hands (cheating!)",
        )
        self.back_menu = options.addMenu("Card &Back")
        self.back_group = QActionGroup(self)
        self.back_actions = {}
        for info in backs():
            act = QAction(info.label, self)
            act.setCheckable(True)
            act.setData(info.name)
            act.triggered.connect(self._back_chosen)
            self.back_group.addAction(act)
            self.back_menu.addAction(act)
            self.back_actions[info.name] = act
        # an installed card theme's own back: offered while that deck is in use
        self.back_menu.addSeparator()
        self.act_theme_back = QAction("The Deck's Own Back", self)
        self.act_theme_back.setCheckable(True)
        self.act_theme_back.setData(THEME_BACK)
        self.act_theme_back.triggered.connect(self._back_chosen)
        self.back_group.addAction(self.act_theme_back)
        self.back_menu.addAction(self.act_theme_back)
        self._show_theme_back()
        # the previews are drawn in the background after start-up (or at once if the menu opens first)
        self.back_previews = BackPreviews(self.back_menu, self.back_actions, lambda: self.art, self)
        self.backdrop_menu = options.addMenu("Back&drop")
        self.backdrop_group = QActionGroup(self)
        self.backdrop_actions = {}
        for label, colour in BACKDROPS.items():
            act = QAction(label, self)
            act.setCheckable(True)
            act.setData(colour)
            pm = QPixmap(32, 20)
            pm.fill(QColor(colour))
            act.setIcon(QIcon(pm))
            act.triggered.connect(self._backdrop_chosen)
            self.backdrop_group.addAction(act)
            self.backdrop_menu.addAction(act)
            self.backdrop_actions[colour] = act
        self.backdrop_menu.addSeparator()
        self.act_custom_backdrop = self._action(self.backdrop_menu, "&Custom Colour…", self.custom_backdrop)
        options.addSeparator()
        self.act_four_colour = self._action(options, "&Four-Colour Deck", self.set_four_colour, checkable=True)
        self.act_sound = self._action(options, "&Sound", self.set_sound, checkable=True)
        options.addSeparator()
        self.act_options = self._action(options, "&Options…", self.show_options, QKeySequence.StandardKey.Preferences)
        if self.act_options.shortcut().isEmpty():
            self.act_options.setShortcut(QKeySequence("Ctrl+,"))

    def _make_help_menu(self) -> None:
        from PySide6.QtGui import QKeySequence

        help_menu = self.help_menu
        self.act_rules = self._action(
            help_menu, "&Rules of Euchre", self.show_rules, QKeySequence.StandardKey.HelpContents
        )
        self.act_keys = self._action(help_menu, "&Keyboard Shortcuts", self.show_shortcuts)
        help_menu.addSeparator()
        self.act_about = self._action(help_menu, "&About Euchre", self.show_about)

    def _show_theme_back(self) -> None:
        """The Card Back menu offers the deck's own back while an installed theme is in use."""
        themed = self.art.theme is not None
        self.act_theme_back.setVisible(themed)
        if themed:
            self.act_theme_back.setIcon(self.art.back_icon(THEME_BACK, BACK_ICON_SIZE))

    def _check_appearance(self, back: str, backdrop: str, four_colour: bool, sound: bool) -> None:
        """Tick the menus' choices that the settings hold."""
        act = self.act_theme_back if back == THEME_BACK else self.back_actions.get(back)
        if act is not None:
            act.setChecked(True)
        for colour, bd in self.backdrop_actions.items():
            bd.setChecked(colour == backdrop)
        self.act_four_colour.setChecked(four_colour)
        self.act_sound.setChecked(sound)

    @Slot()
    def _back_chosen(self) -> None:
        from PySide6.QtGui import QAction

        act = self.sender()
        if isinstance(act, QAction):
            self.change_settings(card_back=str(act.data()))

    @Slot()
    def _backdrop_chosen(self) -> None:
        from PySide6.QtGui import QAction

        act = self.sender()
        if isinstance(act, QAction):
            self.change_settings(backdrop=str(act.data()))

    @Slot(bool)
    def set_four_colour(self, on: bool) -> None:
        self.change_settings(four_colour=bool(on))

    @Slot(bool)
    def set_sound(self, on: bool) -> None:
        self.change_settings(sound=bool(on))
