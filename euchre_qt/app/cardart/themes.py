"""Installed KDE / freedesktop card themes (placeholder until discovery lands)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QImage

from euchre_qt.engine.cards import Card


@dataclass(frozen=True)
class CardTheme:
    id: str
    name: str
    svg_path: Path

    def render(self, card: Card | None, width: int, dpr: float = 1.0) -> QImage:
        raise NotImplementedError


def installed_themes() -> list[CardTheme]:
    return []


def find_theme(theme_id: str) -> CardTheme:
    for theme in installed_themes():
        if theme.id == theme_id:
            return theme
    raise LookupError(f"no installed card theme called {theme_id!r}")
