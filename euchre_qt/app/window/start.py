"""The game's window, started: the application object, the window, and what closes them.

``euchre-qt`` (``__main__.py``) and the packaging smoke test (``smoke.py``) both start the
game here.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ... import APP_ID


def _stop_helper() -> None:
    """End the computer players' helper process, if one was started."""
    thinker = sys.modules.get("euchre_qt.app.thinking.thinker")
    if thinker is not None:
        thinker.shutdown()


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
    if isinstance(existing, QApplication):
        app = existing
    else:
        from .display import EXIT_NO_WINDOW, StartMessages, missing_display

        reason = missing_display()
        if reason is not None:
            print(reason, file=sys.stderr)
            return EXIT_NO_WINDOW
        from PySide6.QtCore import qInstallMessageHandler

        messages = StartMessages()
        previous = qInstallMessageHandler(messages)  # a window Qt cannot open: our words, not its abort
        app = QApplication([sys.argv[0]])
        qInstallMessageHandler(previous)
        messages.release()
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
