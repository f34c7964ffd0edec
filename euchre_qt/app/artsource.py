"""The card art the table draws with.

The project's own art lives in ``euchre_qt.app.cardart`` (``CardArt``). Until that
package can be imported, a plain painter-drawn deck stands in, with the same interface,
so the table always has something crisp to draw.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QLinearGradient, QPainter, QPainterPath, QPen, QPixmap

from ..engine import Card, Rank, Suit

ASPECT = 1.4  # height / width


class Art(Protocol):
    def pixmap(
        self, card: Card | None, width: int, dpr: float = 1.0, *, back: str = ..., four_colour: bool = False
    ) -> QPixmap: ...

    def prerender(self, width: int, dpr: float, back: str, four_colour: bool) -> Any: ...

    def back_icon(self, back: str, size: int = 48) -> QIcon: ...


def _cardart() -> Any | None:
    try:
        from . import cardart
    except Exception:
        return None
    if not hasattr(cardart, "CardArt"):
        return None
    return cardart


@lru_cache(maxsize=4)
def make_art(deck: str = "") -> Art:
    """The card art for ``deck``: "" for the project's own, else an installed theme's id.

    Raises ``LookupError`` for a theme that is not installed (or cannot be used)."""
    module = _cardart()
    if module is not None:
        if deck:
            return module.CardArt(theme=deck)  # type: ignore[no-any-return]
        try:
            return module.CardArt()  # type: ignore[no-any-return]
        except Exception:
            pass
    elif deck:
        raise LookupError("card themes need the card art package")
    return FallbackArt()


class DeckInfo:
    def __init__(self, id: str, name: str) -> None:
        self.id = id
        self.name = name


OWN_DECK_NAME = "euchre-qt's own"


def decks() -> list[DeckInfo]:
    """The card decks to choose from: ours first, then each theme installed on the system
    (found by their index files; the one chosen is checked when it is loaded)."""
    own = [DeckInfo("", OWN_DECK_NAME)]
    module = _cardart()
    if module is None:
        return own
    try:
        themes = module.installed_themes(check=False)
    except Exception:
        return own
    return own + [DeckInfo(t.id, t.name) for t in themes]


class BackInfo:
    def __init__(self, name: str, label: str) -> None:
        self.name = name
        self.label = label


_FALLBACK_BACKS = {
    "blue": ("Blue lattice", "#1f4e9c", "#8fb3f0"),
    "red": ("Red lattice", "#a11d2b", "#f0a0a8"),
    "green": ("Green", "#1d6b3a", "#9fe0b5"),
    "black": ("Midnight", "#1b1d24", "#8a93a8"),
    "purple": ("Purple", "#5b2a86", "#d1b2f0"),
    "gold": ("Gold", "#8a6a12", "#f0d890"),
    "teal": ("Teal", "#0f6a6a", "#9fe7e7"),
    "orange": ("Orange", "#b3501a", "#f7c49a"),
}


def backs() -> list[Any]:
    """The available card backs: items with ``.name`` and ``.label``."""
    module = _cardart()
    if module is not None and hasattr(module, "BACKS"):
        try:
            return list(module.BACKS)
        except Exception:
            pass
    return [BackInfo(name, label) for name, (label, _, _) in _FALLBACK_BACKS.items()]


def back_names() -> list[str]:
    return [b.name for b in backs()]


def default_back() -> str:
    module = _cardart()
    if module is not None and hasattr(module, "DEFAULT_BACK"):
        return str(module.DEFAULT_BACK)
    return "blue"


# --- the stand-in deck ---------------------------------------------------------------

_RANK_TEXT = {Rank.NINE: "9", Rank.TEN: "10", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}
_FOUR_COLOURS = {Suit.CLUBS: "#1a7a2e", Suit.DIAMONDS: "#1f5fbf", Suit.HEARTS: "#c8102e", Suit.SPADES: "#111111"}


def suit_colour(suit: Suit | None, four_colour: bool = False) -> QColor:
    if suit is None:
        return QColor("#6a2c91")
    if four_colour:
        return QColor(_FOUR_COLOURS[suit])
    return QColor("#c8102e" if suit.is_red else "#111111")


class FallbackArt:
    """Cards painted with QPainter: white face, big indices, one large pip."""

    def __init__(self) -> None:
        self._cache: dict[tuple[Any, ...], QPixmap] = {}

    def prerender(self, width: int, dpr: float, back: str, four_colour: bool) -> None:
        return None

    def pixmap(
        self, card: Card | None, width: int, dpr: float = 1.0, *, back: str = "blue", four_colour: bool = False
    ) -> QPixmap:
        key = (card.index if card else -1, width, round(dpr, 2), back if card is None else "", four_colour)
        pm = self._cache.get(key)
        if pm is None:
            pm = self._render(card, width, dpr, back, four_colour)
            self._cache[key] = pm
        return pm

    def back_icon(self, back: str, size: int = 48) -> QIcon:
        return QIcon(self.pixmap(None, max(8, int(size / ASPECT)), 1.0, back=back))

    def _render(self, card: Card | None, width: int, dpr: float, back: str, four_colour: bool) -> QPixmap:
        w, h = width, round(width * ASPECT)
        pm = QPixmap(max(1, round(w * dpr)), max(1, round(h * dpr)))
        pm.setDevicePixelRatio(dpr)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        rect = QRectF(0.5, 0.5, w - 1, h - 1)
        radius = w * 0.07
        path = QPainterPath()
        path.addRoundedRect(rect, radius, radius)
        if card is None:
            _label, dark, light = _FALLBACK_BACKS.get(back, _FALLBACK_BACKS["blue"])
            p.fillPath(path, QColor("white"))
            inner = rect.adjusted(w * 0.06, w * 0.06, -w * 0.06, -w * 0.06)
            ipath = QPainterPath()
            ipath.addRoundedRect(inner, radius * 0.6, radius * 0.6)
            p.fillPath(ipath, QColor(dark))
            p.save()
            p.setClipPath(ipath)
            p.setPen(QPen(QColor(light), max(1.0, w * 0.012)))
            step = w * 0.12
            x = -h
            while x < w + h:
                p.drawLine(QPointF(x, 0), QPointF(x + h, h))
                p.drawLine(QPointF(x + h, 0), QPointF(x, h))
                x += step
            p.restore()
            p.setPen(QPen(QColor("#888888"), 1))
            p.drawPath(path)
            p.end()
            return pm
        grad = QLinearGradient(0, 0, 0, h)
        grad.setColorAt(0, QColor("#ffffff"))
        grad.setColorAt(1, QColor("#f1efe8"))
        p.fillPath(path, grad)
        p.setPen(QPen(QColor("#7a7a7a"), 1))
        p.drawPath(path)
        colour = suit_colour(card.suit, four_colour)
        p.setPen(colour)
        if card.is_joker:
            font = QFont("DejaVu Sans", 1)
            font.setPixelSize(max(6, round(w * 0.16)))
            font.setBold(True)
            p.setFont(font)
            p.drawText(QRectF(w * 0.05, h * 0.03, w * 0.3, h * 0.6), Qt.AlignmentFlag.AlignHCenter, "J\nO\nK\nE\nR")
            big = QFont(font)
            big.setPixelSize(max(8, round(w * 0.55)))
            p.setFont(big)
            p.drawText(QRectF(0, 0, w, h), Qt.AlignmentFlag.AlignCenter, "★")
            p.end()
            return pm
        assert card.suit is not None
        rank = _RANK_TEXT[card.rank]
        font = QFont("DejaVu Sans", 1)
        font.setBold(True)
        font.setPixelSize(max(6, round(w * (0.24 if len(rank) == 1 else 0.21))))
        p.setFont(font)
        idx = QRectF(w * 0.03, h * 0.02, w * 0.3, w * 0.28)
        p.drawText(idx, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, rank)
        sfont = QFont("DejaVu Sans", 1)
        sfont.setPixelSize(max(6, round(w * 0.22)))
        p.setFont(sfont)
        p.drawText(
            QRectF(w * 0.03, h * 0.02 + w * 0.25, w * 0.3, w * 0.26), Qt.AlignmentFlag.AlignHCenter, card.suit.symbol
        )
        # the same index upside down in the opposite corner
        p.save()
        p.translate(w, h)
        p.rotate(180)
        p.setFont(font)
        p.drawText(idx, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, rank)
        p.setFont(sfont)
        p.drawText(
            QRectF(w * 0.03, h * 0.02 + w * 0.25, w * 0.3, w * 0.26), Qt.AlignmentFlag.AlignHCenter, card.suit.symbol
        )
        p.restore()
        centre = QRectF(w * 0.2, h * 0.2, w * 0.6, h * 0.6)
        if card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
            frame = centre.adjusted(w * 0.02, 0, -w * 0.02, 0)
            p.setPen(QPen(colour, max(1.0, w * 0.015)))
            fill = QColor(colour)
            fill.setAlpha(28)
            p.setBrush(fill)
            p.drawRoundedRect(frame, w * 0.04, w * 0.04)
            letter = QFont("DejaVu Serif", 1)
            letter.setBold(True)
            letter.setPixelSize(max(8, round(w * 0.42)))
            p.setFont(letter)
            p.drawText(frame.adjusted(0, -h * 0.08, 0, 0), Qt.AlignmentFlag.AlignCenter, rank)
            sf = QFont("DejaVu Sans", 1)
            sf.setPixelSize(max(6, round(w * 0.2)))
            p.setFont(sf)
            p.drawText(frame.adjusted(0, h * 0.22, 0, 0), Qt.AlignmentFlag.AlignCenter, card.suit.symbol)
        else:
            big = QFont("DejaVu Sans", 1)
            big.setPixelSize(max(8, round(w * (0.62 if card.rank is Rank.ACE else 0.5))))
            p.setFont(big)
            p.drawText(centre, Qt.AlignmentFlag.AlignCenter, card.suit.symbol)
        p.end()
        return pm
