"""Typed, validated settings over ``QSettings`` (IniFormat) at the platform's config path.

``QSettings`` never raises and gives strings back in a new process (``'true'``, ``'10'``),
so every value is read raw, converted here and checked; anything wrong falls back to the
default. A damaged file is copied aside (``settings.ini.damaged-<time>``) before it is
rewritten, and a folder that cannot be written only costs persistence: the program keeps
playing and says so once.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QByteArray, QSettings

from ...engine.ai.registry import COMPUTER_PLAYERS
from ...engine.rules import OPTIONS_BY_NAME, RULE_OPTIONS, Rules
from ...files import UnfitFile, read_file
from ...net.seat_keys import SeatKeys
from ..cardart.backs import DEFAULT_BACK, THEME_BACK, back_names
from . import paths, problems
from .settings_file import (
    BACKDROP_KEY,
    COLOUR,
    DEFAULT_BACKDROP,
    FILE_NAME,
    GEOMETRY_KEY,
    geometry,
    open_ini,
    settings_path,
)

SEATS = ("south", "west", "north", "east")
PERSON = "person"
# What a seat may be set to: a person at this screen, or a computer player offered for seats.
PLAYER_KINDS = (PERSON, *(kind.name for kind in COMPUTER_PLAYERS if kind.seat))
PLAYER_LABELS = {PERSON: "Person", **{kind.name: kind.label for kind in COMPUTER_PLAYERS if kind.seat}}
SPEED_LABELS = ("Instant", "Fast", "Brisk", "Normal", "Relaxed")
TRICK_CLEARING = ("auto", "click")
# How a screen reader on Linux is told what happens (``announcer``): "notices", which every
# Orca release speaks (newer ones say "notification" before each), or "announcements",
# which only releases with announcement support speak (without that word)
SPOKEN_AS = ("notices", "announcements")

MAX_SETTINGS_BYTES = 1024 * 1024  # the file is a few hundred bytes: past this, no settings of ours
_DEFAULT_NAMES = {"south": "You", "west": "Wes", "north": "Nell", "east": "Ed"}


@dataclass(frozen=True)
class Settings:
    # the rule options (engine/rules.py), written one key each in the file's [rules] group;
    # they apply from the next new game
    rules: Rules = Rules()
    # players
    player_south: str = "person"
    player_west: str = "novice"
    player_north: str = "novice"
    player_east: str = "novice"
    name_south: str = _DEFAULT_NAMES["south"]
    name_west: str = _DEFAULT_NAMES["west"]
    name_north: str = _DEFAULT_NAMES["north"]
    name_east: str = _DEFAULT_NAMES["east"]
    they_see_all: bool = False
    # table
    speed: int = 3  # index into SPEED_LABELS; 0 = instant
    trick_clearing: str = "auto"
    quickplay: bool = False
    sort_by_trump: bool = True
    sound: bool = True
    celebrate: bool = True  # a moment of falling suits when you win a game
    coach: bool = False  # a note beside the table after each of your mistakes and blunders
    four_colour: bool = False
    spoken_as: str = SPOKEN_AS[0]
    card_back: str = ""  # "" = the art's default back; "theme" = the deck's own (with a theme deck)
    card_deck: str = ""  # "" = euchre-qt's own cards; else the id of a card theme installed on the system
    backdrop: str = DEFAULT_BACKDROP
    # network tables: the last one joined, and the port a hosted one listens on
    join_address: str = ""
    join_code: str = ""
    host_port: int = 7654
    host_code: str = ""  # the table this window hosted last (to sit at again after a restart)
    seat_keys: str = ""  # the keys to this player's seats at network tables (``net.seat_keys``)

    def player(self, seat_index: int) -> str:
        return str(getattr(self, f"player_{SEATS[seat_index]}"))

    def name(self, seat_index: int) -> str:
        return str(getattr(self, f"name_{SEATS[seat_index]}"))

    @property
    def back(self) -> str:
        if not self.card_back or (self.card_back == THEME_BACK and not self.card_deck):
            return DEFAULT_BACK
        return self.card_back


# Which ini group each field is written under (the rules: each option under "rules").
_GROUPS = {
    "players": (
        *(f"player_{s}" for s in SEATS),
        *(f"name_{s}" for s in SEATS),
        "they_see_all",
    ),
    "table": (
        "speed",
        "trick_clearing",
        "quickplay",
        "sort_by_trump",
        "sound",
        "celebrate",
        "coach",
        "four_colour",
        "spoken_as",
        "card_back",
        "card_deck",
        "backdrop",
    ),
    "network": ("join_address", "join_code", "host_port", "host_code", "seat_keys"),
}
RULE_KEYS: dict[str, str] = {option.name: f"rules/{option.name}" for option in RULE_OPTIONS}
SETTING_KEYS: dict[str, str] = {name: f"{group}/{name}" for group, names in _GROUPS.items() for name in names}
KEYS: dict[str, str] = {**RULE_KEYS, **SETTING_KEYS}  # every key of the file, by option or setting name
_DEFAULTS = Settings()
assert set(SETTING_KEYS) | {"rules"} == {f.name for f in fields(Settings)}, "every setting needs an ini group"
assert SETTING_KEYS["backdrop"] == BACKDROP_KEY, "the first frame reads the felt's colour under this key"


class BadValue(ValueError):
    pass


def _to_bool(raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("true", "1", "yes", "on"):
        return True
    if text in ("false", "0", "no", "off"):
        return False
    raise BadValue(raw)


def _to_int(raw: Any, lo: int, hi: int) -> int:
    if isinstance(raw, bool):
        raise BadValue(raw)
    try:
        value = int(str(raw).strip())
    except ValueError as exc:
        raise BadValue(raw) from exc
    if not lo <= value <= hi:
        raise BadValue(raw)
    return value


def _to_choice(raw: Any, choices: tuple[str, ...]) -> str:
    text = str(raw).strip().lower()
    if text not in choices:
        raise BadValue(raw)
    return text


def _to_name(raw: Any) -> str:
    text = " ".join(str(raw).split())
    if not text or len(text) > 24 or any(ord(ch) < 32 for ch in text):
        raise BadValue(raw)
    return text


def _to_colour(raw: Any) -> str:
    text = str(raw).strip()
    if not COLOUR.match(text):
        raise BadValue(raw)
    return text.lower()


def _to_back(raw: Any) -> str:
    text = str(raw).strip()
    if text and text not in (*back_names(), THEME_BACK):
        raise BadValue(raw)
    return text


def _to_deck(raw: Any) -> str:
    """A theme's id is its folder's name: whether it is still installed is checked on loading."""
    text = str(raw).strip()
    if len(text) > 200 or any(ch in text for ch in "/\\\0") or text in (".", ".."):
        raise BadValue(raw)
    return text


def _to_address(raw: Any) -> str:
    """Where a table server was found (``host``, ``host:port`` or ``ws://host:port``): checked when joining."""
    text = str(raw).strip()
    if len(text) > 200 or any(ch.isspace() or not ch.isprintable() for ch in text):
        raise BadValue(raw)
    return text


def _to_seat_keys(raw: Any) -> str:
    return SeatKeys.from_text(str(raw)).to_text()  # (only the damaged entries are left out)


def _to_code(raw: Any) -> str:
    text = str(raw).strip().upper()
    if len(text) > 16 or not all(ch.isalnum() or ch == "-" for ch in text):
        raise BadValue(raw)
    return text


def convert(name: str, raw: Any) -> Any:
    """Turn a raw ini value into a valid setting, or raise ``BadValue``."""
    option = OPTIONS_BY_NAME.get(name)
    if option is not None:
        try:
            return option.parse(raw)
        except ValueError as exc:
            raise BadValue(raw) from exc
    default = getattr(_DEFAULTS, name)
    if name == "speed":
        return _to_int(raw, 0, len(SPEED_LABELS) - 1)
    if name.startswith("player_"):
        return _to_choice(raw, PLAYER_KINDS)
    if name.startswith("name_"):
        return _to_name(raw)
    if name == "trick_clearing":
        return _to_choice(raw, TRICK_CLEARING)
    if name == "spoken_as":
        return _to_choice(raw, SPOKEN_AS)
    if name == "backdrop":
        return _to_colour(raw)
    if name == "card_back":
        return _to_back(raw)
    if name == "card_deck":
        return _to_deck(raw)
    if name == "join_address":
        return _to_address(raw)
    if name in ("join_code", "host_code"):
        return _to_code(raw)
    if name == "host_port":
        return _to_int(raw, 1024, 65535)
    if name == "seat_keys":
        return _to_seat_keys(raw)
    if isinstance(default, bool):
        return _to_bool(raw)
    raise BadValue(raw)  # pragma: no cover - every field is handled above


def validate(settings: Settings) -> Settings:
    """The same settings with every bad value replaced by its default."""
    good: dict[str, Any] = {"rules": settings.rules if isinstance(settings.rules, Rules) else Rules()}
    for f in fields(Settings):
        if f.name == "rules":
            continue
        value = getattr(settings, f.name)
        try:
            good[f.name] = convert(f.name, value)
        except BadValue:
            good[f.name] = getattr(_DEFAULTS, f.name)
    return Settings(**good)


class SettingsSource(Protocol):
    """Where the settings in effect are read (a ``SettingsStore``): read each time they are
    used, as the player may have changed them since."""

    @property
    def settings(self) -> Settings: ...


class SettingsStore:
    """Loads and saves ``Settings``; collects warnings (each said once) for the window."""

    FILE_NAME = FILE_NAME

    def __init__(self, folder: Path | None = None) -> None:
        self.path = settings_path(Path(folder) if folder is not None else None)
        self.folder = self.path.parent
        self.warnings: list[str] = []
        self._warned: set[str] = set()
        self.backup_path: Path | None = None
        self.writable = True
        self._settings = self.load()

    @property
    def settings(self) -> Settings:
        """The settings in effect (``save``, ``update`` or ``change_unsaved`` change them)."""
        return self._settings

    # --- warnings ----------------------------------------------------------------

    def _warn(self, kind: str, text: str) -> None:
        if kind not in self._warned:
            self._warned.add(kind)
            self.warnings.append(text)

    def take_warnings(self) -> list[str]:
        out, self.warnings = self.warnings, []
        return out

    # --- reading -------------------------------------------------------------------

    def _qsettings(self) -> QSettings:
        return open_ini(self.path)

    def load(self) -> Settings:
        if not paths.ensure_dir(self.folder):
            self.writable = False
            self._warn(
                "unwritable",
                f"Settings cannot be saved in {self.folder}: the game will use the settings you choose until you quit.",
            )
        if not self.path.exists():
            return Settings()
        try:
            data: bytes | None = read_file(self.path, MAX_SETTINGS_BYTES)
        except UnfitFile:
            data = None  # (no settings file of ours: damaged)
        except OSError as exc:  # there but not ours to read (another user's, say): left alone, never overwritten
            problems.record("the settings file could not be opened", exc, self.folder)
            self.writable = False
            self._warn(
                "unreadable",
                "The settings file cannot be opened, so the default settings are in use until you quit;"
                " the file is left as it is.",
            )
            return Settings()
        damaged = data is None or self._is_damaged(data)
        values: dict[str, Any] = {}
        bad: list[str] = []
        if not damaged:
            qs = self._qsettings()
            if qs.status() != QSettings.Status.NoError:
                damaged = True
            else:
                for name, key in KEYS.items():
                    if not qs.contains(key):
                        continue
                    raw = qs.value(key)
                    try:
                        values[name] = convert(name, raw)
                    except BadValue:
                        bad.append(name)
        if damaged or bad:
            self._set_aside()
            kept = f" The old file was kept as {self.backup_path.name}." if self.backup_path else ""
            if damaged:
                problems.record("the settings file could not be read", str(self.path), self.folder)
                self._warn("corrupt", f"The settings file was damaged, so the default settings are in use.{kept}")
                values = {}
            else:
                problems.record("settings that could not be read", ", ".join(sorted(bad)), self.folder)
                said = ", ".join(sorted(_setting_label(name) for name in bad))
                self._warn(
                    "corrupt", f"Some settings could not be read ({said}); they are back to their defaults.{kept}"
                )
        rules = {name: values.pop(name) for name in list(values) if name in RULE_KEYS}
        settings = Settings(rules=Rules(**rules), **values)
        if damaged or bad:
            self.save(settings)
        return settings

    @staticmethod
    def _is_damaged(data: bytes) -> bool:
        if b"\x00" in data:
            return True
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            return True
        return False

    def _set_aside(self) -> None:
        target = paths.aside(self.path, lambda when: f"{self.FILE_NAME}.damaged-{when}")
        try:
            self.path.replace(target)  # (moved, not copied: a pipe there would be waited on)
            self.backup_path = target
        except OSError:
            self.backup_path = None

    # --- writing -------------------------------------------------------------------

    def save(self, settings: Settings) -> bool:
        """Write every setting; False (and one warning) if the file cannot be written."""
        settings = validate(settings)
        self._settings = settings
        if not self.writable:
            return False
        qs = self._qsettings()
        for option in RULE_OPTIONS:
            qs.setValue(RULE_KEYS[option.name], option.text(getattr(settings.rules, option.name)))
        for name, key in SETTING_KEYS.items():
            qs.setValue(key, getattr(settings, name))
        qs.sync()
        if qs.status() != QSettings.Status.NoError:
            self.writable = False
            self._warn(
                "unwritable",
                f"Settings cannot be saved in {self.folder}: the game will use the settings you choose until you quit.",
            )
            return False
        return True

    def update(self, **changes: Any) -> Settings:
        return self._settings if not changes else self._save_replaced(changes)

    def _save_replaced(self, changes: dict[str, Any]) -> Settings:
        self.save(replace(self._settings, **changes))
        return self._settings

    def change_unsaved(self, **changes: Any) -> Settings:
        """Settings in effect until the program quits, never written (the screenshot demo
        plays at full speed, and leaves the player's chosen speed in the file)."""
        self._settings = validate(replace(self._settings, **changes))
        return self._settings

    # window geometry is not a typed setting: best effort, never validated beyond its type
    def window_state(self) -> bytes | None:
        if not self.path.exists():
            return None
        return geometry(self._qsettings())

    def save_window_state(self, data: bytes) -> None:
        if not self.writable:
            return
        qs = self._qsettings()
        qs.setValue(GEOMETRY_KEY, QByteArray(data))
        qs.sync()


def _setting_label(name: str) -> str:
    """A setting as a person calls it: a rule by its label, the others by their words."""
    option = OPTIONS_BY_NAME.get(name)
    return option.label.lower() if option is not None else name.replace("_", " ")
