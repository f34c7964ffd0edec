"""One copy of the program at a time per data folder: two would write over each other's
statistics, saved game and game log. A second start says so in plain words and leaves every
file alone; a lock left by a copy that crashed, or a folder that cannot be written, never
keeps the game from starting. Only ``euchre-qt`` takes the lock (``launch.run``): a window
made in a test takes none."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QLockFile, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from euchre_qt.__main__ import main
from euchre_qt.app.window import launch, main_window
from tests.player_words import DEVELOPER_TEXT

from ..modal import when_modal_opens

HOLD = """
import sys
from PySide6.QtCore import QLockFile
lock = QLockFile(sys.argv[1])
if not lock.tryLock(0):
    sys.exit(3)
print("locked", flush=True)
if sys.argv[2] == "crash":
    import os
    os._exit(0)  # gone without unlocking, as a crash leaves it
import select
select.select([sys.stdin], [], [], 120)  # until the test is done with it (or, whatever happens, 2 minutes)
"""


def hold_lock(folder: Path, how: str) -> subprocess.Popen[str]:
    folder.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(folder / launch.LOCK_NAME), how],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "locked"
    return process


def holder_pid(folder: Path) -> int:
    pid, _host, _app = QLockFile(str(folder / launch.LOCK_NAME)).getLockInfo()
    return int(pid)


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        str(path.relative_to(folder)): (path.read_bytes(), path.stat().st_mtime_ns)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def answer(box: Any, said: list[str]) -> None:
    """Note what the box says, and close it as a person does (Enter)."""
    said.append(box.text())
    QTest.keyClick(box, Qt.Key.Key_Return)


@pytest.fixture(autouse=True)
def keep_the_test_applications_names(qapp: QApplication) -> Iterator[None]:
    """``launch.run`` names the application as the program's: give the test's its names back."""
    names = (qapp.applicationName(), qapp.applicationDisplayName(), qapp.organizationName(), qapp.desktopFileName())
    yield
    qapp.setApplicationName(names[0])
    qapp.setApplicationDisplayName(names[1])
    qapp.setOrganizationName(names[2])
    qapp.setDesktopFileName(names[3])


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, private_folders: dict[str, Path]) -> list[dict[str, Any]]:
    """The game's starts: the window is made (as a stand-in noting who held the lock then)
    and shown (at once returning 0, with no event loop)."""
    starts: list[dict[str, Any]] = []

    def window(**options: Any) -> object:
        lock_file = private_folders["data"] / launch.LOCK_NAME
        holder = holder_pid(private_folders["data"]) if lock_file.is_file() else None
        starts.append({**options, "lock held by": holder})
        return object()

    monkeypatch.setattr(main_window, "MainWindow", window)
    monkeypatch.setattr(launch, "_show", lambda *args, **kwargs: 0)
    return starts


def test_a_second_start_says_the_game_is_open_and_touches_no_file(
    qtbot: Any, private_folders: dict[str, Path], started: list[dict[str, Any]]
) -> None:
    data = private_folders["data"]
    data.mkdir()
    (data / "statistics.json").write_text('{"games_won": 3}', encoding="utf-8")
    (data / "autosave.json").write_text("{ a game }", encoding="utf-8")
    (data / "game-log.txt").write_text("Game 1\n", encoding="utf-8")
    first = hold_lock(data, "run")
    try:
        an_hour_ago = time.time() - 3600
        os.utime(data / launch.LOCK_NAME, (an_hour_ago, an_hour_ago))  # however long the first copy runs
        before = snapshot(data)
        said: list[str] = []
        for argv in ([], ["--new"]):  # as a launcher starts it, and with an option
            when_modal_opens(lambda box: answer(box, said))
            assert main(argv) == 0

        assert said == ["Euchre is already open in another window."] * 2
        assert not any(DEVELOPER_TEXT.search(text) for text in said)
        assert started == []  # no window: nothing read
        assert snapshot(data) == before
        assert not private_folders["config"].exists()
        assert holder_pid(data) == first.pid
    finally:
        first.communicate("")


def test_a_lock_left_by_a_copy_that_crashed_does_not_keep_the_game_from_starting(
    private_folders: dict[str, Path], started: list[dict[str, Any]]
) -> None:
    data = private_folders["data"]
    crashed = hold_lock(data, "crash")
    crashed.wait()
    assert holder_pid(data) == crashed.pid  # its lock file is still there

    assert main(["--new"]) == 0

    assert [start["lock held by"] for start in started] == [os.getpid()]  # taken over, before the window
    assert not (data / launch.LOCK_NAME).exists()  # and let go as the program ends


def test_the_lock_is_let_go_so_the_next_start_opens(
    private_folders: dict[str, Path], started: list[dict[str, Any]]
) -> None:
    assert main([]) == 0
    assert main(["--new"]) == 0
    assert [start["lock held by"] for start in started] == [os.getpid()] * 2


@pytest.mark.parametrize("what", ["a file where the folder should be", "a folder by the lock's name"])
def test_a_data_folder_that_cannot_be_locked_does_not_keep_the_game_from_starting(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    private_folders: dict[str, Path],
    started: list[dict[str, Any]],
    what: str,
) -> None:
    if what == "a file where the folder should be":
        (tmp_path / "not-a-folder").write_text("", encoding="utf-8")
        monkeypatch.setenv("EUCHRE_QT_DATA_DIR", str(tmp_path / "not-a-folder" / "data"))
    else:
        (private_folders["data"] / launch.LOCK_NAME).mkdir(parents=True)
    assert main(["--new"]) == 0
    assert len(started) == 1


def test_a_window_made_in_the_program_takes_no_lock(make_window: Any, private_folders: dict[str, Path]) -> None:
    """Tests make many windows in one process: only the program's start locks the folder."""
    make_window()
    make_window()
    assert not (private_folders["data"] / launch.LOCK_NAME).exists()
