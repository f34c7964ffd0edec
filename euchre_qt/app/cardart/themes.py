"""Card themes installed on the system, in the KDE / freedesktop ``carddecks`` layout.

A theme is a folder ``carddecks/<id>/`` holding ``index.desktop`` with a ``[KDE Backdeck]``
group (``Name=``, ``SVG=<file.svg or .svgz>``).  The SVG has one element per card, named
as libkcardgame names them: ``1_club`` (ace) .. ``10_club``, ``jack_club``, ``queen_heart``,
``king_spade``, ``..._diamond``, and ``back``.  Themes from Aisleriot's SVG-cards family
add ``red_joker`` / ``black_joker``; for others our own joker is used, so every theme can
deal a euchre deck.

The project's own decks are themes of the same kind, shipped in ``resources/carddecks``
(drawn by ``scripts/card_art.py``): ``own_deck()`` reads them.
"""

from __future__ import annotations

import configparser
import os
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from euchre_qt.engine.cards import Card, Rank, Suit

from ..resources import resource_path
from .images import paint_image

_SUIT_NAMES = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}
_RANK_NAMES = {Rank.NINE: "9", Rank.TEN: "10", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "1"}
_JOKER_IDS = ("red_joker", "black_joker", "joker")
FRAME = "-frame"  # "<card>-frame", where a theme has it: the card's edges (ours have them)

# QSvgRenderer is a QObject, so each thread parses its own copy of a theme's file.
_local = threading.local()


def element_id(card: Card | None) -> str:
    """The SVG element that draws ``card`` (``None``: the back) in a KDE card theme."""
    if card is None:
        return "back"
    if card.suit is None:
        return _JOKER_IDS[0]
    return f"{_RANK_NAMES[card.rank]}_{_SUIT_NAMES[card.suit]}"


@dataclass(frozen=True)
class CardTheme:
    """One installed theme: ``id`` is its folder name, ``name`` what menus show."""

    id: str
    name: str
    svg_path: Path

    def _renderer(self) -> QSvgRenderer:
        cache: dict[Path, QSvgRenderer] = getattr(_local, "renderers", None) or {}
        _local.renderers = cache
        renderer = cache.get(self.svg_path)
        if renderer is None:
            renderer = QSvgRenderer(str(self.svg_path))
            cache[self.svg_path] = renderer
        return renderer

    def is_usable(self) -> bool:
        """Whether the file parses and has every element a euchre deck needs (jokers aside)."""
        renderer = self._renderer()
        if not renderer.isValid():
            return False
        needed = [element_id(Card(s, r)) for s in Suit for r in _RANK_NAMES]
        return all(renderer.elementExists(e) for e in [*needed, "back"])

    def render(self, card: Card | None, width: int, dpr: float = 1.0) -> QImage:
        """``card`` (``None``: the back) as a card-sized image; safe to call from any thread."""
        renderer = self._renderer()
        element = element_id(card)
        if card is not None and card.suit is None:
            element = next((e for e in _JOKER_IDS if renderer.elementExists(e)), "")
            if not element:
                return own_deck().render(card, width, dpr)

        bounds = _placed(renderer, element)
        frame = _placed(renderer, element + FRAME) if renderer.elementExists(element + FRAME) else bounds

        def draw(painter: QPainter, target: QRectF) -> None:
            # The frame fills the image, stretched to the table's 1.4 aspect (themes differ by
            # a few percent at most); whatever the element draws outside it is cut off.
            sx, sy = target.width() / frame.width(), target.height() / frame.height()
            at = QRectF(
                (bounds.x() - frame.x()) * sx, (bounds.y() - frame.y()) * sy, bounds.width() * sx, bounds.height() * sy
            )
            renderer.render(painter, element, at)

        return paint_image(draw, width, dpr)


def _placed(renderer: QSvgRenderer, element: str) -> QRectF:
    """Where ``element`` lies on the page (its bounds leave out its parents' transforms)."""
    return renderer.transformForElement(element).mapRect(renderer.boundsOnElement(element))


@dataclass(frozen=True)
class OwnDeck:
    id: str  # its folder in resources/carddecks
    name: str
    four_colour: bool


OWN_DECKS = (
    OwnDeck("euchre-qt", "euchre-qt's own", False),
    OwnDeck("euchre-qt-four-colour", "euchre-qt's own, four colours", True),
)


@cache
def own_deck(four_colour: bool = False) -> CardTheme:
    """The project's own faces (two or four suit colours), from the shipped resources."""
    deck = next(d for d in OWN_DECKS if d.four_colour == four_colour)
    theme = _read_index(resource_path("carddecks", deck.id))
    if theme is None:
        raise FileNotFoundError(f"the card deck {deck.id!r} is missing from the resources")
    return theme


def theme_dirs() -> list[Path]:
    """Where card themes are looked for: the user's data folder first, then the system's."""
    env = os.environ.get("EUCHRE_QT_CARDDECKS")
    if env:
        return [Path(p) for p in env.split(os.pathsep) if p]
    data_home = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    data_dirs = os.environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share"
    roots = [data_home, *(Path(p) for p in data_dirs.split(":") if p)]
    return [root / "carddecks" for root in roots]


def _read_index(folder: Path) -> CardTheme | None:
    index = folder / "index.desktop"
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read(index, encoding="utf-8")
        group = parser["KDE Backdeck"]
    except (configparser.Error, KeyError, OSError, UnicodeDecodeError):
        return None
    name, svg = group.get("Name", "").strip(), group.get("SVG", "").strip()
    if not name or not svg or not (folder / svg).is_file():
        return None
    return CardTheme(folder.name, name, folder / svg)


def installed_themes(dirs: Iterable[Path] | None = None, *, check: bool = True) -> list[CardTheme]:
    """SVG card themes, by name; a theme id found twice counts once (the user's wins).

    With ``check`` (the default) only usable ones: each file is parsed, which takes a while
    for big themes. Without it, every theme whose ``index.desktop`` names an SVG file that
    exists (cheap: for a menu; ``find_theme`` checks the one chosen)."""
    found: dict[str, CardTheme] = {}
    for root in theme_dirs() if dirs is None else dirs:
        try:
            folders = sorted(p for p in root.iterdir() if p.is_dir())
        except OSError:
            continue
        for folder in folders:
            if folder.name in found:
                continue
            theme = _read_index(folder)
            if theme is not None and (not check or theme.is_usable()):
                found[theme.id] = theme
    return sorted(found.values(), key=lambda t: t.name.casefold())


def find_theme(theme_id: str, dirs: Iterable[Path] | None = None) -> CardTheme:
    """The installed, usable theme called ``theme_id``; ``LookupError`` if there is none."""
    for theme in installed_themes(dirs, check=False):
        if theme.id == theme_id:
            if not theme.is_usable():
                raise LookupError(f"the card theme {theme_id!r} cannot be used (its file lacks cards)")
            return theme
    raise LookupError(f"no installed card theme called {theme_id!r}")
