"""Started wrongly or where no window can be had, the program says so in a person's words:
an unknown option is a one-line error (exit 2); no display, or a display Qt cannot use, is a
sentence and what to do (exit 1), never Qt's abort (exit 134)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from euchre_qt.app.window.display import EXIT_NO_WINDOW, WINDOW_PACKAGES, missing_display

ROOT = Path(__file__).parents[3]


def _euchre_qt(*args: str, **env: str | None) -> subprocess.CompletedProcess[str]:
    environ = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    for name, value in env.items():
        if value is None:
            environ.pop(name, None)
        else:
            environ[name] = value
    command = [sys.executable, "-m", "euchre_qt", *args]
    return subprocess.run(command, env=environ, capture_output=True, text=True, timeout=60)


def test_an_unknown_option_is_a_one_line_error() -> None:
    done = _euchre_qt("--new", "--bogus-option", QT_QPA_PLATFORM="offscreen")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "euchre-qt: unrecognized arguments: --bogus-option (euchre-qt --help lists the options)"
    ]


@pytest.mark.skipif(sys.platform != "linux", reason="DISPLAY and WAYLAND_DISPLAY are how Linux names a display")
def test_no_display_is_said_in_words() -> None:
    done = _euchre_qt("--new", DISPLAY=None, WAYLAND_DISPLAY=None, QT_QPA_PLATFORM=None)
    assert done.returncode == EXIT_NO_WINDOW
    assert done.stderr.startswith("euchre-qt: there is no display to open the game's window on")
    assert "QT_QPA_PLATFORM=offscreen" in done.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="DISPLAY and WAYLAND_DISPLAY are how Linux names a display")
def test_the_smoke_test_without_a_display_says_so_in_words(tmp_path: Path) -> None:
    done = _euchre_qt(
        "--smoke-test",
        DISPLAY=None,
        WAYLAND_DISPLAY=None,
        QT_QPA_PLATFORM=None,
        EUCHRE_QT_CONFIG_DIR=str(tmp_path / "config"),
        EUCHRE_QT_DATA_DIR=str(tmp_path / "data"),
    )
    assert done.returncode == EXIT_NO_WINDOW  # not Qt's abort (134)
    assert done.stderr.startswith("euchre-qt: there is no display to open the game's window on")
    assert "smoke: FAILED: the program's window cannot be opened here" in done.stdout


def test_the_smoke_test_is_in_the_help() -> None:
    done = _euchre_qt("--help", QT_QPA_PLATFORM="offscreen")
    assert done.returncode == 0 and "--smoke-test" in done.stdout


def test_a_display_qt_cannot_use_is_said_in_words_with_what_to_install() -> None:
    done = _euchre_qt("--new", QT_QPA_PLATFORM="no-such-platform")  # as when Qt's xcb libraries are missing
    assert done.returncode == EXIT_NO_WINDOW  # not Qt's abort
    assert done.stderr.startswith("euchre-qt: the game's window could not be opened")
    assert "no-such-platform" in done.stderr  # Qt's own reason, in brackets
    assert f"sudo apt-get install {' '.join(WINDOW_PACKAGES)}" in done.stderr


def test_a_display_is_found_by_either_name() -> None:
    assert missing_display({}, "linux") is not None
    assert missing_display({"DISPLAY": ":0"}, "linux") is None
    assert missing_display({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert missing_display({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert missing_display({}, "darwin") is None  # Qt finds the screen itself there


def test_the_packages_named_are_those_the_docs_and_ci_name() -> None:
    docs = (ROOT / "docs" / "packaging.md").read_text()
    listed = re.search(r"sudo apt-get install python3-venv (.*?)\n```", docs, re.S)
    assert listed is not None
    assert listed.group(1).replace("\\\n", " ").split() == WINDOW_PACKAGES
    ci = (ROOT / ".ci" / "run").read_text()
    system = re.search(r'SYSTEM_PACKAGES="(.*?)"', ci, re.S)
    assert system is not None
    assert set(WINDOW_PACKAGES) <= set(system.group(1).replace("\\\n", " ").split())
