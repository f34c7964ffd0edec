"""Looking back (U9, U11): the last trick, and every hand of the game so far."""

from __future__ import annotations

import html
from collections.abc import Mapping

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAccessible, QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...analysis import DecisionReview
from ...engine import Card, Game, HandState, Seat, Suit, Trick, sort_hand
from ...engine.actions import ActionKind
from ...engine.ai.how_they_play import EVERYONE_WELL, HowTheyPlay
from ...session.wording import SUIT_NAMES, card_name, describe_action, hand_result
from ..accessibility.reading_list import ReadingList, html_lines
from ..cardart.artsource import Art
from ..common.sizing import fit_size
from ..storage.settings import Settings
from ..table.panel_html import suit_ink
from ..table.state import dealt_hands
from .analysis_panel import AnalysisPanel


def _card_html(card: Card, four_colour: bool = False) -> str:
    if card.is_joker:
        return '<span style="color:#6a2c91"><b>Joker</b></span>'
    assert card.suit is not None
    rank = "10" if card.rank.letter == "T" else card.rank.letter
    colour = suit_ink(card.suit, four_colour)
    return f'<span style="color:{colour}"><b>{rank}{card.suit.symbol}</b></span>'


class TrickWidget(QWidget):
    """The four cards of a trick at their compass points, the winner's card ringed."""

    def __init__(
        self, trick: Trick, *, names: tuple[str, ...], art: Art, settings: Settings, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.trick, self.names, self.art, self.settings = trick, names, art, settings
        self.setMinimumSize(360, 380)
        plays = ", ".join(f"{names[s]}: {card_name(c)}" for s, c in trick.plays)
        won = names[trick.winner] if trick.winner is not None else "nobody yet"
        self.setAccessibleName("Last trick")
        self.setAccessibleDescription(f"{plays}. Won by {won}.")

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor(self.settings.backdrop))
        w, h = self.width(), self.height()
        cw = int(min(w / 4.2, h / 4.6))
        ch = round(cw * 1.4)
        cx, cy = w / 2, h / 2
        spots = {
            Seat.NORTH: QPointF(cx - cw / 2, cy - ch - 6),
            Seat.SOUTH: QPointF(cx - cw / 2, cy + 6),
            Seat.WEST: QPointF(cx - cw * 1.6, cy - ch / 2),
            Seat.EAST: QPointF(cx + cw * 0.6, cy - ch / 2),
        }
        dpr = self.devicePixelRatioF()
        for seat, card in self.trick.plays:
            pos = spots[seat]
            pm = self.art.pixmap(card, cw, dpr, back=self.settings.back, four_colour=self.settings.four_colour)
            p.drawPixmap(QRectF(pos.x(), pos.y(), cw, ch), pm, QRectF(pm.rect()))
            if seat is self.trick.winner:
                p.setPen(QColor("#ffd23f"))
                pen = p.pen()
                pen.setWidth(4)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(QRectF(pos.x() - 2, pos.y() - 2, cw + 4, ch + 4), 8, 8)
            p.setPen(QColor("white"))
            label_rect = {
                Seat.NORTH: QRectF(cx - 100, pos.y() - 22, 200, 20),
                Seat.SOUTH: QRectF(cx - 100, pos.y() + ch + 2, 200, 20),
                Seat.WEST: QRectF(pos.x() - 20, pos.y() + ch + 2, cw + 40, 20),
                Seat.EAST: QRectF(pos.x() - 20, pos.y() + ch + 2, cw + 40, 20),
            }[seat]
            p.drawText(label_rect, Qt.AlignmentFlag.AlignCenter, self.names[seat])
        p.end()


