"""Draws the project's own card art as SVG (pure Python, no Qt) and writes it to resources/.

``python scripts/card_art.py [FOLDER]`` rewrites ``resources/carddecks/`` (the faces, in the
card-theme layout the program reads for installed themes: one SVG per deck, one element
per card, named as KDE's card themes name them) and ``resources/backs/`` (one file per
back). The program only reads those files; run this after changing a drawing, and
``tests/app/cardart/test_cardart.py`` checks the files are what it makes.

Every card is drawn on a 250 x 350 view box (aspect 1.4) so the renderer can scale it
to any size and screen scale without losing crispness.  Suit symbols are SVG paths, not
font glyphs, so they look the same on every system; only the corner indices and a few
labels use text, with generic font families so some font always matches.

The SVG kept to what QtSvg renders faithfully: paths, basic shapes, gradients, ``mask``
(QtSvg ignores ``clipPath``, so masks do the clipping) and simple transforms.
"""

from __future__ import annotations

import argparse
import math
import sys
from functools import lru_cache
from pathlib import Path

from euchre_qt.app.cardart.backs import BACKS, DEFAULT_BACK
from euchre_qt.app.cardart.themes import FRAME, OWN_DECKS, element_id
from euchre_qt.engine.cards import JOKER_DECK, Card, Rank, Suit

RESOURCES = Path(__file__).resolve().parent.parent / "resources"

W = 250
H = 350
CX = W / 2
CY = H / 2
CORNER = 14  # card corner radius, in view-box units

SANS = "DejaVu Sans, Helvetica, Arial, sans-serif"
SERIF = "DejaVu Serif, Georgia, Times New Roman, serif"

RED = "#c8102e"
BLACK = "#1b1b1f"
GREEN = "#138a3a"
BLUE = "#1860c4"
GOLD = "#d9a520"
GOLD_DARK = "#8a6412"
SKIN = "#f7dcc0"
INK = "#2a2020"
CREAM = "#fdf6e3"

_TWO_COLOUR = {Suit.CLUBS: BLACK, Suit.DIAMONDS: RED, Suit.HEARTS: RED, Suit.SPADES: BLACK}
_FOUR_COLOUR = {Suit.CLUBS: GREEN, Suit.DIAMONDS: BLUE, Suit.HEARTS: RED, Suit.SPADES: BLACK}


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]


