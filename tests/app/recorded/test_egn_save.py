"""Saving a game as EGN from the window: the question before a file is replaced is about the
file written (".egn" added to the name typed), a failed save leaves a file already there as
it was and says so in plain words, and "Saved" is said only once the file is written."""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from euchre_qt.notation import egn, validation_errors
from tests.player_words import DEVELOPER_TEXT

from ..conftest import settle

EARLIER = '{"the player\'s earlier game": "' + "x" * 3000 + '"}\n'


def _dialog_gives(monkeypatch: pytest.MonkeyPatch, *names: str) -> list[dict[str, Any]]:
    """The save dialog returns ``names`` in turn (then nothing: Cancel); what it was asked, kept."""
    given = list(names)
    asked: list[dict[str, Any]] = []

    def ask(*args: Any, **kwargs: Any) -> tuple[str, str]:
        asked.append({"dir": args[2] if len(args) > 2 else kwargs.get("dir"), **kwargs})
        return (given.pop(0) if given else ""), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask)
    return asked


def _questions_answered(monkeypatch: pytest.MonkeyPatch, answer: QMessageBox.StandardButton) -> list[str]:
    """Every question a message box asks gets ``answer``; the questions, kept."""
    questions: list[str] = []

    def exec_(box: QMessageBox) -> int:
        questions.append(box.text())
        assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)  # Enter keeps the file
        return int(answer.value)

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return questions


@pytest.mark.parametrize("typed", ["final", "final.egn"])
def test_a_name_typed_without_egn_asks_before_replacing_the_egn_file(
    qtbot: Any, make_window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, typed: str
) -> None:
    window = make_window(seed=3)
    settle(qtbot, window)
    target = tmp_path / "final.egn"
    target.write_text(EARLIER, encoding="utf-8")
    asked = _dialog_gives(monkeypatch, str(tmp_path / typed))
    questions = _questions_answered(monkeypatch, QMessageBox.StandardButton.No)
    window.recorded.ask_and_save_egn(window.controller.game)
    assert window.files.writer.flush()
    assert questions == ["final.egn already exists. Replace it?"]
    assert target.read_text(encoding="utf-8") == EARLIER  # No: the file is kept...
    assert len(asked) == 2 and asked[1]["dir"] == str(target)  # ...and the name is asked again
    # the dialog does not ask too (it would be about the name typed, not the file written)
    assert asked[0]["options"] & QFileDialog.Option.DontConfirmOverwrite

    _dialog_gives(monkeypatch, str(tmp_path / typed))
    questions = _questions_answered(monkeypatch, QMessageBox.StandardButton.Yes)
    window.recorded.ask_and_save_egn(window.controller.game)
    assert window.files.writer.flush()
    assert questions == ["final.egn already exists. Replace it?"]
    assert validation_errors(json.loads(target.read_text(encoding="utf-8"))) == []  # Yes: replaced
    assert not (tmp_path / "final").exists()


def test_a_new_name_is_saved_without_a_question(
    qtbot: Any, make_window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(seed=3)
    settle(qtbot, window)
    _dialog_gives(monkeypatch, str(tmp_path / "new"))
    questions = _questions_answered(monkeypatch, QMessageBox.StandardButton.No)
    said: list[str] = []
    window.statusBar().messageChanged.connect(lambda text: said.append(text))
    window.recorded.ask_and_save_egn(window.controller.game)
    qtbot.waitUntil(lambda: "Saved the game as new.egn" in said)
    assert questions == [] and egn.open_game(tmp_path / "new.egn").problem is None


def test_a_full_disk_leaves_the_earlier_file_as_it_was(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    resource = pytest.importorskip("resource")
    if not hasattr(signal, "SIGXFSZ"):
        pytest.skip("no file size limit here")
    window = make_window(seed=3)
    settle(qtbot, window)
    target = tmp_path / "my-best-game.egn"
    target.write_text(EARLIER, encoding="utf-8")
    said: list[str] = []
    window.statusBar().messageChanged.connect(lambda text: said.append(text))
    assert window.files.writer.flush()  # nothing else is written while the disk is "full"
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (200, limits[1]))  # the disk fills after 200 bytes
    try:
        window.recorded.write_egn(window.controller.game, target)
        assert window.files.writer.flush()
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
        signal.signal(signal.SIGXFSZ, handler)
    qtbot.waitUntil(lambda: any("my-best-game.egn" in text for _, text in window.notices.messages))
    assert target.read_text(encoding="utf-8") == EARLIER
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no half file left
    warning = next(text for _, text in window.notices.messages if "my-best-game.egn" in text)
    assert warning == (
        "The game could not be saved as my-best-game.egn: there is not enough room on the disk. "
        "The my-best-game.egn that was there is unchanged."
    )
    assert not DEVELOPER_TEXT.search(warning)
    assert not any("Saved" in text for text in said)  # never said to be saved


def test_a_name_past_the_systems_limit_is_said_not_raised(
    qtbot: Any, make_window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(seed=3)
    settle(qtbot, window)
    folder = tmp_path / "games"
    folder.mkdir()
    _dialog_gives(monkeypatch, str(folder / ("对局" * 45)))  # 270 bytes: past the 255 a name may have
    window.recorded.ask_and_save_egn(window.controller.game)
    warnings = [text for kind, text in window.notices.messages if kind == "warning"]
    assert len(warnings) == 1 and "too long a name" in warnings[0] and not DEVELOPER_TEXT.search(warnings[0])
    assert list(folder.iterdir()) == []
