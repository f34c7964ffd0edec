"""The display going away under a running window (the X server ends, as at logging out):
the program says the game is saved and ends with Qt's status 1, where Qt's own exit
aborted on the computer players' running thread (status 134, "QThread: Destroyed while
thread is still running", a core dump)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from euchre_qt.app.window.display_lost import CLOSED, EXIT_DISPLAY_LOST, NOT_SAVED, SAVED, DisplayWatch


class Exited(Exception):
    pass


def exit_here(status: int) -> None:
    raise Exited(status)


def test_a_lost_display_is_said_the_helpers_are_ended_and_the_program_ends(capsys: pytest.CaptureFixture[str]) -> None:
    ended: list[str] = []
    watch = DisplayWatch(lambda: ended.append("helpers"), exit=exit_here)
    with pytest.raises(Exited) as exited:
        watch(None, None, "The X11 connection broke (error 1). Did the X11 server die?")
    assert exited.value.args == (EXIT_DISPLAY_LOST,) and ended == ["helpers"]
    assert capsys.readouterr().err.endswith(f"die?\n{CLOSED}\n")  # no window to ask whether the game is saved
    with pytest.raises(Exited):
        watch(None, None, "The Wayland connection broke. Did the Wayland compositor die?")


@pytest.mark.parametrize(
    ("saved", "said"),
    [(True, f"{CLOSED} {SAVED}"), (False, f"{CLOSED} {NOT_SAVED}"), (None, CLOSED)],
)
def test_the_person_is_told_whether_the_game_is_saved_only_where_that_is_known(saved: bool | None, said: str) -> None:
    watch = DisplayWatch(lambda: None, exit=exit_here)
    watch.game_saved = lambda: saved
    assert watch.said() == said

    def half_taken_down() -> bool:
        raise RuntimeError("Internal C++ object already deleted.")

    watch.game_saved = half_taken_down
    assert watch.said() == CLOSED


def test_the_window_says_whether_its_game_is_saved_and_finishes_its_queued_writes(
    qtbot: Any, make_window: Any, tmp_path: Path
) -> None:
    window = make_window()
    assert window.game_saved() is True
    window.files.autosave.error = "the file cannot be written"
    assert window.game_saved() is False
    written: list[str] = []

    def slow_write() -> None:
        time.sleep(0.3)
        written.append("statistics")

    window.files.writer.submit(slow_write)
    window.finish_writing()
    assert written == ["statistics"]


def test_the_queued_writes_are_finished_and_the_program_ends_whichever_step_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class GoneTerminal:
        def write(self, _text: str) -> int:
            raise OSError("the terminal went with the session")

    def broken() -> None:
        raise OSError("the helper is gone already")

    monkeypatch.setattr("sys.stderr", GoneTerminal())
    steps: list[str] = []
    exits: list[int] = []
    watch = DisplayWatch(broken, exit=exits.append)
    watch.finish_writing = lambda: steps.append("writes finished")
    watch(None, None, "The Wayland connection experienced a fatal error: Broken pipe")
    assert steps == ["writes finished"] and exits == [EXIT_DISPLAY_LOST]


def test_other_messages_are_printed_as_qt_prints_them(capsys: pytest.CaptureFixture[str]) -> None:
    watch = DisplayWatch(lambda: None, exit=exit_here)
    watch(None, SimpleNamespace(category="qt.qpa.xcb"), "QXcbConnection: XCB error: 3")
    watch(None, SimpleNamespace(category="default"), "a plain warning")
    assert capsys.readouterr().err == "qt.qpa.xcb: QXcbConnection: XCB error: 3\na plain warning\n"


def test_without_a_console_messages_go_nowhere_and_a_lost_display_still_ends_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sys.stderr", None)
    watch = DisplayWatch(lambda: None, exit=exit_here)
    watch(None, None, "a plain warning")
    with pytest.raises(Exited):
        watch(None, None, "The X11 connection broke (error 1).")


def xcb_can_open() -> bool:
    from euchre_qt.app.window.display import WINDOW_PACKAGES

    probe = (
        subprocess.run(["dpkg-query", "-W", *WINDOW_PACKAGES], capture_output=True)
        if shutil.which("dpkg-query")
        else None
    )
    return probe is not None and probe.returncode == 0


@pytest.mark.skipif(shutil.which("Xvfb") is None or not xcb_can_open(), reason="needs Xvfb and Qt's X11 libraries")
def test_the_x_server_ending_under_the_window_ends_it_in_words_not_an_abort(tmp_path: Path) -> None:
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24"], pass_fds=[write])
    os.close(write)
    try:
        with os.fdopen(read) as displayfd:
            display = displayfd.readline().strip()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("QT_", "XDG_"))}
        env |= {"HOME": str(tmp_path), "DISPLAY": f":{display}", "QT_QPA_PLATFORM": "xcb"}
        game = subprocess.Popen(
            [sys.executable, "-m", "euchre_qt"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        saved = list(tmp_path.rglob("autosave.json"))
        deadline = time.monotonic() + 60
        while not saved and game.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
            saved = list(tmp_path.rglob("autosave.json"))
        assert saved, "the window never started its game"
        time.sleep(1.0)
    finally:
        xvfb.terminate()
        xvfb.wait(10)
    _out, err = game.communicate(timeout=30)
    assert game.returncode == EXIT_DISPLAY_LOST, err
    assert f"{CLOSED} {SAVED}" in err and "QThread" not in err
