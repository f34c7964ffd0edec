"""Find the files in ``resources/`` (the card decks, the backs, the icon), wherever the
program lives.

The repository keeps them at its top level, beside the package; the wheel and the
PyInstaller bundle carry them inside it, as ``euchre_qt/resources`` (pyproject.toml's
force-include, packaging/euchre-qt.spec's datas).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import euchre_qt


@cache
def resources_dir() -> Path:
    package = Path(euchre_qt.__file__).resolve().parent
    inside = package / "resources"
    return inside if (inside / "carddecks").is_dir() else package.parent / "resources"


def resource_path(*parts: str) -> Path:
    """The path of ``resources/<parts...>`` on disk."""
    return resources_dir().joinpath(*parts)
