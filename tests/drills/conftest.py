"""The drills' tests: a private data folder each (the progress file is written there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from euchre_qt.app.drills.progress_file import shipped_drills
from euchre_qt.drills.shelf import Shelf, load


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("EUCHRE_QT_DATA_DIR", str(folder))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return folder


@pytest.fixture(scope="session")
def shelf() -> Shelf:
    return load(shipped_drills())
