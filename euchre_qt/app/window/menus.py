"""The main window's menu bar: the Game, Options and Help menus and their actions.

The menus' titles are on the bar from the first frame; their actions are made after it, one
menu per start-up step (the classes they need are loaded then, not before).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Slot

from ..cardart.back_previews import BACK_ICON_SIZE, BackPreviews

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QActionGroup, QKeySequence
    from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

    from ..cardart.artsource import Art
    from ..play.controller import Controller
    from ..storage.settings import Settings
    from .card_deck import CardDeck
    from .dialogs import Dialogs
    from .game_actions import GameActions
    from .network_play import NetworkPlay
    from .recorded_games import RecordedGames
    from .settings_applied import SettingsApplied

THEME_BACK = "theme"  # cardart.backs.THEME_BACK: an installed theme's own back


class Menus(QObject):
    """The ``window``'s menu bar: the menus' titles from the first frame, then the actions
    in them, one menu per start-up step, each action handed the part that does it."""

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

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self._table: QWidget | None = None  # where the keys go back to after a menu (once made)
        self._settings_applied: SettingsApplied | None = None  # (the Options menu's choices go there, once made)
        self._deck: CardDeck | None = None
        bar = window.menuBar()
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

        table = self._table
        if table is not None and QApplication.activePopupWidget() is None and self.window.menuBar().hasFocus():
            table.setFocus()

    def _action(
        self,
        menu: QMenu,
        text: str,
        slot: Any,
        *,
        shortcut: str | QKeySequence | QKeySequence.StandardKey | None = None,
        checkable: bool = False,
        tip: str = "",
    ) -> QAction:
        from PySide6.QtGui import QAction, QKeySequence

        action = QAction(text, self.window)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def make_game_menu(
        self,
        *,
        table: QWidget,
        new_game: Callable[[], None],
        recorded: RecordedGames,
        network: NetworkPlay,
        actions: GameActions,
        dialogs: Dialogs,
    ) -> None:
        from PySide6.QtGui import QKeySequence

        self._table = table
        game = self.game_menu
        self.act_new = self._action(
            game,
            "&New Game",
            new_game,
            shortcut=QKeySequence.StandardKey.New,
            tip="Start a new game: scores back to zero",
        )
        self.act_open = self._action(
            game,
            "&Open Game…",
            recorded.choose_game_file,
            shortcut=QKeySequence.StandardKey.Open,
            tip="Show a recorded game (Euchre Game Notation, .egn) on the table, a move at a time",
        )
        self.act_save_egn = self._action(
            game,
            "Save Game as &EGN…",
            recorded.save_game_as_egn,
            shortcut="Ctrl+Shift+S",
            tip="Save this game as Euchre Game Notation, which other Euchre programs open",
        )
        game.addSeparator()
        self.act_host_table = self._action(
            game, "&Host a Table…", network.host_table, tip="Open a table friends join from their own computers"
        )
        self.act_join_table = self._action(
            game,
            "&Join a Table…",
            network.join_table,
            tip="Sit at a friend's table, with its address and join code",
        )
        self.act_leave_table = self._action(
            game,
            "Lea&ve Table",
            network.leave_table,
            tip="Leave the network table and come back to your game here",
        )
        game.addSeparator()
        self.act_autoplay = self._action(
            game,
            "&Auto Play",
            actions.set_autoplay,
            shortcut="F2",
            checkable=True,
            tip="The computer plays every seat, yours too, until you turn it off",
        )
        self.act_undo_move = self._action(
            game,
            "U&ndo Move",
            actions.undo_move,
            shortcut=QKeySequence.StandardKey.Undo,
            tip="Take back your last move (and the computer players' moves since)",
        )
        self.act_undo = self._action(
            game,
            "&Undo Round",
            actions.undo_round,
            shortcut="Ctrl+Shift+Z",
            tip="Back to the start of this hand, same deal",
        )
        game.addSeparator()
        self.act_hint = self._action(
            game, "&Hint", actions.hint, shortcut="Ctrl+H", tip="Show what the computer would do, and why"
        )
        self.act_decide = self._action(
            game,
            "&Decide for Me",
            actions.decide_for_me,
            shortcut="Ctrl+D",
            tip="Let the computer make this move for you",
        )
        game.addSeparator()
        self.act_last_trick = self._action(
            game, "&Last Trick", dialogs.show_last_trick, shortcut="Ctrl+L", tip="Look at the last trick again"
        )
        self.act_review = self._action(
            game, "Hands of This &Game…", dialogs.show_review, shortcut="Ctrl+R", tip="Review every hand played so far"
        )
        self.act_stats = self._action(game, "&Statistics…", dialogs.show_statistics, shortcut="Ctrl+T")
        self.act_log = self._action(game, "Game &Log…", dialogs.open_log, tip="Read the log of every hand played")
        self.act_drills = self._action(
            game,
            "D&rills…",
            dialogs.show_drills,
            tip="Practise decisions by theme, each with one clearly best choice",
        )
        game.addSeparator()
        self.act_quit = self._action(game, "&Quit", self.window.close, shortcut=QKeySequence.StandardKey.Quit)

    def make_options_menu(
        self, *, actions: GameActions, dialogs: Dialogs, settings_applied: SettingsApplied, deck: CardDeck
    ) -> None:
        """The Options menu: its choices go to ``settings_applied``; the backs are drawn by the ``deck`` in use."""
        from PySide6.QtGui import QAction, QActionGroup, QColor, QIcon, QKeySequence, QPixmap

        from ..cardart.artsource import backs
        from ..storage.settings_file import BACKDROPS

        self._settings_applied, self._deck = settings_applied, deck
        options = self.options_menu
        self.act_show_cards = self._action(
            options,
            "Show &Computer Cards",
            actions.set_show_cards,
            shortcut="Ctrl+K",
            checkable=True,
            tip="See the computer players' hands (cheating!)",
        )
        self.back_menu = options.addMenu("Card &Back")
        self.back_group = QActionGroup(self.window)
        self.back_actions = {}
        for info in backs():
            act = QAction(info.label, self.window)
            act.setCheckable(True)
            act.setData(info.name)
            act.triggered.connect(self._back_chosen)
            self.back_group.addAction(act)
            self.back_menu.addAction(act)
            self.back_actions[info.name] = act
        # an installed card theme's own back: offered while that deck is in use
        self.back_menu.addSeparator()
        self.act_theme_back = QAction("The Deck's Own Back", self.window)
        self.act_theme_back.setCheckable(True)
        self.act_theme_back.setData(THEME_BACK)
        self.act_theme_back.triggered.connect(self._back_chosen)
        self.back_group.addAction(self.act_theme_back)
        self.back_menu.addAction(self.act_theme_back)
        self._show_theme_back(deck.art)
        # the previews are drawn in the background after start-up (or at once if the menu opens first)
        self.back_previews = BackPreviews(self.back_menu, self.back_actions, deck, self.window)
        self.backdrop_menu = options.addMenu("Back&drop")
        self.backdrop_group = QActionGroup(self.window)
        self.backdrop_actions = {}
        for label, colour in BACKDROPS.items():
            act = QAction(label, self.window)
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
        self.act_custom_backdrop = self._action(self.backdrop_menu, "&Custom Colour…", dialogs.custom_backdrop)
        options.addSeparator()
        self.act_four_colour = self._action(options, "&Four-Colour Deck", self.set_four_colour, checkable=True)
        self.act_sound = self._action(options, "&Sound", self.set_sound, checkable=True)
        self.act_coach = self._action(
            options,
            "Coac&h",
            self.set_coach,
            checkable=True,
            tip="A note beside the table after each of your mistakes and blunders, as the review grades them",
        )
        options.addSeparator()
        self.act_options = self._action(
            options, "&Options…", dialogs.show_options, shortcut=QKeySequence.StandardKey.Preferences
        )
        if self.act_options.shortcut().isEmpty():
            self.act_options.setShortcut(QKeySequence("Ctrl+,"))

    def make_help_menu(self, dialogs: Dialogs) -> None:
        from PySide6.QtGui import QKeySequence

        help_menu = self.help_menu
        self.act_rules = self._action(
            help_menu, "&Rules of Euchre", dialogs.show_rules, shortcut=QKeySequence.StandardKey.HelpContents
        )
        self.act_keys = self._action(help_menu, "&Keyboard Shortcuts", dialogs.show_shortcuts)
        help_menu.addSeparator()
        self.act_about = self._action(help_menu, "&About Euchre", dialogs.show_about)

    def _show_theme_back(self, art: Art) -> None:
        """The Card Back menu offers the deck's own back while an installed theme is in use."""
        themed = art.theme is not None
        self.act_theme_back.setVisible(themed)
        if themed:
            self.act_theme_back.setIcon(art.back_icon(THEME_BACK, BACK_ICON_SIZE))

    def show_settings(self, settings: Settings, deck_changed: bool) -> None:
        """Tick the menus' choices that the settings hold (and offer the new deck's own back)."""
        if deck_changed and self._deck is not None:
            self._show_theme_back(self._deck.art)
        back = settings.back
        act = self.act_theme_back if back == THEME_BACK else self.back_actions.get(back)
        if act is not None:
            act.setChecked(True)
        for colour, bd in self.backdrop_actions.items():
            bd.setChecked(colour == settings.backdrop)
        self.act_four_colour.setChecked(settings.four_colour)
        self.act_sound.setChecked(settings.sound)
        self.act_coach.setChecked(settings.coach)

    def enable(self, controller: Controller, viewing: bool, at_network_table: bool, has_last_trick: bool) -> None:
        """Enable what can be done now: on the game the ``controller`` plays, or (``viewing``)
        on a recorded game."""
        for act in (self.act_autoplay, self.act_undo, self.act_save_egn):
            act.setEnabled(not viewing)
        self.act_review.setEnabled(True)  # the game played here, or the recorded one on show
        if viewing:
            for act in (self.act_hint, self.act_decide, self.act_last_trick):
                act.setEnabled(False)
            return
        human = controller.human_seat is not None
        self.act_hint.setEnabled(human)
        self.act_decide.setEnabled(human)
        self.act_autoplay.setChecked(controller.autoplay)
        game = controller.game
        remote = not controller.refereed_here  # no taking back, nobody plays your seat
        self.act_undo.setEnabled(not remote and game is not None and (bool(game.actions) or bool(game.records)))
        self.act_undo_move.setEnabled(not remote and game is not None and bool(game.actions))
        self.act_autoplay.setEnabled(not remote)
        self.act_leave_table.setEnabled(at_network_table)
        self.act_last_trick.setEnabled(game is not None and has_last_trick)

    def _choose(self, **changes: Any) -> None:
        if self._settings_applied is not None:
            self._settings_applied.change(**changes)

    @Slot()
    def _back_chosen(self) -> None:
        from PySide6.QtGui import QAction

        act = self.sender()
        if isinstance(act, QAction):
            self._choose(card_back=str(act.data()))

    @Slot()
    def _backdrop_chosen(self) -> None:
        from PySide6.QtGui import QAction

        act = self.sender()
        if isinstance(act, QAction):
            self._choose(backdrop=str(act.data()))

    @Slot(bool)
    def set_four_colour(self, on: bool) -> None:
        self._choose(four_colour=bool(on))

    @Slot(bool)
    def set_sound(self, on: bool) -> None:
        self._choose(sound=bool(on))

    @Slot(bool)
    def set_coach(self, on: bool) -> None:
        self._choose(coach=bool(on))
