"""The catalogue of our card backs: ids and names only (the drawings are in
``resources/backs``, drawn by ``scripts/card_art.py``), and the shape of every card.

Small and free of Qt and the engine, so the settings can check a saved back's id before
the window's first frame without loading the card art.
"""

from __future__ import annotations

from dataclasses import dataclass

ASPECT = 1.4  # a card's height over its width


@dataclass(frozen=True)
class BackStyle:
    name: str
    label: str


BACKS: tuple[BackStyle, ...] = (
    BackStyle("blue-lattice", "Blue lattice"),
    BackStyle("red-argyle", "Red argyle"),
    BackStyle("green-tartan", "Green tartan"),
    BackStyle("teal-waves", "Teal waves"),
    BackStyle("starry-night", "Starry night"),
    BackStyle("burgundy-rosette", "Burgundy rosette"),
    BackStyle("classic-green", "Classic green"),
    BackStyle("cream-border", "Cream with border"),
    BackStyle("mountain-dusk", "Mountains at dusk"),
    BackStyle("art-deco", "Art deco"),
)
DEFAULT_BACK = "blue-lattice"
THEME_BACK = "theme"  # the back of an installed theme, offered when one is in use


def back_names() -> list[str]:
    """Ids of the project's own card backs, in menu order."""
    return [b.name for b in BACKS]
