"""Start the game: ``euchre-qt`` or ``python -m euchre_qt``.

Options (mostly for development): ``--new`` ignores a saved game, ``--seed N`` fixes
the deals of a new game, ``--demo-state NAME`` sets the table up for a screenshot
(bidding, round2, discard, play, trick, summary, gameover, options[:players|table],
stats, rules, shortcuts, review, lasttrick, backmenu; see ``app/demo.py``).
"""

from __future__ import annotations

import argparse
import sys

APP_ID = "io.github.euchre_qt.EuchreQt"  # the .desktop file, AppStream metainfo and icon name


def _args(argv: list[str]) -> argparse.Namespace:
    from .cli import epilog

    parser = argparse.ArgumentParser(
        prog="euchre-qt",
        description="Euchre: you and a computer partner against two computer opponents.",
        epilog=epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", nargs="?", default=None, help="a recorded game (.egn) to show on the table")
    parser.add_argument("--new", action="store_true", help="start a new game even if one was saved")
    parser.add_argument("--seed", type=int, default=None, help="deal a new game from this seed")
    parser.add_argument("--demo-state", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--size", default=None, help=argparse.SUPPRESS)  # WxH, for screenshots
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--smoke-test", action="store_true", help=argparse.SUPPRESS)  # packaging check
    args, _qt_args = parser.parse_known_args(argv)
    return args


def _stop_helper() -> None:
    """End the computer players' helper process, if one was started."""
    thinker = sys.modules.get("euchre_qt.app.thinker")
    if thinker is not None:
        thinker.shutdown()


def main(argv: list[str] | None = None) -> int:
    if getattr(sys, "frozen", False):  # a PyInstaller build: this may be the helper process
        import multiprocessing

        multiprocessing.freeze_support()
    argv = sys.argv[1:] if argv is None else argv
    if argv and not argv[0].startswith("-"):
        from .cli import find, run

        command = find(argv[0])
        if command is not None:
            return run(command, argv[1:])
    args = _args(argv)
    if args.version:
        from . import __version__

        print(f"euchre-qt {__version__}")
        return 0
    if args.smoke_test:
        from .smoke import main as smoke

        return smoke([])
    from PySide6.QtWidgets import QApplication

    from .app.main_window import MainWindow, app_icon, screenshot_hook

    # Qt 6 scales by the screen's exact factor (rounding policy PassThrough) by default.
    # Everything up to the first frame avoids the ``Qt`` namespace: creating its Python
    # enums alone takes about as long as showing a bare window (benchmarks/ui_startup.py).
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    app.setApplicationName("euchre-qt")
    app.setApplicationDisplayName("Euchre")
    app.setOrganizationName("euchre-qt")
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(app_icon())
    app.aboutToQuit.connect(_stop_helper)
    window = MainWindow(resume=not (args.new or args.seed is not None or args.demo_state), seed=args.seed)
    if args.size:
        w, _, h = args.size.partition("x")
        window.resize(int(w), int(h))
    window.show()

    def close_on_signals() -> None:  # once built: its imports (socket) would delay the first frame
        from .app.signals import SignalCloser

        SignalCloser(window)  # Ctrl+C or SIGTERM: close as the close button does, game saved

    window.ready.connect(close_on_signals)
    if args.file:
        from pathlib import Path

        shown = Path(args.file)
        window.ready.connect(lambda: window.open_game_file(shown))
    if args.demo_state:
        screenshot_hook(window, args.demo_state)
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(main())
