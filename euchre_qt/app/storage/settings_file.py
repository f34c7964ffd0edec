"""The settings file: where it is, and the two values the window's first frame reads from it
straight (the felt's colour and the window's geometry).

The typed settings (``settings.py``) are declared from the rule options and the computer
players; the first frame comes before them (docs/architecture.md, "Start-up").
``settings.py`` reads and writes the same file under the same keys, declared here.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QSettings

from . import paths

FILE_NAME = "settings.ini"
GEOMETRY_KEY = "window/geometry"  # not a typed setting: written as the window closes
BACKDROP_KEY = "table/backdrop"

# Backdrop palette: name -> colour. A custom colour is stored as #rrggbb.
BACKDROPS: dict[str, str] = {
    "Felt green": "#1d6a3a",
    "Billiard blue": "#1c4f7c",
    "Burgundy": "#6d2130",
    "Teal": "#12696a",
    "Slate": "#3b4a56",
    "Walnut": "#5b3c22",
    "Plum": "#4b2f6a",
    "Charcoal": "#2a2c2e",
}
DEFAULT_BACKDROP = BACKDROPS["Felt green"]
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def settings_path(folder: Path | None = None) -> Path:
    return (folder if folder is not None else paths.config_dir()) / FILE_NAME


def open_ini(path: Path) -> QSettings:
    return QSettings(str(path), QSettings.Format.IniFormat)


def geometry(ini: QSettings) -> bytes | None:
    """The window's saved geometry, best effort: None where there is none or it is no bytes."""
    raw = ini.value(GEOMETRY_KEY)
    try:
        return bytes(raw) if raw is not None else None
    except (TypeError, ValueError):
        return None


def first_look(folder: Path | None = None) -> tuple[str, bytes | None]:
    """The felt's colour and the window's saved geometry, for the first frame. Where the file
    has none or a bad one, the default colour: a damaged file is said and set aside once
    the settings are loaded, right after the first frame."""
    path = settings_path(folder)
    if not path.is_file():
        return DEFAULT_BACKDROP, None
    ini = open_ini(path)
    colour = str(ini.value(BACKDROP_KEY, DEFAULT_BACKDROP)).strip()
    return (colour.lower() if COLOUR.match(colour) else DEFAULT_BACKDROP), geometry(ini)
