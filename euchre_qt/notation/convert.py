"""``euchre-qt convert IN OUT``: between our saved games (``.json``) and EGN (``.egn``).

The format is read from each file's extension. A file that cannot be converted (unreadable,
not a game, a record whose moves break the rules, a rule the other format cannot hold)
gives one line saying why and exit status 1; nothing is written then.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from ..engine.game import Game
from . import egn
from .files import UnreadableGame, read_game_file
from .record import GameRecord

FORMATS = {".egn": "EGN", ".json": "euchre-qt saved game"}


class CannotConvert(Exception):
    """One sentence for the person at the command line."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="euchre-qt convert",
        description="Convert a game between euchre-qt's saved games (.json) and Euchre Game Notation (.egn); "
        "the format follows each file's extension.",
    )
    parser.add_argument("source", help="the game to read (.json or .egn)")
    parser.add_argument("target", help="the file to write (.json or .egn); replaced if it exists")
    return parser


def _format(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise CannotConvert(f"{path.name}: name a .egn or a .json file (the extension says the format)")
    return suffix


def read(path: Path) -> tuple[Game, dict[str, object], GameRecord | None]:
    """The game in ``path``, what EGN says about it besides the moves (players, title, date),
    and the EGN record itself (None for a saved game)."""
    _format(path)
    try:
        found = read_game_file(path)
    except UnreadableGame as exc:
        raise CannotConvert(str(exc)) from exc
    if found.problem is not None:
        raise CannotConvert(f"{path.name}: {found.problem}")
    about: dict[str, object] = {} if found.players is None else {"players": found.players}
    if found.kinds is not None:
        about["kinds"] = found.kinds
    record = found.record
    if record is None:
        return found.game, about, None
    about["title"] = record.title
    if record.description:
        about["description"] = record.description
    if record.date:
        about["date"] = record.date
    if record.game_id:
        about["game_id"] = record.game_id
    return found.game, about, record


def not_kept(record: GameRecord | None, suffix: str, about: dict[str, object]) -> list[str]:
    """What an EGN ``record`` holds that the converted file will not (in words): its parts this
    program does not show, the notes on its moves, and where the game goes to a saved game
    (.json), which has no place for them, its title and description."""
    if record is None:
        return []
    lost = list(record.left_out)
    if any(deal.call_notes or deal.play_notes for deal in record.deals):
        lost.append("the notes on the moves")
    if suffix == ".json":
        lost += [words for key, words in (("title", "the title"), ("description", "the description")) if about.get(key)]
    return lost


def render(game: Game, suffix: str, about: dict[str, object]) -> str:
    about = dict(about)
    players, kinds = about.pop("players", None), about.pop("kinds", None)
    assert players is None or isinstance(players, tuple)
    assert kinds is None or isinstance(kinds, tuple)
    if suffix == ".json":
        return game.to_json(players, kinds) + "\n"
    # (EGN has no place for who played each seat: its players are people)
    if players is None:
        players = ("South", "West", "North", "East")
    try:
        return egn.dumps(game, players, **about) + "\n"
    except egn.EgnError as exc:
        raise CannotConvert(str(exc)) from exc


def write(path: Path, text: str) -> None:
    """All or nothing: a half-written file never replaces a good one. The file is made as any
    file is (0666 less the umask, 0644 as a rule), as the window saves a game: mkstemp's 0600
    left a converted game unreadable to anyone else."""
    folder = path.parent if str(path.parent) else Path(".")
    temporary = folder / f".{path.name}.{os.getpid()}.tmp"
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise CannotConvert(f"{path.name} cannot be written ({exc.strerror or 'write error'})") from exc


def convert(source: Path, target: Path) -> list[str]:
    """Write the game in ``source`` to ``target``; what the target could not keep, in words."""
    suffix = _format(target)
    if target.exists() and target.resolve() == source.resolve():
        raise CannotConvert(f"{target.name} is the file being converted: name another file to write")
    game, about, record = read(source)
    write(target, render(game, suffix, about))
    return not_kept(record, suffix, about)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        lost = convert(Path(args.source), Path(args.target))
    except CannotConvert as exc:
        print(f"euchre-qt convert: {exc}", file=sys.stderr)
        return 1
    if lost:  # said, not silently dropped: the source file is still there with them
        print(f"euchre-qt convert: not kept in {Path(args.target).name}: {', '.join(lost)}.", file=sys.stderr)
    return 0
