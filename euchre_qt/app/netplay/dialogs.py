"""The questions asked before sitting at a network table: which seats a hosted table opens
to friends, where a table to join is, and which of its seats to take."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...engine import Seat
from ...net.client import table_url
from ...session.wording import SEAT_NAMES
from .remote import SeatShown

FRIEND, COMPUTER = "A friend", "A computer player"
NAME_CHARS = 24


def _buttons(dialog: QDialog, ok: str) -> QDialogButtonBox:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    button = box.button(QDialogButtonBox.StandardButton.Ok)
    button.setText(ok)
    button.setAccessibleName(ok.replace("&", ""))
    box.button(QDialogButtonBox.StandardButton.Cancel).setAccessibleName("Cancel")
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


def _name_edit(name: str) -> QLineEdit:
    edit = QLineEdit("" if _is_you(name) else name)  # (the window's default name for its seat)
    edit.setMaxLength(NAME_CHARS)
    edit.setPlaceholderText("Your name, as the others see it")
    edit.setAccessibleName("Your name at the table")
    return edit


def _is_you(name: str) -> bool:
    return name.strip().casefold() == "you"


def _table_name(edit: QLineEdit, fallback: str) -> str:
    """The name the others at the table are told: the one typed, else ``fallback``. Never
    "You": the others would read "You's turn" and "You orders up Hearts"."""
    name = edit.text().strip()
    return fallback if not name or _is_you(name) else name


@dataclass(frozen=True, slots=True)
class LastTable:
    """The table this window hosted last, saved unfinished: it can be sat at again."""

    code: str
    name: str  # the host's name there (the seat is taken back by name)
    scores: tuple[int, int]


@dataclass(frozen=True, slots=True)
class HostChoice:
    name: str
    open_seats: tuple[Seat, ...]  # the seats friends may take (computers play the others)
    port: int
    resume: LastTable | None = None  # sit at the last table again instead of opening a new one


class HostDialog(QDialog):
    """Game > Host a Table: you sit South; each other seat is a friend's or a computer's."""

    def __init__(
        self, *, name: str, port: int, rules: str, last: LastTable | None = None, parent: QWidget | None = None
    ) -> None:
        """``name``: yours in the settings (offered); ``port``: the one used last; ``rules``: the
        game's rules in words; ``last``: the table hosted last, offered to resume."""
        super().__init__(parent)
        self.setWindowTitle("Host a Table")
        self.last = last
        form = QFormLayout()
        self.resume = QCheckBox()
        if last is not None:
            us, them = last.scores
            self.resume.setText(f"&Resume your last table (join code {last.code}, us {us}, them {them})")
            self.resume.setAccessibleName(self.resume.text().replace("&", ""))
            self.resume.setChecked(True)
            form.addRow(self.resume)
        self.name = _name_edit(name)
        form.addRow("Your &name:", self.name)
        self.seats: dict[Seat, QComboBox] = {}
        for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
            combo = QComboBox()
            combo.addItems([FRIEND, COMPUTER])
            combo.setCurrentText(FRIEND if seat is Seat.NORTH else COMPUTER)
            role = "your partner" if seat is Seat.NORTH else "an opponent"
            combo.setAccessibleName(f"{SEAT_NAMES[seat]} ({role}) is played by")
            form.addRow(f"&{SEAT_NAMES[seat]} ({role}):", combo)
            self.seats[seat] = combo
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(port)
        self.port.setAccessibleName("Port friends connect to")
        form.addRow("&Port:", self.port)
        note = QLabel(
            f"The game is {rules}. Friends join with this computer's address, the port and the "
            "join code you are given next; a computer keeps a friend's seat until they sit down, "
            "and Deal Now starts without waiting."
        )
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(_buttons(self, "&Open the Table"))

    def choice(self) -> HostChoice:
        open_seats = tuple(seat for seat, combo in self.seats.items() if combo.currentText() == FRIEND)
        resume = self.last if self.last is not None and self.resume.isChecked() else None
        return HostChoice(
            name=_table_name(self.name, "Host"), open_seats=open_seats, port=self.port.value(), resume=resume
        )


@dataclass(frozen=True, slots=True)
class JoinChoice:
    url: str
    address: str  # as typed (remembered)
    code: str
    name: str


class JoinDialog(QDialog):
    """Game > Join a Table: where the table is, its join code, and your name."""

    def __init__(self, *, address: str, code: str, name: str, parent: QWidget | None = None) -> None:
        """The address and code typed last, and your name in the settings, offered."""
        super().__init__(parent)
        self.setWindowTitle("Join a Table")
        form = QFormLayout()
        self.address = QLineEdit(address)
        self.address.setPlaceholderText("192.168.1.20 or table.example.org:7654")
        self.address.setAccessibleName("The table's address")
        self.code = QLineEdit(code)
        self.code.setPlaceholderText("ABCD-2345")
        self.code.setMaxLength(16)
        self.code.setAccessibleName("Join code")
        self.name = _name_edit(name)
        form.addRow("&Address:", self.address)
        form.addRow("Join &code:", self.code)
        form.addRow("Your &name:", self.name)
        self.problem = QLabel("")
        self.problem.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(_buttons(self, "&Look at the Table"))

    def accept(self) -> None:
        if self.choice() is None:
            self.problem.setText("Type the address the host gave you (such as 192.168.1.20), and the join code.")
            self.address.setFocus()
            return
        super().accept()

    def choice(self) -> JoinChoice | None:
        address, code = self.address.text().strip(), self.code.text().strip().upper()
        try:
            url = table_url(address)
        except ValueError:
            return None
        if not code:
            return None
        return JoinChoice(url=url, address=address, code=code, name=_table_name(self.name, "Guest"))


class SeatDialog(QDialog):
    """Which seat to take: a free one, or your own again (``mine``: its key is kept here) after a drop."""

    def __init__(
        self, seats: list[SeatShown], *, name: str, mine: Seat | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Choose a Seat")
        layout = QVBoxLayout(self)
        question = QLabel(f"Where will you sit, {name}?")
        question.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(question)
        self.group = QButtonGroup(self)
        first: QRadioButton | None = None
        for seat, shown in zip(Seat, seats, strict=False):
            back = seat is mine and shown.kind == "person" and not shown.connected
            free = shown.kind == "open" or shown.open or back
            who = "free" if free else f"{shown.name or 'a computer'}, {shown.level().lower()}"
            button = QRadioButton(f"{SEAT_NAMES[seat]}: {'your seat again' if back else who}")
            button.setEnabled(free)
            button.setAccessibleName(button.text())
            self.group.addButton(button, int(seat))
            layout.addWidget(button)
            if free and first is None:
                first = button
        if first is not None:
            first.setChecked(True)
        else:
            layout.addWidget(QLabel("Every seat is taken."))
        box = _buttons(self, "&Sit Down")
        box.button(QDialogButtonBox.StandardButton.Ok).setEnabled(first is not None)
        layout.addWidget(box)

    def seat(self) -> Seat | None:
        chosen = self.group.checkedId()
        return Seat(chosen) if chosen >= 0 else None
