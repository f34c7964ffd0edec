"""The game in progress, saved after every move (U12) and offered on the next start.

The save is ``Game.to_json()`` (rules, seed, first dealer, the moves, the names and who played
each seat), written to a temporary file that then replaces the old save in one step
(``os.replace``), so that a crash or a kill leaves the previous save or the new one, never
half a file. It is not
forced to the disk (no fsync): that would stall the table for milliseconds on every
move, and a process kill cannot lose written data anyway. A save that cannot be read is
moved aside with a clear message.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path

from ...engine import Game, GameFileError, Salvaged
from ...files import UnfitFile, read_file
from . import paths, problems

# A save is tens of kilobytes (its moves, and the deals of a network or recorded game).
MAX_SAVE_BYTES = 4 * 1024 * 1024


class Autosave:
    FILE_NAME = "autosave.json"

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else paths.data_dir()
        self.path = self.folder / self.FILE_NAME
        self.error: str | None = None  # the last write error, if any

    def exists(self) -> bool:
        return self.path.exists()

    def save(self, game: Game, players: Sequence[str] | None = None, kinds: Sequence[str] | None = None) -> bool:
        """Write the game (with the names at the table, for ``convert``, and who played each
        seat, for ``analyse``); False (and ``error``) if it cannot be written."""
        try:
            paths.write_atomically(self.path, game.to_json(players, kinds), sync=False)
        except OSError as exc:
            if self.error is None:  # once, not after every move
                problems.record("the game could not be saved", exc, self.folder)
            self.error = "the file cannot be written"
            return False
        self.error = None
        return True

    def load(self) -> Game:
        """The saved game. Raises ``GameFileError`` (damaged) or ``OSError`` (unreadable)."""
        return Game.from_json(self._read())

    def restore(self) -> Salvaged:
        """The saved game up to its last move that can be replayed. Raises ``GameFileError``
        (no game can be made of it) or ``OSError`` (unreadable)."""
        return Game.salvage_json(self._read())

    def _read(self) -> bytes:
        try:
            return read_file(self.path, MAX_SAVE_BYTES)
        except UnfitFile as exc:
            raise GameFileError("the save is not a plain file, or far larger than any save") from exc

    def clear(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            pass

    def set_aside(self) -> Path | None:
        """Move a damaged save out of the way, next to where it was; returns where it went."""
        target = paths.aside(self.path, lambda when: f"autosave-damaged-{when}.json")
        try:
            self.path.replace(target)
        except OSError as exc:
            problems.record("a damaged save could not be kept aside", exc, self.folder)
            with contextlib.suppress(OSError):
                self.path.unlink()
            return None
        return target


def check(game_text: str) -> Game:
    """Parse a save (for tests and tools)."""
    try:
        return Game.from_json(game_text)
    except GameFileError:
        raise
