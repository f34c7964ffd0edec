"""Missed drills come back soon, right ones later and later (a Leitner schedule); the
progress is kept in the data folder, and a damaged file is set aside, never fatal."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from euchre_qt.app.drills.progress_file import load_progress, progress_path, save_progress
from euchre_qt.app.storage import paths
from euchre_qt.drills.schedule import COMES_BACK_AFTER, LEARNED_BOX, DrillProgress
from euchre_qt.drills.shelf import Shelf
from euchre_qt.drills.themes import Theme
from tests.player_words import DEVELOPER_TEXT

DAY = date(2026, 11, 27)


def test_a_missed_drill_comes_back_after_a_few_others(shelf: Shelf) -> None:
    progress = DrillProgress()
    first = progress.next_drill(shelf.drills)
    assert first is not None
    progress.answer(first, right=False, day=DAY)
    seen = []
    for _ in range(COMES_BACK_AFTER[0]):
        drill = progress.next_drill(shelf.drills)
        assert drill is not None and drill.id != first.id
        seen.append(drill.theme)
        progress.answer(drill, right=True, day=DAY)
    assert progress.next_drill(shelf.drills) == first  # due again: it comes before anything new
    assert len(set(seen)) == len(seen)  # the new ones spread over the themes


def test_a_right_answer_moves_a_drill_up_and_back_later(shelf: Shelf) -> None:
    progress = DrillProgress()
    drill = shelf.drills[0]
    progress.answer(drill, right=True, day=DAY)
    assert progress.boxes[drill.id].box == 2
    assert progress.boxes[drill.id].due == 1 + COMES_BACK_AFTER[1]
    progress.answer(drill, right=True, day=DAY)
    assert progress.boxes[drill.id].box == LEARNED_BOX
    progress.answer(drill, right=False, day=DAY)
    assert progress.boxes[drill.id].box == 1 and progress.boxes[drill.id].due == 3 + COMES_BACK_AFTER[0]


def test_progress_by_theme_counts_tried_learned_and_this_week(shelf: Shelf) -> None:
    progress = DrillProgress()
    discards = [d for d in shelf.drills if d.theme is Theme.DISCARD][:2]
    progress.answer(discards[0], right=True, day=date(2026, 11, 1))
    progress.answer(discards[0], right=True, day=DAY)
    progress.answer(discards[1], right=False, day=DAY)
    row = next(r for r in progress.by_theme(shelf.drills, DAY) if r.theme is Theme.DISCARD)
    assert (row.tried, row.learned, row.right, row.answered) == (2, 1, 2, 3)
    assert (row.recent_right, row.recent_answered) == (1, 2)
    assert progress.next_drill(shelf.drills, Theme.DISCARD) not in discards  # a new one first
    weeks = progress.by_week(DAY)
    assert [(right, given) for _, right, given in weeks] == [(1, 1), (0, 0), (0, 0), (1, 2)]
    assert weeks[-1][0] == date(2026, 11, 21)


def test_the_progress_file_round_trips_and_a_damaged_one_is_set_aside(shelf: Shelf, data_dir: Path) -> None:
    assert progress_path() == data_dir / "drills-progress.json"
    progress = DrillProgress()
    progress.answer(shelf.drills[0], right=False, day=DAY)
    assert save_progress(progress) is None
    loaded = load_progress()
    assert loaded.warning is None and loaded.progress.to_dict() == progress.to_dict()

    progress_path().write_text('{"version": 1, "turn": 3, "boxes": {"x": [9, 0, 0, 0]}, "answers": []}')
    damaged = load_progress()
    assert damaged.progress.turn == 0 and "set aside" in (damaged.warning or "")
    kept = [p.name for p in data_dir.iterdir() if "damaged" in p.name]
    assert len(kept) == 1 and json.loads((data_dir / kept[0]).read_text())["turn"] == 3
    assert not progress_path().exists()

    progress_path().write_bytes(b"\\xff\\x00 not json")
    assert "set aside" in (load_progress().warning or "")
    assert len([p for p in data_dir.iterdir() if "damaged" in p.name]) == 2


def test_an_unwritable_data_folder_is_said_not_raised(shelf: Shelf, data_dir: Path) -> None:
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    data_dir.write_text("a file where the folder should be")
    problem = save_progress(DrillProgress())
    assert problem is not None and "cannot be saved" in problem


def test_what_is_said_of_a_damaged_or_unsaved_progress_is_in_a_players_words(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    progress_path().write_bytes(b"\xff\x00 not json")
    # the damaged file cannot be moved aside either
    monkeypatch.setattr(paths, "aside", lambda path, name: data_dir / "no such folder" / "x.json")
    warning = load_progress().warning
    assert warning is not None and "starts afresh" in warning and not DEVELOPER_TEXT.search(warning), warning
    assert "the drills progress could not be read" in (data_dir / "problems.log").read_text()

    progress_path().unlink()
    progress_path().mkdir()  # a folder where the file should be
    problem = save_progress(DrillProgress())
    assert problem is not None and not DEVELOPER_TEXT.search(problem) and "(" not in problem, problem
