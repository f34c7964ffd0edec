"""Card themes installed on the system, in the KDE / freedesktop ``carddecks`` layout.

A theme is a folder ``carddecks/<id>/`` holding ``index.desktop`` with a ``[KDE Backdeck]``
group (``Name=``, ``SVG=<file.svg or .svgz>``).  The SVG has one element per card, named
as libkcardgame names them: ``1_club`` (ace) .. ``10_club``, ``jack_club``, ``queen_heart``,
``king_spade``, ``..._diamond``, and ``back``.  Themes from Aisleriot's SVG-cards family
add ``red_joker`` / ``black_joker``; for others our own joker is used, so every theme can
deal a euchre deck.

The project's own decks are themes of the same kind, shipped in ``resources/carddecks``
(drawn by ``scripts/card_art.py``): ``own_deck()`` reads them. A deck of ours is drawn
in one piece (``render_deck``), which a worker thread can do without holding Python's lock.
"""

from __future__ import annotations

import configparser
import contextlib
import os
import re
import tempfile
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from PySide6.QtCore import QRect, QRectF, QSize
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from euchre_qt.engine.cards import Card, Rank, Suit

from ..common.resources import resource_path
from .images import device_size, paint_image, read_svg

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
    whole_sheet: bool = False  # ours: drawn in one piece (render_deck)

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

    def render_deck(self, cards: Sequence[Card | None], width: int, dpr: float = 1.0) -> list[QImage]:
        """``cards`` as ``render`` draws them, one image each; safe to call from any thread.

        A deck of ours is drawn in one piece: a page placing each card on whole pixels of
        a grid, read by ``read_svg`` (Python's lock free while it draws), then cut up. An
        installed theme is drawn card by card."""
        frames = _frames(self.svg_path) if self.whole_sheet else {}
        elements = [
            next((e for e in _JOKER_IDS if e in frames), "") if c and c.suit is None else element_id(c) for c in cards
        ]
        if not frames or not all(e in frames for e in elements):
            return [self.render(card, width, dpr) for card in cards]
        size = device_size(width, dpr)
        gap = max(2, size.width() // 4)  # room for whatever a card draws outside its frame
        columns = 6
        uses, cells = [], []
        for i, element in enumerate(elements):
            cell = QRect(
                (i % columns) * (size.width() + gap),
                (i // columns) * (size.height() + gap),
                size.width(),
                size.height(),
            )
            # the frame on the page fills the cell, stretched as render() stretches it
            frame = frames[element]
            sx, sy = cell.width() / frame.width(), cell.height() / frame.height()
            place = f"translate({cell.x() - frame.x() * sx!r} {cell.y() - frame.y() * sy!r}) scale({sx!r} {sy!r})"
            uses.append(f'<use xlink:href="#{element}" transform="{place}"/>')
            cells.append(cell)
        rows = (len(cards) + columns - 1) // columns
        page = QSize(columns * (size.width() + gap), max(1, rows * (size.height() + gap)))
        sheet = _read_page(_page(self.svg_path, page, uses), page)
        if sheet.isNull():
            return [self.render(card, width, dpr) for card in cards]
        images = [sheet.copy(cell) for cell in cells]
        for image in images:
            image.setDevicePixelRatio(dpr)
        return images


# A card of ours: a group at its place on the page, its frame the group's first element.
_OUR_CARD = re.compile(
    rb'<g id="([^"]+)" transform="translate\(([-\d.]+),([-\d.]+)\)">'
    rb'<rect id="\1-frame" width="([\d.]+)" height="([\d.]+)"'
)


@cache
def _frames(svg_path: Path) -> dict[str, QRectF]:
    """Where each card's frame lies on the page of one of our decks (read from the file as
    ``scripts/card_art.py`` writes it, without parsing the drawing)."""
    _, body = _document(svg_path)
    return {m[1].decode(): QRectF(float(m[2]), float(m[3]), float(m[4]), float(m[5])) for m in _OUR_CARD.finditer(body)}


def _read_page(document: bytes, size: QSize) -> QImage:
    """``document`` drawn at ``size`` by ``read_svg``, from a file of its own (which it
    needs); a null image if that cannot be written."""
    try:
        fd, name = tempfile.mkstemp(prefix="euchre-qt-deck-", suffix=".svg")
    except OSError:
        return QImage()
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(document)
        return read_svg(Path(name), size)
    except OSError:
        return QImage()
    finally:
        with contextlib.suppress(OSError):
            os.unlink(name)


def _page(svg_path: Path, size: QSize, uses: list[str]) -> bytes:
    """An SVG page of ``size`` showing ``uses``: the theme's document with its drawing made
    a definition (shown only where used) and its page size replaced."""
    start, body = _document(svg_path)
    start = re.sub(rb'\s(width|height|viewBox)="[^"]*"', b"", start)
    if b"xmlns:xlink=" not in start:
        start = start.replace(b"<svg", b'<svg xmlns:xlink="http://www.w3.org/1999/xlink"', 1)
    page = f' width="{size.width()}" height="{size.height()}" viewBox="0 0 {size.width()} {size.height()}">'
    return b"".join((start[:-1], page.encode(), b"<defs>", body, b"</defs>", "".join(uses).encode(), b"</svg>"))


@cache
def _document(svg_path: Path) -> tuple[bytes, bytes]:
    """A theme's SVG as its root element's start tag and what lies inside the root."""
    data = svg_path.read_bytes()
    start = data.find(b"<svg")
    inside = data.index(b">", start) + 1
    return data[start:inside], data[inside : data.rindex(b"</svg>")]


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
    return replace(theme, whole_sheet=True)


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