class LastTrickDialog(QDialog):
    """The last trick played, who led and won it, and the trump of its hand."""

    def __init__(
        self,
        trick: Trick,
        *,
        trump: Suit | None,
        names: tuple[str, ...],
        art: Art,
        settings: Settings,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Last Trick")
        box = QVBoxLayout(self)
        self.trick_widget = TrickWidget(trick, names=names, art=art, settings=settings)
        box.addWidget(self.trick_widget, 1)
        won = names[trick.winner] if trick.winner is not None else "—"
        led = names[trick.leader]
        trump_text = "none"
        if trump is not None:
            colour = suit_ink(trump, settings.four_colour)  # as on the cards
            trump_text = f'<span style="color:{colour}">{trump.symbol}</span> {SUIT_NAMES[trump]}'
        self.label = QLabel(f"{html.escape(led)} led; <b>{html.escape(won)}</b> won the trick. Trump: {trump_text}.")
        # in words for a screen reader (the suit sign would be said too: "black heart suit")
        self.label.setAccessibleName(
            f"{led} led; {won} won the trick. Trump: {SUIT_NAMES[trump] if trump else 'none'}."
        )
        box.addWidget(self.label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)


def hand_html(
    hand: HandState,
    names: tuple[str, ...],
    *,
    finished: bool,
    viewer: Seat = Seat.SOUTH,
    four_colour: bool = False,
    unknown: frozenset[Card] = frozenset(),
    words: bool = False,
) -> str:
    """A finished hand in full; a hand in progress only as the viewer may see it. ``unknown``:
    cards whose place nobody here saw (a network table's other hands, a record's gaps): they
    are left out of the hands and the discard, never shown as if known. ``words``: for a
    screen reader, cards named in words ("Ten of Hearts", not "10♥") and lines in place of
    tables (a table's text carries invisible cell markers)."""

    def card(c: Card) -> str:
        return html.escape(card_name(c, hand.trump)) if words else _card_html(c, four_colour)

    def cards_of(cs: list[Card] | tuple[Card, ...]) -> str:
        return (", " if words else " ").join(card(c) for c in cs) or "—"

    def table(rows: list[list[str]], head: list[str] | None = None) -> str:
        if words:
            return "".join("<p>" + ": ".join(cell for cell in row if cell) + "</p>" for row in rows)
        top = "<tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>" if head else ""
        body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
        return f"<table cellpadding='3'>{top}{body}</table>"

    parts = []
    dealer = names[hand.dealer]
    parts.append(f"<p>Dealer <b>{html.escape(dealer)}</b>; up-card {card(hand.up_card)}.</p>")
    rows = []
    dealt = dealt_hands(hand)
    for seat in Seat:
        if finished or seat is viewer:
            seen = [c for c in dealt[seat] if c not in unknown]
            cards = cards_of(sort_hand(seen, hand.trump))
            if len(seen) < len(dealt[seat]):
                cards += f" <i>and {len(dealt[seat]) - len(seen)} not seen</i>"
        else:
            cards = "<i>hidden until the hand is over</i>"
        rows.append([f"<b>{html.escape(names[seat])}</b> ({seat})", cards])
    parts.append(table(rows))
    bids = [
        f"{html.escape(names[s])}: {describe_action(a)}"
        for s, a in hand.history
        if a.kind not in (ActionKind.PLAY, ActionKind.DISCARD)
    ]
    if bids:
        parts.append("<p><b>Bidding</b>: " + "; ".join(bids) + ".</p>")
    if finished and hand.discarded is not None and hand.discarded not in unknown:
        parts.append(f"<p>{html.escape(dealer)} discarded {card(hand.discarded)}.</p>")
    if hand.tricks or hand.trick:
        sep = ", " if words else " "
        rows = []
        for i, trick in enumerate(hand.tricks, 1):
            plays = sep.join(f"{html.escape(names[s])} {card(c)}" for s, c in trick.plays)
            won = html.escape(names[trick.winner]) if trick.winner is not None else ""
            rows.append(
                [f"Trick {i}" if words else str(i), plays, f"<b>won by {won}</b>" if words else f"<b>{won}</b>"]
            )
        if hand.trick:
            plays = sep.join(f"{html.escape(names[s])} {card(c)}" for s, c in hand.trick)
            rows.append(
                [f"Trick {len(hand.tricks) + 1}" if words else str(len(hand.tricks) + 1), plays, "<i>in play</i>"]
            )
        parts.append(table(rows, ["Trick", "Cards, in order", "Won by"]))
    if finished and hand.result is not None:
        parts.append(f"<p><b>{html.escape(hand_result(hand.result, names, ('we', 'they')))}</b></p>")
    return "".join(parts)


class ReviewDialog(QDialog):
    """Every finished hand of this game (all four hands shown), and the current one so far."""

    def __init__(
        self,
        game: Game,
        names: tuple[str, ...],
        parent: QWidget | None = None,
        *,
        four_colour: bool = False,
        art: Art | None = None,
        settings: Settings | None = None,
        seats: tuple[Seat, ...] = (Seat.SOUTH,),
        opening_deal: int | None = None,
        inferred: frozenset[int] = frozenset(),
        plays: HowTheyPlay = EVERYONE_WELL,
        graded: Mapping[int, DecisionReview] | None = None,
    ) -> None:
        """``opening_deal``: the deal number shown first (a recorded game's deal on the table);
        None: the last hand. ``inferred``: the moves a record does not state (marked, not counted).
        ``plays``: how each seat plays (the grading models the players as what they are).
        ``graded``: decisions graded already, by move (the coach's), not graded again."""
        super().__init__(parent)
        self.setWindowTitle("Hands of This Game")
        self.game, self.names = game, names
        self.list = QListWidget()
        self.list.setAccessibleName("Hands")
        self.text = QTextBrowser()
        self.text.setAccessibleName("Hand details")
        self.pages: list[str] = []
        words = QAccessible.isActive()  # a screen reader: cards in words, no tables, read line by line
        self.lines = ReadingList("Hand details") if words else None
        for record in game.records:
            result = record.result
            title = f"Hand {record.deal_number + 1}: {result.outcome.value}"
            if result.maker is not None:
                title += f" ({names[result.maker]})"
            title += f" — {record.scores_after[0]}:{record.scores_after[1]}"
            unknown = game.dealt(record.deal_number).unknown
            self.pages.append(
                hand_html(record.final, names, finished=True, four_colour=four_colour, unknown=unknown, words=words)
            )
            QListWidgetItem(title, self.list)
        if not game.is_over and game.hand_actions:
            self.pages.append(hand_html(game.hand, names, finished=False, four_colour=four_colour, words=words))
            QListWidgetItem(f"Hand {game.deal_number + 1}: in progress", self.list)
        if not self.pages:
            self.pages.append("<p>No hand has been played yet.</p>")
            QListWidgetItem("(none yet)", self.list)
        # Your decisions in the hand shown, graded in the helper process (review_analysis).
        self.analysis = AnalysisPanel(
            game, names, seats=seats, art=art, settings=settings, inferred=inferred, plays=plays, graded=graded
        )
        self.list.currentRowChanged.connect(self._show_hand)
        row = QHBoxLayout()
        row.addWidget(self.list, 1)
        row.addWidget(self.text, 3)
        if self.lines is not None:
            self.text.hide()
            row.addWidget(self.lines, 3)
        box = QVBoxLayout(self)
        box.addLayout(row, 2)
        box.addWidget(self.analysis, 3)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)
        numbers = [record.deal_number for record in game.records] + [game.deal_number]  # the rows' deals
        first = numbers.index(opening_deal) if opening_deal in numbers else len(self.pages) - 1
        self.list.setCurrentRow(min(first, len(self.pages) - 1))
        fit_size(self, 960, 760)

    def _show_hand(self, row: int) -> None:
        self.text.setHtml(self.pages[row] if 0 <= row < len(self.pages) else "")
        if self.lines is not None:
            self.lines.set_lines(html_lines(self.pages[row]) if 0 <= row < len(self.pages) else [])
        self.analysis.show_hand(row)  # rows are the game's hands in order, the one under way last

    def done(self, result: int) -> None:
        self.analysis.stop()
        super().done(result)
