"""Start the game: ``euchre-qt`` or ``python -m euchre_qt``.

Options (mostly for development): ``--new`` ignores a saved game, ``--seed N`` fixes
the deals of a new game, ``--demo-state NAME`` sets the table up for a screenshot
(bidding, round2, discard, play, trick, summary, gameover, coach, coachsummary, options[:players|table],
stats, rules, shortcuts, review, lasttrick, backmenu, practice; see ``app/window/demo.py``).
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"euchre-qt: {message} (euchre-qt --help lists the options)\n")

    def format_help(self) -> str:
        # the tools' list only for --help: reading it imports what the game's start does without
        from .cli import epilog

        self.epilog = epilog()
        return super().format_help()


def _size(text: str) -> str:
    width, _, height = text.partition("x")
    if not (width.isdigit() and height.isdigit() and 0 < int(width) <= 16384 and 0 < int(height) <= 16384):
        raise argparse.ArgumentTypeError(f"a window size is WIDTHxHEIGHT in pixels, such as 1280x800, not {text!r}")
    return text


def _args(argv: list[str]) -> argparse.Namespace:
    parser = _Parser(
        prog="euchre-qt",
        description="Euchre: you and a computer partner against two computer opponents.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", nargs="?", default=None, help="a recorded game (.egn) to show on the table")
    parser.add_argument("--new", action="store_true", help="start a new game even if one was saved")
    parser.add_argument("--seed", type=int, default=None, help="deal a new game from this seed")
    parser.add_argument("--demo-state", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--size", type=_size, default=None, help=argparse.SUPPRESS)  # WxH, for screenshots
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="check that the installed program works (its window, card art and computer players) and exit",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    if getattr(sys, "frozen", False):  # a PyInstaller build: this may be the helper process
        import multiprocessing

        multiprocessing.freeze_support()
    argv = sys.argv[1:] if argv is None else argv
    if argv and not argv[0].startswith("-"):
        from .cli import find, run, unknown

        command = find(argv[0])
        if command is not None:
            return run(command, argv[1:])
        mistake = unknown(argv[0])
        if mistake is not None:  # a tool's name mistyped, not a file to open: no window
            print(mistake, file=sys.stderr)
            return 2
    from .app.window.launch import run as start_game

    if not argv:  # as a launcher starts it: no parser (it would run before the first frame)
        return start_game()
    args = _args(argv)
    if args.version:
        from . import __version__

        print(f"euchre-qt {__version__}")
        return 0
    if args.smoke_test:
        from .smoke import main as smoke

        return smoke([])
    return start_game(file=args.file, new=args.new, seed=args.seed, demo_state=args.demo_state, size=args.size)


if __name__ == "__main__":
    sys.exit(main())
