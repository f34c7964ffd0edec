"""The ``euchre-qt`` command's subcommands: ``euchre-qt NAME ...`` runs a tool instead of the game.

Each tool is a module with ``main(argv: list[str]) -> int``; it is imported only when asked
for, so starting the game pays for none of them. Add a tool by adding one row here.
"""

from __future__ import annotations

import difflib
import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Subcommand:
    name: str
    module: str  # imported lazily; must define main(argv) -> int
    summary: str


SUBCOMMANDS: tuple[Subcommand, ...] = (
    Subcommand("arena", "euchre_qt.tools.arena", "play computer players against each other over duplicate deals"),
    Subcommand("analyse", "euchre_qt.analysis.cli", "grade every decision of a saved game, as its player saw it"),
    Subcommand("drills", "euchre_qt.app.drills.cli", "practise decisions by theme, or --verify the drills again"),
    Subcommand("convert", "euchre_qt.notation.convert", "convert a game between saved games (.json) and EGN (.egn)"),
    Subcommand("serve", "euchre_qt.net.serve", "run a table server that friends join over the network"),
    Subcommand("join", "euchre_qt.net.join", "sit at a network table from a terminal"),
)


def find(name: str) -> Subcommand | None:
    return next((command for command in SUBCOMMANDS if command.name == name), None)


def run(command: Subcommand, argv: list[str]) -> int:
    """Run the tool; Ctrl+C stops it with a word, not a traceback (exit 130, as a shell counts
    an interrupted command). Tools that hold something a person would lose (a seat, drills
    progress) handle Ctrl+C themselves first."""
    entry: Callable[[list[str]], int] = importlib.import_module(command.module).main
    try:
        return int(entry(argv))
    except KeyboardInterrupt:
        print(f"euchre-qt {command.name}: stopped.", file=sys.stderr)
        return 130


def unknown(word: str) -> str | None:
    """Why ``word``, the first on the command line, is neither a tool nor a game file to open
    (None where it may be a file: one that is there, or named as a game file is)."""
    path = Path(word)
    try:
        there = path.exists()
    except OSError:  # a name past the system's limit: no file by it
        there = False
    if there or path.suffix.lower() in (".egn", ".json"):
        return None
    near = difflib.get_close_matches(word, [command.name for command in SUBCOMMANDS], n=1)
    guess = f" Did you mean euchre-qt {near[0]}?" if near else ""
    return f"euchre-qt: there is no tool or game file called {word!r}.{guess} (euchre-qt --help lists the tools)"


def epilog() -> str:
    """The subcommands, for ``euchre-qt --help``."""
    width = max(len(command.name) for command in SUBCOMMANDS)
    rows = "\n".join(f"  {command.name.ljust(width)}  {command.summary}" for command in SUBCOMMANDS)
    return f"tools (euchre-qt TOOL --help for each):\n{rows}"
