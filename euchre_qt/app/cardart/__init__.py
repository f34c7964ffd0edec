"""The project's own card art (SVG) and the cached, threaded renderer the table uses."""

from .renderer import ASPECT, CardArt, back_names
from .svg import BACKS, DEFAULT_BACK, BackStyle, back_svg, card_svg

__all__ = ["ASPECT", "BACKS", "DEFAULT_BACK", "BackStyle", "CardArt", "back_names", "back_svg", "card_svg"]
