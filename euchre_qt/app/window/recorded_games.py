"""Recorded games in the main window: a Euchre Game Notation (EGN) file opened (from the
Game menu or dropped on the window) is shown on the table a move at a time while the game
in progress waits; the game is saved as EGN off the GUI thread, all or nothing (a failed
save leaves a file already there as it was), and only said to be saved once it is."""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ...engine import Game
from ..storage import problems
from ..storage.paths import write_atomically
from .title import APP_TITLE

if TYPE_CHECKING:
    from PySide6.QtCore import QMimeData
    from PySide6.QtWidgets import QVBoxLayout

    from ...notation.replay import Replay
    from ..recorded.viewer import GameViewer, RecordLoader, ViewerBar
    from .context import WindowContext


class RecordedGames(QObject):
    """Opening, showing and saving recorded games in the ``window``: a record is shown on
    the ``scene`` (the ``controller``'s game paused), its bar below the table in ``box``;
    a game is saved by the game files' writer. The menus are set for what is shown."""

    egn_saved = Signal(str)  # the file's name, once a game is written there (sent from the writer's thread)

    def __init__(self, context: WindowContext, *, box: QVBoxLayout) -> None:
        super().__init__(context.window)
        self._context = context
        self._box = box
        self.viewer: GameViewer | None = None  # a recorded game on the table, the game paused
        self.viewer_actions: list[QAction] = []
        self._viewer_bar: ViewerBar | None = None
        self._loader: RecordLoader | None = None
        self._make_viewer_actions()
        self.egn_saved.connect(self._egn_saved)

    def _make_viewer_actions(self) -> None:
        """The viewer's keys, live only while a record is on the table."""

        def on_viewer(act: Callable[[GameViewer], None]) -> Callable[[], None]:
            def run() -> None:
                if self.viewer is not None:
                    act(self.viewer)

            return run

        steps: list[tuple[str, list[str], Callable[[], None]]] = [
            ("Next Move", ["Right"], on_viewer(lambda v: v.step(+1))),
            ("Previous Move", ["Left"], on_viewer(lambda v: v.step(-1))),
            ("Next Deal", ["PgDown", "Down"], on_viewer(lambda v: v.deal(+1))),
            ("Previous Deal", ["PgUp", "Up"], on_viewer(lambda v: v.deal(-1))),
            ("First Move", ["Home"], on_viewer(lambda v: v.go(0))),
            ("Last Move", ["End"], on_viewer(lambda v: v.go(len(v.positions) - 1))),
            ("Close Viewer", ["Escape"], self.close_viewer),
        ]
        for text, keys, slot in steps:
            action = QAction(text, self._context.window)
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.setEnabled(False)
            action.triggered.connect(slot)
            self._context.window.addAction(action)  # no menu: the keys work on the window
            self.viewer_actions.append(action)

    def _enable_keys(self) -> None:
        for action in self.viewer_actions:
            action.setEnabled(self.viewer is not None)

    @Slot()
    def choose_game_file(self) -> None:
        with self._context.controller.paused():  # nobody plays on behind the file dialog
            path, _ = QFileDialog.getOpenFileName(
                self._context.window, "Open Game", str(Path.home()), "Euchre Game Notation (*.egn);;All files (*)"
            )
        if path:
            self.open_game_file(Path(path))

    def open_game_file(self, path: Path) -> None:
        """Read and replay ``path`` in a thread; it is shown when ready (``_game_opened``)."""
        from ..recorded.viewer import RecordLoader

        if self._loader is None:
            self._loader = RecordLoader(self)
            self._loader.opened.connect(self._game_opened)
        self._context.notices.show_status(f"Opening {path.name}…")
        self._loader.load(path)

    @Slot(object, object)
    def _game_opened(self, path: Path, result: Replay | str) -> None:
        from ..recorded.viewer import GameViewer, ViewerBar

        if isinstance(result, str):
            self._context.notices.notify("warning", f"{path.name} cannot be shown: {result}")
            return
        if self._viewer_bar is None:
            self._viewer_bar = ViewerBar()
            self._viewer_bar.closed.connect(self.close_viewer)
            self._box.addWidget(self._viewer_bar)
        if self.viewer is None:
            self._context.controller.pause()
        self.viewer = GameViewer(result, result.record.title or path.stem, self)
        self._enable_keys()
        self.viewer.changed.connect(self.show_viewer)
        self._viewer_bar.attach(self.viewer)
        self._viewer_bar.show()
        self.show_viewer()
        record = result.record
        said = f"Showing {self.viewer.title}: {len(self.viewer.shown.game.records)} deals replayed."
        if result.problem:
            said += f" The record stops at a move the rules do not allow: {result.problem}"
        if result.warning:
            said += f" {result.warning}"
        if record.left_out:
            said += f" Not shown: {', '.join(record.left_out)}."
        self._context.notices.notify("warning" if result.problem or result.warning else "info", said)

    @Slot()
    def show_viewer(self) -> None:
        viewer = self.viewer
        if viewer is None:
            return
        self._context.scene.show_state(viewer.table_state(self._context.store.settings.sort_by_trump))
        self._context.update_actions()
        self._context.view.setAccessibleDescription(self._context.scene.describe())
        self._context.window.setWindowTitle(f"{viewer.title} — {APP_TITLE}")
        self._context.notices.say(viewer.caption())  # a screen reader hears each step as it is taken
        self._context.notices.say(viewer.notes())

    @Slot()
    def close_viewer(self) -> None:
        if self.viewer is None:
            return
        self.viewer = None
        self._enable_keys()
        if self._viewer_bar is not None:
            self._viewer_bar.hide()
        self._context.window.setWindowTitle(APP_TITLE)
        self._context.update_actions()
        self._context.controller.resume()
        self._context.view.setFocus()

    @Slot()
    def save_game_as_egn(self) -> None:
        game = self._context.controller.game
        if game is not None:
            self.ask_and_save_egn(game)

    def ask_and_save_egn(self, game: Game) -> None:
        """Ask where, then save ``game`` (the one on the table, or a finished one) as EGN.

        The name given gets ".egn" if it has not; the file dialog cannot know that, so the
        question before replacing a file is asked here, of the file that will be written."""
        start = Path.home() / "euchre-game.egn"
        with self._context.controller.paused():
            while True:
                chosen, _ = QFileDialog.getSaveFileName(
                    self._context.window,
                    "Save Game as EGN",
                    str(start),
                    "Euchre Game Notation (*.egn)",
                    options=QFileDialog.Option.DontConfirmOverwrite,
                )
                if not chosen:
                    return
                path = egn_path(chosen)
                try:
                    folder, there = path.is_dir(), path.exists()
                except OSError:  # a name past the system's limit (90 Chinese characters, say)
                    said = f"{path.name[:40]}… is too long a name: choose a shorter one."
                    self._context.notices.notify("warning", said)
                    return
                if folder:
                    self._context.notices.notify("warning", f"{path.name} is a folder: choose another name.")
                elif not there or self.confirm_replace(path).exec() == QMessageBox.StandardButton.Yes:
                    break
                start = path
        self.write_egn(game, path)

    def confirm_replace(self, path: Path) -> QMessageBox:
        """The question asked before a file is replaced by the game (No is the default)."""
        question = QMessageBox(
            QMessageBox.Icon.Question,
            "Save Game as EGN",
            f"{path.name} already exists. Replace it?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self._context.window,
        )
        question.setInformativeText("What is in it now will be lost.")
        question.setDefaultButton(QMessageBox.StandardButton.No)
        question.setEscapeButton(QMessageBox.StandardButton.No)
        return question

    def write_egn(self, game: Game, path: Path) -> None:
        """Write ``game`` as EGN off the GUI thread (the game is copied first: play goes on).

        All or nothing: the text goes to a new file beside ``path`` that then takes its place,
        so a full disk leaves a file already there as it was. "Saved" is said once it is
        (``egn_saved``); a failure is said by the writer, in words."""
        from ...notation import EgnError, egn

        copy = Game.from_dict(game.to_dict())
        names = tuple(self._context.store.settings.name(i) for i in range(4))
        saved = self.egn_saved

        def job() -> str | None:
            existed = path.exists()
            try:
                text = egn.dumps(copy, names, title="A game of euchre-qt")
            except EgnError as exc:
                return f"The game cannot be saved as EGN: {exc} {kept(path.name, existed)}"
            try:
                write_atomically(path, text + "\n")
            except (OSError, ValueError) as exc:  # (ValueError: text the disk's encoding cannot hold)
                problems.record(f"saving {path} failed", exc)
                return not_saved(path.name, exc, existed)
            saved.emit(path.name)
            return None

        self._context.files.writer.submit(job)

    @Slot(str)
    def _egn_saved(self, name: str) -> None:
        self._context.notices.show_status(f"Saved the game as {name}", 6000)


def egn_path(chosen: str) -> Path:
    """The file a name given in the save dialog stands for: ".egn" added if it has not."""
    return Path(chosen if chosen.lower().endswith(".egn") else chosen + ".egn")


def not_saved(name: str, exc: BaseException, existed: bool) -> str:
    """Why the game could not be saved as ``name``, in words, and what became of the file there."""
    number = exc.errno if isinstance(exc, OSError) else None
    if number in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG):
        why = ": there is not enough room on the disk"
    elif number in (errno.EACCES, errno.EPERM, errno.EROFS):
        why = ": that folder cannot be written to"
    elif number == errno.ENAMETOOLONG:
        why = ": the name is too long"
    else:
        why = ""
    return f"The game could not be saved as {name}{why}. {kept(name, existed)}"


def kept(name: str, existed: bool) -> str:
    """What became of the file called ``name`` when the game was not saved there: nothing."""
    return f"The {name} that was there is unchanged." if existed else "Nothing was written."


def egn_files(dropped: QMimeData) -> list[Path]:
    """The EGN files among those dropped on the window."""
    return [Path(u.toLocalFile()) for u in dropped.urls() if u.toLocalFile().lower().endswith(".egn")]
