"""Nothing a player has is lost by a stray key: the statistics, the game in progress, a
damaged save (it comes back to its last good move); and no developer text in what they read."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from euchre_qt.app.stats.statistics import StatsStore
from euchre_qt.app.stats.stats_dialog import StatsDialog
from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Game, Phase, Seat
from tests.player_words import DEVELOPER_TEXT

from ..conftest import advance, settle
from ..modal import real_dialogs, when_modal_opens

BIDDING = (Phase.BIDDING_1, Phase.BIDDING_2)


def _counted_stats(folder: Any) -> StatsStore:
    store = StatsStore(folder)
    store.stats.games_won, store.stats.games_lost, store.stats.hands_played = 5, 2, 40
    store.stats.streak, store.stats.best_streak = 3, 4
    store.save()
    return store


def _open(qtbot: Any, dialog: StatsDialog) -> None:
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()


# --- 1. the statistics -------------------------------------------------------------------


def test_enter_in_statistics_closes_it_and_wipes_nothing(qtbot: QtBot, private_folders: dict[str, Path]) -> None:
    store = _counted_stats(private_folders["data"])
    dialog = StatsDialog(store)
    _open(qtbot, dialog)
    assert dialog.close_button.isDefault() and not dialog.reset_button.autoDefault()
    with qtbot.waitSignal(dialog.rejected, timeout=2000):
        qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert store.stats.games_won == 5
    assert StatsStore(private_folders["data"]).stats.games_won == 5


def test_reset_asks_with_no_as_the_answer_to_enter(qtbot: QtBot, private_folders: dict[str, Path]) -> None:
    store = _counted_stats(private_folders["data"])
    dialog = StatsDialog(store)
    _open(qtbot, dialog)
    seen: list[Any] = []
    when_modal_opens(lambda box: qtbot.keyClick(box, Qt.Key.Key_Return), seen)
    qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    assert isinstance(seen[0], QMessageBox) and seen[0].defaultButton() is seen[0].button(QMessageBox.StandardButton.No)
    assert store.stats.games_won == 5 and not dialog.undo_button.isVisible()
    when_modal_opens(lambda box: qtbot.keyClick(box, Qt.Key.Key_Escape))
    qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    assert store.stats.games_won == 5


def test_a_reset_can_be_undone(qtbot: QtBot, private_folders: dict[str, Path]) -> None:
    store = _counted_stats(private_folders["data"])
    dialog = StatsDialog(store)
    _open(qtbot, dialog)
    yes = QMessageBox.StandardButton.Yes
    when_modal_opens(lambda box: qtbot.mouseClick(box.button(yes), Qt.MouseButton.LeftButton))
    qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    assert store.stats.games_won == 0 and "<b>0</b>" in dialog.value_labels["Games won"].text()
    assert StatsStore(private_folders["data"]).stats.games_won == 0
    kept = json.loads(store.backup_path.read_text())  # a copy is kept on the disk too
    assert kept["games_won"] == 5
    assert dialog.undo_button.isVisible()
    qtbot.mouseClick(dialog.undo_button, Qt.MouseButton.LeftButton)
    assert (store.stats.games_won, store.stats.games_lost, store.stats.hands_played) == (5, 2, 40)
    assert StatsStore(private_folders["data"]).stats.games_won == 5
    assert "5 games" not in dialog.value_labels["Current streak"].text()
    assert "3 games won" in dialog.value_labels["Current streak"].text()
    assert not dialog.undo_button.isVisible()


def test_undo_reset_keeps_what_was_counted_since(private_folders: dict[str, Path]) -> None:
    store = _counted_stats(private_folders["data"])
    store.reset()
    store.stats.games_won, store.stats.streak, store.stats.best_streak = 2, 2, 2
    assert store.undo_reset()
    assert store.stats.games_won == 7 and store.stats.streak == 5 and store.stats.best_streak == 5
    assert not store.undo_reset()


# --- streaks ------------------------------------------------------------------------------


def _finished(winner: int) -> Game:
    game = Game(seed=winner)
    game.scores = (10, 4) if winner == 0 else (3, 10)
    return game


def test_streaks_current_and_best() -> None:
    from euchre_qt.app.stats.statistics import Statistics

    stats = Statistics()
    for winner in (0, 0, 0, 1, 1, 0):
        stats.add_game(_finished(winner))
    assert (stats.streak, stats.best_streak, stats.worst_streak) == (1, 3, 2)
    again = Statistics.from_dict(json.loads(json.dumps(stats.to_dict())))
    assert again == stats
    stats.add_game(_finished(1))
    assert stats.streak == -1


def test_the_statistics_window_shows_the_streaks(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=4)
    for winner in (1, 0, 0):
        window.files.stats.stats.add_game(_finished(winner))
    window.menus.act_stats.trigger()
    dialog = window.opened[-1]
    assert "2 games won" in dialog.value_labels["Current streak"].text()
    assert "<b>2</b>" in dialog.value_labels["Longest winning streak"].text()
    assert "<b>1</b>" in dialog.value_labels["Longest losing streak"].text()


# --- 2. New Game asks first -----------------------------------------------------------------


def _in_progress(qtbot: Any, window: Any) -> Game:
    c = window.controller
    advance(qtbot, window, lambda: len(c.game.actions) >= 6 and c.stage is Stage.HUMAN)
    return c.game  # type: ignore[no-any-return]


def test_new_game_asks_and_escape_keeps_the_game(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=3)
    game = _in_progress(qtbot, window)
    moves = list(game.actions)
    real_dialogs(window)
    seen: list[Any] = []
    when_modal_opens(lambda box: qtbot.keyClick(box, Qt.Key.Key_Escape), seen)
    window.menus.act_new.trigger()
    assert seen and "abandoned" in seen[0].informativeText()
    assert window.controller.game is game and game.actions == moves
    when_modal_opens(lambda box: qtbot.keyClick(box, Qt.Key.Key_Return))  # Enter keeps it too
    window.menus.act_new.trigger()
    assert window.controller.game is game
    assert window.files.stats.stats.games_abandoned == 0


def test_abandoning_counts_as_abandoned_not_lost(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=3)
    game = _in_progress(qtbot, window)
    real_dialogs(window)
    lost = window.files.stats.stats.games_lost
    when_modal_opens(lambda box: _click_text(qtbot, box, "Abandon Game"))
    window.menus.act_new.trigger()
    settle(qtbot, window)
    # a game of its own from 0-0 (its first hand may be over already: North alone, South sitting out)
    assert window.controller.game is not game and window.controller.game.start_scores == (0, 0)
    assert window.files.stats.stats.games_abandoned == 1 and window.files.stats.stats.games_lost == lost
    assert window.files.stats.stats.streak == 0
    window.files.writer.flush()
    assert StatsStore(window.files.stats.folder).stats.games_abandoned == 1


def _click_text(qtbot: Any, box: QMessageBox, text: str) -> None:
    button = next(b for b in box.buttons() if b.text().replace("&", "") == text)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_new_game_does_not_ask_when_nothing_would_be_lost(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=31)
    settle(qtbot, window)
    window.controller.set_autoplay(True)
    qtbot.waitUntil(lambda: window.controller.stage is Stage.GAME_OVER, timeout=60000)
    old = window.controller.game
    window.menus.act_new.trigger()  # the stand-in dialog would keep the game: no dialog was asked
    assert window.opened == [] and window.controller.game is not old


# --- 3. a damaged save comes back to its last good move --------------------------------------


def _save_with_damage(folder: Any, lost: int, damage: Any = "play ZZ") -> list[str]:
    """A save whose last ``lost`` moves cannot be restored (the first of them is ``damage``).
    Its good moves end where the person (South) is to bid: after the resume nobody moves until
    the test does, so what the window restored can be read without racing a computer player."""
    game = Game(seed=9)
    rng = random.Random(2)
    while len(game.actions) < 20 or game.turn is not Seat.SOUTH or game.hand.phase not in BIDDING:
        game.apply(rng.choice(game.legal_actions()))
    good = [str(a) for a in game.actions]
    for _ in range(lost):
        game.apply(rng.choice(game.legal_actions()))
    data = game.to_dict()
    data["actions"] = [*good, damage, *data["actions"][len(good) + 1 :]]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "autosave.json").write_text(json.dumps(data))
    return good


def _resumed_where_it_was(qtbot: Any, window: Any, good: list[str]) -> None:
    """The table waits for the person, at the last good move (no computer moved meanwhile)."""
    assert settle(qtbot, window) is Stage.HUMAN
    assert [str(a) for a in window.controller.game.actions] == good


def test_a_save_with_one_bad_move_comes_back_to_its_last_good_move(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    data = private_folders["data"]
    good = _save_with_damage(data, 1)
    window = make_window(seed=3, resume=True)
    assert [str(a) for a in window.controller.game.actions] == good
    warnings = [text for kind, text in window.notices.messages if kind == "warning"]
    assert len(warnings) == 1 and "The last move of your saved game could not be restored" in warnings[0], warnings
    assert not DEVELOPER_TEXT.search(warnings[0]), warnings[0]
    kept = list(data.glob("autosave-damaged-*.json"))
    assert len(kept) == 1 and "copy of the damaged save was kept" in warnings[0]
    assert "play ZZ" in kept[0].read_text()  # kept as it was
    details = (data / "problems.log").read_text()  # the details are in the log
    assert "play ZZ" in details and kept[0].name in details
    # the good moves are saved again at once
    assert [str(a) for a in Game.from_json((data / "autosave.json").read_text()).actions] == good
    _resumed_where_it_was(qtbot, window, good)


def test_several_bad_moves_are_counted(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    good = _save_with_damage(private_folders["data"], 3, damage="discard QQ")
    window = make_window(seed=3, resume=True)
    assert [str(a) for a in window.controller.game.actions] == good
    assert any(
        "The last 3 moves of your saved game could not be restored" in text for _, text in window.notices.messages
    )
    _resumed_where_it_was(qtbot, window, good)


def test_an_unreadable_save_says_so_in_plain_words(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    data = private_folders["data"]
    data.mkdir(parents=True)
    (data / "autosave.json").write_bytes(b'{"format": "euchre-qt game", "version": 1, \xff\xfe')
    window = make_window(seed=3, resume=True)
    warnings = [text for kind, text in window.notices.messages if kind == "warning"]
    assert len(warnings) == 1 and "could not be restored" in warnings[0]
    assert not DEVELOPER_TEXT.search(warnings[0]), warnings[0]
    assert "Decode" in (data / "problems.log").read_text() or "JSON" in (data / "problems.log").read_text()


def test_a_damaged_statistics_file_is_reported_in_plain_words(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    data = private_folders["data"]
    data.mkdir(parents=True)
    (data / "statistics.json").write_text('{"games_won": -4}')
    window = make_window(seed=3)
    warnings = [text for kind, text in window.notices.messages if kind == "warning"]
    assert len(warnings) == 1 and "statistics" in warnings[0]
    assert not DEVELOPER_TEXT.search(warnings[0]) and "games_won" not in warnings[0], warnings[0]
    assert "games_won" in (data / "problems.log").read_text()


def test_files_that_cannot_be_written_are_reported_without_system_text(
    qtbot: QtBot, tmp_path: Path, private_folders: dict[str, Path]
) -> None:
    from dataclasses import replace

    from euchre_qt.app.storage.settings import SettingsStore
    from euchre_qt.app.window.main_window import MainWindow

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    store = SettingsStore(private_folders["config"])
    store.save(replace(store.settings, speed=0, player_west="novice", player_north="novice", player_east="novice"))
    window = MainWindow(store, blocker / "euchre-qt", resume=False, seed=5)
    qtbot.addWidget(window)
    window.show()
    window.build()
    qtbot.waitUntil(lambda: window.controller.game is not None)
    c = window.controller
    c.set_autoplay(True)
    qtbot.waitUntil(lambda: c.game is not None and len(c.game.records) >= 2, timeout=30000)
    assert window.files.writer.flush()
    qtbot.waitUntil(lambda: len([k for k, _ in window.notices.messages if k == "warning"]) >= 3)
    c.set_autoplay(False)
    for kind, text in window.notices.messages:
        if kind == "warning":
            assert not DEVELOPER_TEXT.search(text) and str(tmp_path) not in text, text
