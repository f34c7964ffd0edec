"""The game's files in the data folder: the autosave, the game log and the statistics, the
last two written off the GUI thread."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..stats.gamelog import GameLog
from ..stats.statistics import StatsStore
from ..storage import paths
from ..storage.autosave import Autosave
from ..storage.writer import BackgroundWriter

if TYPE_CHECKING:
    from PySide6.QtCore import QObject

    from .notices import Notices


class GameFiles:
    """The files in ``folder`` (the user's data folder when None); what cannot be written is
    told as a warning."""

    def __init__(self, folder: Path | None, notices: Notices, parent: QObject) -> None:
        folder = folder if folder is not None else paths.data_dir()
        self.writer = BackgroundWriter(parent)  # the statistics and the log are written off the GUI thread
        self.writer.failed.connect(notices.warn)
        self.autosave = Autosave(folder)
        self.log = GameLog(folder, self.writer)
        self.stats = StatsStore(folder, self.writer)
