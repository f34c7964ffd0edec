"""The problems log never raises, and where it cannot be written its technical line goes to
standard error only where no person reads it beside the plain sentence (not a terminal)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from euchre_qt.app.storage import problems


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def no_folder(tmp_path: Path) -> Path:
    blocker = tmp_path / "not a folder"
    blocker.write_text("a file where the data folder should be")
    return blocker / "data"


def test_the_line_goes_to_the_log(tmp_path: Path) -> None:
    problems.record("the drills could not be saved", OSError(30, "Read-only file system"), tmp_path)
    assert "Read-only file system" in problems.log_path(tmp_path).read_text(encoding="utf-8")


def test_without_a_log_a_terminal_is_not_shown_the_technical_line(
    no_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    problems.record("the drills could not be saved", OSError(30, "Read-only file system"), no_folder)
    assert terminal.getvalue() == ""


def test_without_a_log_a_redirected_standard_error_keeps_it(no_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    redirected = io.StringIO()
    monkeypatch.setattr(sys, "stderr", redirected)
    problems.record("the drills could not be saved", OSError(30, "Read-only file system"), no_folder)
    assert "Read-only file system" in redirected.getvalue()


@pytest.mark.parametrize("stream", [None, "closed"])
def test_without_a_log_or_a_standard_error_nothing_raises(
    no_folder: Path, monkeypatch: pytest.MonkeyPatch, stream: str | None
) -> None:
    closed = io.StringIO()
    closed.close()
    monkeypatch.setattr(sys, "stderr", closed if stream else None)
    problems.record("the drills could not be saved", "detail", no_folder)