def _n(x: float) -> str:
    """A short number: SVG text stays small and diffs stay readable."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _doc(body: str, defs: str = "") -> str:
    defs_block = f"<defs>{defs}</defs>" if defs else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {W} {H}" '
        f'width="{W}" height="{H}">{defs_block}{body}</svg>'
    )


def _outline(fill: str = "white", stroke: str = "#7d7d7d") -> str:
    return (
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="{CORNER}" ry="{CORNER}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="2"/>'
    )


def _rot180(body: str) -> str:
    return f'<g transform="rotate(180 {_n(CX)} {_n(CY)})">{body}</g>'


# --- suit symbols -----------------------------------------------------------------------
# Each shape is drawn in a 100 x 100 box centred on the origin, pointing up.

_HEART = (
    "M0,44 C-14,29 -50,8 -50,-17 C-50,-37 -36,-47 -24,-47 C-12,-47 -4,-40 0,-29 "
    "C4,-40 12,-47 24,-47 C36,-47 50,-37 50,-17 C50,8 14,29 0,44 Z"
)
_DIAMOND = "M0,-50 C10,-32 24,-14 39,0 C24,14 10,32 0,50 C-10,32 -24,14 -39,0 C-24,-14 -10,-32 0,-50 Z"
_SPADE = (
    "M0,-50 C-9,-35 -50,-14 -50,10 C-50,27 -37,35 -25,35 C-14,35 -7,30 -4,24 "
    "C-5,35 -11,44 -20,50 L20,50 C11,44 5,35 4,24 C7,30 14,35 25,35 "
    "C37,35 50,27 50,10 C50,-14 9,-35 0,-50 Z"
)
_CLUB_STEM = "M-4,8 C-4,30 -11,43 -21,50 L21,50 C11,43 4,30 4,8 Z"


def suit_shape(suit: Suit, cx: float, cy: float, size: float, fill: str, flip: bool = False, extra: str = "") -> str:
    """A suit symbol about ``size`` units wide, centred on (cx, cy); ``flip`` turns it upside down."""
    k = size / 100
    turn = " rotate(180)" if flip else ""
    transform = f'transform="translate({_n(cx)} {_n(cy)}) scale({_n(k)}){turn}"'
    if suit is Suit.CLUBS:
        inner = (
            '<circle cx="0" cy="-25" r="23.5"/><circle cx="-25" cy="11" r="23.5"/>'
            '<circle cx="25" cy="11" r="23.5"/><path d="M-14,0 L14,0 L0,-18 Z"/>'
            f'<path d="{_CLUB_STEM}"/>'
        )
    else:
        d = {Suit.HEARTS: _HEART, Suit.DIAMONDS: _DIAMOND, Suit.SPADES: _SPADE}[suit]
        inner = f'<path d="{d}"/>'
    return f'<g {transform} fill="{fill}" {extra}>{inner}</g>'


# --- faces ------------------------------------------------------------------------------

_INDEX_X = 27


def _index(rank: Rank, suit: Suit, colour: str) -> str:
    """The top-left index: rank over suit, big enough to read on a 70 px card."""
    label = "10" if rank is Rank.TEN else rank.letter
    squeeze, x = "", _INDEX_X
    if label == "10":
        # Two digits must fit the one-letter column: narrow them instead of shrinking.
        x += 2
        squeeze = f' letter-spacing="-3" transform="translate({x} 0) scale(0.64 1) translate({-x} 0)"'
    text = (
        f'<text x="{x}" y="64" font-family="{SANS}" font-weight="bold" font-size="64" '
        f'text-anchor="middle" fill="{colour}"{squeeze}>{label}</text>'
    )
    return text + suit_shape(suit, _INDEX_X, 93, 40, colour)


def _indices(rank: Rank, suit: Suit, colour: str) -> str:
    one = _index(rank, suit, colour)
    return one + _rot180(one)


# Classic pip positions as (column, row) on a 3-column grid; rows run 0..6 top to bottom.
_PIP_COLUMNS = (83.0, CX, 167.0)
_PIP_TOP, _PIP_BOTTOM = 68.0, 282.0


def _pip_y(row: float) -> float:
    return _PIP_TOP + (_PIP_BOTTOM - _PIP_TOP) * row / 6


_PIPS: dict[Rank, tuple[tuple[int, float], ...]] = {
    Rank.NINE: ((0, 0), (0, 2), (0, 4), (0, 6), (2, 0), (2, 2), (2, 4), (2, 6), (1, 3)),
    Rank.TEN: ((0, 0), (0, 2), (0, 4), (0, 6), (2, 0), (2, 2), (2, 4), (2, 6), (1, 1), (1, 5)),
}


def _pips(rank: Rank, suit: Suit, colour: str) -> str:
    out = []
    for col, row in _PIPS[rank]:
        y = _pip_y(row)
        # Pips below the middle face the other way, as on printed cards.
        out.append(suit_shape(suit, _PIP_COLUMNS[col], y, 45, colour, flip=y > CY + 0.5))
    return "".join(out)


def _ace(suit: Suit, colour: str) -> str:
    if suit is not Suit.SPADES:
        return suit_shape(suit, CX, CY, 118, colour)
    # The ace of spades is the deck's signature card: ring, rays and a banner.
    out = [f'<circle cx="{CX}" cy="{CY}" r="92" fill="none" stroke="{GOLD}" stroke-width="3"/>']
    out.append(f'<circle cx="{CX}" cy="{CY}" r="85" fill="none" stroke="{colour}" stroke-width="1.5"/>')
    for i in range(24):
        a = math.radians(i * 15)
        x1, y1 = CX + 86 * math.cos(a), CY + 86 * math.sin(a)
        x2, y2 = CX + 99 * math.cos(a), CY + 99 * math.sin(a)
        out.append(
            f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{GOLD}" stroke-width="2.5"/>'
        )
    for i in range(12):
        a = math.radians(i * 30 + 15)
        x, y = CX + 76 * math.cos(a), CY + 76 * math.sin(a)
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="3" fill="{GOLD}"/>')
    out.append(suit_shape(suit, CX, CY - 4, 120, colour))
    # A thin white inlay inside the big spade.
    out.append(
        f'<g transform="translate({CX} {CY - 4}) scale(0.98)"><path d="{_SPADE}" fill="none" '
        f'stroke="white" stroke-width="2.2" transform="scale(0.96)"/></g>'
    )
    out.append(suit_shape(Suit.SPADES, CX, CY - 10, 26, GOLD))
    ribbon_y = CY + 74
    out.append(
        f'<path d="M{CX - 62},{ribbon_y - 12} L{CX + 62},{ribbon_y - 12} L{CX + 54},{ribbon_y} '
        f'L{CX + 62},{ribbon_y + 12} L{CX - 62},{ribbon_y + 12} L{CX - 54},{ribbon_y} Z" '
        f'fill="{CREAM}" stroke="{GOLD_DARK}" stroke-width="1.5"/>'
        f'<text x="{CX}" y="{ribbon_y + 6}" font-family="{SERIF}" font-weight="bold" font-size="16" '
        f'letter-spacing="3" text-anchor="middle" fill="{colour}">EUCHRE</text>'
    )
    return "".join(out)


# --- court cards ------------------------------------------------------------------------

_PX0, _PX1 = 58.0, 192.0  # the framed panel, clear of the indices
_PY0, _PY1 = 34.0, 316.0


def _panel_defs() -> str:
    return (
        f'<mask id="half" maskUnits="userSpaceOnUse" x="0" y="0" width="{W}" height="{H}">'
        f'<rect x="{_PX0}" y="{_PY0}" width="{_PX1 - _PX0}" height="{CY - _PY0}" fill="white"/></mask>'
    )


def _robe(colour: str, trim: str = GOLD) -> str:
    # Shoulders run out to the panel's edges so the mirrored halves join as one body.
    return (
        f'<path d="M{_PX0},180 L{_PX0},146 C{_PX0},134 92,127 110,125 L140,125 C158,127 {_PX1},134 {_PX1},146 '
        f'L{_PX1},180 Z" fill="{colour}" stroke="{INK}" stroke-width="1.5"/>'
        f'<path d="M{_PX0 + 3},152 C{_PX0 + 4},140 92,134 110,133 M140,133 C158,134 {_PX1 - 4},140 {_PX1 - 3},152" '
        f'fill="none" stroke="{trim}" stroke-width="2.2"/>'
    )


def _face(cx: float = CX, cy: float = 96, rx: float = 17, ry: float = 21, *, brows: str = INK) -> str:
    return (
        f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(rx)}" ry="{_n(ry)}" fill="{SKIN}" '
        f'stroke="{INK}" stroke-width="1.5"/>'
        f'<path d="M{_n(cx - 10)},{_n(cy - 8)} q3.5,-2.5 7,0 M{_n(cx + 3)},{_n(cy - 8)} q3.5,-2.5 7,0" '
        f'fill="none" stroke="{brows}" stroke-width="1.4"/>'
        f'<ellipse cx="{_n(cx - 6.5)}" cy="{_n(cy - 3)}" rx="1.7" ry="2.1" fill="{INK}"/>'
        f'<ellipse cx="{_n(cx + 6.5)}" cy="{_n(cy - 3)}" rx="1.7" ry="2.1" fill="{INK}"/>'
        f'<path d="M{_n(cx)},{_n(cy - 1)} L{_n(cx - 2.5)},{_n(cy + 6)} L{_n(cx + 1)},{_n(cy + 6)}" '
        f'fill="none" stroke="{INK}" stroke-width="1.1"/>'
    )


def _hand(cx: float, cy: float) -> str:
    return f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="7.5" ry="6.5" fill="{SKIN}" stroke="{INK}" stroke-width="1.2"/>'


def _king_half(suit: Suit, colour: str) -> str:
    hair = "#ece7dc"
    return "".join(
        (
            _robe(colour),
            # An ermine front: white fur with black tails, down the middle of the robe.
            f'<path d="M112,125 L138,125 L142,180 L108,180 Z" fill="white" stroke="{INK}" stroke-width="1.2"/>',
            *(f'<path d="M{x},{y} l2.2,6 l2.2,-6 Z" fill="{INK}"/>' for x, y in ((116, 150), (129, 142), (121, 164))),
            f'<path d="M84,138 Q125,162 166,138 L160,126 Q125,148 90,126 Z" fill="white" '
            f'stroke="{INK}" stroke-width="1.2"/>',
            *(
                f'<path d="M{x},{y} l2,5.5 l2,-5.5 Z" fill="{INK}"/>'
                for x, y in ((96, 135), (110, 141), (138, 141), (152, 135))
            ),
            # A sword held upright: the point by the crown, the hilt in his hand.
            f'<path d="M166.5,128 L166.5,58 L170,48 L173.5,58 L173.5,128 Z" fill="#e4e9ee" stroke="{INK}" '
            'stroke-width="1.2"/>',
            '<line x1="170" y1="58" x2="170" y2="126" stroke="#aab4bd" stroke-width="1"/>',
            f'<rect x="156" y="128" width="28" height="6" rx="2" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="1"/>',
            f'<rect x="167" y="134" width="6" height="18" fill="{GOLD_DARK}"/>',
            _hand(170, 145),
            # Hair and beard, then the face over them.
            f'<path d="M101,96 C100,70 112,66 125,66 C138,66 150,70 149,96 C150,108 146,116 142,120 '
            f'L108,120 C104,116 100,108 101,96 Z" fill="{hair}" stroke="{INK}" stroke-width="1.2"/>',
            _face(),
            f'<path d="M108,99 C108,122 118,136 125,139 C132,136 142,122 142,99 C137,109 131,111 125,111 '
            f'C119,111 113,109 108,99 Z" fill="{hair}" stroke="{INK}" stroke-width="1.2"/>',
            f'<path d="M114,106 C118,101 123,102 125,105 C127,102 132,101 136,106 C131,108 127,108 125,106.5 '
            f'C123,108 119,108 114,106 Z" fill="{hair}" stroke="{INK}" stroke-width="1"/>',
            '<path d="M118,118 Q125,126 132,118 M121,125 Q125,131 129,125" fill="none" stroke="#9b9486" '
            'stroke-width="1"/>',
            # A tall crown with three points and jewels.
            f'<path d="M103,78 L100,50 L113,63 L125,44 L137,63 L150,50 L147,78 Z" fill="{GOLD}" '
            f'stroke="{GOLD_DARK}" stroke-width="1.5"/>',
            f'<rect x="101" y="70" width="48" height="10" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="1.3"/>',
            *(
                f'<circle cx="{x}" cy="{y}" r="3.8" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="1"/>'
                for x, y in ((100, 48), (125, 41), (150, 48))
            ),
            f'<path d="M125,50 l4,7 l-4,7 l-4,-7 Z" fill="{colour}" stroke="white" stroke-width="0.6"/>',
            f'<circle cx="{CX}" cy="75" r="3.4" fill="{colour}" stroke="white" stroke-width="0.8"/>',
            f'<circle cx="111" cy="75" r="2.4" fill="{colour}"/><circle cx="139" cy="75" r="2.4" fill="{colour}"/>',
        )
    )


def _queen_half(suit: Suit, colour: str) -> str:
    hair = "#e0ad4c"
    pearls = "".join(
        f'<circle cx="{_n(CX + dx)}" cy="{_n(128 + (15 - abs(dx)) * 1.15)}" r="2.4" '
        f'fill="white" stroke="#8f8f8f" stroke-width="0.6"/>'
        for dx in (-15, -10, -5, 0, 5, 10, 15)
    )
    petals = "".join(
        f'<circle cx="{_n(80 + 7.5 * math.cos(math.radians(a)))}" cy="{_n(108 + 7.5 * math.sin(math.radians(a)))}" '
        f'r="6.2" fill="{colour}" stroke="{INK}" stroke-width="0.8"/>'
        for a in range(-90, 270, 72)
    )
    return "".join(
        (
            # Long hair falling to the shoulders, behind everything else.
            f'<path d="M100,98 C97,72 110,64 125,64 C140,64 153,72 150,98 C151,114 156,124 162,134 '
            f'L88,134 C94,124 99,114 100,98 Z" fill="{hair}" stroke="{GOLD_DARK}" stroke-width="1.2"/>',
            _robe(colour, "white"),
            f'<path d="M106,125 L125,158 L144,125 Z" fill="{SKIN}" stroke="{INK}" stroke-width="1.2"/>',
            f'<path d="M106,125 L125,158 L144,125" fill="none" stroke="{GOLD}" stroke-width="3"/>',
            f'<path d="M100,180 L125,160 L150,180 Z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="1"/>',
            f'<path d="M112,180 L125,170 L138,180 Z" fill="{colour}"/>',
            pearls,
            f'<rect x="119" y="112" width="12" height="14" fill="{SKIN}"/>',
            _face(cy=95, rx=16, ry=20, brows=GOLD_DARK),
            '<path d="M120,105 Q125,109 130,105" fill="none" stroke="#c0283c" stroke-width="2"/>',
            # A rose held up in her hand.
            '<path d="M80,114 C82,126 84,138 86,150" fill="none" stroke="#2f7d32" stroke-width="2.5"/>',
            '<path d="M82,130 C90,122 96,124 98,128 C92,133 86,133 82,130 Z" fill="#2f7d32"/>',
            petals,
            f'<circle cx="80" cy="108" r="4.2" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="0.8"/>',
            _hand(86, 152),
            # A low, rounded crown set with pearls.
            f'<path d="M105,78 C105,68 109,60 112,58 C115,64 120,65 125,56 C130,65 135,64 138,58 '
            f'C141,60 145,68 145,78 Z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="1.4"/>',
            *(
                f'<circle cx="{x}" cy="{y}" r="3.3" fill="white" stroke="#8f8f8f" stroke-width="0.7"/>'
                for x, y in ((112, 56), (125, 53), (138, 56))
            ),
            f'<path d="M{CX},64 l4,6 l-4,6 l-4,-6 Z" fill="{colour}" stroke="white" stroke-width="0.6"/>',
        )
    )


def _jack_half(suit: Suit, colour: str) -> str:
    hair = "#6b3e1f"
    return "".join(
        (
            _robe(colour),
            # A tunic with gold bands and a pleated white collar.
            *(
                f'<rect x="{x}" y="{y}" width="8" height="{180 - y}" fill="{GOLD}" stroke="{GOLD_DARK}" '
                f'stroke-width="0.8"/>'
                for x, y in ((82, 140), (121, 130), (160, 140))
            ),
            f'<path d="M96,128 L102,141 L108,131 L114,143 L120,132 L126,144 L132,132 L138,143 L144,131 '
            f'L150,141 L156,128 L150,123 L102,123 Z" fill="white" stroke="{INK}" stroke-width="1.1"/>',
            # A halberd: wooden staff, steel head at the top, held in his hand.
            f'<rect x="165" y="46" width="5.5" height="134" fill="#8d5a2b" stroke="{INK}" stroke-width="1"/>',
            f'<path d="M167.7,34 L172.5,48 L163,48 Z" fill="#e4e9ee" stroke="{INK}" stroke-width="1"/>',
            f'<path d="M170.5,52 C185,49 190,62 188,76 C182,69 177,67 170.5,69 Z" fill="#e4e9ee" '
            f'stroke="{INK}" stroke-width="1.2"/>',
            f'<path d="M165,55 L155,60 L165,65 Z" fill="#e4e9ee" stroke="{INK}" stroke-width="1"/>',
            _hand(168, 146),
            # Short hair, a young clean-shaven face.
            f'<path d="M106,92 C103,110 108,118 113,120 L137,120 C142,118 147,110 144,92 Z" fill="{hair}"/>',
            _face(cy=98, rx=16, ry=20, brows=hair),
            f'<path d="M120,108 Q125,111.5 130,108" fill="none" stroke="{INK}" stroke-width="1.3"/>',
            # A flat cap with a long plume: the jack's mark.
            f'<path d="M138,76 C154,60 168,52 176,36 C174,56 162,70 146,80 Z" fill="white" '
            f'stroke="{INK}" stroke-width="1.1"/>',
            f'<path d="M143,77 C156,66 164,58 172,44" fill="none" stroke="{INK}" stroke-width="0.7"/>',
            f'<path d="M106,80 C106,62 116,58 125,58 C134,58 144,62 144,80 Z" fill="{colour}" '
            f'stroke="{INK}" stroke-width="1.3"/>',
            f'<ellipse cx="{CX}" cy="80" rx="32" ry="7.5" fill="{colour}" stroke="{INK}" stroke-width="1.3"/>',
            f'<path d="M107,77 C115,73 135,73 143,77 L143,71 C135,67 115,67 107,71 Z" fill="{GOLD}" '
            f'stroke="{GOLD_DARK}" stroke-width="0.9"/>',
            f'<circle cx="{CX}" cy="72" r="3" fill="white" stroke="{GOLD_DARK}" stroke-width="0.6"/>',
        )
    )


_COURT_HALF = {Rank.KING: _king_half, Rank.QUEEN: _queen_half, Rank.JACK: _jack_half}
_COURT_TINT = {Rank.KING: "#fbf1d8", Rank.QUEEN: "#fdeff0", Rank.JACK: "#eef4fb"}


def _court(rank: Rank, suit: Suit, colour: str) -> str:
    half = _COURT_HALF[rank](suit, colour)
    pip = suit_shape(suit, _PX0 + 15, _PY0 + 18, 20, colour)
    top = f'<g mask="url(#half)">{half}{pip}</g>'
    w, h = _PX1 - _PX0, _PY1 - _PY0
    return "".join(
        (
            f'<rect x="{_PX0}" y="{_PY0}" width="{w}" height="{h}" fill="{_COURT_TINT[rank]}"/>',
            top,
            _rot180(top),
            f'<line x1="{_PX0}" y1="{CY}" x2="{_PX1}" y2="{CY}" stroke="{GOLD_DARK}" stroke-width="1.5"/>',
            f'<rect x="{_PX0}" y="{_PY0}" width="{w}" height="{h}" fill="none" stroke="{colour}" stroke-width="2.5"/>',
            f'<rect x="{_PX0 - 4}" y="{_PY0 - 4}" width="{w + 8}" height="{h + 8}" fill="none" '
            f'stroke="{GOLD}" stroke-width="1.5"/>',
        )
    )


# --- the joker --------------------------------------------------------------------------


def _joker() -> str:
    purple = "#5b2a86"
    letters = "".join(
        f'<text x="{_INDEX_X}" y="{44 + 29 * i}" font-family="{SANS}" font-weight="bold" font-size="30" '
        f'text-anchor="middle" fill="{RED if i % 2 == 0 else purple}">{ch}</text>'
        for i, ch in enumerate("JOKER")
    )
    star = _star(_INDEX_X, 184, 13, 5.5, GOLD, stroke=GOLD_DARK)
    corner = letters + star
    frame = (
        f'<rect x="{_PX0}" y="{_PY0}" width="{_PX1 - _PX0}" height="{_PY1 - _PY0}" rx="8" fill="#fff8e8" '
        f'stroke="{GOLD}" stroke-width="2"/>'
    )
    # A harlequin tunic under a ruff: diamonds in the jester's three colours.
    tunic = [
        f'<path d="M96,214 L154,214 L178,270 L72,270 Z" fill="{purple}" stroke="{INK}" stroke-width="1.5"/>',
    ]
    for i, x in enumerate((88, 107, 125, 143, 162)):
        fill = (RED, GOLD)[i % 2]
        tunic.append(f'<path d="M{x},226 l9.5,21 l-9.5,21 l-9.5,-21 Z" fill="{fill}" stroke="{INK}" stroke-width="1"/>')
    tunic.append(f'<path d="M72,270 L178,270" stroke="{GOLD}" stroke-width="3"/>')
    hat = (
        # Three floppy points, each with a bell.
        f'<path d="M90,150 C80,124 72,104 66,88 C84,96 96,112 106,130 Z" fill="{RED}" '
        f'stroke="{INK}" stroke-width="1.5"/>'
        f'<path d="M160,150 C170,124 178,104 184,88 C166,96 154,112 144,130 Z" fill="{purple}" '
        f'stroke="{INK}" stroke-width="1.5"/>'
        f'<path d="M102,134 C104,102 112,76 125,56 C138,76 146,102 148,134 Z" fill="{GOLD}" '
        f'stroke="{INK}" stroke-width="1.5"/>'
        + "".join(
            f'<circle cx="{x}" cy="{y}" r="7" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="1.3"/>'
            f'<path d="M{x - 3},{y + 2} L{x + 3},{y + 2}" stroke="{GOLD_DARK}" stroke-width="1.2"/>'
            for x, y in ((66, 86), (125, 52), (184, 86))
        )
        + f'<path d="M92,148 C104,132 146,132 158,148 L158,156 L92,156 Z" fill="{RED}" stroke="{INK}" '
        f'stroke-width="1.5"/>'
        f'<rect x="90" y="150" width="70" height="10" rx="3" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="1.2"/>'
    )
    face = (
        f'<ellipse cx="{CX}" cy="184" rx="26" ry="27" fill="{SKIN}" stroke="{INK}" stroke-width="1.5"/>'
        f'<path d="M110,179 q5,-6 10,0" fill="none" stroke="{INK}" stroke-width="2"/>'
        f'<path d="M130,179 q5,-6 10,0" fill="none" stroke="{INK}" stroke-width="2"/>'
        f'<path d="M115,168 l3,-3 M135,168 l-3,-3" stroke="{INK}" stroke-width="1.3"/>'
        f'<circle cx="{CX}" cy="188" r="4.2" fill="{RED}"/>'
        f'<path d="M108,194 Q125,214 142,194 Q125,204 108,194 Z" fill="{RED}" stroke="{INK}" stroke-width="1.2"/>'
        f'<circle cx="109" cy="191" r="4.5" fill="#f2a0a8" opacity="0.8"/>'
        f'<circle cx="141" cy="191" r="4.5" fill="#f2a0a8" opacity="0.8"/>'
    )
    ruff_points = []
    for i in range(12):
        x0 = 77 + i * 8
        colour = ("white", GOLD, "white", RED)[i % 4]
        ruff_points.append(
            f'<path d="M{x0},208 L{x0 + 8},208 L{x0 + 4},{230 - abs(i - 5.5) * 1.6} Z" fill="{colour}" '
            f'stroke="{INK}" stroke-width="1"/>'
        )
    ruff = "".join(ruff_points)
    title = (
        f'<text x="{CX}" y="302" font-family="{SERIF}" font-weight="bold" font-size="31" letter-spacing="1" '
        f'text-anchor="middle" fill="{purple}">JOKER</text>'
    )
    return frame + "".join(tunic) + hat + ruff + face + title + corner + _rot180(corner)


def _star(cx: float, cy: float, r_out: float, r_in: float, fill: str, *, stroke: str = "none", turn: float = 0) -> str:
    points = []
    for i in range(10):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(turn - 90 + i * 36)
        points.append(f"{_n(cx + r * math.cos(a))},{_n(cy + r * math.sin(a))}")
    return f'<polygon points="{" ".join(points)}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>'


@lru_cache(maxsize=128)
def card_svg(card: Card, four_colour: bool = False) -> str:
    """The face of ``card`` as a standalone SVG document."""
    if card.suit is None:
        return _doc(_outline() + _joker())
    suit, rank = card.suit, card.rank
    colour = suit_colour(suit, four_colour)
    if rank in _PIPS:
        body = _pips(rank, suit, colour)
        defs = ""
    elif rank is Rank.ACE:
        body = _ace(suit, colour)
        defs = ""
    else:
        body = _court(rank, suit, colour)
        defs = _panel_defs()
    return _doc(_outline() + body + _indices(rank, suit, colour), defs)


# --- backs ------------------------------------------------------------------------------


_INSET = 13.0  # white margin around the back's design, as on printed cards
_BX0, _BY0, _BX1, _BY1 = _INSET, _INSET, W - _INSET, H - _INSET
_BR = 8.0


def _back_defs() -> str:
    return (
        f'<mask id="inner" maskUnits="userSpaceOnUse" x="0" y="0" width="{W}" height="{H}">'
        f'<rect x="{_BX0}" y="{_BY0}" width="{_BX1 - _BX0}" height="{_BY1 - _BY0}" rx="{_BR}" fill="white"/></mask>'
    )


def _inner_rect(fill: str, stroke: str = "none", width: float = 0, inset: float = 0, rx: float = _BR) -> str:
    return (
        f'<rect x="{_n(_BX0 + inset)}" y="{_n(_BY0 + inset)}" width="{_n(_BX1 - _BX0 - 2 * inset)}" '
        f'height="{_n(_BY1 - _BY0 - 2 * inset)}" rx="{_n(rx)}" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{_n(width)}"/>'
    )


def _lattice() -> str:
    bg, line, dot = "#1d4f91", "#9cc3f0", "#f4f8ff"
    out = [_inner_rect(bg)]
    step = 17.0
    span = W + H
    for i in range(-int(span / step), int(span / step) + 1):
        c = i * step
        # Pairs of thin lines read as a woven lattice rather than a grid.
        for off in (-2.6, 2.6):
            out.append(
                f'<line x1="{_n(c + off)}" y1="0" x2="{_n(c + off + H)}" y2="{H}" stroke="{line}" stroke-width="1.2"/>'
            )
            out.append(
                f'<line x1="{_n(c + off)}" y1="0" x2="{_n(c + off - H)}" y2="{H}" stroke="{line}" stroke-width="1.2"/>'
            )
    for i in range(-20, 40):
        for j in range(-2, 40):
            x = i * step + (j % 2) * step / 2
            y = j * step / 2
            if _BX0 - 5 < x < _BX1 + 5 and _BY0 - 5 < y < _BY1 + 5:
                out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="2.1" fill="{dot}"/>')
    out.append(_medallion(bg, dot, line))
    return "".join(out)


def _medallion(bg: str, ring: str, inner: str) -> str:
    return (
        f'<ellipse cx="{CX}" cy="{CY}" rx="56" ry="74" fill="{bg}" stroke="{ring}" stroke-width="3"/>'
        f'<ellipse cx="{CX}" cy="{CY}" rx="49" ry="67" fill="none" stroke="{inner}" stroke-width="1.2"/>'
        + "".join(
            suit_shape(s, CX + dx, CY + dy, 30, ring, flip=dy > 0)
            for s, (dx, dy) in zip(Suit, ((0, -32), (25, 0), (0, 32), (-25, 0)), strict=True)
        )
    )


def _argyle() -> str:
    light, dark, line = "#c0262f", "#7c0f19", "#f3d6a8"
    out = [_inner_rect(light)]
    dw, dh = 50.0, 72.0
    # Diamonds on a lattice centred on the card; alternate rows are the dark ones.
    for row in range(-6, 7):
        for col in range(-4, 5):
            cx = CX + col * dw + (row % 2) * dw / 2
            cy = CY + row * dh / 2
            if row % 2:
                continue
            out.append(
                f'<path d="M{_n(cx)},{_n(cy - dh / 2)} L{_n(cx + dw / 2)},{_n(cy)} L{_n(cx)},{_n(cy + dh / 2)} '
                f'L{_n(cx - dw / 2)},{_n(cy)} Z" fill="{dark}"/>'
            )
    # The overcheck: thin dashed lines crossing at every diamond's centre.
    slope = dh / dw
    for k in range(-12, 13):
        px, py = CX + k * dw, CY
        for m in (slope, -slope):
            x_top, x_bottom = px - py / m, px + (H - py) / m
            out.append(
                f'<line x1="{_n(x_top)}" y1="0" x2="{_n(x_bottom)}" y2="{H}" stroke="{line}" '
                f'stroke-width="1.2" stroke-dasharray="5 3.5"/>'
            )
    return "".join(out)


def _tartan() -> str:
    base = "#2f7a4c"
    # One sett of stripes (offset, width, colour, opacity), laid both ways.
    sett = (
        (0, 26, "#10284f", 0.55),
        (30, 3, "#f2c84b", 0.9),
        (37, 24, "#0b3320", 0.6),
        (65, 2, "#d33a3a", 0.95),
    )
    period = 70.0
    out = [_inner_rect(base)]
    for vertical in (False, True):
        length = H if vertical else W
        extent = W if vertical else H
        for k in range(-1, int(extent / period) + 2):
            for off, width, colour, alpha in sett:
                pos = k * period + off
                if vertical:
                    rect = f'x="{_n(pos)}" y="0" width="{_n(width)}" height="{length}"'
                else:
                    rect = f'x="0" y="{_n(pos)}" width="{length}" height="{_n(width)}"'
                out.append(f'<rect {rect} fill="{colour}" opacity="{alpha}"/>')
    # Fine twill lines give it the look of cloth.
    for k in range(-40, 40):
        x0 = k * 9
        out.append(
            f'<line x1="{x0}" y1="0" x2="{x0 + H}" y2="{H}" stroke="#000000" stroke-width="0.8" opacity="0.12"/>'
        )
    return "".join(out)


def _waves() -> str:
    """Seigaiha: rows of concentric half-circles, like waves on a Japanese print."""
    colours = ("#0e5f6e", "#e8f6f3", "#2a8f99", "#e8f6f3", "#7fcfc4")
    out = [_inner_rect(colours[0])]
    r = 22.0
    dx, dy = 2 * r, r / 2
    rows = int(H / dy) + 3
    for row in range(-1, rows):
        y = row * dy
        shift = r if row % 2 else 0
        for col in range(-1, int(W / dx) + 2):
            x = col * dx + shift
            for i, colour in enumerate(colours):
                rr = r * (1 - i * 0.19)
                out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(rr)}" fill="{colour}"/>')
    return "".join(out)


def _stars() -> str:
    bg, star, dim = "#141d3f", "#f3c04e", "#8fa3d9"
    out = [
        '<linearGradient id="night" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#0c1330"/><stop offset="0.5" stop-color="#1e2b5e"/>'
        '<stop offset="1" stop-color="#0c1330"/></linearGradient>',
        _inner_rect("url(#night)"),
    ]
    step_x, step_y = 36.0, 36.0
    for row in range(0, int(H / step_y) + 2):
        for col in range(0, int(W / step_x) + 2):
            x = col * step_x + (row % 2) * step_x / 2 + 8
            y = row * step_y + 10
            if (row + col) % 3 == 0:
                out.append(_star(x, y, 7.5, 3, star, turn=(row * 13) % 36))
            else:
                out.append(_star(x, y, 3.8, 1.6, dim))
    out.append(f'<circle cx="{CX}" cy="{CY}" r="44" fill="{bg}" stroke="{star}" stroke-width="2.5"/>')
    out.append(f'<circle cx="{CX + 4}" cy="{CY - 2}" r="28" fill="{star}"/>')
    out.append(f'<circle cx="{CX + 16}" cy="{CY - 9}" r="25" fill="{bg}"/>')
    out.append(_star(CX - 20, CY + 22, 6, 2.5, star))
    return "".join(out)


def _rosette() -> str:
    bg, gold, light = "#6b1634", "#e6bf5a", "#c98aa0"
    out = [_inner_rect(bg)]
    # A guilloche band around the edge: two phase-shifted waves.
    for phase, colour in ((0.0, gold), (math.pi, light)):
        for inset in (8.0,):
            out.append(_border_wave(inset, 6.0, 4.5, phase, colour))
    out.append(_inner_rect("none", gold, 1.2, inset=20, rx=4))
    # Spirograph rosettes: circles whose centres run round a smaller circle.
    for cx, cy, big in ((CX, CY, True), (CX, 62, False), (CX, H - 62, False)):
        n, r, rc = (36, 52, 30) if big else (24, 22, 13)
        for i in range(n):
            a = 2 * math.pi * i / n
            out.append(
                f'<circle cx="{_n(cx + rc * math.cos(a))}" cy="{_n(cy + rc * math.sin(a))}" r="{r}" '
                f'fill="none" stroke="{gold}" stroke-width="{0.8 if big else 0.7}" opacity="0.9"/>'
            )
        out.append(
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n((r + rc) + 3)}" fill="none" '
            f'stroke="{light}" stroke-width="1.5"/>'
        )
    for x, y in ((55, 120), (195, 120), (55, 230), (195, 230)):
        out.append(f'<circle cx="{x}" cy="{y}" r="4" fill="{gold}"/>')
    return "".join(out)


def _border_wave(inset: float, amp: float, period: float, phase: float, colour: str) -> str:
    """A sine wave that runs round the inner rectangle, ``inset`` units inside it."""
    x0, y0, x1, y1 = _BX0 + inset, _BY0 + inset, _BX1 - inset, _BY1 - inset
    pts = []
    perimeter = 2 * ((x1 - x0) + (y1 - y0))
    steps = int(perimeter / 2)
    for i in range(steps + 1):
        s = perimeter * i / steps
        wobble = amp * math.sin(2 * math.pi * s / (period * 4) + phase)
        if s < x1 - x0:
            x, y = x0 + s, y0 + wobble
        elif s < (x1 - x0) + (y1 - y0):
            x, y = x1 - wobble, y0 + s - (x1 - x0)
        elif s < 2 * (x1 - x0) + (y1 - y0):
            x, y = x1 - (s - (x1 - x0) - (y1 - y0)), y1 - wobble
        else:
            x, y = x0 + wobble, y1 - (s - 2 * (x1 - x0) - (y1 - y0))
        pts.append(f"{_n(x)},{_n(y)}")
    return f'<polyline points="{" ".join(pts)}" fill="none" stroke="{colour}" stroke-width="1.3"/>'


def _classic() -> str:
    bg, gold = "#17573b", "#dcb24e"
    out = [_inner_rect(bg)]
    out.append(_inner_rect("none", gold, 2.5, inset=9, rx=5))
    out.append(_inner_rect("none", gold, 1, inset=14, rx=3))
    for x, y in ((_BX0 + 9, _BY0 + 9), (_BX1 - 9, _BY0 + 9), (_BX0 + 9, _BY1 - 9), (_BX1 - 9, _BY1 - 9)):
        out.append(f'<path d="M{_n(x)},{_n(y - 7)} l7,7 l-7,7 l-7,-7 Z" fill="{gold}"/>')
    out.append(f'<circle cx="{CX}" cy="{CY}" r="54" fill="none" stroke="{gold}" stroke-width="2.5"/>')
    out.append(f'<circle cx="{CX}" cy="{CY}" r="48" fill="none" stroke="{gold}" stroke-width="1"/>')
    for s, (dx, dy) in zip(Suit, ((0, -24), (24, 0), (0, 24), (-24, 0)), strict=True):
        out.append(suit_shape(s, CX + dx, CY + dy, 28, gold))
    return "".join(out)


def _landscape() -> str:
    defs = (
        '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#1b2250"/><stop offset="0.45" stop-color="#7b3f7a"/>'
        '<stop offset="0.7" stop-color="#f07b4f"/><stop offset="0.72" stop-color="#f6b05a"/>'
        '<stop offset="1" stop-color="#f6b05a"/></linearGradient>'
        '<linearGradient id="lake" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#e9875a"/><stop offset="1" stop-color="#2a2556"/></linearGradient>'
    )
    out = [defs, _inner_rect("url(#sky)")]
    for x, y, r in ((40, 40, 1.2), (80, 62, 0.9), (170, 34, 1.3), (205, 72, 1), (120, 50, 0.8), (60, 100, 0.8)):
        out.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="white"/>')
    out.append('<circle cx="168" cy="170" r="28" fill="#ffd27a" opacity="0.95"/>')
    ridges = (
        ("#5a3a78", "M0,230 L40,160 L70,190 L110,120 L150,180 L180,150 L250,220 L250,350 L0,350 Z"),
        ("#3d2a5e", "M0,240 L30,210 L65,228 L100,185 L140,232 L190,196 L250,240 L250,350 L0,350 Z"),
    )
    for colour, d in ridges:
        out.append(f'<path d="{d}" fill="{colour}"/>')
    out.append('<path d="M110,120 L122,138 L114,136 L104,146 L100,138 Z" fill="#f3e9f7" opacity="0.9"/>')
    out.append('<rect x="0" y="248" width="250" height="102" fill="url(#lake)"/>')
    for i, y in enumerate(range(256, 320, 9)):
        w = 50 - i * 5
        out.append(
            f'<rect x="{_n(160 - w / 2)}" y="{y}" width="{_n(w)}" height="2.2" rx="1" fill="#ffd27a" opacity="0.7"/>'
        )
    # Pines along the near shore.
    for x, h in ((24, 46), (40, 34), (56, 52), (208, 40), (226, 58), (192, 30)):
        out.append(
            f'<path d="M{x},{248 - h} L{x + 10},{248} L{x - 10},{248} Z" fill="#1a1433"/>'
            f'<rect x="{x - 1.5}" y="246" width="3" height="5" fill="#1a1433"/>'
        )
    out.append('<rect x="0" y="248" width="250" height="2" fill="#1a1433"/>')
    return "".join(out)


def _art_deco() -> str:
    bg, gold, soft = "#111114", "#d8b05a", "#7d6634"
    out = [_inner_rect(bg)]
    # Sunbursts fanning from the middle of the top and bottom edges.
    for cy, sign in ((_BY0, 1), (_BY1, -1)):
        for i in range(19):
            a = math.radians(10 + i * (160 / 18))
            x2 = CX + 240 * math.cos(a)
            y2 = cy + sign * 240 * math.sin(a)
            out.append(
                f'<line x1="{CX}" y1="{_n(cy)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{soft}" stroke-width="1.4"/>'
            )
        for r in (40, 58, 76):
            sweep = 1 if sign > 0 else 0
            out.append(
                f'<path d="M{CX - r},{_n(cy)} A{r},{r} 0 0 {1 - sweep} {CX + r},{_n(cy)}" fill="none" '
                f'stroke="{gold}" stroke-width="2.2"/>'
            )
    out.append(
        f'<path d="M{CX},{CY - 70} L{CX + 50},{CY} L{CX},{CY + 70} L{CX - 50},{CY} Z" fill="{bg}" '
        f'stroke="{gold}" stroke-width="3"/>'
    )
    out.append(
        f'<path d="M{CX},{CY - 56} L{CX + 40},{CY} L{CX},{CY + 56} L{CX - 40},{CY} Z" fill="none" '
        f'stroke="{gold}" stroke-width="1.2"/>'
    )
    for dy in (-22, 0, 22):
        out.append(
            f'<line x1="{CX - 20}" y1="{CY + dy}" x2="{CX + 20}" y2="{CY + dy}" stroke="{gold}" stroke-width="1.5"/>'
        )
    out.append(_inner_rect("none", gold, 2, inset=6, rx=4))
    return "".join(out)


def _plain_border() -> str:
    bg, ink = "#f3ead2", "#7a1f1f"
    out = [_inner_rect(bg)]
    out.append(_inner_rect("none", ink, 3, inset=8, rx=5))
    out.append(_inner_rect("none", ink, 1, inset=14, rx=3))
    for i in range(12):
        a = math.radians(i * 30)
        out.append(
            f'<ellipse cx="{_n(CX + 30 * math.cos(a))}" cy="{_n(CY + 30 * math.sin(a))}" rx="26" ry="9" '
            f'transform="rotate({i * 30} {_n(CX + 30 * math.cos(a))} {_n(CY + 30 * math.sin(a))})" '
            f'fill="none" stroke="{ink}" stroke-width="1.3"/>'
        )
    out.append(f'<circle cx="{CX}" cy="{CY}" r="10" fill="{ink}"/>')
    return "".join(out)


_BACK_DRAWINGS = {
    "blue-lattice": _lattice,
    "red-argyle": _argyle,
    "green-tartan": _tartan,
    "teal-waves": _waves,
    "starry-night": _stars,
    "burgundy-rosette": _rosette,
    "classic-green": _classic,
    "cream-border": _plain_border,
    "mountain-dusk": _landscape,
    "art-deco": _art_deco,
}
assert list(_BACK_DRAWINGS) == [b.name for b in BACKS], "backs.py and the drawings must list the same backs"
_BACK_ART = {b.name: (b.label, _BACK_DRAWINGS[b.name]) for b in BACKS}


@lru_cache(maxsize=32)
def back_svg(name: str) -> str:
    """The back called ``name`` (one of ``BACKS``) as a standalone SVG document."""
    try:
        _, art = _BACK_ART[name]
    except KeyError:
        raise ValueError(f"no card back called {name!r}; choose from {', '.join(_BACK_ART)}") from None
    design = f'<g mask="url(#inner)">{art()}</g>'
    edge = _inner_rect("none", "#000000", 0.8).replace("/>", ' stroke-opacity="0.35"/>')
    return _doc(_outline(stroke="#8a8a8a") + design + edge, _back_defs())


# --- the files ----------------------------------------------------------------------------

_GAP = 10  # between cards on a deck's sheet
_COLUMNS = 5


def _body(svg: str) -> tuple[str, str]:
    """A standalone document's (defs, drawing)."""
    inner = svg[svg.index(">") + 1 : svg.rindex("</svg>")]
    if inner.startswith("<defs>"):
        end = inner.index("</defs>")
        return inner[len("<defs>") : end], inner[end + len("</defs>") :]
    return "", inner


