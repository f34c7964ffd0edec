"""Start-up: the first frame needs only the felt; the rest (the settings included) is built
after it, in steps.

How fast that is, is measured by benchmarks/ui_startup.py (figures, not a test); these
tests keep the shape that makes it fast: nothing heavy is loaded before the first frame.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from pytestqt.qtbot import QtBot

FIRST_FRAME = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from euchre_qt.app.window.main_window import MainWindow
    seen = {}
    class Watch(QObject):
        def eventFilter(self, obj, ev):
            if ev.type() == QEvent.Type.Paint and not seen:
                import PySide6.QtCore as core
                heavy = ["euchre_qt.engine.hand", "euchre_qt.engine.game", "euchre_qt.engine.ai.novice",
                         "euchre_qt.app.play.controller", "euchre_qt.app.table.scene",
                         "euchre_qt.app.cardart.renderer", "multiprocessing", "PySide6.QtSvg",
                         "euchre_qt.app.accessibility.table_access", "euchre_qt.app.storage.settings",
                         "euchre_qt.engine.rules", "euchre_qt.engine.ai.registry", "euchre_qt.app.table.view",
                         "euchre_qt.app.accessibility.screen_reader",
                         "euchre_qt.cli", "dataclasses", "euchre_qt.net.protocol", "jsonschema"]
                seen["icon"] = not w.windowIcon().isNull()
                seen["loaded"] = [m for m in heavy if m in sys.modules]
                seen["qt_namespace"] = "Qt" in vars(core)
                seen["built"] = w.is_built
                seen["felt"] = obj.colour.name()
                seen["size"] = (w.width(), w.height())
            return False
    w = MainWindow(resume=False, seed=5)
    watch = Watch()
    w.felt.installEventFilter(watch)
    w.show()
    w.ready.connect(lambda: seen.setdefault("ready", True))
    from PySide6.QtCore import QTimer
    def check():
        if w.__dict__.get("controller") is not None and w.controller.game is not None:
            app.quit()
    t = QTimer(); t.timeout.connect(check); t.start(10)
    QTimer.singleShot(20000, app.quit)
    app.exec()
    print("LOADED", ",".join(seen["loaded"]) or "-")
    print("QT", seen["qt_namespace"], "BUILT", seen["built"], "READY", seen.get("ready"))
    print("GAME", w.controller.game is not None)
    print("ICON", seen["icon"], not w.windowIcon().isNull())
    print("FELT", seen["felt"], w.view.felt.name(), w.felt is None)
    print("SIZE", *seen["size"], w.width(), w.height())
    """
)


def test_the_first_frame_needs_no_engine_no_table_and_no_qt_namespace(private_folders: dict[str, Path]) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # (dataclasses must not be loaded to compile the package)
    proc = subprocess.run([sys.executable, "-c", FIRST_FRAME], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = dict(line.split(" ", 1) for line in proc.stdout.splitlines() if " " in line)
    assert out["LOADED"] == "-", f"loaded before the first frame: {out['LOADED']}"
    assert out["QT"].startswith("False BUILT False"), out["QT"]  # then built, after the frame
    assert out["QT"].endswith("READY True")
    assert out["GAME"] == "True"
    assert out["ICON"] == "False True"  # the SVG icon (and Qt's SVG icon engine) after the first frame
    assert out["FELT"] == "#1d6a3a #1d6a3a True"  # the plain felt, then the table's view in its place


def test_the_first_frame_shows_the_saved_felt_at_the_saved_size_without_loading_the_settings(
    qtbot: QtBot, private_folders: dict[str, Path]
) -> None:
    from PySide6.QtWidgets import QMainWindow

    from euchre_qt.app.storage.settings import SettingsStore

    store = SettingsStore(private_folders["config"])
    store.update(backdrop="#6D2130")
    sized = QMainWindow()
    qtbot.addWidget(sized)
    sized.resize(713, 577)
    store.save_window_state(bytes(sized.saveGeometry().data()))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-c", FIRST_FRAME], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = dict(line.split(" ", 1) for line in proc.stdout.splitlines() if " " in line)
    assert out["LOADED"] == "-", f"loaded before the first frame: {out['LOADED']}"
    assert out["FELT"] == "#6d2130 #6d2130 True"
    assert out["SIZE"] == "713 577 713 577"


def test_build_makes_the_whole_window_at_once(qtbot: QtBot, private_folders: dict[str, Path]) -> None:
    from euchre_qt.app.window.main_window import MainWindow

    window = MainWindow(resume=False, seed=5)
    qtbot.addWidget(window)
    assert not window.is_built
    assert not hasattr(window, "controller")  # a part not built is not there (nothing builds behind a name)
    window.build()
    assert window.controller is not None and window.scene is not None
    assert window.is_built and window.menus.act_hint is not None
    assert window.controller.game is None  # the game itself starts from the event loop
    window.show()
    qtbot.waitUntil(lambda: window.controller.game is not None)
    assert window.controller.game.seed == 5


def test_the_deck_is_drawn_in_the_worker_from_the_first_step_at_the_tables_size(qtbot: QtBot) -> None:
    from euchre_qt.app.cardart.renderer import CardArt
    from euchre_qt.app.window.main_window import MainWindow

    asked: list[tuple[int, float, bool]] = []  # (width, scale, whether the table existed)

    class Watched(CardArt):
        def prerender(self, width: int, dpr: float = 1.0, back: str = "", four_colour: bool = False) -> None:
            asked.append((width, dpr, "scene" in window.__dict__))
            super().prerender(width, dpr, back, four_colour)

    art = Watched()
    window = MainWindow(resume=False, seed=5, art=art)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.is_built and window.controller.game is not None)
    # the first deal finds the deck drawn (or being drawn) at the size the table deals at
    assert asked[0] == (window.scene.layout.card_width, window.scene.faces.dpr, False)
    assert len(asked) == 1 or all(a[:2] == asked[0][:2] for a in asked[1:])
    art.shutdown()
