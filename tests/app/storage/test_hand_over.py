"""A game file opened while the game is already open is handed to the open window: the copy
that holds the data folder listens for paths on a local socket, and a second start hands
its file over and ends. What is not one absolute path is ignored."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtNetwork import QLocalSocket
from PySide6.QtWidgets import QApplication

from euchre_qt.app.window import hand_over, handed_files
from euchre_qt.app.window.hand_over import FileReceiver

SECOND_START = """
import sys
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from euchre_qt.app.window.hand_over import hand_over
app = QCoreApplication([])
print(hand_over(Path(sys.argv[1]), Path(sys.argv[2])), flush=True)
"""


def second_start(folder: Path, file: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", SECOND_START, str(folder), file], stdout=subprocess.PIPE, text=True)


@pytest.fixture
def receiver(qtbot: Any, tmp_path: Path) -> FileReceiver:
    receiving = FileReceiver(tmp_path / "data")
    assert receiving.listen()
    return receiving


def test_a_second_start_hands_its_file_to_the_open_copy(qtbot: Any, receiver: FileReceiver, tmp_path: Path) -> None:
    game = tmp_path / "final game.egn"
    with qtbot.waitSignal(receiver.received, timeout=10_000) as got:
        start = second_start(tmp_path / "data", str(game))
    out, _ = start.communicate(timeout=10)  # (its answer came while the signal was awaited)
    assert got.args == [game]
    assert out.strip() == "True" and start.returncode == 0


def test_a_relative_path_is_made_absolute_by_the_second_start(
    qtbot: Any, receiver: FileReceiver, tmp_path: Path
) -> None:
    with qtbot.waitSignal(receiver.received, timeout=10_000) as got:
        start = second_start(tmp_path / "data", "game.egn")
    start.communicate(timeout=10)
    assert got.args[0].is_absolute() and got.args[0].name == "game.egn"


def test_nobody_listening_is_told_at_once(tmp_path: Path) -> None:
    start = second_start(tmp_path / "no copy here", str(tmp_path / "game.egn"))
    out, _ = start.communicate(timeout=20)
    assert out.strip() == "False"


def test_each_folder_has_its_own_socket(tmp_path: Path) -> None:
    assert hand_over.socket_name(tmp_path / "a") != hand_over.socket_name(tmp_path / "b")
    assert hand_over.socket_name(tmp_path / "a") == hand_over.socket_name(tmp_path / "x" / ".." / "a")


@pytest.mark.parametrize(
    "sent",
    [b"game.egn\n", b"\xff\xfe/game.egn\n", b"/game\x00.egn\n", b"\n", b"/" + b"x" * 5000 + b"\n", b"/x" * 3000],
    ids=["relative", "not utf-8", "a nul", "empty", "too long", "no end"],
)
def test_what_is_not_one_absolute_path_is_ignored_and_the_next_is_heard(
    qtbot: Any, receiver: FileReceiver, tmp_path: Path, sent: bytes
) -> None:
    heard: list[Path] = []
    receiver.received.connect(heard.append)
    link = QLocalSocket()
    link.connectToServer(hand_over.socket_name(tmp_path / "data"))
    assert link.waitForConnected(3000)
    link.write(sent)
    link.flush()
    qtbot.wait(300)
    assert heard == []
    link.abort()
    with qtbot.waitSignal(receiver.received, timeout=10_000) as got:
        start = second_start(tmp_path / "data", str(tmp_path / "next.egn"))
    start.communicate(timeout=10)
    assert got.args == [tmp_path / "next.egn"]


def test_a_file_handed_over_while_a_dialog_holds_the_window_waits_for_it(qtbot: Any, tmp_path: Path) -> None:
    from PySide6.QtWidgets import QDialog, QWidget

    from euchre_qt.app.window.handed_files import HandedFiles

    raised: list[str] = []

    class Dialog(QDialog):
        def raise_(self) -> None:
            raised.append("the dialog")
            super().raise_()

    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    shown: list[Path] = []
    files = HandedFiles(window, shown.append)
    dialog = Dialog(window)
    dialog.setModal(True)
    dialog.show()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is dialog)
    first, second = tmp_path / "first.egn", tmp_path / "second.egn"
    files.receive(first)
    files.receive(second)
    qtbot.wait(2 * handed_files.RETRY_MS)
    held = files.waiting  # (read once: mypy would keep this narrowing past the dialog's close)
    assert shown == [] and held == (first, second)  # not behind the dialog
    dialog.reject()
    qtbot.waitUntil(lambda: shown == [first, second], timeout=2000)
    assert files.waiting == ()


def test_a_file_handed_over_with_no_dialog_open_is_shown_at_once(qtbot: Any, tmp_path: Path) -> None:
    from PySide6.QtWidgets import QWidget

    from euchre_qt.app.window.handed_files import HandedFiles

    window = QWidget()
    qtbot.addWidget(window)
    shown: list[Path] = []
    HandedFiles(window, shown.append).receive(tmp_path / "game.egn")
    assert shown == [tmp_path / "game.egn"]
