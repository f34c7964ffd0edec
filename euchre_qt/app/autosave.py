"""The game in progress, saved after every move (U12) and offered on the next start.

The save is ``Game.to_json()`` (rules, seed, first dealer and the moves), written with
``QSaveFile`` so that a crash or a kill leaves the previous save or the new one, never
half a file. A save that cannot be read is moved aside with a clear message.
"""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QIODevice, QSaveFile

from ..engine import Game, GameFileError
from . import paths


class Autosave:
    FILE_NAME = "autosave.json"

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else paths.data_dir()
        self.path = self.folder / self.FILE_NAME
        self.error: str | None = None  # the last write error, if any

    def exists(self) -> bool:
        return self.path.exists()

    def save(self, game: Game) -> bool:
        """Write the game; False (and ``error``) if it cannot be written."""
        if not paths.ensure_dir(self.folder):
            self.error = f"cannot create {self.folder}"
            return False
        f = QSaveFile(str(self.path))
        if not f.open(QIODevice.OpenModeFlag.WriteOnly):
            self.error = f.errorString()
            return False
        f.write(game.to_json().encode("utf-8"))
        if not f.commit():
            self.error = f.errorString()
            return False
        self.error = None
        return True

    def load(self) -> Game:
        """The saved game. Raises ``GameFileError`` (damaged) or ``OSError`` (unreadable)."""
        data = self.path.read_bytes()
        return Game.from_json(data)

    def clear(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            pass

    def set_aside(self) -> Path | None:
        """Move a damaged save out of the way; returns where it went."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"autosave-damaged-{stamp}.json")
        try:
            self.path.replace(target)
        except OSError:
            try:
                self.path.unlink()
            except OSError:
                pass
            return None
        return target


def check(game_text: str) -> Game:
    """Parse a save (for tests and tools)."""
    try:
        return Game.from_json(game_text)
    except GameFileError:
        raise
