"""A packaging smoke test: ``python -m euchre_qt.smoke`` (the bundle: ``euchre-qt --smoke-test``).

Runs the real program (``euchre_qt.__main__.main`` with ``--new``) and, once its window
is up, checks it from inside: the app icon loads from the shipped resources, a card
renders with the project's own art, the Advanced player answers from its helper process,
the window draws, and with Auto Play on the computer players make a few moves. Then it
closes the window, prints what it found and exits 0, or 1 with the reason. It never
touches the user's settings, statistics or saved game: unless ``EUCHRE_QT_CONFIG_DIR``
and ``EUCHRE_QT_DATA_DIR`` are set, it works in a temporary folder that it removes.

Used by ``tests/packaging`` on an installed wheel and by ``packaging/build.py`` (and so
``.ci/run``) on the PyInstaller bundle, with ``QT_QPA_PLATFORM=offscreen``; under a real
display it shows the window for a second or two.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Any

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QElapsedTimer, QSize, Qt, QTimer
from PySide6.QtGui import QIcon, QImageReader
from PySide6.QtWidgets import QApplication

import euchre_qt

from . import APP_ID
from .app.cardart.renderer import CardArt
from .app.common.resources import resource_path
from .app.play.presenter import ends_a_move
from .app.thinking import thinker
from .app.window.display import EXIT_NO_WINDOW
from .app.window.launch import new_application, run
from .app.window.main_window import MainWindow
from .engine import Game
from .engine.cards import Card

SEARCH_CORE = "euchre_qt.engine.ai._search"  # the compiled core: the helper processes load it, never the window
MOVES = 3  # the window runs until the computer players made this many moves ...
DEADLINE_MS = 30_000  # ... or this long has passed (a failure)


class _Checks:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.failures: list[str] = []
        self.moves = 0
        self.window: Any = None

    def check(self, ok: object, what: str) -> None:
        print(f"smoke: {'ok  ' if ok else 'FAIL'} {what}", flush=True)
        if not ok:
            self.failures.append(what)

    def start(self) -> None:
        """Runs in the program's event loop, once its window is shown."""
        try:
            self._static_checks()
            self._play()
        except Exception as exc:
            self._crashed(exc)

    def _hand_over(self) -> None:
        """A game file opened beside the running copy reaches its window (QtNetwork's local
        socket: a bundle that left QtNetwork out would only say the game is already open)."""
        try:
            from .app.window.hand_over import FileReceiver
        except ImportError as exc:
            self.check(False, f"the hand-over of game files loads ({exc})")
            return
        folder = Path(tempfile.mkdtemp(prefix="euchre-qt-smoke-"))
        receiver = FileReceiver(folder)
        self.check(receiver.listen(), "a game file opened beside the running copy can be handed over (a local socket)")
        receiver.deleteLater()

    def _static_checks(self) -> None:
        app = self.app
        print(f"smoke: euchre-qt {euchre_qt.__version__}, PySide6 {pyside_version}, Python {sys.version.split()[0]}, "
              f"platform {app.platformName()}", flush=True)  # fmt: skip
        package = Path(euchre_qt.__file__).resolve().parent
        print(f"smoke: package {package}", flush=True)
        desktop = app.desktopFileName()
        note = "" if desktop == APP_ID else f" (note: the packages install {APP_ID}.desktop)"
        print(f"smoke: desktop file name {desktop!r}{note}", flush=True)

        icon_file = resource_path("icons", "euchre-qt.svg").resolve()
        if (package.parent / "pyproject.toml").is_file():  # a source checkout keeps resources/ beside the package
            print("smoke: run from a source checkout (an installed wheel or bundle carries resources inside)")
            self.check(icon_file.is_file(), f"icon {icon_file} is there")
        else:
            inside = icon_file.is_file() and icon_file.is_relative_to(package)
            self.check(inside, f"icon {icon_file} is inside the package")
        icon = QIcon(str(icon_file))
        self.check(not icon.pixmap(QSize(64, 64)).isNull(), "the SVG icon renders (Qt's SVG icon engine is there)")

        formats = {bytes(f.data()) for f in QImageReader.supportedImageFormats()}
        self.check(b"svg" in formats, "Qt's SVG image plugin is there (the art's worker draws the deck with it)")
        art = CardArt()
        card = art.pixmap(Card.parse("JH"), 120)
        self.check(not card.isNull() and card.width() >= 120, f"card JH renders ({card.width()}x{card.height()})")
        image = card.toImage()
        self.check(image.pixelColor(image.width() // 2, image.height() // 2).alpha() > 0, "the card is painted")
        art.shutdown()
        self._hand_over()

        self._helper_process()

        windows = [w for w in app.topLevelWidgets() if isinstance(w, MainWindow)]
        self.check(len(windows) == 1, "the main window is up")
        self.window = windows[0]
        self.check(self.window.isVisible(), "the main window is shown")
        self.window.build()  # (what the event loop has not built yet; the icons come after the first frame)
        self.check(self.window.is_built, "the main window builds")
        self.check(not self.window.windowIcon().isNull(), "the window has an icon")
        self.check(not app.windowIcon().isNull(), "the application has an icon")

    def _helper_process(self) -> None:
        """The Advanced player thinks in a helper process ("spawn"): in a frozen bundle that
        process is the bundle's own executable started again, which must work, not quietly
        fall back to thinking in the window's process."""
        game = Game(seed=3)
        assert game.turn is not None  # a new game: someone bids first
        started = time.monotonic()
        try:
            decision = thinker.decide(("advanced", 1, 200), game.view(game.turn), threading.Event(), timeout_s=60)
        except thinker.Unavailable as exc:
            self.check(False, f"the helper process for the Advanced player starts ({exc})")
            return
        legal = decision is not None and decision.action in game.legal_actions()
        took = time.monotonic() - started
        self.check(legal, f"the Advanced player answered from its helper process ({took:.1f} s)")
        print(f"smoke: search core {thinker.search_core()} (in the helper process)", flush=True)

    def _play(self) -> None:
        if self.failures:
            self._finish()
            return
        self.elapsed = QElapsedTimer()
        self.elapsed.start()
        self.window.controller.presenter.at_once(self._moved)
        self.window.game_actions.set_autoplay(True)
        QTimer.singleShot(DEADLINE_MS, self._finish)

    def _moved(self, event: object) -> None:
        if not ends_a_move(event):
            return
        self.moves += 1
        if self.moves == MOVES:
            QTimer.singleShot(0, self._finish)

    def _finish(self) -> None:
        if getattr(self, "finished", False):
            return
        self.finished = True
        try:
            if self.window is not None:
                elapsed = self.elapsed.elapsed() if hasattr(self, "elapsed") else 0
                self.check(self.moves >= MOVES, f"the computer players made {self.moves} moves in {elapsed} ms")
                shot = self.window.grab()
                self.check(not shot.isNull(), f"the main window draws ({shot.width()}x{shot.height()})")
                loaded = SEARCH_CORE in sys.modules
                self.check(not loaded, "the window's process never loaded the search core (the helper thinks)")
                self.window.game_actions.set_autoplay(False)
                self.window.close()
        except Exception as exc:
            self._crashed(exc)
        QTimer.singleShot(0, self.app.quit)

    def _crashed(self, exc: Exception) -> None:
        traceback.print_exc()
        self.failures.append(f"{type(exc).__name__}: {exc}")
        self.app.quit()


def main(argv: list[str] | None = None) -> int:
    del argv  # no options yet
    with tempfile.TemporaryDirectory(prefix="euchre-qt-smoke-") as tmp:
        os.environ.setdefault("EUCHRE_QT_CONFIG_DIR", str(Path(tmp, "config")))
        os.environ.setdefault("EUCHRE_QT_DATA_DIR", str(Path(tmp, "data")))
        # as the program does, before the application object exists (which the program then reuses)
        QApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
        app = QApplication.instance() or new_application()
        if not isinstance(app, QApplication):  # no window to be had here: said why, not Qt's abort
            print("smoke: FAILED: the program's window cannot be opened here", flush=True)
            return EXIT_NO_WINDOW
        checks = _Checks(app)
        QTimer.singleShot(0, checks.start)  # runs once the program's event loop does
        QTimer.singleShot(DEADLINE_MS + 10_000, app.quit)  # whatever happens, stop
        try:
            code = run(new=True)
            if code != 0:
                checks.failures.append(f"the program exited {code}")
        except Exception as exc:
            checks._crashed(exc)
        if checks.window is None and not checks.failures:
            checks.failures.append("the checks never ran")
    failures = checks.failures
    print("smoke: passed" if not failures else f"smoke: FAILED: {'; '.join(failures)}", flush=True)
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
