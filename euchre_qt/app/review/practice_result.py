"""The end of a deal played again: the two plays side by side, as the review shows a hand,
and the player says when to go back to the game."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...engine import HandRecord
from ..common.sizing import fit_size
from .practice import Practice
from .review_dialog import hand_html


class PracticeResultDialog(QDialog):
    """The deal as played in the game (left) and this time (right), and how they compare."""

    def __init__(
        self,
        practice: Practice,
        again: HandRecord,
        names: tuple[str, ...],
        parent: QWidget | None = None,
        *,
        four_colour: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("This Deal Again")
        self.verdict = QLabel(practice.verdict(again))
        self.verdict.setWordWrap(True)
        unknown = (
            frozenset() if practice.drill else practice.real.dealt(practice.real.first_deal + practice.hand).unknown
        )
        first = practice.first_play
        self.plays: list[QTextBrowser] = []
        row = QHBoxLayout()
        plays = (("Played out", again),) if practice.drill else (("In your game", first), ("This time", again))
        for title, record in plays:
            column = QVBoxLayout()
            heading = QLabel(f"<b>{title}</b>")
            text = QTextBrowser()
            text.setAccessibleName(title)
            if record is None:
                text.setHtml("<p>This hand was not finished in your game.</p>")
            else:
                text.setHtml(hand_html(record.final, names, finished=True, four_colour=four_colour, unknown=unknown))
            heading.setBuddy(text)
            column.addWidget(heading)
            column.addWidget(text)
            row.addLayout(column)
            self.plays.append(text)
        buttons = QDialogButtonBox()
        self.back_button = buttons.addButton("&Back to Your Game", QDialogButtonBox.ButtonRole.AcceptRole)
        self.back_button.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(self.verdict)
        box.addLayout(row, 1)
        box.addWidget(buttons)
        fit_size(self, 960, 640)
