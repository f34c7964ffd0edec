"""The game in progress survives a kill (U12) and a damaged save never crashes the start."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from euchre_qt.app.table.state import Stage
from euchre_qt.engine import PASS, Game, Seat
from euchre_qt.engine.game import saved_kinds

from ..conftest import settle


def _play(qtbot: QtBot, window: Any, moves: int, rng: random.Random) -> None:
    c = window.controller
    for _ in range(10 * moves):
        stage = settle(qtbot, window)
        if len(c.game.actions) >= moves and stage is Stage.HUMAN:
            return
        if stage is Stage.HUMAN:
            c.act(rng.choice(c.game.legal_actions()))
        else:
            c.continue_()


def test_the_save_says_who_plays_each_seat(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    """A Novice at West and East, the Advanced player at North: ``euchre-qt analyse`` of the
    save grades West and East as the Novice plays."""
    window = make_window(seed=21, player_north="advanced")
    settle(qtbot, window)
    save = private_folders["data"] / "autosave.json"
    assert saved_kinds(save.read_text()) == ("person", "novice", "advanced", "novice")


def test_a_resumed_game_is_saved_with_who_plays_each_seat_before_anyone_moves(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    """Right after a restart the save is written again as the table is shown: an Advanced North
    is saved as Advanced then, not as the Novice every computer seat was until the next move."""
    data = private_folders["data"]
    data.mkdir(parents=True)
    game = Game(seed=8, first_dealer=Seat.SOUTH)
    for _ in range(3):
        game.apply(PASS)  # West, North and East pass: the dealer (South, the person) is to move
    (data / "autosave.json").write_text(game.to_json())
    window = make_window(seed=1, resume=True, player_north="advanced")
    assert saved_kinds((data / "autosave.json").read_text()) == ("person", "novice", "advanced", "novice")
    assert settle(qtbot, window) is Stage.HUMAN and len(window.controller.game.actions) == 3


def test_saved_after_every_move_and_resumed_to_the_identical_position(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    window = make_window(seed=77, name_west="Bo")
    c = window.controller
    _play(qtbot, window, 30, random.Random(4))
    save = private_folders["data"] / "autosave.json"
    assert json.loads(save.read_text())["actions"] == [str(a) for a in c.game.actions]
    assert json.loads(save.read_text())["players"] == list(c.names()) and c.names()[1] == "Bo"  # for convert
    expected_actions = list(c.game.actions)
    expected_hand = str(c.game.hand)
    expected_scores = c.game.scores
    # no orderly shutdown: a second window simply starts from the file
    second = make_window(seed=1, resume=True)
    g = second.controller.game
    assert g.actions == expected_actions and str(g.hand) == expected_hand and g.scores == expected_scores
    assert g.seed == c.game.seed
    assert any("restored" in m for m in second.notices.message_bar.messages)
    settle(qtbot, second)
    assert second.controller.stage is Stage.HUMAN  # it was the person's turn
    assert second.controller.game.legal_actions() == c.game.legal_actions()


def test_survives_a_real_kill(private_folders: dict[str, Path], tmp_path: Path) -> None:
    """Run the program in another process, kill -9 it mid-game, and load what it left."""
    script = textwrap.dedent(
        """
        import os, random, signal, sys
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from euchre_qt.app.window.main_window import MainWindow
        from euchre_qt.app.table.state import Stage
        w = MainWindow(resume=False, seed=4242)
        w.build()
        w.settings_applied.change(speed=0)
        w.show()
        rng = random.Random(1)
        c = w.controller
        def tick():
            if c.game is None:
                return
            if len(c.game.actions) >= 25 and c.stage is Stage.HUMAN:
                print("ACTIONS", ";".join(str(a) for a in c.game.actions), flush=True)
                os.kill(os.getpid(), signal.SIGKILL)
            if c.stage is Stage.HUMAN:
                c.act(rng.choice(c.game.legal_actions()))
            elif c.stage in (Stage.TRICK, Stage.HAND_OVER):
                c.continue_()
        from PySide6.QtCore import QTimer
        t = QTimer(); t.timeout.connect(tick); t.start(1)
        app.exec()
        """
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == -9, proc.stderr
    line = next(line for line in proc.stdout.splitlines() if line.startswith("ACTIONS "))
    expected = line[len("ACTIONS ") :].split(";")
    game = Game.from_json((private_folders["data"] / "autosave.json").read_text())
    assert [str(a) for a in game.actions] == expected
    assert game.seed == 4242


def test_damaged_save_is_set_aside_with_a_clear_message(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    data = private_folders["data"]
    data.mkdir(parents=True)
    (data / "autosave.json").write_text('{"format": "euchre-qt game", "version": 1, "rules": {}, "seed": 5, ')
    window = make_window(seed=3, resume=True)
    warnings = [text for kind, text in window.notices.messages if kind == "warning"]
    assert len(warnings) == 1 and "could not be restored" in warnings[0]
    assert list(data.glob("autosave-damaged-*.json"))
    settle(qtbot, window)
    assert window.controller.game.seed == 3  # a new game, no crash


def test_illegal_moves_in_a_save_are_damage_too(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    data = private_folders["data"]
    data.mkdir(parents=True)
    good = Game(seed=9).to_dict()
    good["actions"] = ["play JH", "pass"]
    (data / "autosave.json").write_text(json.dumps(good))
    window = make_window(seed=3, resume=True)
    assert any("could not be restored" in text for _, text in window.notices.messages)
    settle(qtbot, window)


def test_finished_game_leaves_no_save(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    window = make_window(seed=31)
    settle(qtbot, window)
    window.controller.set_autoplay(True)
    qtbot.waitUntil(lambda: window.controller.stage is Stage.GAME_OVER, timeout=60000)
    assert not (private_folders["data"] / "autosave.json").exists()


def test_the_games_end_is_kept_before_the_table_shows_it(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    """As the last card is played the game is counted and its save gone: a program stopped
    while the table still shows that card loses nothing."""
    window = make_window(seed=31, player_west="person", player_north="person", player_east="person")
    c = window.controller
    rng = random.Random(5)
    while not c.game.is_over:
        if settle(qtbot, window) is Stage.HUMAN:
            c.act(rng.choice(c.game.legal_actions()))
        else:
            c.continue_()
    assert c.stage is Stage.ANIMATING  # the table has not shown the last card yet
    assert window.files.stats.stats.games == 1
    assert not (private_folders["data"] / "autosave.json").exists()


def test_an_unwritable_data_folder_keeps_playing_and_warns_once_per_file(
    qtbot: QtBot, tmp_path: Path, private_folders: dict[str, Path]
) -> None:
    """The save, the log and the statistics cannot be written: the game goes on, and the
    player hears of each once, not after every move."""
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
    qtbot.waitUntil(lambda: c.game is not None and len(c.game.records) >= 3, timeout=30000)
    assert window.files.writer.flush()

    def warnings() -> list[str]:
        return [text for kind, text in window.notices.messages if kind == "warning"]

    # the writer's failures (the log's, the statistics') arrive on the GUI thread after the flush
    files_warned = ("The game cannot be saved", "The game log cannot be written", "The statistics cannot be saved")
    qtbot.waitUntil(lambda: all(any(text.startswith(f) for text in warnings()) for f in files_warned))
    assert len(warnings()) == len(set(warnings())) == 3, warnings()  # each file failed after every hand
    assert window.notices.message_bar.isVisible()
    c.set_autoplay(False)
