"""The main window: menus and actions around the card table. It owns no rules.

Start-up comes in two parts. The constructor makes only what the first frame shows:
the window at its size, the menu bar's titles, the status line and the felt (a
``TableView`` without its table). Once that frame is painted, the rest is built in short
steps from the event loop (``_BUILD``): the engine and the table, the card art, the
menus, the game files and the controller; then the game starts. No step holds the GUI
thread for long (benchmarks/ui_startup.py measures both).

Code outside the window may use any attribute at any time: asking for one that is not
built yet (``window.controller`` right after construction) builds the rest at once
(``__getattr__``); only the game's start stays queued, as it always was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QTimer, Signal, Slot
from PySide6.QtGui import QCloseEvent, QIcon
from PySide6.QtWidgets import QMainWindow, QMenu, QVBoxLayout, QWidget

from . import accessibility, paths, problems
from .back_previews import BACK_ICON_SIZE, BackPreviews
from .settings import Settings, SettingsStore
from .table.view import TableView

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QKeySequence

    from ..engine import Action, Card, Game, HandRecord
    from .artsource import Art
    from .table.state import Event

APP_TITLE = "Euchre"
_THEME_BACK = "theme"  # cardart.backs.THEME_BACK
_BACK_ICONS_AFTER_MS = 2500  # the menu's previews are drawn this long after the window is built


def app_icon() -> QIcon:
    from .resources import resource_path

    return QIcon(str(resource_path("icons", "euchre-qt.svg")))


class MainWindow(QMainWindow):
    ready = Signal()  # everything is built; the game starts from the event loop right after

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
        self._build: list[Callable[[], None]] = []  # set last: until then no attribute is "pending"
        self._building = False
        self.setWindowTitle(APP_TITLE)
        self.setWindowIcon(app_icon())
        self.store = store if store is not None else SettingsStore()
        self._data_folder = Path(data_folder) if data_folder is not None else None
        self._given_art = art
        self._resume, self._seed = resume, seed
        self._closed = False
        self._begun = False
        self.messages: list[tuple[str, str]] = []  # (kind, text): everything said to the player
        self.viewer: Any = None  # a recorded game on the table (viewer.GameViewer), the game paused
        self.practice: Any = None  # a deal played again (practice.Practice), the real game kept aside
        self.viewer_actions: list[Any] = []
        self._viewer_bar: Any = None
        self._loader: Any = None
        self.setAcceptDrops(True)  # an .egn file dropped on the window opens in the viewer
        self._welcome: tuple[str, Game, tuple[int, int]] | None = None  # the strip, the game, its score
        self._hint_status: str | None = None  # the hint (or its wait) shown in the status bar
        self._warned: set[str] = set()

        accessibility.install()  # before the view exists: screen readers ask for it at once
        self.view = TableView(backdrop=self.store.settings.backdrop)
        self.view.setAcceptDrops(False)  # a dropped file goes to the window
        central = QWidget()
        self._box = QVBoxLayout(central)
        self._box.setContentsMargins(0, 0, 0, 0)
        self._box.setSpacing(0)
        self._box.addWidget(self.view, 1)
        self.setCentralWidget(central)
        self.statusBar().showMessage("Welcome to Euchre")
        bar = self.menuBar()
        self.game_menu = bar.addMenu("&Game")
        self.options_menu = bar.addMenu("&Options")
        self.help_menu = bar.addMenu("&Help")
        self._default_size()
        geometry = self.store.window_state()
        if geometry:
            self.restoreGeometry(QByteArray(geometry))
        for text in self.store.take_warnings():  # a damaged or unwritable settings file: said at once
            self.warn(text)
        self._build = [
            self._load_engine,
            self._load_hand,
            self._load_players,
            self._load_session_events,
            self._load_session,
            self._load_controller,
            self._make_controller,
            self._load_qt_names,
            self._load_table_state,
            self._load_table_items,
            self._load_table,
            self._load_svg,
            self._load_art,
            self._make_table,
            self._show_table,
            self._warm_table_text,
            self._make_game_menu,
            self._make_options_menu,
            self._make_help_menu,
            self._load_game_files,
            self._connect_controller,
        ]
        # One step per turn of the event loop. A repeating zero-interval timer, not a chain of
        # singleShot(0) calls: those are posted events, which Qt delivers two at a time ahead
        # of timers and paints.
        self._builder = QTimer(self)
        self._builder.setInterval(0)
        self._builder.timeout.connect(self._build_next)
        self.view.painted.connect(self._begin)
        # a window that is not painted (hidden) is built all the same; a child timer, so that
        # it goes with the window
        self._begin_anyway = QTimer(self)
        self._begin_anyway.setSingleShot(True)
        self._begin_anyway.timeout.connect(self._begin)
        self._begin_anyway.start(300)

    # --- building, after the first frame -------------------------------------------------

    def __getattr__(self, name: str) -> Any:
        # Only called for an attribute that is not there: perhaps one built after the first frame.
        build = self.__dict__.get("_build")
        if not build or name.startswith("__") or self.__dict__.get("_building"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        self.finish_building()
        return getattr(self, name)

    @property
    def is_built(self) -> bool:
        return not self._build

    @property
    def message_bar(self) -> Any:
        """The strip above the table for warnings: made when there is first something to say
        (its style sheet costs tens of milliseconds)."""
        bar = self.__dict__.get("_message_bar")
        if bar is None:
            from .messagebar import MessageBar

            bar = self._message_bar = MessageBar()
            self._box.insertWidget(0, bar)
        return bar

    @Slot()
    def _begin(self) -> None:
        if not self._begun:
            self._begun = True
            self._builder.start()

    @Slot()
    def _build_next(self) -> None:
        if self._closed:
            self._builder.stop()
        elif self._build:
            self._run_step(self._build.pop(0))
            if not self._build:
                self.ready.emit()
        else:  # built: the last turn starts the game
            self._builder.stop()
            self._start()

    def finish_building(self) -> None:
        """Build whatever is left now (the game itself still starts from the event loop)."""
        if not self._build:
            return
        while self._build:
            self._run_step(self._build.pop(0))
        self.ready.emit()
        if not self._builder.isActive():
            self._builder.start()

    def _run_step(self, step: Callable[[], None]) -> None:
        self._building = True
        try:
            step()
        finally:
            self._building = False

    def _load_engine(self) -> None:
        from .. import engine  # noqa: F401

    # The engine's hand, the session's events and the rest of the session each cost 10-25 ms
    # to import: one step each, so that no turn of the event loop stalls the window for long.
    def _load_hand(self) -> None:
        from ..engine import hand  # noqa: F401

    def _load_session_events(self) -> None:
        from ..session import events  # noqa: F401

    def _load_session(self) -> None:
        from .. import session  # noqa: F401

    def _load_qt_names(self) -> None:
        from PySide6.QtCore import Qt  # its Python enums: the biggest single cost of the table

        del Qt

    def _load_table_state(self) -> None:
        from .table import layout, state  # noqa: F401

    def _load_table_items(self) -> None:
        from .table import items  # noqa: F401

    def _load_table(self) -> None:
        from .table import scene  # noqa: F401

    def _load_svg(self) -> None:
        from PySide6 import QtSvg  # noqa: F401

        from .cardart import renderer  # noqa: F401

    def _load_art(self) -> None:
        from .artsource import make_art

        if self._given_art is not None:
            self.art = self._given_art
            return
        deck = self.store.settings.card_deck
        try:
            self.art = make_art(deck)
        except LookupError as exc:
            self.art = make_art()
            self._deck_unusable(deck, exc)

    def _deck_unusable(self, deck: str, exc: Exception) -> None:
        problems.record(f"the card deck {deck!r} cannot be used", exc, self._data_folder)
        self.warn(f"The card deck “{deck}” cannot be used; euchre-qt's own cards are dealt instead.")
        self.store.save(replace(self.store.settings, card_deck=""))

    def _use_deck(self, deck: str, back: str) -> bool:
        """Deal with the cards of ``deck`` ("" = ours) from now on; False if it cannot be used."""
        from .artsource import make_art

        try:
            art = make_art(deck)
        except LookupError as exc:
            self._deck_unusable(deck, exc)
            self._apply_settings(self.store.settings)
            return False
        if art is not self.art:  # (the menu's previews of our backs stay as they are)
            self.art = art
            self.scene.set_art(art, back)
            self._show_theme_back()
        return True

    def _show_theme_back(self) -> None:
        """The Card Back menu offers the deck's own back while an installed theme is in use."""
        themed = self.art.theme is not None
        self.act_theme_back.setVisible(themed)
        if themed:
            self.act_theme_back.setIcon(self.art.back_icon(_THEME_BACK, BACK_ICON_SIZE))

    def _make_table(self) -> None:
        from .table.scene import TableScene

        self.scene = TableScene(self.art, self)
        s = self.store.settings
        self.scene.set_appearance(s.back, s.four_colour, s.backdrop, s.speed)

    def _show_table(self) -> None:
        self.view.attach(self.scene)
        self.scene.card_clicked.connect(self._card_clicked)
        self.scene.action_chosen.connect(self._action_chosen)
        self.scene.continue_requested.connect(self._continue)
        self.scene.enter_pressed.connect(self._enter)
        self.scene.new_game_requested.connect(self.new_game)
        self.scene.focus_changed.connect(self._focus_changed)
        self.view.setFocus()

    def _make_narrator(self) -> None:
        """Screen-reader announcements: connected after the table, so they follow its redraws."""
        from .announcer import Announcer
        from .narration import Narrator

        self.announcer = Announcer(self.view)
        self.narrator = Narrator(self.controller, self.scene, self.announcer)
        self.scene.fact_requested.connect(self.narrator.speak_fact)

    def _warm_table_text(self) -> None:
        self.scene.warm_up_text()

    def _load_players(self) -> None:
        from ..engine.ai import novice  # noqa: F401  (the Novice players, made at the game's start)

    def _load_controller(self) -> None:
        from . import controller  # noqa: F401

    def _load_game_files(self) -> None:
        from . import autosave, gamelog, sound, stats, writer  # noqa: F401

    def _make_controller(self) -> None:
        from .controller import Controller

        self.controller = Controller(lambda: self.store.settings, self)

    def _connect_controller(self) -> None:
        from .autosave import Autosave
        from .gamelog import GameLog
        from .sound import Sound
        from .stats import StatsStore
        from .writer import BackgroundWriter

        folder = self._data_folder if self._data_folder is not None else paths.data_dir()
        self.files = BackgroundWriter(self)  # the statistics and the log are written off the GUI thread
        self.files.failed.connect(self.warn)
        self.autosave = Autosave(folder)
        self.log = GameLog(folder, self.files)
        self.stats = StatsStore(folder, self.files)
        self.sound = Sound()
        self.controller.presenter_attached = True
        self.controller.changed.connect(self._redraw)
        self.controller.present.connect(self._present)
        self.scene.presented.connect(self.controller.presented)
        self.controller.message.connect(self.notify)
        self.controller.hands_finished.connect(self._hands_finished)
        self.controller.game_finished.connect(self._game_finished)
        self.controller.game_changed.connect(self._save_game)
        self.controller.hint_ready.connect(self._hint_ready)
        self._make_narrator()
        self._apply_settings(self.store.settings)
        if self.stats.warning:
            self.warn(self.stats.warning)
            self.stats.warning = None
        # the Card Back menu's previews: drawn in the art's worker once the first deal is on
        # the table (a worker drawing holds Python's lock, and the deal would stutter), set
        # when they are ready; the menu draws what is missing if it opens first
        self.back_previews.start_later(_BACK_ICONS_AFTER_MS)

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
        # (the menus' classes are loaded here, not before the first frame)
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
        from PySide6.QtGui import QAction, QActionGroup, QColor, QKeySequence, QPixmap

        from .artsource import backs
        from .settings import BACKDROPS

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
        self.back_actions: dict[str, QAction] = {}
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
        self.act_theme_back.setData(_THEME_BACK)
        self.act_theme_back.triggered.connect(self._back_chosen)
        self.back_group.addAction(self.act_theme_back)
        self.back_menu.addAction(self.act_theme_back)
        self._show_theme_back()
        # the previews are drawn in the background after start-up (or at once if the menu opens first)
        self.back_previews = BackPreviews(self.back_menu, self.back_actions, lambda: self.art, self)
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

    def _make_help_menu(self) -> None:
        from PySide6.QtGui import QKeySequence

        help_menu = self.help_menu
        self.act_rules = self._action(
            help_menu, "&Rules of Euchre", self.show_rules, QKeySequence.StandardKey.HelpContents
        )
        self.act_keys = self._action(help_menu, "&Keyboard Shortcuts", self.show_shortcuts)
        help_menu.addSeparator()
        self.act_about = self._action(help_menu, "&About Euchre", self.show_about)

    # --- starting ----------------------------------------------------------------------

    @Slot()
    def _start(self) -> None:
        if self._closed or self.controller.game is not None:
            return
        from ..engine import GameFileError

        resume, seed = self._resume, self._seed
        if resume and self.autosave.exists():
            try:
                salvaged = self.autosave.restore()
            except (GameFileError, OSError) as exc:
                problems.record("the saved game could not be restored", exc, self.autosave.folder)
                where = self.autosave.set_aside()
                if where is not None:
                    problems.record(f"the damaged save was kept as {where.name}", None, where.parent)
                kept = " A copy of it was kept." if where else ""
                self.warn(f"Your saved game could not be restored, so a new game has started.{kept}")
            else:
                game = salvaged.game
                if salvaged.lost_moves:
                    problems.record("the saved game was damaged", salvaged.problem, self.autosave.folder)
                    where = self.autosave.set_aside()  # (the good moves are saved again at the start)
                    self._restored_with_loss(salvaged.lost_moves, where)
                if not game.is_over:
                    self.controller.start(game)
                    if not salvaged.lost_moves:
                        us, them = game.scores
                        welcome = f"Welcome back: your unfinished game was restored (us {us}, them {them})."
                        self.message_bar.show_message(welcome, "New Game Instead", self.new_game)
                        self._welcome = (welcome, game, game.scores)
                    return
        self.controller.new_game(seed=seed)

    def _restored_with_loss(self, lost: int, kept: Path | None) -> None:
        moves = "move" if lost == 1 else f"{lost} moves"
        if kept is not None:
            problems.record(f"the damaged save was kept as {kept.name}", None, kept.parent)
        self.warn(
            f"The last {moves} of your saved game could not be restored: it goes on from the move before."
            + (" A copy of the damaged save was kept." if kept else "")
        )

    def game_in_progress(self) -> bool:
        """A game someone has moved in, and not finished: New Game asks before leaving it."""
        controller = self.__dict__.get("controller")
        game = controller.game if controller is not None else None
        return game is not None and not game.is_over and bool(game.actions)

    def confirm_new_game(self) -> bool:
        """Ask before abandoning a game in progress; True to go ahead (Escape keeps the game)."""
        from PySide6.QtWidgets import QMessageBox

        game = self.controller.game
        assert game is not None
        us, them = game.scores
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("New game")
        box.setText(f"Leave this game (us {us}, them {them})?")
        box.setInformativeText("It will count as abandoned in your statistics, neither won nor lost.")
        abandon = box.addButton("&Abandon Game", QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("&Keep Playing", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        self.modal(box)
        return box.clickedButton() is abandon

    @Slot()
    def new_game(self) -> None:
        self.close_viewer()
        self.end_practice()
        game = self.controller.game
        if game is not None and self.game_in_progress():
            if not self.confirm_new_game():
                return
            self.stats.record_abandoned(game)
        self.controller.new_game()
        self.statusBar().showMessage("New game. " + self.store.settings.rules.describe().capitalize() + ".", 5000)

    # --- table wiring --------------------------------------------------------------------

    @Slot()
    def _redraw(self) -> None:
        if self.viewer is not None:
            self._show_viewer()
            return
        state = self.controller.table_state()
        if state is not None:
            self.scene.show_state(state)
            self._update_actions()
            self._announce()
            self._withdraw_stale_messages()
            us, them = state.scores
            # ending with the program's name: the window system then adds it no second time
            self.setWindowTitle(f"us {us}, them {them} — {APP_TITLE}")

    @Slot(object, int)
    def _present(self, event: Event, token: int) -> None:
        if self.viewer is not None:  # the game is paused: it is shown again when the viewer closes
            return
        state = self.controller.table_state()
        if state is not None:
            self.scene.show_state(state, event, token)
            self._update_actions()
            self.sound.play_for(event, state)

    def _update_actions(self) -> None:
        c = self.controller
        viewing = self.viewer is not None
        for act in (self.act_autoplay, self.act_undo, self.act_save_egn):
            act.setEnabled(not viewing)
        self.act_review.setEnabled(True)  # the game played here, or the recorded one on show
        for act in self.viewer_actions:
            act.setEnabled(viewing)
        if viewing:
            for act in (self.act_hint, self.act_decide, self.act_last_trick):
                act.setEnabled(False)
            return
        human = c.human_seat is not None
        self.act_hint.setEnabled(human)
        self.act_decide.setEnabled(human)
        self.act_autoplay.setChecked(c.autoplay)
        game = c.game
        self.act_undo.setEnabled(game is not None and (bool(game.actions) or bool(game.records)))
        self.act_undo_move.setEnabled(game is not None and bool(game.actions))
        self.act_last_trick.setEnabled(game is not None and self.last_trick() is not None)

    def _announce(self) -> None:
        self.view.setAccessibleDescription(self.scene.describe())

    @Slot(object)
    def _card_clicked(self, card: Card) -> None:
        if self.viewer is not None:
            return
        why = self.controller.click_card(card)
        if why:
            self.notify("illegal", why)

    @Slot(object)
    def _action_chosen(self, action: Action) -> None:
        if self.viewer is not None:
            return
        why = self.controller.act(action)
        if why:
            self.notify("illegal", why)

    @Slot()
    def _continue(self) -> None:
        if self.viewer is not None:
            self.viewer.step(+1)
            return
        self.controller.continue_()

    @Slot()
    def _enter(self) -> None:
        """Enter or Space with nothing chosen: continue; on the person's turn, the only card
        allowed is played, or they hear how to choose."""
        c = self.controller
        if self.viewer is not None:
            self.viewer.step(+1)
            return
        if c.continue_() or c.game is None or c.human_seat is None:
            return
        legal = c.game.legal_actions()
        if len(legal) == 1 and legal[0].card is not None:
            c.act(legal[0])
            return
        self.notify("info", choosing_help(c.game.hand.phase, any(a.kind.name == "PASS" for a in legal)))

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
        announcer = getattr(self, "announcer", None)  # messages can come before the table is built
        if announcer is not None:
            announcer.say(text, assertive=kind == "illegal")
        if kind == "illegal":
            self.scene.show_toast(text, "illegal")
            self.sound.warn()
        elif kind == "info":
            self.scene.show_toast(text)
        else:
            self.message_bar.show_message(text)

    @Slot(str)
    def warn(self, text: str) -> None:
        if text in self._warned:
            return
        self._warned.add(text)
        self.notify("warning", text)

    # --- game events -----------------------------------------------------------------------

    def _withdraw_stale_messages(self) -> None:
        """Take back what is no longer true: the welcome's score once it changed, a hint
        (or "Deciding for you…") once the move is made."""
        game = self.controller.game
        welcome = self._welcome
        if welcome is not None and (game is not welcome[1] or game.scores != welcome[2]):
            self._welcome = None
            self.message_bar.withdraw(welcome[0])
        status = self._hint_status
        c = self.controller
        if status is not None and c.hint_action is None and not c.hint_pending:
            self._hint_status = None
            if self.statusBar().currentMessage() == status:
                self.statusBar().clearMessage()

    def _show_hint_status(self, text: str, ms: int) -> None:
        self._hint_status = text
        self.statusBar().showMessage(text, ms)

    @Slot()
    def _save_game(self) -> None:
        self._withdraw_stale_messages()
        game = self.controller.game
        if game is None:
            return
        if self.practice is not None:
            return  # the real game stays saved as it was
        if game.is_over:
            self.autosave.clear()
            return
        if not self.autosave.save(game):
            self.warn("The game cannot be saved, so it will be lost if the program stops.")

    @Slot(object)
    def _hands_finished(self, records: list[HandRecord]) -> None:
        game = self.controller.game
        assert game is not None
        if self.practice is not None:
            again = self.practice.finished(records, game)
            if again is not None:
                self.notify("info", self.practice.verdict(again))
                QTimer.singleShot(0, self.end_practice)  # once the controller has finished this move
            return  # practice is not counted or logged
        self._update_log()
        self.stats.record_hands(game, records)
        if self.stats.warning:
            self.warn(self.stats.warning)
            self.stats.warning = None

    def _update_log(self) -> None:
        game = self.controller.game
        if game is None:
            return
        names = tuple(self.store.settings.name(i) for i in range(4))
        if not self.log.update(game, names):
            self.warn(self.log.error or "The game log cannot be written.")

    @Slot(object)
    def _game_finished(self, game: Game) -> None:
        if self.practice is not None:
            return
        if game.winner == 0:
            self.sound.play("win")
            if self.store.settings.celebrate:
                self.scene.celebrate(seed=game.seed or 0)
        self.stats.record_game(game)
        self.autosave.clear()
        winner = "You win" if game.winner == 0 else "They win"
        self.statusBar().showMessage(f"{winner} {game.scores[0]}-{game.scores[1]}.")

    # --- menu actions ----------------------------------------------------------------------

    @Slot()
    def undo_move(self) -> None:
        if self.controller.undo_move():
            self._update_log()  # the move may have finished a hand
            self.statusBar().showMessage("Your last move was taken back.", 4000)

    @Slot()
    def undo_round(self) -> None:
        if self.controller.undo_round():
            self._update_log()  # a hand taken back leaves the log too
            self.statusBar().showMessage("Back to the start of the hand.", 4000)

    @Slot(bool)
    def set_autoplay(self, on: bool) -> None:
        self.controller.set_autoplay(bool(on))
        self.act_autoplay.setChecked(self.controller.autoplay)

    @Slot()
    def hint(self) -> None:
        self.controller.request_hint()
        if self.controller.hint_pending:
            self._show_hint_status("Working out a hint…", 5000)

    @Slot()
    def decide_for_me(self) -> None:
        self.controller.request_hint(decide=True)
        if self.controller.hint_pending:
            self._show_hint_status("Deciding for you…", 5000)

    @Slot(object)
    def _hint_ready(self, decision: Any) -> None:
        if isinstance(decision, str):
            self.notify("info", decision)
            return
        game = self.controller.game
        dealer = game is not None and game.turn is game.hand.dealer
        from ..session.wording import hint_text  # the engine loads after the first frame

        text = hint_text(decision.action, getattr(decision, "reason", "") or "", dealer)
        self.messages.append(("hint", text))
        self._show_hint_status(text, 15000)
        self.scene.show_toast(text, "hint")  # stays until the move is made

    @Slot(bool)
    def set_show_cards(self, on: bool) -> None:
        self.controller.show_all = bool(on)
        self._redraw()

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

    @Slot()
    def custom_backdrop(self) -> None:
        from PySide6.QtGui import QColor
        from PySide6.QtWidgets import QColorDialog

        with self.controller.paused():
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
        if old is not None and new.card_deck != old.card_deck and not self._use_deck(new.card_deck, new.back):
            return  # that deck cannot be used: the settings went back to our own, applied already
        self.scene.set_appearance(new.back, new.four_colour, new.backdrop, new.speed)
        self.sound.enabled = new.sound
        act = self.act_theme_back if new.back == _THEME_BACK else self.back_actions.get(new.back)
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
        if self.modal(dialog):
            new = dialog.result_settings()
            rules_changed = new.rules != self.store.settings.rules
            self.change_settings(**{k: getattr(new, k) for k in new.__dataclass_fields__})
            if rules_changed and self.controller.game is not None:
                self.statusBar().showMessage("The new rules apply from the next new game.", 6000)

    @Slot()
    def show_statistics(self) -> None:
        from .stats_dialog import StatsDialog

        self.modal(StatsDialog(self.stats, self, save_game=self.ask_and_save_egn))

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
        self.modal(LastTrickDialog(trick, hand.trump, names, self.art, self.store.settings, self))

    @Slot()
    def show_review(self) -> None:
        from ..engine import Seat
        from .review import ReviewDialog

        settings = self.store.settings
        viewer = self.viewer
        if viewer is not None:  # a recorded game on the table: every player's decisions, by the record's names
            game, names, people = viewer.shown.game, viewer.names, tuple(Seat)
        else:
            if self.controller.game is None:
                return
            game = self.controller.game
            names = tuple(settings.name(i) for i in range(4))
            people = tuple(sorted(self.controller.people())) or (Seat.SOUTH,)  # all computers: South
        review = ReviewDialog(
            game, names, self, four_colour=settings.four_colour, art=self.art, settings=settings, seats=people
        )

        # (started while the review is still closing: the table waits until it has closed)
        def play_again(move: int) -> None:
            review.accept()
            self.play_again(move)

        if viewer is None:  # practice is for games played here
            review.analysis.replay_requested.connect(play_again)
        else:
            review.analysis.again_button.hide()
            review.analysis.again_here_button.hide()
        self.modal(review)

    # --- recorded games (EGN) ------------------------------------------------------------

    def _make_viewer_actions(self) -> None:
        """The viewer's keys, live only while a record is on the table."""
        steps: list[tuple[str, list[str], Callable[[], None]]] = [
            ("Next Move", ["Right"], lambda: self.viewer and self.viewer.step(+1)),
            ("Previous Move", ["Left"], lambda: self.viewer and self.viewer.step(-1)),
            ("Next Deal", ["PgDown", "Down"], lambda: self.viewer and self.viewer.deal(+1)),
            ("Previous Deal", ["PgUp", "Up"], lambda: self.viewer and self.viewer.deal(-1)),
            ("First Move", ["Home"], lambda: self.viewer and self.viewer.go(0)),
            ("Last Move", ["End"], lambda: self.viewer and self.viewer.go(len(self.viewer.positions) - 1)),
            ("Close Viewer", ["Escape"], self.close_viewer),
        ]
        from PySide6.QtGui import QAction, QKeySequence

        for text, keys, slot in steps:
            action = QAction(text, self)
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.setEnabled(False)
            action.triggered.connect(slot)
            self.addAction(action)  # no menu: the keys work on the window
            self.viewer_actions.append(action)

    @Slot()
    def choose_game_file(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        with self.controller.paused():  # nobody plays on behind the file dialog
            path, _ = QFileDialog.getOpenFileName(
                self, "Open Game", str(Path.home()), "Euchre Game Notation (*.egn);;All files (*)"
            )
        if path:
            self.open_game_file(Path(path))

    def open_game_file(self, path: Path) -> None:
        """Read and replay ``path`` in a thread; it is shown when ready (``_game_opened``)."""
        from .viewer import RecordLoader

        if self._loader is None:
            self._loader = RecordLoader(self)
            self._loader.opened.connect(self._game_opened)
        self.statusBar().showMessage(f"Opening {path.name}…")
        self._loader.load(path)

    @Slot(object, object)
    def _game_opened(self, path: Path, result: Any) -> None:
        from .viewer import GameViewer, ViewerBar

        if isinstance(result, str):
            self.notify("warning", f"{path.name} cannot be shown: {result}")
            return
        if self._viewer_bar is None:
            self._viewer_bar = ViewerBar()
            self._viewer_bar.closed.connect(self.close_viewer)
            self._box.addWidget(self._viewer_bar)
        if self.viewer is None:
            self.controller.pause()
        self.viewer = GameViewer(result, result.record.title or path.stem, self)
        self.viewer.changed.connect(self._show_viewer)
        self._viewer_bar.attach(self.viewer)
        self._viewer_bar.show()
        self._show_viewer()
        record = result.record
        said = f"Showing {self.viewer.title}: {len(self.viewer.shown.game.records)} deals replayed."
        if result.problem:
            said += f" The record stops at a move the rules do not allow: {result.problem}"
        if record.left_out:
            said += f" Not shown: {', '.join(record.left_out)}."
        self.notify("warning" if result.problem else "info", said)

    @Slot()
    def _show_viewer(self) -> None:
        viewer = self.viewer
        if viewer is None:
            return
        self.scene.show_state(viewer.table_state(self.store.settings.sort_by_trump))
        self._update_actions()
        self._announce()
        self.setWindowTitle(f"{viewer.title} — {APP_TITLE}")
        announcer = self.__dict__.get("announcer")
        if announcer is not None:  # a screen reader hears each step as it is taken
            announcer.say(viewer.caption())
            announcer.say(viewer.notes())

    @Slot()
    def close_viewer(self) -> None:
        if self.viewer is None:
            return
        self.viewer = None
        if self._viewer_bar is not None:
            self._viewer_bar.hide()
        self.setWindowTitle(APP_TITLE)
        self._update_actions()
        self.controller.resume()
        self.view.setFocus()

    @Slot()
    def save_game_as_egn(self) -> None:
        game = self.controller.game
        if game is not None:
            self.ask_and_save_egn(game)

    def ask_and_save_egn(self, game: Any) -> None:
        """Ask where, then save ``game`` (the one on the table, or a finished one) as EGN."""
        from PySide6.QtWidgets import QFileDialog

        with self.controller.paused():
            path, _ = QFileDialog.getSaveFileName(
                self, "Save Game as EGN", str(Path.home() / "euchre-game.egn"), "Euchre Game Notation (*.egn)"
            )
        if path:
            self.write_egn(game, Path(path if path.lower().endswith(".egn") else path + ".egn"))

    def write_egn(self, game: Any, path: Path) -> None:
        """Write ``game`` as EGN off the GUI thread (the game is copied first: play goes on)."""
        from ..engine import Game
        from ..notation import EgnError, egn

        copy = Game.from_dict(game.to_dict())
        names = tuple(self.store.settings.name(i) for i in range(4))

        def job() -> str | None:
            try:
                text = egn.dumps(copy, names, title="A game of euchre-qt")
                path.write_text(text + "\n", encoding="utf-8")
            except EgnError as exc:
                return f"The game cannot be saved as EGN: {exc}"
            except OSError as exc:
                problems.record(f"saving {path} failed", exc)
                return f"The game could not be saved as {path.name}."
            return None

        self.files.submit(job)
        self.statusBar().showMessage(f"Saved the game as {path.name}", 6000)

    def dragEnterEvent(self, event: Any) -> None:
        if any(url.toLocalFile().lower().endswith(".egn") for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: Any) -> None:
        files = [Path(u.toLocalFile()) for u in event.mimeData().urls() if u.toLocalFile().lower().endswith(".egn")]
        if files:
            event.acceptProposedAction()
            self.open_game_file(files[0])

    def play_again(self, move: int) -> None:
        """Play the deal of ``move`` again from just before it (practice); the game in
        progress is kept aside and comes back when the practice hand ends."""
        from .practice import Practice

        real = self.practice.real if self.practice is not None else self.controller.game
        if real is None:
            return
        self.practice, game = Practice.start(real, move)
        self.controller.start(game)
        self.notify("info", "Practice: this deal again. Your game is kept and comes back after the hand.")

    @Slot()
    def end_practice(self) -> None:
        """Back to the game in progress, as it was before the practice."""
        practice, self.practice = self.practice, None
        if practice is not None:
            self.controller.start(practice.real)

    @Slot()
    def open_log(self) -> None:
        from .log_window import GameLogWindow

        self.files.flush(2.0)  # the hands just finished are in it
        self.modal(GameLogWindow(self.log.path, self))

    @Slot()
    def show_rules(self) -> None:
        from .help import RulesDialog

        self.modal(RulesDialog(self))

    @Slot()
    def show_shortcuts(self) -> None:
        from .help import ShortcutsDialog

        self.modal(ShortcutsDialog(self))

    @Slot()
    def show_about(self) -> None:
        from .help import about_box

        self.modal(about_box(self))

    def modal(self, dialog: Any) -> int:
        """Show a dialog modally; the game waits while it is open."""
        with self.controller.paused():
            return self.run_dialog(dialog)

    def run_dialog(self, dialog: Any) -> int:
        """Show a dialog modally (tests replace this to look at the dialog instead)."""
        self.last_dialog = dialog
        return int(dialog.exec())

    # --- closing ---------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        self._closed = True
        controller = self.__dict__.get("controller")
        if controller is not None:
            controller.shutdown()
        sound = self.__dict__.get("sound")
        if sound is not None:
            sound.shutdown()
        files = self.__dict__.get("files")
        if files is not None:
            files.flush()
        self.store.save_window_state(bytes(self.saveGeometry().data()))
        super().closeEvent(event)


def choosing_help(phase: Any, may_pass: bool = True) -> str:
    """How to make a move with the keys, for a player who pressed Enter with nothing chosen."""
    from ..engine import Phase

    if phase in (Phase.PLAY, Phase.DISCARD):
        what = "play" if phase is Phase.PLAY else "discard"
        return (
            f"Choose a card to {what}: click it, press its number, or move to it with the arrow keys and press Enter."
        )
    if phase is Phase.BIDDING_1:
        return "Choose with the buttons: click one, or press P to pass, O to order up, A to go alone."
    if phase is Phase.BIDDING_2:
        passing = ", or P to pass" if may_pass else ""
        return f"Choose with the buttons: click a suit, or press its first letter (C, D, H, S){passing}."
    return "Choose with the buttons: click one, or move to it with the arrow keys and press Enter."


__all__ = ["MainWindow", "app_icon"]
