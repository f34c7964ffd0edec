"""The network table's panel beside the card table: where the table is and its join code,
who sits where (a person, a computer, away), the table's chat, and the buttons that deal
now, free the seat of a friend who is away (the table's creator), start the next game with
the same people, or leave."""

from __future__ import annotations

import itertools

from PySide6.QtCore import Qt, QTimer, Signal, SignalInstance
from PySide6.QtWidgets import (
    QDockWidget,
    QGridLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...engine import Seat
from ...net.protocol import MAX_CHAT
from ...session.wording import SEAT_NAMES

CHAT_LINES = 300


class TablePanel(QDockWidget):
    say = Signal(str)  # a chat line to send
    deal_now = Signal()
    free_seat = Signal(object)  # the Seat (in the window's places) whose away friend's seat to free
    again = Signal()
    leave = Signal()
    tick = Signal()  # a second passed while a seat's wait counts down: show the seats again

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Network Table", parent)
        self.setObjectName("network-table")
        self.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        body = QWidget()
        layout = QVBoxLayout(body)
        self.where = QLabel("")
        self.where.setWordWrap(True)
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)  # to copy the code
        self.where.setAccessibleName("Where the table is, and its join code")
        self.seats = QLabel("")
        self.seats.setWordWrap(True)
        for label in (self.where, self.seats):  # (the server's words: never read as markup)
            label.setTextFormat(Qt.TextFormat.PlainText)
        self.chat_log = QPlainTextEdit()
        self.chat_log.setReadOnly(True)
        self.chat_log.setMaximumBlockCount(CHAT_LINES)
        self.chat_log.setAccessibleName("Table chat")
        self.chat_line = QLineEdit()
        self.chat_line.setMaxLength(MAX_CHAT)
        self.chat_line.setPlaceholderText("Say something to the table, then Enter")
        self.chat_line.setAccessibleName("Say to the table")
        self.chat_line.returnPressed.connect(self._send)
        # two a row: the panel stays as narrow as the table lets it be (PANEL_WIDTH) with every button shown
        buttons = QGridLayout()
        self.deal_button = self._button("&Deal Now", "Deal now, computers in the seats nobody took", self.deal_now)
        self.again_button = self._button("Next &Game", "A new game with the same people", self.again)
        self.leave_button = self._button("&Leave Table", "Leave the network table", self.leave)
        # a menu of the seats whose person is away: Space or Enter opens it, the arrows choose
        self.free_button = QPushButton("&Free a Seat")
        self.free_button.setAccessibleName("Free the seat of a friend who is away and lost the seat key")
        self.free_button.setToolTip(
            "The seat's key opens it no more: a computer plays it until someone with the join code sits there."
        )
        self.free_menu = QMenu(self.free_button)
        self.free_button.setMenu(self.free_menu)
        order = (self.deal_button, self.free_button, self.again_button, self.leave_button)
        for place, button in enumerate(order):
            buttons.addWidget(button, place // 2, place % 2)
        for before, after in itertools.pairwise(order):
            QWidget.setTabOrder(before, after)  # Tab goes as the buttons are laid out
        for widget in (self.where, self.seats):
            layout.addWidget(widget)
        layout.addLayout(buttons)
        layout.addWidget(self.chat_log, 1)
        layout.addWidget(self.chat_line)
        self.setWidget(body)
        self.show_buttons(creator=False, started=False, over=False, away=[])
        self._ticker = QTimer(self)
        self._ticker.setInterval(1000)
        self._ticker.timeout.connect(self.tick.emit)

    def _button(self, text: str, name: str, signal: SignalInstance) -> QPushButton:
        button = QPushButton(text)
        button.setAccessibleName(name)
        button.clicked.connect(signal.emit)
        return button

    def _send(self) -> None:
        text = self.chat_line.text().strip()
        if text:
            self.say.emit(text)
            self.chat_line.clear()

    def show_where(self, text: str) -> None:
        self.where.setText(text)
        self.where.setAccessibleName(text)

    def show_seats(self, lines: list[tuple[Seat, str, str]]) -> None:
        """Each seat (in the window's places), its player's name and who plays it now."""
        text = "\n".join(
            f"{SEAT_NAMES[seat]}: {name} ({level.lower()})" if level else f"{SEAT_NAMES[seat]}: {name}"
            for seat, name, level in lines
        )
        self.seats.setText(text)
        self.seats.setAccessibleName(text)

    def count_down(self, on: bool) -> None:
        """Tick every second while ``on`` (a seat waits for its person)."""
        if not on:
            self._ticker.stop()
        elif not self._ticker.isActive():
            self._ticker.start()

    def show_buttons(self, creator: bool, started: bool, over: bool, away: list[tuple[Seat, str]]) -> None:
        """``away``: the seats (in the window's places) whose person is away, with their names."""
        self.deal_button.setVisible(creator and not started)
        self.again_button.setVisible(over)
        self.free_button.setVisible(creator and bool(away))
        self.free_menu.clear()
        for seat, name in away:
            action = self.free_menu.addAction(f"{SEAT_NAMES[seat]}: {name}")
            action.triggered.connect(lambda _=False, seat=seat: self.free_seat.emit(seat))

    def add_chat(self, who: str, text: str) -> None:
        self.chat_log.appendPlainText(f"{who}: {text}")
