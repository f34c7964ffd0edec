"""Where everything sits on the table, in card-width units, for a given view size.

Pure geometry (no items): ``Layout(w, h)`` is recomputed on every resize, and the
scene asks it for hand, trick, kitty, badge, panel and button positions. The rows, top
to bottom: north's hand (score and trump panels in the corners), north's badge, the
centre (the trick, or the kitty and bidding buttons, or the end-of-hand summary) with
west and east's hands at the sides, south's badge, south's hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from PySide6.QtCore import QPointF, QRectF

from ...engine import Seat
from ..cardart.backs import ASPECT

# Sizes in card heights (ch) unless said otherwise.
BADGE_H = 0.24
LIFT = 0.12  # a focused card rises this much
SET_ASIDE = 0.55  # a side seat's discard, shown at a hand's end, steps this many card widths aside
PILE_STEP = 0.03  # each card of a lone hand's partner's pile lies this many card widths along from the one below
TRICK_HALF_H = 1.05  # the trick cross spans cy +- this
ROWS_CH = 1 + BADGE_H + 2 * TRICK_HALF_H + BADGE_H + 1 + LIFT + 0.22  # plus gaps
MIN_WIDTH_CW = 7.4  # the table needs this many card widths across


@dataclass(frozen=True)
class Layout:
    w: float
    h: float

    # --- the unit ------------------------------------------------------------------

    @cached_property
    def cw(self) -> float:
        """Card width: the largest that fits both ways (at least 24 px)."""
        by_h = (self.h - 2 * self.margin_guess) / ROWS_CH / ASPECT
        by_w = (self.w - 2 * self.margin_guess) / MIN_WIDTH_CW
        return max(24.0, min(by_h, by_w))

    @cached_property
    def margin_guess(self) -> float:
        return max(6.0, min(self.w, self.h) * 0.012)

    @cached_property
    def card_width(self) -> int:
        return int(self.cw)

    @cached_property
    def ch(self) -> float:
        return round(self.card_width * ASPECT)

    @cached_property
    def m(self) -> float:
        return self.margin_guess

    @cached_property
    def gap(self) -> float:
        return self.ch * 0.04

    @cached_property
    def badge_h(self) -> float:
        return self.ch * BADGE_H

    @cached_property
    def font_px(self) -> int:
        """The table's body text size."""
        return max(11, round(self.ch * 0.105))

    # --- rows ----------------------------------------------------------------------

    @cached_property
    def cx(self) -> float:
        return self.w / 2

    @cached_property
    def north_y(self) -> float:
        return self.m

    @cached_property
    def south_y(self) -> float:
        return self.h - self.m - self.ch

    @cached_property
    def north_badge_rect(self) -> QRectF:
        y = self.north_y + self.ch + self.gap
        return QRectF(self.cx - 2.4 * self.card_width, y, 4.8 * self.card_width, self.badge_h)

    @cached_property
    def south_badge_rect(self) -> QRectF:
        y = self.south_y - self.ch * LIFT - self.gap - self.badge_h
        return QRectF(self.cx - 2.9 * self.card_width, y, 5.8 * self.card_width, self.badge_h)

    @cached_property
    def cy(self) -> float:
        top = self.north_badge_rect.bottom() + self.gap
        bottom = self.south_badge_rect.top() - self.gap
        return (top + bottom) / 2

    @cached_property
    def centre_rect(self) -> QRectF:
        top = self.north_badge_rect.bottom() + self.gap
        bottom = self.south_badge_rect.top() - self.gap
        half_w = min(2.6 * self.card_width, self.cx - self.side_x_extent - self.gap * 2)
        return QRectF(self.cx - half_w, top, 2 * half_w, bottom - top)

    @cached_property
    def side_x_extent(self) -> float:
        """Right edge of west's hand (and its badge) measured from the left."""
        return self.m + self.card_width

    # --- hands ---------------------------------------------------------------------

    def step(self, seat: Seat, face_up: bool, n: int) -> float:
        cw, ch = self.card_width, self.ch
        if seat is Seat.SOUTH:
            return cw * (0.8 if n <= 5 else 0.72)
        if seat is Seat.NORTH:
            return cw * (0.5 if face_up else 0.36)
        return ch * (0.33 if face_up else 0.19)  # face up: the index (rank and suit) shows whole

    def hand_positions(self, seat: Seat, n: int, face_up: bool) -> list[QPointF]:
        """Top-left corners of ``n`` cards in ``seat``'s hand, drawing order."""
        if n <= 0:
            return []
        cw, ch = self.card_width, self.ch
        step = self.step(seat, face_up, n)
        if seat in (Seat.SOUTH, Seat.NORTH):
            total = cw + (n - 1) * step
            x0 = self.cx - total / 2
            y = self.south_y if seat is Seat.SOUTH else self.north_y
            return [QPointF(x0 + i * step, y) for i in range(n)]
        total = ch + (n - 1) * step
        y0 = self.cy - total / 2
        x = self.m if seat is Seat.WEST else self.w - self.m - cw
        return [QPointF(x, y0 + i * step) for i in range(n)]

    def pile_positions(self, seat: Seat, n: int) -> list[QPointF]:
        """Top-left corners of ``n`` cards a lone hand's partner lays down in a pile, drawing
        order: each a little along the seat's row from the one below, so the pile stays where
        the hand lies (a step up or out ran off the table's edge at North and East)."""
        first = self.hand_positions(seat, 1, False)[0]
        step = self.card_width * PILE_STEP
        if seat in (Seat.SOUTH, Seat.NORTH):
            return [QPointF(first.x() + i * step, first.y()) for i in range(n)]
        return [QPointF(first.x(), first.y() + i * step) for i in range(n)]

    def set_aside(self, seat: Seat, pos: QPointF) -> QPointF:
        """Where a card shown with ``seat``'s hand but not in it goes (the dealer's discard at a
        hand's end), given its place at the end of the hand: clear of the row for north and
        south; for a side seat, stepped toward the middle, its corner out from under the hand."""
        if seat in (Seat.SOUTH, Seat.NORTH):
            return QPointF(pos.x() + self.card_width - self.step(seat, True, 6) + self.gap, pos.y())
        toward_middle = 1 if seat is Seat.WEST else -1
        return QPointF(pos.x() + toward_middle * SET_ASIDE * self.card_width, pos.y())

    def hand_rect(self, seat: Seat, n: int, face_up: bool) -> QRectF:
        pts = self.hand_positions(seat, max(n, 1), face_up)
        first, last = pts[0], pts[-1]
        return QRectF(first, QPointF(last.x() + self.card_width, last.y() + self.ch))

    def badge_rect(self, seat: Seat) -> QRectF:
        """Where a seat's name, dealer chip, tricks and bid are drawn."""
        if seat is Seat.NORTH:
            return self.north_badge_rect
        if seat is Seat.SOUTH:
            return self.south_badge_rect
        hand = self.hand_rect(seat, 6, True)
        width = min(3.4 * self.card_width, self.cx - 2.6 * self.card_width - self.m - self.gap)
        width = max(width, self.card_width)
        y = hand.bottom() + self.gap
        x = self.m if seat is Seat.WEST else self.w - self.m - width
        return QRectF(x, y, width, self.badge_h * 1.9)

    def pile_point(self, seat: Seat) -> QPointF:
        """Where a seat's won tricks (and the dealer's deck) gather: just off the hand."""
        cw, ch = self.card_width, self.ch
        if seat is Seat.SOUTH:
            return QPointF(self.cx - cw / 2, self.h + ch * 0.2)
        if seat is Seat.NORTH:
            return QPointF(self.cx - cw / 2, -ch * 1.2)
        if seat is Seat.WEST:
            return QPointF(-cw * 1.2, self.cy - ch / 2)
        return QPointF(self.w + cw * 0.2, self.cy - ch / 2)

    def deal_point(self, dealer: Seat) -> QPointF:
        """Where the deck sits while the dealer deals: between the dealer and the centre."""
        hand = self.hand_rect(dealer, 5, False)
        c = hand.center()
        mid = QPointF((c.x() + self.cx) / 2, (c.y() + self.cy) / 2)
        return QPointF(mid.x() - self.card_width / 2, mid.y() - self.ch / 2)

    # --- the centre ----------------------------------------------------------------

    def trick_pos(self, seat: Seat) -> QPointF:
        cw, ch, cx, cy = self.card_width, self.ch, self.cx, self.cy
        if seat is Seat.NORTH:
            return QPointF(cx - cw / 2, cy - TRICK_HALF_H * ch)
        if seat is Seat.SOUTH:
            return QPointF(cx - cw / 2, cy + (TRICK_HALF_H - 1) * ch)
        if seat is Seat.WEST:
            return QPointF(cx - 1.58 * cw, cy - ch / 2)
        return QPointF(cx + 0.58 * cw, cy - ch / 2)

    def kitty_pos(self, i: int) -> QPointF:
        """The kitty during bidding: the up-card (i=0) on top of the rest."""
        base = QPointF(self.cx - self.card_width / 2, self.cy - TRICK_HALF_H * self.ch)
        if i == 0:
            return base
        off = self.card_width * 0.035 * i
        return QPointF(base.x() + off, base.y() - off * 0.6)

    @cached_property
    def button_h(self) -> float:
        return max(26.0, self.ch * 0.27)

    def button_rows(self) -> tuple[float, float]:
        """The y of the two rows of bidding buttons, under the kitty."""
        y1 = self.cy + (1 - TRICK_HALF_H) * self.ch + self.gap * 3
        return y1, y1 + self.button_h + self.gap * 2

    @cached_property
    def summary_rect(self) -> QRectF:
        c = self.centre_rect
        half_w = min(c.width() / 2, 2.5 * self.card_width)
        return QRectF(self.cx - half_w, c.top() + self.gap, 2 * half_w, c.height() - 2 * self.gap)

    # --- corner panels -------------------------------------------------------------

    def _corner_size(self) -> tuple[float, float]:
        north = self.hand_rect(Seat.NORTH, 5, True)
        west = self.hand_rect(Seat.WEST, 6, True)
        width = min(2.4 * self.card_width, north.left() - self.gap * 2 - self.m)
        height = min(1.25 * self.ch, west.top() - self.gap * 2 - self.m)
        return width, height

    @cached_property
    def score_rect(self) -> QRectF:
        width, height = self._corner_size()
        return QRectF(self.m, self.m, width, height)

    @cached_property
    def info_rect(self) -> QRectF:
        width, height = self._corner_size()
        return QRectF(self.w - self.m - width, self.m, width, height)
