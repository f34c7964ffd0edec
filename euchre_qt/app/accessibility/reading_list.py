"""Text a screen reader reads line by line: a list that Tab reaches and the arrow keys step
through, each line an item spoken as its words.

A rich-text label or browser is read by Orca only with its flat review (Tab stops on it as
"label" and says nothing of what it holds); a list item is spoken as its text whenever the
arrows reach it. The windows that show a page of facts (the review's hands and decisions,
Statistics) show one of these in its place while a screen reader is running.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget


def html_lines(html: str) -> list[str]:
    """The lines of a piece of rich text as plain words (paragraphs and line breaks split it)."""
    doc = QTextDocument()
    doc.setHtml(html)
    text = doc.toPlainText().replace("\u2028", "\n")  # a <br> is U+2028
    return [line.strip() for line in text.splitlines() if line.strip()]


class ReadingList(QListWidget):
    """Lines of text, each an item a reader speaks as the arrows reach it; named ``name``."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(name)
        self.setWordWrap(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # (single selection: with none, Orca 43 said "not selected" after every line)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)

    def lines(self) -> list[str]:
        return [self.item(i).text() for i in range(self.count())]

    def set_lines(self, lines: Sequence[str], top: bool = False) -> None:
        """Show ``lines``, each item rewritten in place, silently (a reader focused in the
        list stays on a live item: rebuilt, Orca said the whole window again; what changed
        is announced by the window). ``top``: back to the first line."""
        if top and self.count():
            self.setCurrentRow(0)
        for i, line in enumerate(lines):
            item = self.item(i)
            if item is None:
                QListWidgetItem(line, self)
            elif item.text() != line:
                item.setText(line)
        while self.count() > len(lines):
            self.takeItem(self.count() - 1)
        if self.currentRow() < 0 and self.count():
            self.setCurrentRow(0)
