"""The coach's panel beside the table: a note on one decision (Take It Back, Go On), or the
game's summary (Open the Review, Close). A dock, never a dialog: the table goes on beside it.

For the keyboard: the words take the focus when a note opens from the table (so a Space
meant for the table presses no button by surprise), Tab goes on to the buttons, Escape
is Go On, F6 goes between the panel and the table (the coach's shortcut); for a screen
reader the words are a label read as its text, and each note is also announced (the coach
does it)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from ...analysis.coaching import Note

WIDTH = 300  # pixels: a note of five or six lines beside the table
_LINES_SEEN = 7  # the title and the loss at least, unscrolled, where the panel is below the table
TABLE_WIDTH = 560  # the table's own minimum (``TableView``): narrower windows get the panel below it


class CoachPanel(QDockWidget):
    """One note or one summary at a time; its buttons say what the person chose."""

    go_on = Signal()
    take_back = Signal()
    open_review = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Coach", parent)
        self.setObjectName("coach")
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)  # closed by its own buttons
        self.setAllowedAreas(Qt.DockWidgetArea.RightDockWidgetArea | Qt.DockWidgetArea.BottomDockWidgetArea)
        self.setAccessibleName("Coach")
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.words = QLabel()
        self.words.setWordWrap(True)
        self.words.setTextFormat(Qt.TextFormat.RichText)
        # reachable by Tab, and where a note opened from the table puts the focus
        self.words.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.words.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.assumes = QLabel()
        self.assumes.setWordWrap(True)
        self.assumes.setStyleSheet("color: palette(placeholder-text);")
        self.take_back_button = QPushButton("Take It &Back")
        self.take_back_button.setToolTip("Undo this move and choose again")
        self.take_back_button.clicked.connect(self.take_back.emit)
        self.review_button = QPushButton("Open the &Review")
        self.review_button.setToolTip("Every hand of the game, each decision graded (Game > Hands of This Game)")
        self.review_button.clicked.connect(self.open_review.emit)
        self.go_on_button = QPushButton("Go O&n")
        self.go_on_button.clicked.connect(self.go_on.emit)
        buttons = QHBoxLayout()
        buttons.addWidget(self.take_back_button)
        buttons.addWidget(self.review_button)
        buttons.addStretch(1)
        buttons.addWidget(self.go_on_button)
        inside = QWidget()
        box = QVBoxLayout(inside)
        box.addWidget(self.title)
        box.addWidget(self.words)
        box.addWidget(self.assumes)
        box.addStretch(1)
        scroll = QScrollArea()  # a long reason at the smallest window scrolls, never cut off
        scroll.setWidget(inside)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumHeight(self.fontMetrics().lineSpacing() * _LINES_SEEN)  # (below a narrow window's table)
        body = QWidget()
        outer = QVBoxLayout(body)
        outer.setContentsMargins(6, 0, 6, 6)
        outer.addWidget(scroll, 1)
        outer.addLayout(buttons)
        self.setWidget(body)
        self.setMinimumWidth(WIDTH)
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        escape.activated.connect(self.go_on.emit)
        self.hide()

    def show_note(self, note: Note, *, ink: str, played_on: str) -> None:
        """A note, its title in ``ink`` (its grade's colour): ``played_on`` says why it cannot be
        taken back ("" if it can)."""
        self.setWindowTitle("Coach")
        self.title.setText(f"<b style='color:{ink}'>{html.escape(note.title)}</b>")
        paragraphs = [note.better, note.why] + ([played_on] if played_on else [])
        self.words.setText("".join(f"<p>{html.escape(p)}{'' if p.endswith('.') else '.'}</p>" for p in paragraphs))
        self.words.setAccessibleName(f"Coach's note: {note.title}")
        self.assumes.setText(note.assumes)
        self.assumes.show()
        self.take_back_button.show()
        self.take_back_button.setEnabled(not played_on)
        self.review_button.hide()
        self.go_on_button.setText("Go O&n")
        self.go_on_button.setToolTip("Keep this move and play on (Escape)")
        self._appear()

    def show_summary(self, heading: str, lines: tuple[str, ...], biggest: str) -> None:
        self.setWindowTitle("Coach: the game")
        self.title.setText("<b>The coach's summary</b>")
        rows = "<br>".join(html.escape(line) for line in lines)
        self.words.setText(f"<p>{html.escape(heading)}</p><p>{rows}</p><p>{html.escape(biggest)}</p>")
        self.words.setAccessibleName("Coach's summary of the game")
        self.assumes.hide()
        self.take_back_button.hide()
        self.review_button.show()
        self.go_on_button.setText("&Close")
        self.go_on_button.setToolTip("Close the summary (Escape)")
        self._appear()

    def _appear(self) -> None:
        """Shown beside the table, or below it where the window is too narrow for both."""
        window = self.parentWidget()
        if isinstance(window, QMainWindow) and not self.isVisible():
            wide = window.width() >= TABLE_WIDTH + WIDTH + 20
            area = Qt.DockWidgetArea.RightDockWidgetArea if wide else Qt.DockWidgetArea.BottomDockWidgetArea
            window.addDockWidget(area, self)
        self.show()
        self.raise_()

    @property
    def has_focus(self) -> bool:
        """The keyboard focus is in the panel."""
        focused = QApplication.focusWidget()
        return focused is not None and self.isAncestorOf(focused)

    def take_focus(self) -> None:
        self.words.setFocus(Qt.FocusReason.OtherFocusReason)
