"""Finished games are kept with their moves, so any game in the statistics' recent history
can still be saved as EGN (and nothing else in the data folder grows without end)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from euchre_qt.app.stats import statistics as stats
from euchre_qt.app.stats.statistics import StatsStore
from euchre_qt.app.stats.stats_dialog import StatsDialog
from euchre_qt.engine import Game
from euchre_qt.engine.game import saved_kinds, saved_players
from euchre_qt.notation import egn, validation_errors


def finished_game(seed: int) -> Game:
    game = Game(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_finished_game_is_kept_with_its_moves(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    game = finished_game(7)
    store.record_game(game)
    (entry,) = store.stats.recent
    kept = store.finished_game(entry)
    assert kept is not None and kept.actions == game.actions and kept.scores == game.scores
    # and it comes back after a restart
    again = StatsStore(tmp_path)
    assert again.finished_game(again.stats.recent[0]) is not None


def test_a_kept_game_says_who_played_each_seat(tmp_path: Path) -> None:
    """So ``euchre-qt analyse`` of it grades a Novice seat as the Novice plays."""
    store = StatsStore(tmp_path)
    store.record_game(finished_game(7), ("You", "Nell", "Ada", "Ned"), ("person", "novice", "advanced", "novice"))
    (entry,) = store.stats.recent
    kept = (store.games_folder / entry["file"]).read_text(encoding="utf-8")
    assert saved_kinds(kept) == ("person", "novice", "advanced", "novice")
    assert saved_players(kept) == ("You", "Nell", "Ada", "Ned")


def test_only_the_recent_games_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "RECENT", 3)
    store = StatsStore(tmp_path)
    for seed in range(5):
        store.record_game(finished_game(seed))
    files = sorted(p.name for p in store.games_folder.glob("*.json"))
    assert len(store.stats.recent) == 3 and files == sorted(e["file"] for e in store.stats.recent)


def test_a_damaged_kept_game_is_refused_plainly(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    store.record_game(finished_game(3))
    (entry,) = store.stats.recent
    (store.games_folder / entry["file"]).write_text("{ not a game", encoding="utf-8")
    assert store.finished_game(entry) is None
    assert store.finished_game({"file": "../statistics.json"}) is None


def test_a_recent_game_is_saved_as_egn_from_the_statistics(qtbot: QtBot, tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    games = [finished_game(seed) for seed in (11, 12)]
    for game in games:
        store.record_game(game)
    saved: list[Game] = []
    dialog = StatsDialog(store, save_game=saved.append)
    qtbot.addWidget(dialog)
    assert dialog.recent_games.count() == 2 and dialog.save_egn_button.isEnabled()
    dialog.recent_games.setCurrentIndex(1)  # newest first: the older game
    qtbot.mouseClick(dialog.save_egn_button, Qt.MouseButton.LeftButton)
    (game,) = saved
    assert game.actions == games[0].actions
    assert validation_errors(__import__("json").loads(egn.dumps(game))) == []


def test_without_kept_games_there_is_nothing_to_save(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = StatsDialog(StatsStore(tmp_path), save_game=lambda game: None)
    qtbot.addWidget(dialog)
    assert not dialog.save_egn_button.isEnabled()


def test_a_statistics_file_damaged_twice_in_a_second_keeps_both_copies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("time.strftime", lambda fmt, *args: "20261124-070000")
    for damage in ('{"games_won": -4}', "not json at all"):
        (tmp_path / "statistics.json").write_text(damage)
        assert StatsStore(tmp_path).take_warning()
    kept = sorted(path.read_text() for path in tmp_path.glob("statistics-damaged-*.json"))
    assert kept == sorted(['{"games_won": -4}', "not json at all"])


def test_a_damaged_statistics_files_warning_is_taken_once(tmp_path: Path) -> None:
    (tmp_path / "statistics.json").write_text('{"games_won": -4}')
    store = StatsStore(tmp_path)
    warning = store.take_warning()
    assert warning is not None and warning.startswith("The statistics file was damaged")
    assert store.take_warning() is None  # said once
