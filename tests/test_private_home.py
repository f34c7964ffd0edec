"""No test writes into the user's folders: the run has a home of its own (tests/conftest.py),
and every file the program finds a place for by itself lands in its data or config folder."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from euchre_qt import folders
from euchre_qt.net import join


def test_the_run_has_a_home_of_its_own(run_folder: Path) -> None:
    home = run_folder / "home"
    assert Path.home() == home and Path(os.environ["XDG_DATA_HOME"]).is_relative_to(home)
    for folder in (folders.data_dir(), folders.config_dir()):
        assert folder.is_relative_to(run_folder) and not folder.is_relative_to(home)


def test_what_euchre_qt_leaves_in_a_home_is_found(tmp_path: Path, find_strays: Callable[[Path], list[str]]) -> None:
    (tmp_path / ".local" / "share" / "euchre-qt").mkdir(parents=True)
    (tmp_path / ".local" / "share" / "euchre-qt" / "seat keys.txt").write_text("ABCD-2345:N:key\n")
    (tmp_path / ".cache" / "fontconfig").mkdir(parents=True)
    assert find_strays(tmp_path) == [".local/share/euchre-qt"]


def test_the_terminals_seat_keys_are_kept_in_the_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("EUCHRE_QT_DATA_DIR", str(tmp_path / "data"))
    assert join.keys_file() == tmp_path / "data" / "seat keys.txt"
