"""A packaging smoke test: ``python -m euchre_qt.smoke`` (the bundle: ``euchre-qt --smoke-test``).

Starts the real main window (a new game, Auto Play until the computer players have made
a few moves),
renders a card with the project's own art, loads the app icon from the shipped
resources, prints what it found and exits 0, or 1 with the reason. It never touches the
user's settings, statistics or saved game: unless ``EUCHRE_QT_CONFIG_DIR`` and
``EUCHRE_QT_DATA_DIR`` are set, it works in a temporary folder that it removes.

Used by ``tests/packaging`` on an installed wheel and by ``.ci/run`` on the PyInstaller
bundle, both with ``QT_QPA_PLATFORM=offscreen``; under a real display it shows the
window for a second or two.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

MOVES = 3  # the window runs until the computer players made this many moves ...
DEADLINE_MS = 20_000  # ... or this long has passed (a failure)


def _check(ok: object, what: str, failures: list[str]) -> None:
    print(f"smoke: {'ok  ' if ok else 'FAIL'} {what}", flush=True)
    if not ok:
        failures.append(what)


def _run(failures: list[str]) -> None:
    from PySide6 import __version__ as pyside_version
    from PySide6.QtCore import QElapsedTimer, QSize, QTimer
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    import euchre_qt

    from .app.cardart import CardArt
    from .app.main_window import MainWindow
    from .app.resources import resource_path
    from .engine.cards import Card

    app = QApplication.instance() or QApplication([sys.argv[0]])
    print(f"smoke: euchre-qt {euchre_qt.__version__}, PySide6 {pyside_version}, Python {sys.version.split()[0]}, "
          f"platform {app.platformName()}", flush=True)
    package = Path(euchre_qt.__file__).resolve().parent
    print(f"smoke: package {package}", flush=True)

    icon_file = resource_path("icons", "euchre-qt.svg").resolve()
    inside = icon_file.is_file() and icon_file.is_relative_to(package)
    _check(inside, f"icon {icon_file} is inside the package", failures)
    icon = QIcon(str(icon_file))
    _check(not icon.pixmap(QSize(64, 64)).isNull(), "the SVG icon renders (Qt's SVG icon engine is there)", failures)

    art = CardArt()
    card = art.pixmap(Card.parse("JH"), 120)
    _check(not card.isNull() and card.width() >= 120, f"card JH renders ({card.width()}x{card.height()})", failures)
    image = card.toImage()
    centre = image.pixelColor(image.width() // 2, image.height() // 2)
    _check(centre.alpha() > 0, "the card is painted, not transparent", failures)
    art.shutdown()

    window = MainWindow(resume=False, seed=7)
    window.resize(1000, 720)
    window.show()
    moves = [0]

    def moved() -> None:
        moves[0] += 1
        if moves[0] >= MOVES:
            QTimer.singleShot(0, app.quit)

    window.controller.game_changed.connect(moved)
    window.set_autoplay(True)
    timer = QElapsedTimer()
    timer.start()
    QTimer.singleShot(DEADLINE_MS, app.quit)
    app.exec()
    shot = window.grab()
    _check(not shot.isNull() and shot.width() > 0, f"the main window draws ({shot.width()}x{shot.height()})", failures)
    _check(not window.windowIcon().isNull(), "the window has an icon", failures)
    _check(moves[0] >= MOVES, f"the computer players made {moves[0]} moves in {timer.elapsed()} ms", failures)
    window.set_autoplay(False)
    window.close()
    app.processEvents()


def main(argv: list[str] | None = None) -> int:
    del argv  # no options yet
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="euchre-qt-smoke-") as tmp:
        os.environ.setdefault("EUCHRE_QT_CONFIG_DIR", str(Path(tmp, "config")))
        os.environ.setdefault("EUCHRE_QT_DATA_DIR", str(Path(tmp, "data")))
        try:
            _run(failures)
        except Exception as exc:  # report, never a traceback-only exit
            import traceback

            traceback.print_exc()
            failures.append(f"{type(exc).__name__}: {exc}")
    print("smoke: passed" if not failures else f"smoke: FAILED: {'; '.join(failures)}", flush=True)
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
