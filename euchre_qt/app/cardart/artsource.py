"""The card art the table draws with, and the decks and backs the menus offer.

It loads the renderer (and Qt's SVG module): the window imports it after its first frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from PySide6.QtCore import SignalInstance
from PySide6.QtGui import QIcon, QPixmap

from ...engine.cards import Card
from .backs import BACKS, DEFAULT_BACK, BackStyle
from .renderer import CardArt
from .themes import CardTheme, installed_themes


class Art(Protocol):
    """What the table, the review and the menus draw with (``cardart.CardArt``)."""

    def pixmap(
        self, card: Card | None, width: int, dpr: float = 1.0, *, back: str = ..., four_colour: bool = False
    ) -> QPixmap: ...

    def prerender(self, width: int, dpr: float, back: str, four_colour: bool) -> Any: ...

    def back_icon(self, back: str, size: int = 48) -> QIcon: ...

    def prepare_back_icons(self, size: int = 48, backs: list[str] | None = None) -> None: ...

    icons_ready: SignalInstance  # the icons prepare_back_icons asked for are drawn

    @property
    def theme(self) -> CardTheme | None: ...  # the installed theme in use; None: our own decks


@lru_cache(maxsize=4)
def make_art(deck: str = "") -> Art:
    """The card art for ``deck``: "" for the project's own, else an installed theme's id.

    Raises ``LookupError`` for a theme that is not installed (or cannot be used)."""
    return CardArt(theme=deck or None)


@dataclass(frozen=True)
class DeckInfo:
    id: str
    name: str


OWN_DECK_NAME = "euchre-qt's own"


def decks() -> list[DeckInfo]:
    """The card decks to choose from: ours first, then each theme installed on the system
    (found by their index files; the one chosen is checked when it is loaded)."""
    return [DeckInfo("", OWN_DECK_NAME), *(DeckInfo(t.id, t.name) for t in installed_themes(check=False))]


def backs() -> list[BackStyle]:
    """The project's card backs, in menu order."""
    return list(BACKS)


def back_names() -> list[str]:
    return [b.name for b in BACKS]


def default_back() -> str:
    return DEFAULT_BACK
