"""A pipe, a device or a file grown past reason where one of the program's files should be:
read as a damaged file, at once, never waited on. Before, a named pipe in place of the save,
the statistics or the settings hung the window at its start (and SIGTERM could not end it),
and ``/dev/zero`` there filled the memory."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from euchre_qt.app.drills.progress_file import load_progress
from euchre_qt.app.stats.log_window import SHOWN_BYTES, read_log
from euchre_qt.app.stats.statistics import StatsStore
from euchre_qt.app.storage.autosave import Autosave
from euchre_qt.app.storage.settings import SettingsStore
from euchre_qt.engine import GameFileError
from euchre_qt.files import NotAPlainFile, TooLarge, read_file
from euchre_qt.notation import egn

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")


def pipe(path: Path) -> Path:
    os.mkfifo(path)
    return path


def zeros(path: Path) -> Path:
    path.symlink_to("/dev/zero")
    return path


ODD: list[Callable[[Path], Path]] = [pipe, zeros]


@pytest.fixture(autouse=True)
def quickly() -> Iterator[None]:
    started = time.monotonic()
    yield
    assert time.monotonic() - started < 30  # (a pipe waited on never returns at all)


@pytest.mark.parametrize("odd", ODD, ids=["a pipe", "/dev/zero"])
def test_read_file_reads_only_plain_files(odd: Callable[[Path], Path], tmp_path: Path) -> None:
    with pytest.raises(NotAPlainFile):
        read_file(odd(tmp_path / "f"), 100)


def test_read_file_reads_no_more_than_asked_or_the_end(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"0123456789")
    assert read_file(path, 10) == b"0123456789"
    assert read_file(path, 4, last=True) == b"6789"
    with pytest.raises(TooLarge):
        read_file(path, 9)


@pytest.mark.parametrize("odd", ODD, ids=["a pipe", "/dev/zero"])
def test_the_save_statistics_settings_and_drills_read_an_odd_file_as_damaged(
    odd: Callable[[Path], Path], tmp_path: Path
) -> None:
    odd(tmp_path / Autosave.FILE_NAME)
    with pytest.raises(GameFileError):
        Autosave(tmp_path).restore()

    odd(tmp_path / "statistics.json")
    store = StatsStore(tmp_path)
    assert store.stats.games == 0 and "damaged" in (store.take_warning() or "")

    settings_folder = tmp_path / "config"
    settings_folder.mkdir()
    odd(settings_folder / SettingsStore.FILE_NAME)
    assert SettingsStore(settings_folder).load() is not None

    progress = odd(tmp_path / "drills-progress.json")
    assert "set aside" in (load_progress(progress).warning or "")


@pytest.mark.parametrize("odd", ODD, ids=["a pipe", "/dev/zero"])
def test_an_odd_file_opened_as_a_game_is_said_to_be_none(odd: Callable[[Path], Path], tmp_path: Path) -> None:
    with pytest.raises(egn.EgnError, match="not a game file"):
        egn.load(odd(tmp_path / "game.egn"))


def test_drills_progress_with_an_endless_number_is_set_aside(tmp_path: Path) -> None:
    """Before, ``Infinity`` raised OverflowError out of Game > Drills… every time."""
    path = tmp_path / "drills-progress.json"
    path.write_text('{"version": 1, "turn": Infinity, "boxes": {}, "answers": []}')
    loaded = load_progress(path)
    assert loaded.progress.turn == 0 and "set aside" in (loaded.warning or "")


def test_a_game_log_grown_past_reason_shows_its_latest_games_whole(tmp_path: Path) -> None:
    path = tmp_path / "game-log.txt"
    game = "= Game {} started 2026-11-28 10:00: game to 10\n\nHand 1, dealer Wes (W)\n" + "  x" * 400 + "\n\n"
    path.write_text("".join(game.format(n) for n in range(3 * SHOWN_BYTES // len(game))))
    shown = read_log(path)
    assert shown is not None and len(shown) <= SHOWN_BYTES + 200
    assert shown.startswith("(The latest games only") and "\n\n= Game " in shown[:200]


@pytest.mark.parametrize("odd", ODD, ids=["a pipe", "/dev/zero"])
def test_the_tools_and_the_terminals_seat_keys_read_an_odd_file_as_none(
    odd: Callable[[Path], Path], tmp_path: Path
) -> None:
    from euchre_qt.net.seat_keys import read_keys
    from euchre_qt.notation.files import UnreadableGame, read_game_file

    with pytest.raises(UnreadableGame, match="not a game file"):
        read_game_file(odd(tmp_path / "game.json"))
    assert read_keys(odd(tmp_path / "seat keys.txt")).to_text() == ""
