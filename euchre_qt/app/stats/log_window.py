"""Game > Game Log: the log of every hand played, in a window of the program.

The log is plain text (``gamelog``); it is shown here read-only, scrolled to its end
(the newest hand last), with a search field: Enter finds the next match, Shift+Enter
the one before, and the search wraps around. The file can still be opened in the
desktop's own editor, where there is one.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QFont, QFontDatabase, QKeySequence, QShortcut, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...files import UnfitFile, read_file
from ..common.sizing import fit_size
from ..storage import problems

# The latest games shown (about 500 of them): the whole of a log grown over years would keep
# the window laying it out for seconds (100 MB: 16 s).
SHOWN_BYTES = 2 * 1024 * 1024


def read_log(path: Path) -> str | None:
    """The log's text (its latest ``SHOWN_BYTES``, from the first game that begins in them),
    or None if it cannot be read (the details go to the problems log)."""
    try:
        data = read_file(path, SHOWN_BYTES, last=True)
    except FileNotFoundError:
        return ""
    except (OSError, UnfitFile) as exc:
        problems.record("the game log could not be read", exc, path.parent)
        return None
    text = data.decode("utf-8", errors="replace")
    if len(data) < SHOWN_BYTES:
        return text
    first = text.find("\n= Game ")  # (the latest games, whole)
    return f"(The latest games only: the whole log is in {path}.)\n\n" + text[first + 1 if first >= 0 else 0 :]


class GameLogWindow(QDialog):
    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Game Log")
        self.path = path
        box = QVBoxLayout(self)
        row = QHBoxLayout()
        find_label = QLabel("&Find:")
        self.search = QLineEdit()
        self.search.setPlaceholderText("a name, a card (JH), “euchred”, “Hand 3”…")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Find in the game log")
        find_label.setBuddy(self.search)
        self.search.returnPressed.connect(self.find_next)
        self.search.textEdited.connect(self._search_changed)
        row.addWidget(find_label)
        row.addWidget(self.search, 1)
        self.previous_button = QPushButton("&Previous")
        self.next_button = QPushButton("&Next")
        for button, slot in ((self.previous_button, self.find_previous), (self.next_button, self.find_next)):
            button.setAutoDefault(False)
            button.clicked.connect(slot)
            row.addWidget(button)
        box.addLayout(row)
        self.found = QLabel()
        self.found.setAccessibleName("Search result")
        box.addWidget(self.found)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setAccessibleName("Game log")
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.text.setFont(font)
        box.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.open_button = buttons.addButton("&Open in Editor", QDialogButtonBox.ButtonRole.ActionRole)
        self.open_button.setToolTip("Open the log file with the desktop's text editor")
        self.open_button.clicked.connect(self.open_externally)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)
        QShortcut(QKeySequence.StandardKey.Find, self, self.search.setFocus)
        QShortcut(QKeySequence("Shift+Return"), self.search, self.find_previous)
        self.reload()
        self.search.setFocus()
        fit_size(self, 760, 600)

    def reload(self) -> None:
        text = read_log(self.path)
        if text is None:
            self.text.setPlainText("")
            self.found.setText("The game log cannot be read just now.")
        elif not text.strip():
            self.text.setPlainText("")
            self.found.setText("The game log is empty: it fills as hands are finished.")
        else:
            self.text.setPlainText(text.rstrip() + "\n")
            self.found.setText("")
        self.text.moveCursor(QTextCursor.MoveOperation.End)  # the newest hand is last
        self.text.ensureCursorVisible()

    def _search_changed(self, _text: str) -> None:
        self.found.setText("")

    def find_next(self) -> bool:
        return self._find(backward=False)

    def find_previous(self) -> bool:
        return self._find(backward=True)

    def _find(self, backward: bool) -> bool:
        needle = self.search.text().strip()
        if not needle:
            self.found.setText("Type what to look for.")
            return False
        flags = QTextDocument.FindFlag.FindBackward if backward else QTextDocument.FindFlag(0)
        if self.text.find(needle, flags):
            self.found.setText("")
            return True
        # wrap around: from the other end
        cursor = self.text.textCursor()
        self.text.moveCursor(QTextCursor.MoveOperation.End if backward else QTextCursor.MoveOperation.Start)
        if self.text.find(needle, flags):
            self.found.setText("Searched from the " + ("end." if backward else "beginning."))
            return True
        self.text.setTextCursor(cursor)
        self.found.setText(f"“{needle}” is not in the game log.")
        return False

    def open_externally(self) -> None:
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.path))):
            self.found.setText("No text editor could be opened for the log; it is shown here.")
