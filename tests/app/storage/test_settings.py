"""Settings (U7): typed values through a real ini file; damage and unwritable folders
never stop the game."""

from __future__ import annotations

import shutil
import sys
from dataclasses import fields, replace
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from euchre_qt import files
from euchre_qt.app.cardart.artsource import back_names
from euchre_qt.app.storage import settings as settings_module
from euchre_qt.app.storage.settings import KEYS, Settings, SettingsStore
from euchre_qt.engine.rules import RULE_OPTIONS, FarmersHand, Rules
from tests.engine.helpers import EVERY_RULE_CHANGED
from tests.player_words import DEVELOPER_TEXT

from ..conftest import settle


def test_every_option_round_trips_through_a_real_ini_file(private_folders: dict[str, Path]) -> None:
    folder = private_folders["config"]
    store = SettingsStore(folder)
    assert store.settings == Settings() and not store.take_warnings()
    changed = replace(
        Settings(),
        rules=EVERY_RULE_CHANGED,
        player_south="person",
        player_west="advanced",
        player_north="person",
        player_east="person",
        name_south="Me",
        name_west="Walter",
        name_north="Norma",
        name_east="Edith",
        they_see_all=True,
        speed=0,
        trick_clearing="click",
        quickplay=True,
        sort_by_trump=False,
        sound=False,
        celebrate=False,
        coach=True,
        four_colour=True,
        spoken_as="announcements",
        card_back=back_names()[2],
        card_deck="svg-nicu-white",  # an installed theme's id (whether it is there is checked on loading)
        backdrop="#123456",
        join_address="table.example.org:7000",
        join_code="ABCD-2345",
        host_port=8123,
        host_code="WXYZ-2345",
        seat_keys="WXYZ-2345:S:abcdefghijklmnopqrstuv ABCD-2345:N:ABCDEFGHIJKLMNOPQRS-_1",
    )
    assert all(
        getattr(changed, f.name) != getattr(Settings(), f.name) for f in fields(Settings) if f.name != "player_south"
    )
    assert all(getattr(changed.rules, o.name) != o.default for o in RULE_OPTIONS)
    assert store.save(changed)
    text = (folder / "settings.ini").read_text()
    assert "[rules]" in text and "points_to_win=7" in text and "[table]" in text
    again = SettingsStore(folder)  # a fresh reader: QSettings gives strings back
    assert again.settings == changed
    assert not again.take_warnings()
    # the same keys are readable by plain QSettings
    raw = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    assert str(raw.value(KEYS["speed"])) == "0"


OLD_INI = Path(__file__).parents[1] / "data" / "settings-0.1-main-e0cd881.ini"


def test_a_settings_file_written_before_the_option_list_loads_unchanged(private_folders: dict[str, Path]) -> None:
    """Written by main at e0cd881 (every rule option as its own field of the settings)."""
    folder = private_folders["config"]
    folder.mkdir(parents=True)
    shutil.copy(OLD_INI, folder / "settings.ini")
    store = SettingsStore(folder)
    assert not store.take_warnings() and store.backup_path is None
    assert store.settings == replace(
        Settings(),
        rules=Rules(
            stick_the_dealer=True,
            lone_defender=True,
            doubled_alone_euchre=True,
            points_to_win=7,
            joker=True,
            farmers_hand=FarmersHand.ACE_NO_FACE,
            dealer_may_discard_up_card=False,
        ),
        player_south="advanced",
        player_west="person",
        player_north="advanced",
        player_east="novice",
        name_south="Ada",
        name_west="Bo",
        name_north="Cy",
        name_east="Di",
        they_see_all=True,
        speed=1,
        trick_clearing="click",
        quickplay=True,
        sort_by_trump=False,
        sound=False,
        four_colour=True,
        backdrop="#123456",
    )
    assert store.window_state() == b"\x01\x02geometry"
    store.save(store.settings)  # and written back the same way, with the options added since at their defaults
    newer = {
        "lead_left_of_loner": "false",
        "canadian_loner": "false",
        "celebrate": "true",
        "spoken_as": "notices",
        "coach": "false",
    }
    written = (folder / "settings.ini").read_text().splitlines()
    network = [
        "[network]",
        "host_code=",
        "host_port=7654",
        "join_address=",
        "join_code=",
        "seat_keys=",
        "",
    ]  # a group added since
    start = written.index("[network]")
    assert written[start : start + len(network)] == network
    del written[start : start + len(network)]
    assert [line for line in written if line.split("=")[0] not in newer] == OLD_INI.read_text().splitlines()
    assert {line for line in written if line.split("=")[0] in newer} == {f"{k}={v}" for k, v in newer.items()}


def test_settings_changed_unsaved_last_until_the_program_quits(private_folders: dict[str, Path]) -> None:
    """(The screenshot demo plays at full speed; the player's speed stays in the file.)"""
    folder = private_folders["config"]
    store = SettingsStore(folder)
    store.save(replace(Settings(), speed=3, coach=False))
    assert store.change_unsaved(speed=0, coach=True) == store.settings
    assert (store.settings.speed, store.settings.coach) == (0, True)
    again = SettingsStore(folder).settings
    assert (again.speed, again.coach) == (3, False)


