"""The Drills dialog (Game menu): one position at a time, as South sees it; the person
chooses by button (or its number key) and is told right or wrong, why, with the figures.
Missed drills come back (``drills.schedule``); the progress by theme is kept in the data
folder and shown beside the position. Everything shown was worked out when the drills
were made: the dialog searches nothing, so the GUI thread only draws.

"Play It Out" hands the drill's deal, from its position, to the table (``play_out``),
where it is played on against the computer players as a practice hand.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date
from itertools import pairwise
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...drills.drill import Drill
from ...drills.schedule import DrillProgress
from ...drills.shelf import Shelf
from ...drills.themes import Theme
from ...drills.words import assumption, choice_text, figure_lines, position_lines, progress_lines, verdict
from ...engine.actions import Action
from ..accessibility.announcer import announcer_for
from ..common.sizing import fit_size
from .progress_file import save_progress


class DrillsDialog(QDialog):
    """The drills of ``shelf``, practised with ``progress`` (saved to ``progress_path`` after
    each answer, or to the data folder); ``play_out`` takes a drill to play on at the table."""

    answered = Signal(bool)  # right or not: for tests and the screen reader

    def __init__(
        self,
        shelf: Shelf,
        progress: DrillProgress,
        parent: QWidget | None = None,
        *,
        progress_path: Path | None = None,
        play_out: Callable[[Drill], None] | None = None,
        warning: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Drills")
        self.shelf, self.progress = shelf, progress
        self._path, self._play_out = progress_path, play_out
        self.drill: Drill | None = None
        self.chosen: Action | None = None
        self._announcer = announcer_for(self)

        self.theme_box = QComboBox()
        self.theme_box.addItem(f"All themes ({len(shelf.drills)} drills)", None)
        for theme, count in shelf.by_theme().items():
            self.theme_box.addItem(f"{theme.label} ({count})", theme.value)
        self.theme_box.setAccessibleName("Theme")
        theme_label = QLabel("&Theme:")
        theme_label.setBuddy(self.theme_box)
        self.theme_box.currentIndexChanged.connect(lambda _index: self.next_drill())

        self.position = QTextBrowser()
        self.position.setAccessibleName("Position")
        self.choices = QWidget()
        self.choices.setAccessibleName("Your choices")
        self._choice_grid = QGridLayout(self.choices)
        self._choice_grid.setContentsMargins(0, 0, 0, 0)
        self.choice_buttons: list[QPushButton] = []
        self.answer = QTextBrowser()
        self.answer.setAccessibleName("Answer")
        self.progress_view = QTextBrowser()
        self.progress_view.setAccessibleName("Your progress by theme")
        for text in (self.position, self.answer, self.progress_view):
            text.setTabChangesFocus(True)  # Tab moves on, as in every other control
        self.notice = QLabel(warning or "")
        self.notice.setWordWrap(True)
        self.notice.setVisible(bool(warning))

        buttons = QDialogButtonBox()
        self.next_button = buttons.addButton("&Next Drill", QDialogButtonBox.ButtonRole.ActionRole)
        self.play_button = buttons.addButton("&Play It Out", QDialogButtonBox.ButtonRole.ActionRole)
        self.play_button.setToolTip("Play this deal on from here against the computer players (a practice hand)")
        self.close_button = buttons.addButton("&Close", QDialogButtonBox.ButtonRole.RejectRole)
        self.next_button.clicked.connect(self.next_drill)
        self.play_button.clicked.connect(self._play)
        self.play_button.setVisible(play_out is not None)
        buttons.rejected.connect(self.reject)
        for number in range(1, 10):  # the number keys choose, as in the terminal
            key = QShortcut(QKeySequence(str(number)), self)
            key.activated.connect(lambda n=number: self.choose_number(n))

        top = QHBoxLayout()
        top.addWidget(theme_label)
        top.addWidget(self.theme_box, 1)
        left = QVBoxLayout()
        left.addLayout(top)
        left.addWidget(self.notice)
        left.addWidget(self.position, 3)
        left.addWidget(self.choices)
        left.addWidget(self.answer, 3)
        side = QVBoxLayout()
        progress_label = QLabel("Pro&gress")
        progress_label.setBuddy(self.progress_view)
        side.addWidget(progress_label)
        side.addWidget(self.progress_view)
        row = QHBoxLayout()
        row.addLayout(left, 3)
        row.addLayout(side, 2)
        box = QVBoxLayout(self)
        box.addLayout(row, 1)
        box.addWidget(buttons)
        fit_size(self, 980, 680)
        self._show_progress()
        self.next_drill()

    @property
    def theme(self) -> Theme | None:
        value = self.theme_box.currentData()
        return None if value is None else Theme(value)

    def next_drill(self) -> None:
        """The next drill of the theme chosen, as the schedule has it."""
        self.drill = self.progress.next_drill(self.shelf.drills, self.theme)
        self.chosen = None
        for button in self.choice_buttons:
            button.deleteLater()
        self.choice_buttons = []
        self.answer.clear()
        self.play_button.setEnabled(False)
        if self.drill is None:
            self.position.setPlainText("There are no drills of this theme.")
            return
        lines = position_lines(self.drill)
        self.position.setHtml("".join(f"<p>{html.escape(line)}</p>" for line in lines))
        for number, action in enumerate(self.drill.view().legal_actions, start=1):
            button = QPushButton(f"{number}. {choice_text(self.drill, action)}")
            button.setAccessibleName(choice_text(self.drill, action))
            button.clicked.connect(lambda _checked=False, a=action: self.choose(a))
            self._choice_grid.addWidget(button, (number - 1) // 2, (number - 1) % 2)
            button.show()  # now, not when the layout gets round to it: the focus goes to it at once
            self.choice_buttons.append(button)
        # Tab goes from the position through the choices to the answer, as they are read
        chain = [self.position, *self.choice_buttons, self.answer]
        for before, after in pairwise(chain):
            QWidget.setTabOrder(before, after)
        self.choice_buttons[0].setFocus(Qt.FocusReason.OtherFocusReason)
        self._announcer.say(" ".join(lines), happened=False)

    def choose_number(self, number: int) -> None:
        if 1 <= number <= len(self.choice_buttons) and self.choice_buttons[number - 1].isEnabled():
            self.choice_buttons[number - 1].click()

    def choose(self, action: Action) -> None:
        """The person's choice: the verdict with the why and the figures, and the schedule moved."""
        drill = self.drill
        if drill is None or self.chosen is not None:
            return
        self.chosen = action
        right = action == drill.answer
        said = verdict(drill, action)
        head, _, rest = said.partition(":")  # "Right" or "Not the best", in bold
        figures = "".join(f"<li>{html.escape(line)}</li>" for line in figure_lines(drill))
        self.answer.setHtml(
            f"<p><b>{html.escape(head)}:</b>{html.escape(rest)}</p><ul>{figures}</ul>"
            f"<p><small>{html.escape(assumption(drill))} From {html.escape(drill.source.where)}.</small></p>"
        )
        for button, choice in zip(self.choice_buttons, drill.view().legal_actions, strict=True):
            button.setEnabled(False)
            marks = [m for m, yes in (("best", choice == drill.answer), ("your choice", choice == action)) if yes]
            if marks:
                button.setText(f"{button.text()} ({', '.join(marks)})")
        self.progress.answer(drill, right, date.today())
        problem = save_progress(self.progress, self._path)
        if problem:
            self.notice.setText(problem)
            self.notice.setVisible(True)
        self._show_progress()
        self.play_button.setEnabled(True)
        self.next_button.setFocus(Qt.FocusReason.OtherFocusReason)
        self._announcer.say(said, happened=False)
        self.answered.emit(right)

    def _show_progress(self) -> None:
        lines = progress_lines(self.progress, self.shelf.drills)
        self.progress_view.setHtml(
            f"<p><b>{html.escape(lines[0])}</b></p>"
            + "".join(f"<p>{html.escape(line.strip())}</p>" for line in lines[1:])
        )

    def _play(self) -> None:
        if self.drill is not None and self._play_out is not None:
            drill = self.drill
            self.accept()
            self._play_out(drill)
