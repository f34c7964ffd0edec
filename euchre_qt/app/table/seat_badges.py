"""The words around the cards: a badge for each seat (its name, dealer, whose turn, tricks
taken, the bid, what the seat is doing), "Sits out" on a lone hand's partner's pile, and the
score and trump panels in the corners."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QGraphicsScene

from ...engine import Phase, Seat
from ...engine.actions import PASS, ActionKind
from ...session.wording import bid_label, prompt
from .badge import Badge
from .items import Panel, table_font
from .layout import Layout
from .panel_html import info_html, score_html
from .state import Stage, TableState


def turn_prompt(state: TableState) -> str:
    """What the person whose turn it is is asked ("your turn: …")."""
    return prompt(state.hand.phase, state.interactive is state.hand.dealer, PASS not in state.legal)


class SeatBadges:
    """The seats' badges, the sitting-out tags and the score and trump panels, on ``scene``."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.badges = {seat: Badge() for seat in Seat}
        self.out_tags = {seat: Badge() for seat in Seat}  # "Sits out" on a lone hand's partner's pile
        self.score_panel = Panel()
        self.info_panel = Panel()
        for item in [*self.badges.values(), *self.out_tags.values(), self.score_panel, self.info_panel]:
            item.setVisible(False)  # until there is a game to show
            scene.addItem(item)

    def warm_up_text(self, lay: Layout) -> None:
        """Lay out text in the table's fonts once, while all is still hidden (see the scene's)."""
        for panel in (self.score_panel, self.info_panel):
            panel.set_geometry(lay.score_rect, lay.font_px)
            panel.set_html(f'<div style="font-size:{round(lay.font_px * 1.5)}px"><b>Score</b> 0 ♠♥♦♣ —</div>')
            panel.content_height()
        badge = self.badges[Seat.SOUTH]
        badge.set_geometry(lay.badge_rect(Seat.SOUTH), lay.font_px, Qt.AlignmentFlag.AlignHCenter)
        badge.set_content(name="You", dealer=True)
        badge.pill_scene_rect()

    def show(self, state: TableState, lay: Layout, four_colour: bool) -> None:
        self._show_badges(state, lay)
        self._tag_sitting_out(state, lay)
        font_px = lay.font_px
        self.score_panel.set_geometry(lay.score_rect, font_px)
        self.info_panel.set_geometry(lay.info_rect, font_px)
        self.score_panel.set_html(score_html(state, font_px, lambda text: self._fits_score_line(text, lay)))
        self.info_panel.set_html(info_html(state, font_px, four_colour))
        self.score_panel.fit_height(lay.score_rect.height())
        self.info_panel.fit_height(lay.info_rect.height())
        self.score_panel.setVisible(True)
        self.info_panel.setVisible(True)

    def _show_badges(self, state: TableState, lay: Layout) -> None:
        hand = state.hand
        over = state.stage in (Stage.HAND_OVER, Stage.GAME_OVER)
        bids: dict[Seat, str] = {}
        for seat, action, rnd in hand.bids:
            if rnd == hand.bidding_round or action.kind is not ActionKind.PASS:
                bids[seat] = bid_label(action, seat is hand.dealer)
        for seat, action in hand.history:
            if action.kind is ActionKind.DEFEND_ALONE:
                bids[seat] = "Defends alone!"
        playing = hand.phase in (Phase.PLAY, Phase.OVER) or over
        for seat in Seat:
            badge = self.badges[seat]
            align = (
                Qt.AlignmentFlag.AlignLeft
                if seat is Seat.WEST
                else Qt.AlignmentFlag.AlignRight
                if seat is Seat.EAST
                else Qt.AlignmentFlag.AlignHCenter
            )
            badge.set_geometry(lay.badge_rect(seat), lay.font_px, align)
            badge.setVisible(True)
            bid = bids.get(seat, "")
            if playing and hand.trump is not None:
                if seat is hand.maker:
                    bid = f"{hand.trump.symbol} maker" + (" alone" if hand.alone else "")
                elif seat is hand.lone_defender:
                    bid = "defends alone"
                else:
                    bid = ""
            note = ""
            if seat in hand.sitting_out and not over:
                note = "sits out"
            elif state.thinking is seat:
                note = "thinking…"
            elif state.interactive is seat:
                note = turn_prompt(state).removeprefix("your turn: ")  # the glowing badge says whose turn
                if hand.phase is not Phase.PLAY:
                    bid = ""  # the prompt says it all; the bid comes back once play starts
            elif state.wait_for_click and seat is Seat.SOUTH:
                note = "click or Space to continue"
                bid = ""  # the trump panel says who made it
            turn = (not over) and hand.turn is seat and state.stage in (Stage.HUMAN, Stage.THINKING)
            level = state.levels[seat] if state.levels else ""
            badge.setToolTip(f"{state.names[seat]} — computer player: {level}" if level else state.names[seat])
            badge.set_content(
                wrap=seat in (Seat.WEST, Seat.EAST),
                name=state.names[seat],
                dealer=seat is hand.dealer,
                turn=turn,
                tricks=hand.tricks_won[seat] if not over or hand.trump is not None else 0,
                bid=bid,
                note=note,
                out=seat in hand.sitting_out and not over,
            )

    def _tag_sitting_out(self, state: TableState, lay: Layout) -> None:
        over = state.stage in (Stage.HAND_OVER, Stage.GAME_OVER)
        for seat, tag in self.out_tags.items():
            if over or seat not in state.hand.sitting_out:
                tag.setVisible(False)
                continue
            pile = lay.hand_positions(seat, 1, False)[0]
            w = lay.card_width * 2
            x = min(max(lay.m, pile.x() + (lay.card_width - w) / 2), lay.w - lay.m - w)
            rect = QRectF(x, pile.y() + (lay.ch - lay.badge_h) / 2, w, lay.badge_h)
            tag.set_geometry(rect, lay.font_px, Qt.AlignmentFlag.AlignHCenter)
            tag.set_content(name="Sits out")
            tag.setVisible(True)

    def _fits_score_line(self, text: str, lay: Layout) -> bool:
        """Whether a team's line fits the score panel on one line, beside its points."""
        px = lay.font_px
        room = lay.score_rect.width() - 2 * self.score_panel.padding - 4
        points = QFontMetricsF(table_font(px * 1.5, bold=True)).horizontalAdvance("10") + 2 * px
        return QFontMetricsF(table_font(px)).horizontalAdvance(text) <= room - points