def test_bad_values_fall_back_to_defaults_with_one_warning_and_a_backup(private_folders: dict[str, Path]) -> None:
    folder = private_folders["config"]
    folder.mkdir(parents=True)
    (folder / "settings.ini").write_text(
        "[rules]\npoints_to_win=99\njoker=maybe\nstick_the_dealer=true\n"
        "[table]\nspeed=abc\nbackdrop=red\nsound=false\n[players]\nplayer_west=grandmaster\nname_north=\n"
    )
    store = SettingsStore(folder)
    s = store.settings
    assert s.rules.points_to_win == 10 and s.rules.joker is False and s.speed == Settings().speed
    assert s.player_west == "novice" and s.backdrop == Settings().backdrop
    assert s.rules.stick_the_dealer is True and s.sound is False  # the good values survive
    warnings = store.take_warnings()
    assert len(warnings) == 1 and "points to win" in warnings[0] and "_" not in warnings[0].split(".")[0]
    assert store.backup_path is not None and store.backup_path.exists()
    assert "points_to_win=99" in store.backup_path.read_text()
    assert SettingsStore(folder).settings == s  # rewritten clean
    assert not SettingsStore(folder).take_warnings()


def test_a_settings_file_that_cannot_be_opened_is_left_as_it_is(
    private_folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not damaged but not ours to read (another user's file, say): the defaults for this
    run, one plain warning, and the file never overwritten by them."""
    folder = private_folders["config"]
    folder.mkdir(parents=True)
    ini = folder / "settings.ini"
    ini.write_text("[table]\nspeed=3\n")
    real = files.read_file

    def refused(path: str | Path, most: int, *, last: bool = False) -> bytes:
        if Path(path) == ini:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, most, last=last)

    monkeypatch.setattr(settings_module, "read_file", refused)
    store = SettingsStore(folder)
    assert store.settings == Settings()
    store.update(speed=0)
    assert store.settings.speed == 0  # kept for this run
    warnings = store.take_warnings()
    assert len(warnings) == 1 and "left as it is" in warnings[0] and not DEVELOPER_TEXT.search(warnings[0])
    assert ini.read_text() == "[table]\nspeed=3\n" and not list(folder.glob("settings.ini.*"))


def test_corrupt_ini_starts_the_program_with_defaults_and_a_warning(
    qtbot: QtBot, private_folders: dict[str, Path]
) -> None:
    from euchre_qt.app.window.main_window import MainWindow

    folder = private_folders["config"]
    folder.mkdir(parents=True)
    (folder / "settings.ini").write_bytes(b"\x00\x01\xff\xfe[[[garbage\n=\n\x00")
    window = MainWindow(resume=False, seed=1)
    qtbot.addWidget(window)
    window.show()
    window.build()
    assert window.store.settings == Settings()
    warnings = [text for kind, text in window.notices.messages if kind == "warning"]
    assert len(warnings) == 1 and "damaged" in warnings[0]
    assert window.notices.message_bar.isVisible()  # a strip above the table, not a modal dialog
    backups = list(folder.glob("settings.ini.damaged-*"))
    assert len(backups) == 1 and backups[0].read_bytes().startswith(b"\x00\x01")
    settle(qtbot, window)


def test_unwritable_folder_keeps_playing_with_one_warning(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from euchre_qt.app.window.main_window import MainWindow

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the config folder should be")
    monkeypatch.setenv("EUCHRE_QT_CONFIG_DIR", str(blocker / "euchre-qt"))
    window = MainWindow(resume=False, seed=1)
    qtbot.addWidget(window)
    window.show()
    window.build()
    assert window.store.settings == Settings()
    window.settings_applied.change(sound=False, backdrop="#334455")  # still works for this run
    window.settings_applied.change(speed=0)
    assert window.store.settings.sound is False and window.store.settings.speed == 0
    warnings = [text for kind, text in window.notices.messages if kind == "warning"]
    assert len(warnings) == 1 and "cannot be saved" in warnings[0]
    settle(qtbot, window)
    window.controller.set_autoplay(True)
    c = window.controller
    qtbot.waitUntil(lambda: c.game is not None and len(c.game.actions) > 10, timeout=20000)


@pytest.mark.skipif(sys.platform != "linux", reason="the quick way to the config folder is Linux's XDG rule")
@pytest.mark.parametrize(
    ("xdg", "home"),
    [
        ("/home/ann/.cfg", "/home/ann"),
        ("/home/ann/.cfg/", "/home/ann"),
        ("", "/home/bo/"),
        ("cfg", "/home/cy"),
        (None, "/"),
    ],
)
def test_the_settings_folder_found_quickly_is_the_one_platformdirs_names(
    monkeypatch: pytest.MonkeyPatch, xdg: str | None, home: str
) -> None:
    import platformdirs

    from euchre_qt.app.storage import paths

    monkeypatch.delenv("EUCHRE_QT_CONFIG_DIR")
    if xdg is None:
        monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    monkeypatch.setenv("HOME", home)
    assert paths.config_dir() == Path(platformdirs.user_config_dir(paths.APP_NAME))
