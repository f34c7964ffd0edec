"""Make docs/screenshot.png: the real program's window, mid-hand, grabbed offscreen.

    python scripts/screenshot.py                  # docs/screenshot.png, 1280x800
    python scripts/screenshot.py /tmp/shot.png --state bidding --size 1024x700 --seed 3

Starts the main window on a new game (fixed seed, default settings, in a temporary
settings/data folder so nothing of yours is read or changed), lets the program play
itself to a moment worth showing (``--state``: play, bidding, round2, trick, summary,
gameover; see ``euchre_qt/app/window/demo.py``), waits for the animations to finish and saves
``QWidget.grab()`` of the window. README.md and the AppStream metainfo show the result,
so rerun it whenever the table changes.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing, too


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "docs" / "screenshot.png")
    parser.add_argument("--state", default="play", help="the moment to show (default: play)")
    parser.add_argument("--size", default="1280x800", help="window size WxH in pixels (default 1280x800)")
    parser.add_argument("--seed", type=int, default=1, help="the deals (default 1)")
    parser.add_argument("--settle-ms", type=int, default=1500, help="wait this long for animations (default 1500)")
    parser.add_argument("--timeout-ms", type=int, default=60_000)
    args = parser.parse_args(argv)
    width, _, height = args.size.partition("x")

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    tmp = tempfile.TemporaryDirectory(prefix="euchre-qt-shot-")
    os.environ["EUCHRE_QT_CONFIG_DIR"] = str(Path(tmp.name, "config"))
    os.environ["EUCHRE_QT_DATA_DIR"] = str(Path(tmp.name, "data"))

    from PySide6.QtCore import QElapsedTimer, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from euchre_qt.app.window.demo import PREDICATES, apply_demo_state
    from euchre_qt.app.window.main_window import MainWindow, app_icon

    if args.state not in PREDICATES:
        parser.error(f"--state must be one of {', '.join(PREDICATES)}")
    QApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    app = QApplication([sys.argv[0]])
    app.setApplicationName("euchre-qt")
    app.setApplicationDisplayName("Euchre")
    app.setWindowIcon(app_icon())
    window = MainWindow(resume=False, seed=args.seed)
    window.resize(int(width), int(height))
    window.show()
    window.build()
    apply_demo_state(window, args.state)

    predicate = PREDICATES[args.state]
    clock = QElapsedTimer()
    clock.start()
    result = {"code": 1}

    def save() -> None:
        shot = window.grab()
        args.out.parent.mkdir(parents=True, exist_ok=True)
        if shot.isNull() or not shot.save(str(args.out), "PNG"):
            print(f"screenshot: could not save {args.out}", file=sys.stderr)
        else:
            print(f"screenshot: {args.out} ({shot.width()}x{shot.height()}, state {args.state}, seed {args.seed})")
            result["code"] = 0
        window.close()
        app.quit()

    def poll() -> None:
        if predicate(window):
            QTimer.singleShot(args.settle_ms, save)
        elif clock.elapsed() > args.timeout_ms:
            print(f"screenshot: the table never reached {args.state!r}", file=sys.stderr)
            window.close()
            app.quit()
        else:
            QTimer.singleShot(100, poll)

    QTimer.singleShot(100, poll)
    app.exec()
    tmp.cleanup()
    return result["code"]


if __name__ == "__main__":
    sys.exit(main())
