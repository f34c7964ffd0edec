"""A finished game's moves stay on the disk while any statistics the player can get back
name it: the current ones, those from before a reset (Undo Reset, and the copy on the disk),
and a damaged statistics file kept aside. Only games nothing names are let go."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from euchre_qt.app.stats.statistics import StatsStore
from euchre_qt.app.storage.writer import BackgroundWriter
from tests.player_words import DEVELOPER_TEXT

from .test_game_history import finished_game


def kept_files(store: StatsStore) -> set[str]:
    return {path.name for path in store.games_folder.glob("*.json")}


@pytest.fixture(params=["here", "in the writer's thread"])
def new_store(request: pytest.FixtureRequest, qtbot: object) -> Iterator[Callable[[Path], StatsStore]]:
    """A ``StatsStore`` maker that writes here and now, or (as the window's) in a writer's thread."""
    writers: list[BackgroundWriter] = []

    def make(folder: Path) -> StatsStore:
        if request.param == "here":
            return StatsStore(folder)
        writers.append(BackgroundWriter())
        return StatsStore(folder, writers[-1])

    yield make
    for writer in writers:
        assert writer.flush()


def settle(store: StatsStore) -> None:
    if store.writer is not None:
        assert store.writer.flush()


def test_undo_reset_brings_back_games_that_can_still_be_read(
    tmp_path: Path, new_store: Callable[[Path], StatsStore]
) -> None:
    store = new_store(tmp_path)
    for seed in (1, 2):
        store.record_game(finished_game(seed))
    store.reset()
    store.record_game(finished_game(3))  # a game finished after the reset
    assert store.undo_reset()
    settle(store)
    assert len(store.stats.recent) == 3
    assert all(store.finished_game(entry) is not None for entry in store.stats.recent)


def test_the_games_of_the_statistics_from_before_a_reset_outlive_the_run(
    tmp_path: Path, new_store: Callable[[Path], StatsStore]
) -> None:
    """``statistics-before-reset.json`` names them: a later run keeps them too."""
    store = new_store(tmp_path)
    for seed in (1, 2):
        store.record_game(finished_game(seed))
    before = {entry["file"] for entry in store.stats.recent}
    store.reset()
    settle(store)
    later = new_store(tmp_path)
    later.record_game(finished_game(3))
    settle(later)
    assert before < kept_files(later)
    backup = json.loads(later.backup_path.read_text(encoding="utf-8"))
    assert all(later.finished_game(entry) is not None for entry in backup["recent"])


@pytest.mark.parametrize("damage", ["a bad count", "cut short", "nested too deeply after them"])
def test_a_damaged_statistics_file_kept_aside_keeps_its_games(
    tmp_path: Path, new_store: Callable[[Path], StatsStore], damage: str
) -> None:
    store = new_store(tmp_path)
    for seed in (4, 5):
        store.record_game(finished_game(seed))
    settle(store)
    listed = {entry["file"] for entry in store.stats.recent}
    (store.games_folder / "nothing-names-this.json").write_text("{}", encoding="utf-8")
    text = store.path.read_text(encoding="utf-8")
    if damage == "a bad count":
        text = text.replace('"games_won": ', '"games_won": "many", "x": ', 1)
    elif damage == "cut short":
        text = text[: text.rindex("}", 0, len(text) - 1)]  # the last game's entry loses its end
    else:
        text = text[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}"
    store.path.write_text(text, encoding="utf-8")

    again = new_store(tmp_path)
    warning = again.take_warning()
    assert warning is not None and "kept" in warning and not DEVELOPER_TEXT.search(warning)
    assert not again.stats.recent and list(tmp_path.glob("statistics-damaged-*.json"))
    again.record_game(finished_game(6))
    settle(again)
    kept = kept_files(again)
    assert listed <= kept and len(kept) == 3  # the unnamed file is let go: the folder does not grow without end
    assert again.take_warning() is None
