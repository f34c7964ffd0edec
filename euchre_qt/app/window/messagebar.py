"""A non-modal message strip above the table: warnings that never block the game.

It shows one message at a time, the newest, so that it stays one or two lines high
and never pushes the table far down. Older messages still waiting are not hidden: the
strip says how many there are ("2 more"), and closing the shown one shows the next.
A message that stops being true is taken back (``withdraw``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


@dataclass
class _Message:
    text: str
    action: str | None = None
    callback: Callable[[], None] | None = None


class MessageBar(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageBar")
        self.setStyleSheet(
            "#messageBar { background: #fff4cc; border-bottom: 1px solid #d9c36a; }"
            "#messageBar QLabel { color: #3a3000; }"
        )
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 4, 6, 4)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.label, 1)
        self.count_label = QLabel()
        self.count_label.setVisible(False)
        lay.addWidget(self.count_label)
        self.action_button = QPushButton()
        self.action_button.setVisible(False)
        lay.addWidget(self.action_button)
        self.close_button = QPushButton("✕")
        self.close_button.setFlat(True)
        self.close_button.setAccessibleName("Close message")
        self.close_button.setFixedWidth(28)
        self.close_button.clicked.connect(self.close_current)
        lay.addWidget(self.close_button)
        self.action_button.clicked.connect(self._act)
        self._messages: list[str] = []
        self._waiting: list[_Message] = []  # not yet closed, oldest first; the last is shown
        self.setVisible(False)

    @property
    def messages(self) -> tuple[str, ...]:
        """Everything ever shown here, oldest first."""
        return tuple(self._messages)

    @property
    def waiting(self) -> list[str]:
        """The messages not yet closed, oldest first (the newest is the one shown)."""
        return [m.text for m in self._waiting]

    def show_message(self, text: str, action: str | None = None, callback: Callable[[], None] | None = None) -> None:
        self._messages.append(text)
        self._waiting = [m for m in self._waiting if m.text != text]
        self._waiting.append(_Message(text, action if callback else None, callback))
        self._show()

    def withdraw(self, text: str) -> None:
        """Take back a message that is no longer true (if it is still there)."""
        if any(m.text == text for m in self._waiting):
            self._waiting = [m for m in self._waiting if m.text != text]
            self._show()

    def _show(self) -> None:
        if not self._waiting:
            self.dismiss()
            return
        shown = self._waiting[-1]
        n = len(self._waiting)
        self.label.setText(shown.text)
        self.label.setToolTip("\n\n".join(reversed(self.waiting)) if n > 1 else "")
        self.count_label.setText(f"{n - 1} more")
        self.count_label.setToolTip("Close this message to read the next")
        self.count_label.setVisible(n > 1)
        self.close_button.setToolTip("Close this message" + (" and show the next" if n > 1 else ""))
        more = f" (1 of {n} messages)" if n > 1 else ""
        self.label.setAccessibleName(shown.text + more)
        self.action_button.setVisible(shown.callback is not None)
        if shown.action:
            self.action_button.setText(shown.action)
        self.setVisible(True)

    def _act(self) -> None:
        if not self._waiting:
            return
        shown = self._waiting.pop()
        self._show()
        if shown.callback is not None:
            shown.callback()

    def close_current(self) -> None:
        """Close the message shown; the next one waiting (if any) takes its place."""
        if self._waiting:
            self._waiting.pop()
        self._show()

    def dismiss(self) -> None:
        """Close every message."""
        self._waiting = []
        self.setVisible(False)
        self.label.setText("")
        self.label.setToolTip("")
        self.count_label.setVisible(False)
        self.action_button.setVisible(False)
