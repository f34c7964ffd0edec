"""The main window: menus and actions around the card table. It owns no rules."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QTimer, QUrl, Slot
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QColor,
    QDesktopServices,
    QIcon,
    QKeySequence,
    QPixmap,
)
from PySide6.QtWidgets import QColorDialog, QMainWindow, QMenu, QProxyStyle, QStyle, QVBoxLayout, QWidget

from ..engine import Action, Card, Game, GameFileError, HandRecord
from . import paths
from .artsource import Art, backs, make_art
from .autosave import Autosave
from .controller import Controller
from .gamelog import GameLog
from .messagebar import MessageBar
from .settings import BACKDROPS, Settings, SettingsStore
from .sound import Sound
from .stats import StatsStore
from .table.scene import TableScene
from .table.state import Event, Stage
from .table.view import TableView

APP_TITLE = "Euchre"


class _BigIcons(QProxyStyle):
    def __init__(self, size: int) -> None:
        super().__init__()
        self._size = size

    def pixelMetric(self, metric: QStyle.PixelMetric, option: Any = None, widget: Any = None) -> int:
        if metric == QStyle.PixelMetric.PM_SmallIconSize:
            return self._size
        return int(super().pixelMetric(metric, option, widget))


def app_icon() -> QIcon:
    try:
        from .resources import resource_path

        path = resource_path("icons", "euchre-qt.svg")
        if Path(path).exists():
            return QIcon(str(path))
    except Exception:
        pass
    return QIcon()


class MainWindow(QMainWindow):
    def __init__(
        self,
        store: SettingsStore | None = None,
        data_folder: Path | None = None,
        *,
        art: Art | None = None,
        resume: bool = True,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        self.setWindowTitle(APP_TITLE)
        self.setWindowIcon(app_icon())
        self.store = store if store is not None else SettingsStore()
        folder = Path(data_folder) if data_folder is not None else paths.data_dir()
        self.autosave = Autosave(folder)
        self.log = GameLog(folder)
        self.stats = StatsStore(folder)
        self.sound = Sound()
        self.messages: list[tuple[str, str]] = []  # (kind, text): everything said to the player
        self._warned: set[str] = set()
        self.art = art if art is not None else make_art()

        from . import accessibility

        accessibility.install()
        self.scene = TableScene(self.art, self)
        self.view = TableView(self.scene)
        self.message_bar = MessageBar()
        central = QWidget()
        box = QVBoxLayout(central)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        box.addWidget(self.message_bar)
        box.addWidget(self.view, 1)
        self.setCentralWidget(central)
        self.statusBar().showMessage("Welcome to Euchre")

        self.controller = Controller(lambda: self.store.settings, self)
        self.controller.presenter_attached = True
        self.controller.changed.connect(self._redraw)
        self.controller.present.connect(self._present)
        self.scene.presented.connect(self.controller.presented)
        self.controller.message.connect(self.notify)
        self.controller.hands_finished.connect(self._hands_finished)
        self.controller.game_finished.connect(self._game_finished)
        self.controller.game_changed.connect(self._save_game)
        self.controller.hint_ready.connect(self._hint_ready)
        self.scene.card_clicked.connect(self._card_clicked)
        self.scene.action_chosen.connect(self._action_chosen)
        self.scene.continue_requested.connect(self._continue)
        self.scene.new_game_requested.connect(self.new_game)
        self.scene.focus_changed.connect(self._focus_changed)

        self._build_menus()
        self._apply_settings(self.store.settings)
        self._default_size()
        geometry = self.store.window_state()
        if geometry:
            self.restoreGeometry(QByteArray(geometry))
        for text in self.store.take_warnings():
            self.warn(text)
        if self.stats.warning:
            self.warn(self.stats.warning)
            self.stats.warning = None
        self.view.setFocus()
        # The felt is painted first; the game (a restored one, or the first deal) follows at
        # once from the event loop, so the window appears as soon as possible.
        QTimer.singleShot(0, lambda: self._start(resume, seed))

    def ensure_back_icons(self) -> None:
        """Give the Card Back menu its previews (once)."""
        for name, act in self.back_actions.items():
            if act.icon().isNull():
                try:
                    act.setIcon(self.art.back_icon(name, 48))
                except Exception:
                    return

    def _default_size(self) -> None:
        screen = self.screen()
        if screen is None:
            self.resize(1100, 780)
            return
        avail = screen.availableGeometry()
        w = min(1400, int(avail.width() * 0.9))
        h = min(950, int(avail.height() * 0.9))
        self.resize(max(800, w), max(600, h))

    # --- menus -------------------------------------------------------------------------

    def _action(
        self,
        menu: QMenu,
        text: str,
        slot: Any,
        shortcut: str | QKeySequence | None = None,
        checkable: bool = False,
        tip: str = "",
    ) -> QAction:
        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("&Game")
        self.act_new = self._action(
            game, "&New Game", self.new_game, QKeySequence.StandardKey.New, tip="Start a new game: scores back to zero"
        )
        self.act_autoplay = self._action(
            game,
            "&Auto Play",
            self.set_autoplay,
            "F2",
            checkable=True,
            tip="The computer plays every seat, yours too, until you turn it off",
        )
        self.act_undo = self._action(
            game,
            "&Undo Round",
            self.undo_round,
            QKeySequence.StandardKey.Undo,
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
        self.act_log = self._action(
            game, "Open Game &Log", self.open_log, None, tip="Open the log of every hand played"
        )
        game.addSeparator()
        self.act_quit = self._action(game, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        options = bar.addMenu("&Options")
        self.act_show_cards = self._action(
            options,
            "Show &Computer Cards",
            self.set_show_cards,
            "Ctrl+K",
            checkable=True,
            tip="See the computer players' hands (cheating!)",
        )
        self.back_menu = options.addMenu("Card &Back")
        self._menu_style = _BigIcons(36)  # previews big enough to tell the backs apart
        self.back_menu.setStyle(self._menu_style)
        self.back_group = QActionGroup(self)
        self.back_actions: dict[str, QAction] = {}
        for info in backs():
            act = QAction(info.label, self)
            act.setCheckable(True)
            act.setData(info.name)
            act.triggered.connect(self._back_chosen)
            self.back_group.addAction(act)
            self.back_menu.addAction(act)
            self.back_actions[info.name] = act
        # the previews are drawn when the menu first opens (or a moment after start-up), not before the first frame
        self.back_menu.aboutToShow.connect(self.ensure_back_icons)
        QTimer.singleShot(1500, self.ensure_back_icons)
        self.backdrop_menu = options.addMenu("Back&drop")
        self.backdrop_group = QActionGroup(self)
        self.backdrop_actions: dict[str, QAction] = {}
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

        help_menu = bar.addMenu("&Help")
        self.act_rules = self._action(
            help_menu, "&Rules of Euchre", self.show_rules, QKeySequence.StandardKey.HelpContents
        )
        self.act_keys = self._action(help_menu, "&Keyboard Shortcuts", self.show_shortcuts)
        help_menu.addSeparator()
        self.act_about = self._action(help_menu, "&About Euchre", self.show_about)

    # --- starting ----------------------------------------------------------------------

    def _start(self, resume: bool, seed: int | None) -> None:
        if resume and self.autosave.exists():
            try:
                game = self.autosave.load()
            except (GameFileError, OSError) as exc:
                where = self.autosave.set_aside()
                kept = f" It was kept as {where.name}." if where else ""
                self.warn(f"Your saved game could not be restored ({exc}).{kept} A new game has started.")
            else:
                if not game.is_over:
                    self.controller.start(game)
                    us, them = game.scores
                    self.message_bar.show_message(
                        f"Welcome back: your unfinished game was restored (us {us}, them {them}).",
                        "New Game Instead",
                        self.new_game,
                    )
                    return
        self.controller.new_game(seed=seed)

    @Slot()
    def new_game(self) -> None:
        self.controller.new_game()
        self.statusBar().showMessage("New game. " + self.store.settings.rules().describe().capitalize() + ".", 5000)

    # --- table wiring --------------------------------------------------------------------

    @Slot()
    def _redraw(self) -> None:
        state = self.controller.table_state()
        if state is not None:
            self.scene.show_state(state)
            self._update_actions()
            self._announce()
            us, them = state.scores
            self.setWindowTitle(f"{APP_TITLE} — us {us}, them {them}")

    @Slot(object, int)
    def _present(self, event: Event, token: int) -> None:
        state = self.controller.table_state()
        if state is not None:
            self.scene.show_state(state, event, token)
            self._update_actions()

    def _update_actions(self) -> None:
        c = self.controller
        human = c.human_seat is not None
        self.act_hint.setEnabled(human)
        self.act_decide.setEnabled(human)
        self.act_autoplay.setChecked(c.autoplay)
        game = c.game
        self.act_undo.setEnabled(game is not None and (bool(game.actions) or bool(game.records)))
        self.act_last_trick.setEnabled(game is not None and self.last_trick() is not None)

    def _announce(self) -> None:
        self.view.setAccessibleDescription(self.scene.describe())

    @Slot(object)
    def _card_clicked(self, card: Card) -> None:
        why = self.controller.click_card(card)
        if why:
            self.notify("illegal", why)

    @Slot(object)
    def _action_chosen(self, action: Action) -> None:
        why = self.controller.act(action)
        if why:
            self.notify("illegal", why)

    @Slot()
    def _continue(self) -> None:
        self.controller.continue_()

    @Slot(str)
    def _focus_changed(self, name: str) -> None:
        if name:
            self.statusBar().showMessage(name, 3000)
        self.view.setAccessibleDescription(name or self.scene.describe())
        from .accessibility import announce_focus

        announce_focus(self.view)

    # --- messages ----------------------------------------------------------------------

    @Slot(str, str)
    def notify(self, kind: str, text: str) -> None:
        """Tell the player something: never a modal dialog."""
        self.messages.append((kind, text))
        self.statusBar().showMessage(text, 6000)
        if kind == "illegal":
            self.scene.show_toast(text, "illegal")
            self.sound.warn()
        elif kind == "info":
            self.scene.show_toast(text)
        else:
            self.message_bar.show_message(text)

    def warn(self, text: str) -> None:
        if text in self._warned:
            return
        self._warned.add(text)
        self.notify("warning", text)

    # --- game events -----------------------------------------------------------------------

    @Slot()
    def _save_game(self) -> None:
        game = self.controller.game
        if game is None:
            return
        if game.is_over:
            self.autosave.clear()
            return
        if not self.autosave.save(game):
            self.warn(f"The game cannot be saved ({self.autosave.error}); it will be lost if the program stops.")

    @Slot(object)
    def _hands_finished(self, records: list[HandRecord]) -> None:
        game = self.controller.game
        assert game is not None
        names = tuple(self.store.settings.name(i) for i in range(4))
        if not self.log.append(game, records, names):
            self.warn(f"The game log cannot be written ({self.log.error}).")
        self.stats.record_hands(game, records)
        if self.stats.warning:
            self.warn(self.stats.warning)
            self.stats.warning = None

    @Slot(object)
    def _game_finished(self, game: Game) -> None:
        self.stats.record_game(game)
        self.autosave.clear()
        winner = "You win" if game.winner == 0 else "They win"
        self.statusBar().showMessage(f"{winner} {game.scores[0]}-{game.scores[1]}.")

    # --- menu actions ----------------------------------------------------------------------

    @Slot()
    def undo_round(self) -> None:
        if self.controller.undo_round():
            self.statusBar().showMessage("Back to the start of the hand.", 4000)

    @Slot(bool)
    def set_autoplay(self, on: bool) -> None:
        self.controller.set_autoplay(bool(on))
        self.act_autoplay.setChecked(self.controller.autoplay)

    @Slot()
    def hint(self) -> None:
        self.controller.request_hint()

    @Slot()
    def decide_for_me(self) -> None:
        self.controller.request_hint(decide=True)

    @Slot(object)
    def _hint_ready(self, decision: Any) -> None:
        if isinstance(decision, str):
            self.notify("info", decision)
            return
        from .table.scene import describe_action

        reason = getattr(decision, "reason", "") or ""
        text = f"Hint: {describe_action(decision.action)}" + (f" — {reason}" if reason else "")
        self.notify("info", text)

    @Slot(bool)
    def set_show_cards(self, on: bool) -> None:
        self.controller.show_all = bool(on)
        self._redraw()

    @Slot()
    def _back_chosen(self) -> None:
        act = self.sender()
        if isinstance(act, QAction):
            self.change_settings(card_back=str(act.data()))

    @Slot()
    def _backdrop_chosen(self) -> None:
        act = self.sender()
        if isinstance(act, QAction):
            self.change_settings(backdrop=str(act.data()))

    @Slot()
    def custom_backdrop(self) -> None:
        colour = QColorDialog.getColor(QColor(self.store.settings.backdrop), self, "Backdrop colour")
        if colour.isValid():
            self.change_settings(backdrop=colour.name())

    @Slot(bool)
    def set_four_colour(self, on: bool) -> None:
        self.change_settings(four_colour=bool(on))

    @Slot(bool)
    def set_sound(self, on: bool) -> None:
        self.change_settings(sound=bool(on))

    def change_settings(self, **changes: Any) -> None:
        old = self.store.settings
        self.store.save(replace(old, **changes))
        for text in self.store.take_warnings():
            self.warn(text)
        self._apply_settings(self.store.settings, old)

    def _apply_settings(self, new: Settings, old: Settings | None = None) -> None:
        self.scene.set_appearance(new.back, new.four_colour, new.backdrop, new.speed)
        self.sound.enabled = new.sound
        act = self.back_actions.get(new.back)
        if act is not None:
            act.setChecked(True)
        for colour, bd in self.backdrop_actions.items():
            bd.setChecked(colour == new.backdrop)
        self.act_four_colour.setChecked(new.four_colour)
        self.act_sound.setChecked(new.sound)
        if old is not None:
            seats_changed = any(
                getattr(old, f) != getattr(new, f)
                for f in ("player_south", "player_west", "player_north", "player_east", "they_see_all")
            )
            if seats_changed:
                self.controller.players_changed()
            self._redraw()

    @Slot()
    def show_options(self) -> None:
        from .options_dialog import OptionsDialog

        dialog = OptionsDialog(self.store.settings, self.art, self)
        if self.run_dialog(dialog):
            new = dialog.result_settings()
            rules_changed = new.rules() != self.store.settings.rules()
            self.change_settings(**{k: getattr(new, k) for k in new.__dataclass_fields__})
            if rules_changed and self.controller.game is not None:
                self.statusBar().showMessage("The new rules apply from the next new game.", 6000)

    @Slot()
    def show_statistics(self) -> None:
        from .stats_dialog import StatsDialog

        self.run_dialog(StatsDialog(self.stats, self))

    def last_trick(self) -> Any:
        game = self.controller.game
        if game is None:
            return None
        hand = self.controller.display or game.hand
        if hand.tricks:
            return hand.tricks[-1]
        if game.records and game.records[-1].final.tricks:
            return game.records[-1].final.tricks[-1]
        return None

    @Slot()
    def show_last_trick(self) -> None:
        from .review import LastTrickDialog

        trick = self.last_trick()
        if trick is None:
            self.notify("info", "No trick has been played yet.")
            return
        names = tuple(self.store.settings.name(i) for i in range(4))
        hand = self.controller.display or self.controller.game.hand  # type: ignore[union-attr]
        self.run_dialog(LastTrickDialog(trick, hand.trump, names, self.art, self.store.settings, self))

    @Slot()
    def show_review(self) -> None:
        from .review import ReviewDialog

        game = self.controller.game
        if game is None:
            return
        names = tuple(self.store.settings.name(i) for i in range(4))
        self.run_dialog(ReviewDialog(game, names, self))

    @Slot()
    def open_log(self) -> None:
        if not self.log.path.exists():
            self.notify("info", "The game log is empty: finish a hand first.")
            return
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.log.path)))
        self.statusBar().showMessage(f"Game log: {self.log.path}", 8000)

    @Slot()
    def show_rules(self) -> None:
        from .help import RulesDialog

        self.run_dialog(RulesDialog(self))

    @Slot()
    def show_shortcuts(self) -> None:
        from .help import ShortcutsDialog

        self.run_dialog(ShortcutsDialog(self))

    @Slot()
    def show_about(self) -> None:
        from .help import about_box

        self.run_dialog(about_box(self))

    def run_dialog(self, dialog: Any) -> int:
        """Show a dialog modally (tests replace this to look at the dialog instead)."""
        self.last_dialog = dialog
        return int(dialog.exec())

    # --- closing ---------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        self.controller.shutdown()
        self.store.save_window_state(bytes(self.saveGeometry().data()))
        super().closeEvent(event)


def screenshot_hook(window: MainWindow, state: str) -> None:
    """``--demo-state``: put the table into a state worth a screenshot (development aid)."""
    from .demo import apply_demo_state

    QTimer.singleShot(0, lambda: apply_demo_state(window, state))


__all__ = ["MainWindow", "Stage", "os"]
