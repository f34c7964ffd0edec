"""Find files shipped in ``euchre_qt/resources`` (icons, etc.), wherever the package lives.

``importlib.resources`` locates the package data in a source checkout, an installed wheel
and a PyInstaller bundle alike, so nothing here guesses paths relative to the CWD.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def resource_path(*parts: str) -> Path:
    """The path of ``euchre_qt/resources/<parts...>`` on disk."""
    return Path(str(files("euchre_qt").joinpath("resources", *parts)))
