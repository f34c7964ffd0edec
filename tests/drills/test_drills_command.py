"""``euchre-qt drills``: practice in the terminal, progress by theme, and --verify."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from euchre_qt.app.drills.cli import main
from euchre_qt.app.drills.progress_file import load_progress
from euchre_qt.drills.shelf import Shelf


@pytest.fixture
def few(shelf: Shelf, tmp_path: Path) -> tuple[Shelf, Path]:
    """Three drills of three themes, with answers well clear of the rest."""
    chosen, themes = [], set()
    for drill in shelf.drills:
        if drill.theme not in themes and drill.figures[1].behind >= 0.5:
            chosen.append(drill)
            themes.add(drill.theme)
        if len(chosen) == 3:
            break
    small = Shelf(tuple(chosen), shelf.seed, shelf.deals, shelf.sources)
    path = tmp_path / "few.json"
    path.write_text(small.dumps(), encoding="utf-8")
    return small, path


def test_verify_judges_every_drill_again_and_counts_those_still_best(
    few: tuple[Shelf, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path = few[1]
    assert main(["--verify", "--seed", "77", "--deals", "256", "--file", str(path)]) == 0
    out = capsys.readouterr().out
    assert "3 drills over 3 themes" in out
    assert "Judged again over 256 deals at seed 77: 3 of 3 still have their answer best" in out


def test_verify_needs_a_seed(few: tuple[Shelf, Path], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--verify", "--file", str(few[1])])
    assert "--seed" in capsys.readouterr().err


def test_practice_takes_a_choice_says_right_or_wrong_and_keeps_the_progress(
    few: tuple[Shelf, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    small, path = few
    first = small.drills[0]
    wrong = next(n for n, a in enumerate(first.view().legal_actions, start=1) if a != first.answer)
    monkeypatch.setattr("sys.stdin", io.StringIO(f"x\n{wrong}\n\n"))  # a typo, a wrong answer, then the end
    assert main(["--file", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Your hand:" in out and "Type a number from 1 to" in out
    assert "Not the best:" in out and "points lost by" in out and "4,096 deals" in out
    progress = load_progress().progress
    assert progress.turn == 1 and progress.boxes[first.id].box == 1

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["--progress", "--file", str(path)]) == 0
    assert "0 of 1 right" in capsys.readouterr().out


def test_an_unreadable_drills_file_is_one_line_and_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    assert main(["--file", str(bad)]) == 2
    assert "not a drills file" in capsys.readouterr().err
