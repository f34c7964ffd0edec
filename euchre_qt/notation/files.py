"""A game file on disk, ours (``.json``) or EGN (``.egn``), as the command-line tools read it.

One reader for ``euchre-qt convert`` and ``euchre-qt analyse``: the size checked before
anything is read, every failure one plain sentence (``UnreadableGame``). What a tool does
with a record whose moves break the rules is the tool's choice: ``problem`` says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import GameFileError
from ..engine.game import Game, saved_kinds, saved_players
from ..files import NotAPlainFile, TooLarge, read_file
from . import egn
from .record import GameRecord
from .replay import replay


class UnreadableGame(Exception):
    """The file holds no game this program can read; the message says why in plain words."""


@dataclass(frozen=True)
class GameFile:
    game: Game  # every legal move of the file
    record: GameRecord | None  # what an EGN file says besides the moves (None for our saves)
    problem: str | None = None  # the move an EGN record breaks the rules with, in words
    players: tuple[str, str, str, str] | None = None  # the names at the table, where the file keeps them
    # who played each seat ("person", or a computer player's name), where the file says (an
    # EGN record's players are people: it does not)
    kinds: tuple[str, str, str, str] | None = None


def read_game_file(path: Path) -> GameFile:
    """The game in ``path``, by its extension; ``UnreadableGame`` with a plain reason if there is none."""
    if path.suffix.lower() == ".egn":
        try:
            shown = replay(egn.load(path))
        except egn.EgnError as exc:
            raise UnreadableGame(f"{path.name}: {exc}") from exc
        return GameFile(shown.game, shown.record, shown.problem, shown.record.players)
    try:
        data = read_file(path, egn.MAX_BYTES)  # (our saves are smaller than EGN for the same game)
    except TooLarge as exc:
        raise UnreadableGame(f"{path.name} is too large to be a saved game") from exc
    except NotAPlainFile as exc:
        raise UnreadableGame(f"{path.name} is not a game file") from exc
    except FileNotFoundError as exc:
        raise UnreadableGame(f"there is no file {path.name}") from exc
    except IsADirectoryError as exc:
        raise UnreadableGame(f"{path.name} is a folder, not a game file") from exc
    except OSError as exc:
        raise UnreadableGame(f"{path.name} cannot be read ({exc.strerror or 'read error'})") from exc
    try:
        return GameFile(Game.from_json(data), None, players=saved_players(data), kinds=saved_kinds(data))
    except GameFileError as exc:
        raise UnreadableGame(f"{path.name}: {exc}") from exc
