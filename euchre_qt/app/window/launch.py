"""Launching the game: the application object, the window, and what closes them.

``euchre-qt`` (``__main__.py``) and the packaging smoke test (``smoke.py``) both start the
game here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ... import APP_ID

if TYPE_CHECKING:
    from PySide6.QtCore import QLockFile
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow

LOCK_NAME = "euchre-qt.lock"  # in the data folder, while a copy of the program has it open
ALREADY_OPEN = "Euchre is already open in another window."


def _stop_helper() -> None:
    """End the computer players' helper process, if one was started."""
    thinker = sys.modules.get("euchre_qt.app.thinking.thinker")
    if thinker is not None:
        thinker.shutdown()


def new_application() -> QApplication | None:
    """The application object; None, said why in a person's words on stderr, where no window
    can be opened (no display, Qt's window libraries missing): never Qt's abort (exit 134)."""
    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    from . import display_lost
    from .display import StartMessages, missing_display

    reason = missing_display()
    if reason is not None:
        print(reason, file=sys.stderr)
        return None
    messages = StartMessages()
    qInstallMessageHandler(messages)  # a window Qt cannot open: our words, not its abort
    app = QApplication([sys.argv[0]])
    display_lost.install(_stop_helper)  # a display that goes away: our words, not Qt's abort
    messages.release()
    return app


class AlreadyOpen(Exception):
    """Another copy of the program, still running, has the data folder."""


def lock_data_folder(folder: Path) -> QLockFile | None:
    """One copy of the program at a time per data folder (two would write over each other's
    statistics, saved game and game log): the lock, to hold until the program ends. Raises
    ``AlreadyOpen`` where a running copy holds it; None (the game starts without it) where
    the folder cannot be written, which the game copes with as it does without a lock.

    Qt's lock file names the process holding it: one left by a copy that crashed (its process
    gone, or its number now another program's) is taken over. So is one older than the stale
    time that no process locks any longer (a number from another machine, a file left
    unreadable): a running copy keeps its file locked (``flock``), however long it runs."""
    from PySide6.QtCore import QLockFile

    from ..storage import paths

    if not paths.ensure_dir(folder):
        return None
    path = folder / LOCK_NAME
    lock = QLockFile(str(path))
    lock.setStaleLockTime(30_000)  # Qt's default, said here: 0 would never take over a file left unreadable
    if lock.tryLock(0):
        return lock
    if lock.error() != QLockFile.LockError.LockFailedError:
        return None  # PermissionError, UnknownError: the folder cannot be written
    if not path.is_file():
        return None  # a folder by that name, say: no copy holds it, and Qt cannot take it over
    raise AlreadyOpen


def say_already_open() -> None:
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox()
    box.setIcon(QMessageBox.Icon.Information)
    box.setWindowTitle("Euchre")
    box.setText(ALREADY_OPEN)
    box.exec()


def run(
    *,
    file: str | None = None,
    new: bool = False,
    seed: int | None = None,
    demo_state: str | None = None,
    size: str | None = None,
) -> int:
    """Show the window and run the event loop until it closes; the exit code. Where another
    copy of the program has the data folder, says so and returns 0, having read nothing."""
    from PySide6.QtWidgets import QApplication

    from ..storage import paths
    from .main_window import MainWindow

    # Qt 6 scales by the screen's exact factor (rounding policy PassThrough) by default.
    # Everything up to the first frame avoids the ``Qt`` namespace: creating its Python
    # enums alone takes about as long as showing a bare window (benchmarks/ui_startup.py).
    existing = QApplication.instance()  # the smoke test's, made before
    app = existing if isinstance(existing, QApplication) else new_application()
    if app is None:
        from .display import EXIT_NO_WINDOW

        return EXIT_NO_WINDOW
    app.setApplicationName("euchre-qt")
    app.setApplicationDisplayName("Euchre")
    app.setOrganizationName("euchre-qt")
    app.setDesktopFileName(APP_ID)
    try:
        lock = lock_data_folder(paths.data_dir())  # before any of the program's files is read
    except AlreadyOpen:
        if file and _handed_over(paths.data_dir(), Path(file)):
            return 0  # the open window shows it
        say_already_open()
        return 0
    try:
        window = MainWindow(resume=not (new or seed is not None or demo_state), seed=seed)
        # (without the folder's lock another copy may be listening: files are not received then)
        listen = paths.data_dir() if lock is not None else None
        return _show(app, window, file, demo_state, size, listen)
    finally:
        if lock is not None:
            lock.unlock()  # (a copy that crashed leaves its file: the next start takes it over)


def _handed_over(folder: Path, file: Path) -> bool:
    """``hand_over``, where Qt's local sockets are there."""
    try:
        from .hand_over import hand_over
    except ImportError:
        return False
    return hand_over(folder, file)


def receive_files(window: MainWindow, folder: Path) -> None:
    """Game files handed over by a second start (``hand_over``) are shown in ``window``, once
    it is built (QtNetwork is loaded then, not before the first frame)."""

    def listen() -> None:
        from ..storage import problems
        from .handed_files import HandedFiles

        try:
            from .hand_over import FileReceiver
        except ImportError as exc:  # (a PySide6 without QtNetwork: files are not handed over)
            problems.record("game files cannot be handed to this window", exc, folder)
            return
        receiver = FileReceiver(folder, window)
        receiver.received.connect(HandedFiles(window, window.recorded.open_game_file).receive)
        receiver.listen()

    window.ready.connect(listen)


def _show(
    app: QApplication,
    window: MainWindow,
    file: str | None,
    demo_state: str | None,
    size: str | None,
    listen: Path | None = None,
) -> int:
    """Run ``window`` until it closes; the exit code. Game files handed over by a second
    start for the data folder ``listen`` are shown in it."""
    from . import display_lost

    app.aboutToQuit.connect(_stop_helper)
    display_lost.watching(window.game_saved, window.finish_writing)
    if listen is not None:
        receive_files(window, listen)
    if size:
        w, _, h = size.partition("x")
        window.resize(int(w), int(h))
    window.show()

    def close_on_signals() -> None:  # once built: its imports (socket) would delay the first frame
        from .signals import SignalCloser

        SignalCloser(window)  # Ctrl+C or SIGTERM: close as the close button does, game saved

    window.ready.connect(close_on_signals)
    window.ready.connect(lambda: app.setWindowIcon(window.windowIcon()))  # (the window's is set after its first frame)
    if file:
        shown = Path(file)
        window.ready.connect(lambda: window.recorded.open_game_file(shown))
    if demo_state:
        from .demo import show_when_ready

        show_when_ready(window, demo_state)
    return int(app.exec())
