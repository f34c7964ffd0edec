"""The main window: the card table, and around it the menus, the messages and the
game's files. It owns no rules. Its parts live beside it: the menus (``menus.py``), the
dialogs it opens (``dialogs.py``), recorded games (``recorded_games.py``) and start-up
(``startup.py``).

Start-up comes in two parts. The constructor makes only what the first frame shows:
the window at its saved size, the menu bar's titles and the felt (a plain widget in the
saved colour, read straight from the settings file). Once that frame is painted, the rest
is built in short steps from the event loop: the settings, the status line and the
table's view (in place of the plain felt), the engine and the table, the card art, the
menus, the game files and the controller; then the game starts. No step holds the GUI
thread for long (benchmarks/ui_startup.py measures both).

A part is there once its step has run (``is_built``: all of them). Code that drives the
window at once, before the event loop has built it (tests, tools), calls ``build()``;
only the game's start stays queued.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QMainWindow

from ..netplay.part import NetworkPlay
from ..recorded.games import RecordedGames
from ..storage import settings_file
from ..table.plain_felt import PlainFelt
from . import startup
from .dialogs import Dialogs
from .game_actions import GameActions
from .game_keeping import GameKeeping
from .menus import MenuBar
from .settings_applied import SettingsApplied
from .window_part import APP_TITLE

# Only what the first frame needs is imported above: importing a Qt class makes its Python
# enums (QIcon, QByteArray and the box layout: about 3 ms), and the settings' declarations
# cost tens of milliseconds.
if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent, QIcon

    from ...engine import Action, Card
    from ..accessibility.announcer import Announcer
    from ..cardart.artsource import Art
    from ..storage.settings import SettingsStore
    from ..table.state import Event
    from .messagebar import MessageBar

__all__ = ["APP_TITLE", "MainWindow", "app_icon"]

_BACK_ICONS_AFTER_MS = 2500  # the menu's previews are drawn this long after the window is built


def app_icon() -> QIcon:
    from PySide6.QtGui import QIcon

    from ..storage.resources import resource_path

    return QIcon(str(resource_path("icons", "euchre-qt.svg")))


class MainWindow(MenuBar, Dialogs, RecordedGames, GameKeeping, GameActions, SettingsApplied, NetworkPlay, QMainWindow):
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
        self.setWindowTitle(APP_TITLE)
        self._store = store  # (else loaded right after the first frame: ``store``)
        if store is not None:
            backdrop, geometry = store.settings.backdrop, store.window_state()
        else:
            backdrop, geometry = settings_file.first_look()
        self._data_folder = Path(data_folder) if data_folder is not None else None
        self._given_art = art
        self._resume, self._seed = resume, seed
        self._closed = False
        self.messages: list[tuple[str, str]] = []  # (kind, text): everything said to the player
        self.viewer = None
        self.practice = None
        self.viewer_actions = []
        self._viewer_bar = None
        self._loader = None
        self.setAcceptDrops(True)  # an .egn file dropped on the window opens in the viewer
        self._welcome = None
        self._hint_status: str | None = None  # the hint (or its wait) shown in the status bar
        self._refusal: tuple[str, int] | None = None  # why a move was refused, and the moves made then
        self._warned: set[str] = set()
        self._message_bar: MessageBar | None = None
        self.announcer: Announcer | None = None  # made with the table: what is said before is only shown
        self._on_close: list[Callable[[], object]] = []  # what the parts built so far do when the window closes

        self.felt: PlainFelt | None = PlainFelt(backdrop)  # the first frame's table, until the view replaces it
        self.setCentralWidget(self.felt)
        self._make_menu_titles()
        self._default_size()
        if geometry:
            self.restoreGeometry(geometry)
        steps = [
            self._open_settings,
            self._make_status_line,
            startup.load_view,
            self._make_view,
            self._set_icon,
            startup.load_card_art,
            self._load_art,
            self._draw_cards,
            startup.load_engine,
            startup.load_hand,
            startup.load_players,
            startup.load_session_events,
            startup.load_session,
            startup.load_controller,
            self._make_controller,
            startup.load_qt_names,
            startup.load_table_state,
            startup.load_table_items,
            startup.load_table,
            self._make_table,
            self._show_table,
            self._warm_table_text,
            self._make_game_menu,
            self._make_options_menu,
            self._make_help_menu,
            startup.load_game_files,
            self._connect_controller,
        ]
        self._steps = startup.StepRunner(steps, built=self.ready.emit, then=self._start, parent=self)
        self.felt.painted.connect(self._steps.begin)

    # --- building, after the first frame -------------------------------------------------

    def build(self) -> None:
        """Build every part not built yet, now (the game still starts from the event loop)."""
        self._steps.finish()

    @property
    def is_built(self) -> bool:
        return self._steps.done

    @property
    def store(self) -> SettingsStore:
        """The settings, read from their file after the first frame (or when first needed)."""
        if self._store is None:
            from ..storage.settings import SettingsStore

            self._store = SettingsStore()
        return self._store

    @property
    def message_bar(self) -> MessageBar:
        """The strip above the table for warnings: made when there is first something to say
        (its style sheet costs tens of milliseconds)."""
        if self._message_bar is None:
            from .messagebar import MessageBar

            self._message_bar = MessageBar()
            self._box.insertWidget(0, self._message_bar)
        return self._message_bar

    def _open_settings(self) -> None:
        self.store  # noqa: B018  (read from the file now, in a step of its own)

    def _make_status_line(self) -> None:
        # (making a status bar takes a few milliseconds: not in the first frame)
        status = self.statusBar()
        status.show()  # now, not from the event loop: the table's size below counts it
        status.showMessage("Welcome to Euchre")
        from ..accessibility import screen_reader

        screen_reader.install()  # before the view exists: screen readers ask for it at once

    def _make_view(self) -> None:
        """The table's view in place of the first frame's plain felt (it paints the same felt
        until the table is attached), with the strip for messages above it."""
        from PySide6.QtWidgets import QVBoxLayout, QWidget

        from ..table.view import TableView

        self.view = TableView(backdrop=self.store.settings.backdrop)
        self.view.setAcceptDrops(False)  # a dropped file goes to the window
        central = QWidget()
        self._box = QVBoxLayout(central)
        self._box.setContentsMargins(0, 0, 0, 0)
        self._box.setSpacing(0)
        self._box.addWidget(self.view, 1)
        self.setCentralWidget(central)  # the plain felt goes
        central.show()  # now, not from the event loop: what is asked of it next sees it shown
        self.felt = None
        layout = self.layout()
        if layout is not None:
            layout.activate()  # the view at its size now: the next steps draw the deck at it
        for text in self.store.take_warnings():  # a damaged or unwritable settings file
            self.warn(text)

    def _set_icon(self) -> None:
        # after the first frame: reading the SVG icon loads Qt's SVG icon engine
        self.setWindowIcon(app_icon())

    def _make_table(self) -> None:
        from ..table.scene import TableScene

        self.scene = TableScene(self.art, self)
        s = self.store.settings
        self.scene.set_appearance(s.back, s.four_colour, s.backdrop, s.speed)

    def _show_table(self) -> None:
        self.view.attach(self.scene)
        self.scene.card_clicked.connect(self._card_clicked)
        self.scene.action_chosen.connect(self._action_chosen)
        self.scene.continue_requested.connect(self._continue)
        self.scene.keyboard.enter_pressed.connect(self._enter)
        self.scene.new_game_requested.connect(self.new_game)
        self.scene.keyboard.focus_changed.connect(self._focus_changed)
        self.view.setFocus()

    def _make_narrator(self) -> None:
        """Screen-reader announcements: connected after the table, so they follow its redraws."""
        from ..accessibility.announcer import announcer_for
        from ..accessibility.narration import Narrator

        self.announcer = announcer_for(self.view, self.store.settings.spoken_as)
        self.narrator = Narrator(self.controller, self.scene, self.announcer)
        self.scene.keyboard.fact_requested.connect(self.narrator.speak_fact)

    def _warm_table_text(self) -> None:
        self.scene.warm_up_text()

    def _make_controller(self) -> None:
        from ..play.controller import Controller

        self.controller = Controller(lambda: self.store.settings, self)
        self._on_close.append(self.controller.shutdown)

    def _connect_controller(self) -> None:
        from ..table.sound import Sound

        self._open_game_files(self._data_folder)
        self.sound = Sound()
        self._on_close += [self.sound.shutdown, self.files.flush]
        self.controller.presenter_attached = True
        self.controller.changed.connect(self._redraw)
        self.controller.present.connect(self._present)
        self.scene.presented.connect(self.controller.presented)
        self.controller.message.connect(self.notify)
        self.controller.game_finished.connect(self._game_finished)
        self.controller.hint_ready.connect(self._hint_ready)
        self._make_narrator()
        self.controller.presenter.at_once(self._keep)  # (after the narrator: what happened is said first)
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

    # --- starting ----------------------------------------------------------------------

    def game_in_progress(self) -> bool:
        """A game someone has moved in, and not finished: New Game asks before leaving it."""
        game = self.controller.game if self.is_built else None
        return game is not None and not game.is_over and bool(game.actions)

    @Slot()
    def new_game(self) -> None:
        if self.at_network_table:
            if self.network is not None and self.network.game_over:
                self.next_network_game()
            else:
                self.notify("info", "You are at a network table: Game > Leave Table first to play here.")
            return
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
        remote = c.remote is not None  # a network table: no taking back, nobody plays your seat for you
        self.act_undo.setEnabled(not remote and game is not None and (bool(game.actions) or bool(game.records)))
        self.act_undo_move.setEnabled(not remote and game is not None and bool(game.actions))
        self.act_autoplay.setEnabled(not remote)
        self.act_leave_table.setEnabled(self.at_network_table)
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
        from ...session.wording import choosing_help

        self.notify("info", choosing_help(c.game.hand.phase, any(a.kind.name == "PASS" for a in legal)))

    @Slot(str)
    def _focus_changed(self, name: str) -> None:
        if name:
            self.statusBar().showMessage(name, 3000)
        from ..accessibility.table_access import announce_focus

        announce_focus(self.view)

    # --- messages ----------------------------------------------------------------------

    @Slot(str, str)
    def notify(self, kind: str, text: str) -> None:
        """Tell the player something: never a modal dialog."""
        self.messages.append((kind, text))
        self.statusBar().showMessage(text, 6000)
        self.say(text, assertive=kind == "illegal")
        if kind == "illegal":
            game = self.controller.game
            self._refusal = (text, len(game.actions)) if game is not None else None
            self.scene.show_toast(text, "illegal")
            self.sound.warn()
        elif kind == "info":
            self.scene.show_toast(text)
        else:
            self.message_bar.show_message(text)

    def say(self, text: str, assertive: bool = False) -> None:
        """To a screen reader, once the table is built (see ``announcer``)."""
        if self.announcer is not None:
            self.announcer.say(text, assertive)

    @Slot(str)
    def warn(self, text: str) -> None:
        if text in self._warned:
            return
        self._warned.add(text)
        self.notify("warning", text)

    # --- game events -----------------------------------------------------------------------

    def _withdraw_stale_messages(self) -> None:
        """Take back what is no longer true: the welcome's score once it changed, a hint
        (or "Deciding for you…") once the move is made, why a move was refused once one was made."""
        game = self.controller.game
        refusal = self._refusal
        if refusal is not None and (game is None or len(game.actions) != refusal[1]):
            self._refusal = None
            if self.statusBar().currentMessage() == refusal[0]:
                self.statusBar().clearMessage()
            self.scene.withdraw_toast("illegal")
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

    # --- closing ---------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        self._closed = True
        self._steps.stop()
        if self.network is not None or self.hosted is not None:
            self._set_aside = None  # (the game here is saved as it was when the table was joined)
            self.hang_up()  # the seat waits: you may come back
        for close in self._on_close:
            close()
        self.store.save_window_state(bytes(self.saveGeometry().data()))
        super().closeEvent(event)
