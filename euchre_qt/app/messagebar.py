"""A non-modal message strip above the table: warnings that never block the game."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


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
        self.action_button = QPushButton()
        self.action_button.setVisible(False)
        lay.addWidget(self.action_button)
        close = QPushButton("✕")
        close.setFlat(True)
        close.setAccessibleName("Close message")
        close.setFixedWidth(28)
        close.clicked.connect(self.dismiss)
        lay.addWidget(close)
        self._callback: Callable[[], None] | None = None
        self.action_button.clicked.connect(self._act)
        self.messages: list[str] = []
        self.setVisible(False)

    def show_message(self, text: str, action: str | None = None, callback: Callable[[], None] | None = None) -> None:
        self.messages.append(text)
        current = self.label.text()
        self.label.setText(text if not self.isVisible() or not current else f"{current}\n{text}")
        self.label.setAccessibleName(self.label.text())
        if action and callback:
            self.action_button.setText(action)
            self.action_button.setVisible(True)
            self._callback = callback
        self.setVisible(True)

    def _act(self) -> None:
        callback, self._callback = self._callback, None
        self.dismiss()
        if callback is not None:
            callback()

    def dismiss(self) -> None:
        self.setVisible(False)
        self.label.setText("")
        self.action_button.setVisible(False)
        self._callback = None
