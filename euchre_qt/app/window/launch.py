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
    from PySide6.QtWidgets import QApplication


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

    from .display import StartMessages, missing_display

    reason = missing_display()
    if reason is not None:
        print(reason, file=sys.stderr)
        return None
    messages = StartMessages()
    previous = qInstallMessageHandler(messages)  # a window Qt cannot open: our words, not its abort
    app = QApplication([sys.argv[0]])
    qInstallMessageHandler(previous)
    messages.release()
    return app


def run(
    *,
    file: str | None = None,
    new: bool = False,
    seed: int | None = None,
    demo_state: str | None = None,
    size: str | None = None,
) -> int:
    """Show the window and run the event loop until it closes; the exit code."""
    from PySide6.QtWidgets import QApplication

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
    app.aboutToQuit.connect(_stop_helper)
    window = MainWindow(resume=not (new or seed is not None or demo_state), seed=seed)
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
