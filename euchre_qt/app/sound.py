"""Sound is optional (QtMultimedia is not part of PySide6-Essentials): the warning
sound for an illegal move is the system beep, and nothing at all when sound is off."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication


class Sound:
    def __init__(self) -> None:
        self.enabled = True
        self.played: list[str] = []  # what was asked for (tests look at this)

    def warn(self) -> None:
        self.played.append("warn")
        if self.enabled:
            QApplication.beep()