def deck_svg(four_colour: bool) -> str:
    """Every face, and the default back, on one sheet: each a group named as the themes name
    it, its first child a transparent card-sized rectangle named ``<card>-frame``: the card's
    edges (a masked pattern or a stroke may reach past them)."""
    defs: dict[str, str] = {}
    groups = []
    cards: list[Card | None] = [*JOKER_DECK, None]
    for number, card in enumerate(cards):
        svg = card_svg(card, four_colour) if card is not None else back_svg(DEFAULT_BACK)
        card_defs, drawing = _body(svg)
        if card_defs:
            defs[card_defs] = ""  # the same masks for every card: written once
        x, y = (number % _COLUMNS) * (W + _GAP), (number // _COLUMNS) * (H + _GAP)
        name = element_id(card)
        frame = f'<rect id="{name}{FRAME}" width="{W}" height="{H}" fill="#ffffff" fill-opacity="0"/>'
        groups.append(f'<g id="{name}" transform="translate({x},{y})">{frame}{drawing}</g>\n')
    rows = -(-len(cards) // _COLUMNS)
    width, height = _COLUMNS * (W + _GAP) - _GAP, rows * (H + _GAP) - _GAP
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}">\n<defs>{"".join(defs)}</defs>\n{"".join(groups)}</svg>\n'
    )


def files() -> dict[Path, str]:
    """Every file this script writes, by its path below resources/, and its text."""
    out: dict[Path, str] = {}
    for deck in OWN_DECKS:
        folder = Path("carddecks") / deck.id
        out[folder / "index.desktop"] = f"[KDE Backdeck]\nName={deck.name}\nSVG={deck.id}.svg\n"
        out[folder / f"{deck.id}.svg"] = deck_svg(deck.four_colour)
    for back in BACKS:
        out[Path("backs") / f"{back.name}.svg"] = back_svg(back.name) + "\n"
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "folder",
        nargs="?",
        type=Path,
        default=RESOURCES,
        help="where to write carddecks/ and backs/ (default: %(default)s)",
    )
    root: Path = parser.parse_args(argv).folder
    written = files()
    for path, text in written.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    print(f"wrote {len(written)} files below {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
