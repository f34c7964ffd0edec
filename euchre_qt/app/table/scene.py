"""The card table as a QGraphicsScene.

The scene is told what to show (a ``TableState``) and, sometimes, how the cards move to
it (a ``Motion``). It works out where every card should be (``placement``), then moves
the card items there: at once, or with one animation whose durations come from
``durations``. It never decides a rule: which cards may be clicked and which buttons
are enabled come from the state's legal actions. Objects of its own live beside it: the
keyboard and its focus (``keyboard``), the cards' pixmaps (``card_faces``) and the seats'
badges with the score and trump panels (``seat_badges``).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFontMetricsF, QPainter
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneMouseEvent

from ...engine import JOKER, Action, Card, Phase
from ...engine.cards import JOKER_DECK
from ...session.wording import hand_result, table_summary
from ..cardart.artsource import Art
from .animator import CardAnimator, plan_moves
from .bid_buttons import (
    button_action,
    ink_suit_buttons,
    layout_buttons,
    make_buttons,
    mark_buttons,
)
from .button_item import ButtonItem
from .card_faces import CardFaces
from .card_item import CardItem
from .celebration import Celebration
from .durations import HINT_MS, TOAST_MS, duration
from .felt import paint_felt
from .items import Panel, Toast, table_font
from .keyboard import TableKeyboard
from .layout import Layout
from .panel_html import summary_html
from .placement import Place, card_places
from .seat_badges import SeatBadges
from .state import Motion, Stage, TableState


class TableScene(QGraphicsScene):
    """The table: its cards (drawn by ``faces``), badges, panels and buttons, with the
    ``keyboard`` on them; the keyboard's signals are its own (focus, Enter, facts)."""

    card_clicked = Signal(object)  # Card, clicked or chosen with the keyboard
    action_chosen = Signal(object)  # Action, from a button or a key
    continue_requested = Signal()
    new_game_requested = Signal()
    presented = Signal(int)  # a beat's animation has finished

    def __init__(self, art: Art, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.layout = Layout(1024, 700)
        self.backdrop = QColor("#1d6a3a")
        self._speed = 3  # the Options' speed: how long the cards take to move
        self.state: TableState | None = None
        self.alone_toggle = False
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)

        self.cards: dict[Card, CardItem] = {}
        for card in JOKER_DECK:
            item = CardItem(card, self._card_clicked)
            item.setVisible(False)
            self.addItem(item)
            self.cards[card] = item
        self.faces = CardFaces(art, self.cards, self)  # no pixmaps until the view gives the table its size
        self.animator = CardAnimator(
            self,
            set_face=self.faces.set_face,
            apply_place=self._apply_place,
            done=self._animation_done,
            presented=self.presented.emit,
        )
        self.seats = SeatBadges(self)
        self.summary_panel = Panel(z=900)
        self.summary_panel.setVisible(False)
        self.addItem(self.summary_panel)
        self.toast = Toast()
        self.addItem(self.toast)
        self.celebration = Celebration()
        self.addItem(self.celebration)
        self.buttons = make_buttons(self.faces.four_colour)
        for button in self.buttons.values():
            self.addItem(button)
            button.clicked.connect(self._button_clicked)
        self.keyboard = TableKeyboard(
            self,
            cards=self.cards,
            buttons=self.buttons,
            show_focus=self._show_focus,
            action_for=self._button_action,
            parent=self,
        )
        self.keyboard.card_chosen.connect(self.card_clicked)
        self.keyboard.action_chosen.connect(self.action_chosen)
        self.keyboard.alone_chosen.connect(self._go_alone)
        self.setSceneRect(0, 0, self.layout.w, self.layout.h)

    # --- buttons ------------------------------------------------------------------------

    def _button_clicked(self) -> None:
        button = self.sender()
        if isinstance(button, ButtonItem):
            self._press(str(button.data(0)))

    def _press(self, key: str) -> None:
        state = self.state
        if key == "continue":
            self.continue_requested.emit()
            return
        if key == "new_game":
            self.new_game_requested.emit()
            return
        if key == "alone":
            self.alone_toggle = not self.alone_toggle
            self.buttons["alone"].set_checked(self.alone_toggle)
            self.keyboard.set_focus("alone")
            return
        if state is None or state.interactive is None:
            return
        action = self._button_action(key)
        if action is not None:
            self.action_chosen.emit(action)

    # --- appearance -------------------------------------------------------------------

    def warm_up_text(self) -> None:
        """Lay out text in the table's fonts once, while the panels are still hidden: the first
        deal then finds the fonts loaded and the text engine started (tens of milliseconds the
        first time)."""
        lay = self.layout
        self.seats.warm_up_text(lay)
        for key in ("pass", "order", "order_alone"):
            self.buttons[key].set_geometry(QRectF(0, 0, lay.card_width * 1.2, lay.button_h), lay.font_px * 1.05)

    def _go_alone(self) -> None:
        self.alone_toggle = True

    def _show_focus(self) -> None:
        """The keyboard's focus moved: the cards and buttons marked for it (after any animation)."""
        if self.state is not None and not self.animator.running:
            self._snap(self.state)
            self._mark_buttons(self.state)

    def set_speed(self, speed: int) -> None:
        """Move the cards at ``speed`` (the Options' speed: 0, at once) from the next move."""
        self._speed = speed

    def set_appearance(self, back: str, four_colour: bool, backdrop: str, speed: int) -> None:
        self.set_speed(speed)
        colour = QColor(backdrop)
        if colour.isValid() and colour != self.backdrop:
            self.backdrop = colour
            self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        if self.faces.set_look(back, four_colour):
            ink_suit_buttons(self.buttons, four_colour)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        rect = QRectF(rect)
        paint_felt(painter, rect, self.backdrop, self.layout.w, self.layout.h)

    def resize_table(self, w: float, h: float, dpr: float) -> None:
        if self.faces.sized and (w, h, dpr) == (self.layout.w, self.layout.h, self.faces.dpr):
            return  # (the view's first size is drawn even when it is the placeholder layout's 1024x700)
        self.layout = Layout(w, h)
        self.setSceneRect(0, 0, w, h)
        first = self.faces.resize(self.layout.card_width, dpr)
        self._finish_animation(snap=True)
        self.faces.settle(first)
        if self.state is not None:
            self._snap(self.state)
            self._update_decor(self.state)

    # --- showing a state ---------------------------------------------------------------

    def show_state(self, state: TableState, motion: Motion | None = None, token: int | None = None) -> None:
        """Draw ``state``; move the cards to it by ``motion`` if given, and emit
        ``presented(token)`` when done."""
        self.state = state
        if state.stage is not Stage.GAME_OVER and self.celebration.running:
            self.celebration.stop()  # a new game (or an undo) ends it
        if state.hint is None:
            self.withdraw_toast("hint")  # the hint's move was made (or the position is gone)
        if state.interactive is None or state.hand.phase is not Phase.BIDDING_2:
            self.alone_toggle = False
        if motion is None:
            if not self.animator.running:
                self._snap(state)
            self._update_decor(state)
            return
        self._finish_animation(snap=False)
        self._animate(state, motion, token)
        self._update_decor(state)

    def _apply_place(self, item: CardItem, place: Place) -> None:
        self.faces.set_face(item, place.face_up)
        item.setPos(place.pos)
        item.setZValue(place.z)
        item.setVisible(place.visible)
        item.setOpacity(0.55 if place.faded else 1.0)
        item.set_lit(place.lit)
        state = self.state
        hinted = bool(state is not None and state.hint is not None and state.hint.card is item.card and place.playable)
        item.set_state(place.playable, focused=self.keyboard.focus_key == item.card, hinted=hinted)
        item.setData(1, int(place.owner) if place.owner is not None and place.role == "hand" else -1)
        item.setData(2, place.role)
        if item.toolTip() != place.tip:
            item.setToolTip(place.tip)

    def _snap(self, state: TableState) -> None:
        for card, place in card_places(state, self.layout, self.keyboard.focus_key).items():
            self._apply_place(self.cards[card], place)

    # --- animation ----------------------------------------------------------------------

    def _animate(self, state: TableState, motion: Motion, token: int | None) -> None:
        targets = card_places(state, self.layout, self.keyboard.focus_key)
        moves = plan_moves(
            state,
            motion,
            targets=targets,
            cards=self.cards,
            lay=self.layout,
            speed=self._speed,
            set_face=self.faces.set_face,
            apply_place=self._apply_place,
        )
        self.animator.start(moves, token, collect=motion is Motion.GATHER)

    def _animation_done(self) -> None:
        self._finish_animation(snap=True)

    def _finish_animation(self, snap: bool) -> None:
        """End the running animation (if any): cards to their places, and say so."""
        moved, token = self.animator.finish()
        if moved and snap and self.state is not None:
            self._snap(self.state)
        if moved and token is not None:
            self.presented.emit(token)

    @property
    def animating(self) -> bool:
        return self.animator.running

    # --- everything that is not a card -------------------------------------------------

    def _update_decor(self, state: TableState) -> None:
        self.seats.show(state, self.layout, self.faces.four_colour)
        focus = self.keyboard.focus_key
        layout_buttons(self.buttons, state, self.layout, self.alone_toggle, focus)
        self._update_summary(state)
        # decorations on cards (focus, hint)
        for item in self.cards.values():
            hinted = bool(state.hint is not None and state.hint.card is item.card and item.playable)
            item.set_state(item.playable, focused=focus == item.card and item.playable is not None, hinted=hinted)
        self.keyboard.fix_focus()

    # the centre: buttons for bidding, Continue, the summary

    def _button_action(self, key: str) -> Action | None:
        return button_action(key, self.alone_toggle)

    def _mark_buttons(self, state: TableState) -> None:
        mark_buttons(self.buttons, state, self.keyboard.focus_key)

    def _update_summary(self, state: TableState) -> None:
        panel = self.summary_panel
        if state.stage not in (Stage.HAND_OVER, Stage.GAME_OVER) or state.result is None:
            if state.stage is Stage.GAME_OVER and state.winner is not None:
                pass
            else:
                panel.setVisible(False)
                return
        lay = self.layout
        full = lay.summary_rect
        panel.set_geometry(full, lay.font_px * 1.05)
        panel.set_html(self.summary_html(state))
        room = lay.button_h + lay.gap * 6
        panel.fit_height(full.height(), extra=room, min_h=min(full.height(), lay.ch * 1.1))
        # centre the fitted panel in the centre area; the button sits at its bottom
        top = full.center().y() - panel.rect.height() / 2
        panel.setPos(full.left(), top)
        panel.setVisible(True)
        if self.buttons["continue"].isVisible() or self.buttons["new_game"].isVisible():
            key = "new_game" if state.stage is Stage.GAME_OVER else "continue"
            button = self.buttons[key]
            r = button.rect
            button.setPos(lay.cx - r.width() / 2, top + panel.rect.height() - r.height() - lay.gap * 3)

    def _one_line_px(self, text: str, px: float) -> int:
        """The biggest font size up to ``px`` at which ``text`` (bold) fits the summary on one line."""
        room = self.layout.summary_rect.width() - 2 * self.summary_panel.padding - 4
        width = QFontMetricsF(table_font(px, bold=True)).horizontalAdvance(text)
        return max(8, int(px * min(1.0, room / width)) if width > 0 else round(px))

    def summary_html(self, state: TableState) -> str:
        return summary_html(state, self.layout.font_px, self.faces.four_colour, self._one_line_px)

    # --- the mouse -------------------------------------------------------------------------

    def _card_clicked(self, item: CardItem) -> None:
        if item.playable is None:
            return
        self.card_clicked.emit(item.card)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            event.accept()
            self.continue_requested.emit()
            return
        super().mousePressEvent(event)
        if event.button() == Qt.MouseButton.LeftButton and not event.isAccepted():
            state = self.state
            if state is not None and state.stage in (Stage.TRICK, Stage.HAND_OVER) and not self._button_at(event):
                self.continue_requested.emit()

    def _button_at(self, event: QGraphicsSceneMouseEvent) -> bool:
        return any(isinstance(i, ButtonItem) for i in self.items(event.scenePos()))

    # --- messages ------------------------------------------------------------------------

    def show_toast(self, text: str, kind: str = "info") -> None:
        """A passing message over the table; a hint ("hint") stays until the move is made."""
        lay = self.layout
        # just above south's badge (the prompt), growing upwards over the centre
        anchor = QPointF(lay.cx, lay.south_badge_rect.top() - lay.gap * 2)
        ms = HINT_MS if kind == "hint" else TOAST_MS
        self.toast.show_message(text, kind, anchor=anchor, font_px=lay.font_px * 1.1, max_w=lay.card_width * 5, ms=ms)

    def withdraw_toast(self, kind: str) -> None:
        """Take the passing message away now if it is of ``kind`` (what it said is no longer so)."""
        if self.toast.kind == kind and self.toast.isVisible():
            self.toast.hide()

    def celebrate(self, seed: int = 0) -> None:
        """A game won: suits drift down over the table for a moment (not at Instant speed)."""
        self.celebration.start(self.sceneRect(), self.layout.font_px, duration("celebrate", self._speed), seed)

    # --- reading the table (tests and accessibility) -------------------------------------

    def describe(self) -> str:
        """The table in a few facts, for screen readers: the score, trump or the bidding,
        the dealer, who plays with whom, and a finished hand's result. It changes only when
        those do, never with each move (each move is announced as it happens)."""
        state = self.state
        if state is None:
            return "No game yet."
        you = next(iter(state.people)) if len(state.people) == 1 else None
        text = table_summary(state.scores, state.hand, state.names, you)
        if state.stage in (Stage.HAND_OVER, Stage.GAME_OVER) and state.result is not None:
            text += " " + hand_result(state.result, state.names, ("we", "they"))
        return text


__all__ = ["JOKER", "TableScene"]
