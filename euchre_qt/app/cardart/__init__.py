"""The project's own card art (SVG) and the cached, threaded renderer the table uses."""

from .renderer import ASPECT, THEME_BACK, CardArt, back_names
from .svg import BACKS, DEFAULT_BACK, BackStyle, back_svg, card_svg
from .themes import CardTheme, installed_themes

__all__ = [
    "ASPECT",
    "BACKS",
    "DEFAULT_BACK",
    "THEME_BACK",
    "BackStyle",
    "CardArt",
    "CardTheme",
    "back_names",
    "back_svg",
    "card_svg",
    "installed_themes",
]
