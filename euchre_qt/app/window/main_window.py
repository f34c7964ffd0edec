"""The main window: the card table, and around it the menus, the messages and the
game's files. It owns no rules. It is made of objects that own their state, each handed
what it needs when it is built: the menus (``menus.py``), what is said to the player
(``notices.py``), the card deck (``card_deck.py``), the game's files (``game_files.py``),
the dialogs (``dialogs.py``), recorded games (``recorded_games.py``), the game kept
(``game_keeping.py``), the Game menu's moves (``game_actions.py``), the settings applied
(``settings_applied.py``), network play (``network_play.py``) and the table's clicks and
keys (``table_input.py``). The parts after the game's files are handed what they share,
one ``WindowContext`` (``context.py``), and by keyword the other parts they use. The window
itself shows what the controller tells.

Start-up comes in two parts. The constructor makes only what the first frame shows:
the window at its saved size, the menu bar's titles and the felt (a plain widget in the
saved colour, read straight from the settings file). Once that frame is painted, the rest
is built in short steps from the event loop (``build_steps.py``): the settings, the status
line and the table's view (in place of the plain felt), the card deck, the engine and the
controller, the table, the game's files and sound, the parts, the menus; then the game
starts. No step holds the GUI thread for long (benchmarks/ui_startup.py measures both).

A part is there once its step has run (``is_built``: all of them). Code that drives the
window at once, before the event loop has built it (tests, tools), calls ``build()``;
only the game's start stays queued.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QMainWindow

from ..storage import settings_file
from ..table.plain_felt import PlainFelt
from . import build_steps
from .menus import Menus
from .title import APP_TITLE

# Only what the first frame needs is imported above: importing a Qt class makes its Python
# enums (QIcon, QByteArray and the box layout: about 3 ms), and the settings' declarations
# cost tens of milliseconds. The parts are imported in the steps that make them.
if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QIcon

    from ..accessibility.narration import Narrator
    from ..cardart.artsource import Art
    from ..coach.coach import Coach
    from ..coach.panel import CoachPanel
    from ..play.controller import Controller
    from ..storage.settings import Settings, SettingsStore
    from ..table.scene import TableScene
    from ..table.sound import Sound
    from ..table.state import Shown
    from ..table.view import TableView
    from .card_deck import CardDeck
    from .dialogs import Dialogs
    from .game_actions import GameActions
    from .game_files import GameFiles
    from .game_keeping import GameKeeping
    from .network_play import NetworkPlay
    from .notices import Notices
    from .recorded_games import RecordedGames
    from .settings_applied import SettingsApplied
    from .table_input import TableInput

__all__ = ["APP_TITLE", "MainWindow", "app_icon"]

_BACK_ICONS_AFTER_MS = 2500  # the menu's previews are drawn this long after the window is built
FINISH_WRITING_S = 2.0  # a program ending at once waits this long for its queued writes


def app_icon() -> QIcon:
    from PySide6.QtGui import QIcon

    from ..common.resources import resource_path

    return QIcon(str(resource_path("icons", "euchre-qt.svg")))


class MainWindow(QMainWindow):
    ready = Signal()  # everything is built; the game starts from the event loop right after

    # the parts, each there once its start-up step has run
    notices: Notices
    view: TableView
    deck: CardDeck
    controller: Controller
    scene: TableScene
    files: GameFiles
    sound: Sound
    recorded: RecordedGames
    dialogs: Dialogs
    kept: GameKeeping
    game_actions: GameActions
    table_input: TableInput
    netplay: NetworkPlay
    settings_applied: SettingsApplied
    narrator: Narrator
    coach: Coach

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
        self.setAcceptDrops(True)  # an .egn file dropped on the window opens in the viewer
        self._on_close: list[Callable[[], object]] = []  # what the parts built so far do when the window closes

        self.felt: PlainFelt | None = PlainFelt(backdrop)  # the first frame's table, until the view replaces it
        self.setCentralWidget(self.felt)
        self.menus = Menus(self)  # the titles now, the actions after the first frame
        self._default_size()
        if geometry:
            self.restoreGeometry(geometry)
        steps = [
            self._open_settings,
            self._make_status_line,
            self._make_view,
            self._set_icon,
            self._load_deck,
            self._draw_cards,
            build_steps.load_session,
            build_steps.load_controller,
            self._make_controller,
            build_steps.load_table,
            self._make_table,
            self._show_table,
            self._warm_table_text,
            self._open_game_files,
            self._make_parts,
            self._make_game_menu,
            self._make_options_menu,
            self._make_help_menu,
            self._connect_controller,
        ]
        self._steps = build_steps.StepRunner(steps, built=self.ready.emit, then=self._start, parent=self)
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

    def _open_settings(self) -> None:
        self.store  # noqa: B018  (read from the file now, in a step of its own)

    def _make_status_line(self) -> None:
        # (making a status bar takes a few milliseconds: not in the first frame)
        status = self.statusBar()
        status.show()  # now, not from the event loop: the table's size below counts it
        status.showMessage("Welcome to Euchre", 5000)  # a greeting, gone as "New game." goes
        from ..accessibility import screen_reader

        screen_reader.install()  # before the view exists: screen readers ask for it at once

    def _make_view(self) -> None:
        """The table's view in place of the first frame's plain felt (it paints the same felt
        until the table is attached), with the strip for messages above it."""
        from PySide6.QtWidgets import QVBoxLayout, QWidget

        from ..table.view import TableView
        from .notices import Notices

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
        self.notices = Notices(self.statusBar(), self._box)
        for text in self.store.take_warnings():  # a damaged or unwritable settings file
            self.notices.warn(text)

    def _set_icon(self) -> None:
        # after the first frame: reading the SVG icon loads Qt's SVG icon engine
        self.setWindowIcon(app_icon())

    def _load_deck(self) -> None:
        from .card_deck import CardDeck

        self.deck = CardDeck(self.store, self.notices, data_folder=self._data_folder, given=self._given_art)

    def _draw_cards(self) -> None:
        self.deck.prerender(self.view)

    def _make_controller(self) -> None:
        from ..play.controller import Controller

        self.controller = Controller(self.store, self)
        self._on_close.append(self.controller.shutdown)

    def _make_table(self) -> None:
        from ..table.scene import TableScene

        self.scene = TableScene(self.deck.art, self)
        s = self.store.settings
        self.scene.set_appearance(s.back, s.four_colour, s.backdrop, s.speed)

    def _show_table(self) -> None:
        self.view.attach(self.scene)
        self.scene.new_game_requested.connect(self.new_game)
        self.view.setFocus()

    def _warm_table_text(self) -> None:
        self.scene.warm_up_text()

    def _open_game_files(self) -> None:
        from ..table.sound import Sound
        from .game_files import GameFiles

        self.files = GameFiles(self._data_folder, self.notices, self)
        self.sound = Sound()
        self._on_close += [self.sound.shutdown, self.files.writer.flush]

    def _make_parts(self) -> None:
        """The parts that do what the menus and the table ask: each is handed what the window's
        parts share (``WindowContext``) and, by name, the other parts it uses; what a part asks
        of one made after it goes by a signal, connected here."""
        from ..coach.coach import Coach
        from .context import WindowContext
        from .dialogs import Dialogs
        from .game_actions import GameActions
        from .game_keeping import GameKeeping
        from .network_play import NetworkPlay
        from .recorded_games import RecordedGames
        from .settings_applied import SettingsApplied
        from .table_input import TableInput

        context = WindowContext(
            window=self,
            controller=self.controller,
            store=self.store,
            notices=self.notices,
            scene=self.scene,
            view=self.view,
            deck=self.deck,
            files=self.files,
            sound=self.sound,
            redraw=self.redraw_table,
            update_actions=self.update_actions,
        )
        self.settings_applied = SettingsApplied(context, shown=self._settings_shown)
        self.recorded = RecordedGames(context, box=self._box)
        self.coach = Coach(
            self.controller, settings=self.store, table=self.view, make_panel=self._coach_panel, say=self.notices.say
        )
        self.dialogs = Dialogs(
            context, recorded=self.recorded, settings_applied=self.settings_applied, graded=self.coach.graded_now
        )
        self.kept = GameKeeping(
            context, dialogs=self.dialogs, resume=self._resume, seed=self._seed, new_game=self.new_game
        )
        self.dialogs.play_again_requested.connect(self.kept.play_again)
        self.dialogs.drill_play_requested.connect(self.kept.play_drill)
        self.table_input = TableInput(context, recorded=self.recorded)
        self.game_actions = GameActions(context, kept=self.kept)
        self.coach.take_back_requested.connect(self.game_actions.undo_move)
        self.coach.review_requested.connect(self.dialogs.show_review)
        self.netplay = NetworkPlay(
            context,
            dialogs=self.dialogs,
            recorded=self.recorded,
            kept=self.kept,
            settings_applied=self.settings_applied,
        )
        self._on_close.append(self.coach.stop)

    def _coach_panel(self) -> CoachPanel:
        """The coach's panel beside the table, made when it first has something to say."""
        from ..coach.panel import CoachPanel

        return CoachPanel(self)

    def _settings_shown(self, settings: Settings, deck_changed: bool) -> None:
        self.menus.show_settings(settings, deck_changed)
        self.coach.settings_changed()

    def _make_game_menu(self) -> None:
        self.menus.make_game_menu(
            table=self.view,
            new_game=self.new_game,
            recorded=self.recorded,
            network=self.netplay,
            actions=self.game_actions,
            dialogs=self.dialogs,
        )

    def _make_options_menu(self) -> None:
        self.menus.make_options_menu(
            actions=self.game_actions, dialogs=self.dialogs, settings_applied=self.settings_applied, deck=self.deck
        )

    def _make_help_menu(self) -> None:
        self.menus.make_help_menu(self.dialogs)

    def _connect_controller(self) -> None:
        from ..accessibility.announcer import announcer_for
        from ..accessibility.narration import Narrator

        c = self.controller
        c.changed.connect(self.redraw_table)
        c.presenter.as_shown(self._show, animates=True)  # the table's beats, paced: the scene moves the cards
        c.presenter.as_shown(self.sound.on_shown)
        self.scene.presented.connect(c.presented)
        c.message.connect(self.notices.notify)
        c.game_finished.connect(self.kept.game_finished)
        c.hint_ready.connect(self.game_actions.hint_ready)
        c.person_moved.connect(self.coach.person_moved)
        c.game_finished.connect(self.coach.game_finished)
        c.presenter.at_once(self.coach.on_event)
        # screen-reader announcements: connected after the table, so they follow its redraws
        announcer = announcer_for(self.view, self.store.settings.spoken_as)
        self.notices.attach(c, self.scene, self.sound, announcer)
        self.narrator = Narrator(c, self.scene, announcer)
        self.scene.keyboard.fact_requested.connect(self.narrator.speak_fact)
        c.presenter.at_once(self.kept.keep)  # (after the narrator: what happened is said first)
        self.settings_applied.apply(self.store.settings)
        warning = self.files.stats.take_warning()
        if warning:
            self.notices.warn(warning)
        # the Card Back menu's previews: drawn in the art's worker once the first deal is on
        # the table (a worker drawing holds Python's lock, and the deal would stutter), set
        # when they are ready; the menu draws what is missing if it opens first
        self.menus.back_previews.start_later(_BACK_ICONS_AFTER_MS)

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

    @Slot()
    def _start(self) -> None:
        if not self._closed:
            self.kept.start()

    def game_in_progress(self) -> bool:
        """A game someone has moved in, and not finished: New Game asks before leaving it."""
        game = self.controller.game if self.is_built else None
        return game is not None and not game.is_over and bool(game.actions)

    @Slot()
    def new_game(self) -> None:
        if self.netplay.at_network_table:
            network = self.netplay.network
            if network is not None and network.game_over:
                self.netplay.next_network_game()
            else:
                self.notices.notify("info", "You are at a network table: Game > Leave Table first to play here.")
            return
        self.recorded.close_viewer()
        self.kept.end_practice()
        game = self.controller.game
        if game is not None and self.game_in_progress():
            if not self.dialogs.confirm_new_game():
                return
            self.files.stats.record_abandoned(game)
        self.controller.new_game()
        self.notices.show_status("New game. " + self.store.settings.rules.describe().capitalize() + ".", 5000)

    # --- table wiring --------------------------------------------------------------------

    @Slot()
    def redraw_table(self) -> None:
        """Draw the table as the game stands now (or the recorded game being viewed), with the
        menus, the table's description for a screen reader and the window's title (the score) to match."""
        if self.recorded.viewer is not None:
            self.recorded.show_viewer()
            return
        state = self.controller.table_state()
        if state is not None:
            self.scene.show_state(state)
            self.update_actions()
            self._announce()
            self.notices.withdraw_stale()
            us, them = state.scores
            # ending with the program's name: the window system then adds it no second time;
            # with a screen reader on, the title stays: a reader says a window's new title
            # after every hand, and the score is announced with each hand's end already
            score = "" if QAccessible.isActive() else f"us {us}, them {them} — "
            self.setWindowTitle(score + APP_TITLE)

    def _show(self, shown: Shown) -> None:
        """A beat of the table that moves cards (the others are drawn with ``changed``)."""
        if shown.token is None or self.recorded.viewer is not None:  # (the viewer paused the game)
            return
        self.scene.show_state(shown.state, shown.motion, shown.token)
        self.update_actions()

    def update_actions(self) -> None:
        """The menus' actions enabled for what is on the table now."""
        self.menus.enable(
            self.controller,
            viewing=self.recorded.viewer is not None,
            at_network_table=self.netplay.at_network_table,
            has_last_trick=self.dialogs.last_trick() is not None,
        )

    def _announce(self) -> None:
        text = self.scene.describe()
        if text != self.view.accessibleDescription():  # a reader is told of each change: only real ones
            self.view.setAccessibleDescription(text)

    # --- a recorded game dropped on the window ------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        from .recorded_games import egn_files

        if egn_files(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        from .recorded_games import egn_files

        files = egn_files(event.mimeData())
        if files and self.is_built:
            event.acceptProposedAction()
            self.recorded.open_game_file(files[0])

    # --- closing ---------------------------------------------------------------------------

    def game_saved(self) -> bool | None:
        """Whether the game here is saved as it stands (after every move; ``Autosave``), for a
        program that must end at once (``display_lost``); None where that is not the question
        (nothing built yet, a network table: its game is the server's)."""
        if not self.is_built or self.netplay.at_network_table:
            return None
        return self.files.autosave.error is None

    def finish_writing(self) -> None:
        """Write what is queued for the game's files (the statistics, the game log), waiting
        ``FINISH_WRITING_S`` at most: for a program that must end at once (``display_lost``)."""
        if self.is_built:
            self.files.writer.flush(FINISH_WRITING_S)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._closed = True
        self._steps.stop()
        if self.is_built:
            self.netplay.hang_up()  # the seat waits: you may come back
        for close in self._on_close:
            close()
        self.store.save_window_state(bytes(self.saveGeometry().data()))
        super().closeEvent(event)
