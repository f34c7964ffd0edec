"""A logout or shutdown sends SIGTERM, to the window's process or to its whole process group
(``timeout``, systemd): the program saves and exits within seconds, whatever it was doing.

It did not: the helper process, killed by the group's TERM while it waited for work, held a
lock that ``multiprocessing.Pool.terminate()`` then waited on for ever."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from euchre_qt.helper_process.process import HelperProcess, Unavailable

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc and sends POSIX signals")

EXIT_WITHIN_S = 8  # generous for a loaded test machine; an exit normally takes a fraction of a second


def _idle() -> None:
    pass


def _helpers_of(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):  # a child belongs to the thread that started it
        with contextlib.suppress(OSError):
            found += [int(child) for child in (task / "children").read_text().split()]
    return [child for child in found if "multiprocessing.spawn" in _cmdline(child)]


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _state(pid: int) -> str:
    """R: running on a CPU (thinking); S: waiting (for work)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "?"


def _wait_for(condition: Callable[[], bool], timeout_s: float = 60.0) -> None:
    give_up = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < give_up, "the condition never came"
        time.sleep(0.01)


def test_a_helper_killed_while_it_waits_for_work_is_ended_at_once() -> None:
    helper = HelperProcess(initializer=_idle)
    assert helper.submit(_idle).get(timeout_s=30) is None
    pid = helper._process.pid
    assert pid is not None
    os.kill(pid, signal.SIGTERM)  # as the group's TERM reaches it
    _wait_for(lambda: helper._process.exitcode is not None)
    with pytest.raises(Unavailable):
        helper.submit(_idle).get(timeout_s=30)
    helper.end()  # returns: nothing left to wait for


ADVANCED = "[players]\nplayer_west=advanced\nplayer_north=advanced\nplayer_east=advanced\n"


@pytest.mark.parametrize("to_group", [True, False], ids=["to-the-process-group", "to-the-window-alone"])
@pytest.mark.parametrize("helper_state", ["R", "S"], ids=["helper-thinking", "helper-waiting"])
@pytest.mark.parametrize("run", range(2))
def test_sigterm_saves_and_exits(tmp_path: Path, to_group: bool, helper_state: str, run: int) -> None:
    terminate(tmp_path, ADVANCED, ["--seed", str(3 + 2 * run)], helper_state, to_group)


@pytest.mark.parametrize("to_group", [True, False], ids=["to-the-process-group", "to-the-window-alone"])
def test_sigterm_while_the_review_grades_saves_and_exits(tmp_path: Path, to_group: bool) -> None:
    terminate(tmp_path, "", ["--seed", "5", "--demo-state", "review"], "R", to_group)


def terminate(tmp_path: Path, players: str, args: list[str], helper_state: str, to_group: bool) -> None:
    """Start the program, send TERM once a helper process is in ``helper_state``: it exits
    0 within EXIT_WITHIN_S, its game saved."""
    config, data = tmp_path / "config", tmp_path / "data"
    config.mkdir()
    (config / "settings.ini").write_text(players + "[table]\nspeed=0\n")  # the computers think at once
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", EUCHRE_QT_CONFIG_DIR=str(config), EUCHRE_QT_DATA_DIR=str(data))
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parents[3]), env.get("PYTHONPATH", "")])
    command = [sys.executable, "-m", "euchre_qt", "--new", *args]
    window = subprocess.Popen(command, env=env, start_new_session=True, stderr=subprocess.DEVNULL)
    try:
        _wait_for(lambda: any(_state(helper) == helper_state for helper in _helpers_of(window.pid)))
        if to_group:
            os.killpg(window.pid, signal.SIGTERM)
        else:
            os.kill(window.pid, signal.SIGTERM)
        assert window.wait(timeout=EXIT_WITHIN_S) == 0
    finally:
        if window.poll() is None:
            os.killpg(window.pid, signal.SIGKILL)
            window.wait()
    assert (data / "autosave.json").exists()
