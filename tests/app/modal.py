"""Answer a modal dialog the way a person does: with keys or a click, once it is open."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication


def when_modal_opens(answer: Callable[[Any], None], seen: list[Any] | None = None) -> None:
    """Call ``answer(dialog)`` as soon as a modal dialog is open (the caller then opens it)."""

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(5, look)
            return
        if seen is not None:
            seen.append(dialog)
        answer(dialog)

    QTimer.singleShot(0, look)


def real_dialogs(window: Any) -> None:
    """Undo the test window's stand-in: its dialogs open modally, as for a player."""
    from euchre_qt.app.window.dialogs import Dialogs

    window.dialogs.run_dialog = Dialogs.run_dialog.__get__(window.dialogs)


def answer_questions(window: Any, button_text: str) -> None:
    """The test window's questions are answered by pressing the button called ``button_text``."""

    def run_dialog(dialog: Any) -> int:
        window.opened.append(dialog)
        button = next(b for b in dialog.buttons() if b.text().replace("&", "") == button_text)
        button.click()
        return 0

    window.dialogs.run_dialog = run_dialog
