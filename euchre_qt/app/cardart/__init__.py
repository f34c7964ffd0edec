"""The card art (the project's own SVG decks in ``resources/``, or an installed theme) and
the cached, threaded renderer the table uses.

The names are loaded on first use (PEP 562), so ``cardart.backs`` (the catalogue of
backs) can be read without loading Qt's SVG module and the drawings.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .backs import ASPECT, BACKS, DEFAULT_BACK, THEME_BACK, BackStyle, back_names
    from .renderer import CardArt
    from .themes import CardTheme, installed_themes

_WHERE = {
    "ASPECT": "backs",
    "CardArt": "renderer",
    "BACKS": "backs",
    "DEFAULT_BACK": "backs",
    "THEME_BACK": "backs",
    "BackStyle": "backs",
    "back_names": "backs",
    "CardTheme": "themes",
    "installed_themes": "themes",
}

__all__ = [
    "ASPECT",
    "BACKS",
    "DEFAULT_BACK",
    "THEME_BACK",
    "BackStyle",
    "CardArt",
    "CardTheme",
    "back_names",
    "installed_themes",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
