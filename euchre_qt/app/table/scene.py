"""The card table as a QGraphicsScene.

The scene is told what to show (a ``TableState``) and, sometimes, what just happened
(an ``Event``). It works out where every card should be (``_targets``), then moves the
card items there: at once, or with one animation whose durations come from
``durations``. It never decides a rule: which cards may be clicked and which buttons
are enabled come from the state's legal actions.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QObject, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QAccessible, QColor, QFontMetricsF, QKeyEvent, QPainter
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneMouseEvent

from ...engine import JOKER, Action, Card, Phase, Seat, Trick, sort_hand
from ...engine.actions import PASS, ActionKind
from ...engine.cards import JOKER_DECK
from ...session.wording import SUIT_NAMES, bid_label, card_name, hand_card, hand_result, prompt
from ..artsource import Art
from .animator import CardAnimator, Place, plan_moves
from .bid_buttons import (
    bid_keys,
    button_action,
    ink_suit_buttons,
    layout_buttons,
    make_buttons,
    mark_buttons,
    visible_buttons,
)
from .card_item import CardItem
from .celebration import Celebration
from .durations import HINT_MS, TOAST_MS, duration
from .fact_keys import FACT_KEYS
from .felt import paint_felt
from .items import Badge, ButtonItem, Panel, Toast, table_font
from .layout import LIFT, Layout
from .panel_html import info_html, score_html, summary_html
from .state import Event, Stage, TableState, played_hands


class TableScene(QGraphicsScene):
    card_clicked = Signal(object)  # Card
    action_chosen = Signal(object)  # Action, from a button or a key
    continue_requested = Signal()
    enter_pressed = Signal()  # Enter or Space with nothing chosen by the keyboard
    new_game_requested = Signal()
    presented = Signal(int)  # an event's animation has finished
    focus_changed = Signal(str)  # accessible name of what the keyboard focus is on
    fact_requested = Signal(str)  # a key asked to hear a fact of the game (see narration.FACT_KEYS)

    def __init__(self, art: Art, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.art = art
        self.layout = Layout(1024, 700)
        self.dpr = 1.0
        self.back = "blue"
        self.four_colour = False
        self.backdrop = QColor("#1d6a3a")
        self.speed = 3
        self.state: TableState | None = None
        self.alone_toggle = False
        self._crisp_width = 0
        self.animator = CardAnimator(self, self._set_face, self._apply_place, self._animation_done, self.presented.emit)
        self._focus_key: object = None
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)

        self.cards: dict[Card, CardItem] = {}
        for card in JOKER_DECK:
            item = CardItem(card, self._card_clicked)
            item.setVisible(False)
            self.addItem(item)
            self.cards[card] = item
        self.badges = {seat: Badge() for seat in Seat}
        for badge in self.badges.values():
            badge.setVisible(False)  # until there is a game to show
            self.addItem(badge)
        self.out_tags = {seat: Badge() for seat in Seat}  # "Sits out" on a lone hand's partner's pile
        for tag in self.out_tags.values():
            tag.setVisible(False)
            self.addItem(tag)
        self.score_panel = Panel()
        self.info_panel = Panel()
        self.summary_panel = Panel(z=900)
        for panel in (self.score_panel, self.info_panel, self.summary_panel):
            panel.setVisible(False)
            self.addItem(panel)
        self.toast = Toast()
        self.addItem(self.toast)
        self.celebration = Celebration()
        self.addItem(self.celebration)
        self.buttons = make_buttons(self.four_colour)
        for button in self.buttons.values():
            self.addItem(button)
            button.clicked.connect(self._button_clicked)
        self._crisp_timer = QTimer(self)
        self._crisp_timer.setSingleShot(True)
        self._crisp_timer.timeout.connect(self._make_crisp)
        self.setSceneRect(0, 0, self.layout.w, self.layout.h)
        self._sized = False  # no pixmaps are drawn until the view has given the table its size
        prerendered = getattr(art, "prerendered", None)
        if prerendered is not None:
            prerendered.connect(self._on_prerendered)

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
            self.buttons["alone"].checked = self.alone_toggle
            self.buttons["alone"].update()
            self._focus_key = "alone"
            self._emit_focus()
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
        for panel in (self.score_panel, self.info_panel):
            panel.set_geometry(lay.score_rect, lay.font_px)
            panel.set_html(f'<div style="font-size:{round(lay.font_px * 1.5)}px"><b>Score</b> 0 ♠♥♦♣ —</div>')
            panel.content_height()
        badge = self.badges[Seat.SOUTH]
        badge.set_geometry(lay.badge_rect(Seat.SOUTH), lay.font_px, Qt.AlignmentFlag.AlignHCenter)
        badge.set_content(name="You", dealer=True)
        badge.pill_scene_rect()
        for key in ("pass", "order", "order_alone"):
            self.buttons[key].set_geometry(QRectF(0, 0, lay.card_width * 1.2, lay.button_h), lay.font_px * 1.05)

    def set_art(self, art: Art, back: str | None = None) -> None:
        """Draw the cards with ``art`` (another card deck) from now on, their backs ``back``."""
        if back is not None:
            self.back = back
        old = getattr(self.art, "prerendered", None)
        if old is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                old.disconnect(self._on_prerendered)
        self.art = art
        prerendered = getattr(art, "prerendered", None)
        if prerendered is not None:
            prerendered.connect(self._on_prerendered)
        if not self._sized:
            return
        prerender = getattr(art, "prerender", None)
        if prerender is not None and prerendered is not None:
            # the new deck is drawn in the art's worker; the cards change when it is ready
            # (_on_prerendered), and until then keep the old faces: no stall on the GUI thread
            try:
                prerender(self.layout.card_width, self.dpr, self.back, self.four_colour)
                return
            except Exception:
                pass
        self._refresh_pixmaps(force=True)

    def set_appearance(self, back: str, four_colour: bool, backdrop: str, speed: int) -> None:
        changed = (back, four_colour) != (self.back, self.four_colour)
        self.back, self.four_colour, self.speed = back, four_colour, speed
        colour = QColor(backdrop)
        if colour.isValid() and colour != self.backdrop:
            self.backdrop = colour
            self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        if changed:
            self._refresh_pixmaps(force=True)
            ink_suit_buttons(self.buttons, self.four_colour)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        rect = QRectF(rect)
        paint_felt(painter, rect, self.backdrop, self.layout.w, self.layout.h)

    def resize_table(self, w: float, h: float, dpr: float) -> None:
        if (w, h, dpr) == (self.layout.w, self.layout.h, self.dpr):
            return
        self.layout = Layout(w, h)
        self.dpr = dpr
        self.setSceneRect(0, 0, w, h)
        first = not self._sized
        self._sized = True
        prerender = getattr(self.art, "prerender", None)
        if prerender is not None:
            with contextlib.suppress(Exception):
                prerender(self.layout.card_width, dpr, self.back, self.four_colour)
        self._finish_animation(snap=True)
        self._refresh_pixmaps(force=first)
        if self._crisp_width != self.layout.card_width:
            self._crisp_timer.start(120)
        if self.state is not None:
            self._snap(self.state)
            self._update_decor(self.state)

    def _make_crisp(self) -> None:
        self._refresh_pixmaps(force=True)

    def _on_prerendered(self, width: int, dpr: float) -> None:
        """The art finished drawing the deck at a size: swap in the crisp pixmaps."""
        if width == self.layout.card_width and abs(dpr - self.dpr) < 0.01:
            self._refresh_pixmaps(force=True)

    def _pixmap_for(self, item: CardItem, face_up: bool, width: int):  # type: ignore[no-untyped-def]
        return self.art.pixmap(
            item.card if face_up else None, width, self.dpr, back=self.back, four_colour=self.four_colour
        )

    def _refresh_pixmaps(self, force: bool) -> None:
        """Give every card a pixmap: crisp at the current size when ``force``, else the
        old one scaled (cheap, during a resize) until the crisp ones are made."""
        if not self._sized:
            return
        width = self.layout.card_width
        use = width if force or not self._crisp_width else self._crisp_width
        if force:
            self._crisp_width = width
        for item in self.cards.values():
            # a card not on the table and never drawn gets its pixmap when it is shown
            if item.isVisible() or not item.pixmap().isNull():
                item.set_pixmap(self._pixmap_for(item, item.face_up, use), width)

    def _set_face(self, item: CardItem, face_up: bool) -> None:
        if not self._sized:
            item.face_up = face_up
            return
        if item.face_up != face_up or item.pixmap().isNull():
            item.face_up = face_up
            width = self.layout.card_width
            item.set_pixmap(self._pixmap_for(item, face_up, self._crisp_width or width), width)

    # --- showing a state ---------------------------------------------------------------

    def show_state(self, state: TableState, event: Event | None = None, token: int | None = None) -> None:
        """Draw ``state``; animate ``event`` if given, and emit ``presented(token)`` when done."""
        self.state = state
        if state.stage is not Stage.GAME_OVER and self.celebration.running:
            self.celebration.stop()  # a new game (or an undo) ends it
        if state.hint is None and self.toast.kind == "hint" and self.toast.isVisible():
            self.toast.hide()  # the hint's move was made (or the position is gone)
        if state.interactive is None or state.hand.phase is not Phase.BIDDING_2:
            self.alone_toggle = False
        if event is None:
            if not self.animator.running:
                self._snap(state)
            self._update_decor(state)
            return
        self._finish_animation(snap=False)
        self._animate(state, event, token)
        self._update_decor(state)

    def _targets(self, state: TableState) -> dict[Card, Place]:
        lay = self.layout
        hand = state.hand
        over = state.stage in (Stage.HAND_OVER, Stage.GAME_OVER)
        targets: dict[Card, Place] = {}
        trump = hand.trump
        # at a hand's end: the hands as played, the dealer's with the up-card picked up and
        # the discard after them, faded
        holdings = played_hands(hand) if over else hand.hands
        picked_up = hand.up_card if over and hand.up_card_taken and hand.discarded is not None else None
        legal_cards = state.legal_cards()
        phase = hand.phase
        out = set(hand.sitting_out) if not over else set()
        for seat in Seat:
            if seat in out:
                # as at a real table, the lone hand's partner lays the cards down in a pile
                pile = lay.hand_positions(seat, 1, False)[0]
                step = lay.card_width * 0.03
                for i, card in enumerate(holdings[seat]):
                    pos = QPointF(pile.x() + i * step, pile.y() - i * step)
                    targets[card] = Place(pos, False, 10 + seat * 10 + i, owner=seat)
                continue
            face_up = over or seat in state.people or state.show_all
            cards = list(holdings[seat])
            if face_up:
                cards = sort_hand(cards, trump if state.sort_by_trump or over else None)
                cards.sort(key=lambda c: c in state.unknown)  # the unknown last: their order says nothing
            discard = hand.discarded if picked_up is not None and seat is hand.dealer else None
            if discard is not None:
                cards.append(discard)
            positions = lay.hand_positions(seat, len(cards), face_up)
            clickable = state.interactive is seat and phase in (Phase.PLAY, Phase.DISCARD)
            for i, (card, pos) in enumerate(zip(cards, positions, strict=True)):
                playable = (card in legal_cards) if clickable else None
                place = Place(pos, face_up, 10 + seat * 10 + i, True, playable, owner=seat)
                if card == discard:
                    place.faded, place.role, place.tip = True, "discard", "Discarded by the dealer"
                elif card == picked_up:
                    place.tip = "The up-card, picked up by the dealer"
                if card in state.unknown:
                    place.face_up, place.tip = False, "A card the record does not show"
                targets[card] = place
        shown = _trick_on_table(state)
        for i, (seat, card) in enumerate(shown.plays if shown is not None else hand.trick):
            lit = shown is not None and seat is shown.winner
            targets[card] = Place(lay.trick_pos(seat), True, 100 + i, owner=seat, role="trick", lit=lit)
        bidding = phase in (Phase.FARMER, Phase.BIDDING_1, Phase.BIDDING_2, Phase.DISCARD) and not over
        for i, card in enumerate(hand.kitty):
            if card in targets:
                continue
            if bidding:
                face_up = i == 0 and phase in (Phase.FARMER, Phase.BIDDING_1)
                targets[card] = Place(lay.kitty_pos(i), face_up, 60 - i, role="kitty")
            else:
                targets[card] = Place(lay.deal_point(hand.dealer), False, 5, visible=False, role="gone")
        if hand.discarded is not None and hand.discarded not in targets:
            targets[hand.discarded] = Place(lay.deal_point(hand.dealer), False, 5, visible=False, role="gone")
        for t in hand.tricks:
            for _seat, card in t.plays:
                if card not in targets:
                    assert t.winner is not None
                    targets[card] = Place(lay.pile_point(t.winner), True, 150, visible=False, role="gone")
        for card in JOKER_DECK:
            if card not in targets:
                targets[card] = Place(lay.deal_point(hand.dealer), False, 0, visible=False, role="gone")
        focus = self._focus_key
        for card, place in targets.items():
            if place.playable is not None and focus == card:
                place.pos = QPointF(place.pos.x(), place.pos.y() - lay.ch * LIFT)
        return targets

    def _apply_place(self, item: CardItem, place: Place) -> None:
        self._set_face(item, place.face_up)
        item.setPos(place.pos)
        item.setZValue(place.z)
        item.setVisible(place.visible)
        item.setOpacity(0.55 if place.faded else 1.0)
        item.set_lit(place.lit)
        state = self.state
        hinted = bool(state is not None and state.hint is not None and state.hint.card is item.card and place.playable)
        item.set_state(place.playable, focused=self._focus_key == item.card, hinted=hinted)
        item.setData(1, int(place.owner) if place.owner is not None and place.role == "hand" else -1)
        item.setData(2, place.role)
        if item.toolTip() != place.tip:
            item.setToolTip(place.tip)

    def _snap(self, state: TableState) -> None:
        for card, place in self._targets(state).items():
            self._apply_place(self.cards[card], place)

    # --- animation ----------------------------------------------------------------------

    def _animate(self, state: TableState, event: Event, token: int | None) -> None:
        targets = self._targets(state)
        moves = plan_moves(
            state, event, targets, self.cards, self.layout, self.speed, self._set_face, self._apply_place
        )
        self.animator.start(moves, token, collect=event.kind == "collect")

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
        lay = self.layout
        hand = state.hand
        font_px = lay.font_px
        over = state.stage in (Stage.HAND_OVER, Stage.GAME_OVER)
        # seat badges
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
            badge.set_geometry(lay.badge_rect(seat), font_px, align)
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
                note = _prompt(state).removeprefix("your turn: ")  # the glowing badge says whose turn
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
        self._tag_sitting_out(state)
        # score and trump panels
        self.score_panel.set_geometry(lay.score_rect, font_px)
        self.info_panel.set_geometry(lay.info_rect, font_px)
        self.score_panel.set_html(score_html(state, lay.font_px))
        self.info_panel.set_html(info_html(state, lay.font_px, self.four_colour))
        self.score_panel.fit_height(lay.score_rect.height())
        self.info_panel.fit_height(lay.info_rect.height())
        self.score_panel.setVisible(True)
        self.info_panel.setVisible(True)
        layout_buttons(self.buttons, state, self.layout, self.alone_toggle, self._focus_key)
        self._update_summary(state)
        # decorations on cards (focus, hint)
        for item in self.cards.values():
            hinted = bool(state.hint is not None and state.hint.card is item.card and item.playable)
            item.set_state(
                item.playable, focused=self._focus_key == item.card and item.playable is not None, hinted=hinted
            )
        self._fix_focus()

    def _tag_sitting_out(self, state: TableState) -> None:
        lay = self.layout
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

    # the centre: buttons for bidding, Continue, the summary

    def _button_action(self, key: str) -> Action | None:
        return button_action(key, self.alone_toggle)

    def _mark_buttons(self, state: TableState) -> None:
        mark_buttons(self.buttons, state, self._focus_key)

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
        return summary_html(state, self.layout.font_px, self.four_colour, self._one_line_px)

    # --- the keyboard ---------------------------------------------------------------------

    def hand_cards(self) -> list[Card]:
        """The face-up cards of the people at this screen, left to right as drawn."""
        state = self.state
        if state is None:
            return []
        people = {int(seat) for seat in state.people}
        items = [i for i in self.cards.values() if i.isVisible() and i.data(2) == "hand" and i.data(1) in people]
        items.sort(key=lambda i: (i.data(1), i.x(), i.y()))
        return [i.card for i in items]

    def focusables(self) -> list[object]:
        """What the arrows and Tab move between now: legal cards, or enabled buttons.

        With a screen reader on, every card of the hand can be reached at any time, so
        that a blind player can review it while bidding or before playing; sighted play
        keeps the arrows on the cards that can be played.
        """
        state = self.state
        if state is None:
            return []
        out: list[object] = []
        if QAccessible.isActive():
            out.extend(self.hand_cards())
        elif state.interactive is not None and state.hand.phase in (Phase.PLAY, Phase.DISCARD):
            items = [i for i in self.cards.values() if i.isVisible() and i.playable]
            items.sort(key=lambda i: (i.x(), i.y()))
            out.extend(i.card for i in items)
        for row in visible_buttons(state):
            for key in row:
                if self.buttons[key].enabled and self.buttons[key].isVisible():
                    out.append(key)
        return out

    def _fix_focus(self) -> None:
        """Focus on something that went away (a played card, a hidden button) returns to the table."""
        if self._focus_key is not None and self._focus_key not in self.focusables():
            self._focus_key = None
            self._emit_focus()

    def move_focus(self, step: int) -> None:
        keys = self.focusables()
        if not keys:
            return
        if self._focus_key in keys:
            i = (keys.index(self._focus_key) + step) % len(keys)
        else:
            i = 0 if step > 0 else len(keys) - 1
        self.set_focus(keys[i])

    def set_focus(self, key: object) -> None:
        self._focus_key = key
        if self.state is not None and not self.animator.running:
            self._snap(self.state)
            self._mark_buttons(self.state)
        self._emit_focus()

    def _emit_focus(self) -> None:
        self.focus_changed.emit(self.focus_name())

    def focus_name(self) -> str:
        key = self._focus_key
        if isinstance(key, Card):
            trump = self.state.hand.trump if self.state is not None else None
            return hand_card(key, trump, self.cards[key].playable)
        if isinstance(key, str) and key in self.buttons:
            return self.buttons[key].accessible_name()
        return ""

    @property
    def focus_key(self) -> object:
        return self._focus_key

    def activate_focus(self) -> bool:
        key = self._focus_key
        if isinstance(key, Card):
            self.card_clicked.emit(key)  # the controller says why, if it cannot be played now
            return True
        if isinstance(key, str) and key in self.buttons and self.buttons[key].isVisible():
            self.buttons[key].activate()
            return True
        return False

    def handle_key(self, event: QKeyEvent) -> bool:
        key = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            return False
        K = Qt.Key
        if key in (K.Key_Right, K.Key_Down, K.Key_Tab):
            self.move_focus(+1)
            return True
        if key in (K.Key_Left, K.Key_Up, K.Key_Backtab):
            self.move_focus(-1)
            return True
        if key in (K.Key_Return, K.Key_Enter, K.Key_Space):
            if self.activate_focus():
                return True
            self.enter_pressed.emit()
            return True
        if key == K.Key_Escape:
            self.set_focus(None)
            return True
        if K.Key_1 <= key <= K.Key_6:
            self._nth_card(key - K.Key_1)
            return True
        letter = event.text().upper()
        state = self.state
        if not letter or state is None:
            return False
        if letter in FACT_KEYS and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.fact_requested.emit(FACT_KEYS[letter][0])
            return True
        name = bid_keys(state.hand.phase).get(letter)
        if name is None:
            return False
        button = self.buttons[name]
        if button.isVisible() and button.enabled:
            if name.startswith("call_") and event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self.alone_toggle = True
            self.set_focus(name)
            button.activate()
        elif state.interactive is not None:
            # not allowed now (the stuck dealer's pass, the turned-down suit): ask anyway,
            # so that the player hears why not, as for a card that does not follow suit
            action = self._button_action(name)
            if action is not None:
                self.action_chosen.emit(action)
        return True

    def _nth_card(self, n: int) -> None:
        state = self.state
        if state is None or state.interactive is None:
            return
        seat = state.interactive
        items = [i for i in self.cards.values() if i.isVisible() and i.data(1) == int(seat) and i.playable is not None]
        items.sort(key=lambda i: (i.x(), i.y()))
        if 0 <= n < len(items):
            self._card_clicked(items[n])

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
        self.toast.show_message(text, kind, anchor, lay.font_px * 1.1, lay.card_width * 5, ms)

    def celebrate(self, seed: int = 0) -> None:
        """A game won: suits drift down over the table for a moment (not at Instant speed)."""
        self.celebration.start(self.sceneRect(), self.layout.font_px, duration("celebrate", self.speed), seed)

    # --- reading the table (tests and accessibility) -------------------------------------

    def describe(self) -> str:
        """One paragraph saying what is on the table, for screen readers."""
        state = self.state
        if state is None:
            return "No game yet."
        hand = state.hand
        names = state.names
        parts = [f"Score: us {state.scores[0]}, them {state.scores[1]}."]
        if hand.trump is not None and hand.maker is not None:
            parts.append(
                f"Trump is {SUIT_NAMES[hand.trump]}, made by {names[hand.maker]}" + (" alone." if hand.alone else ".")
            )
        else:
            parts.append(f"Up-card {card_name(hand.up_card)}, round {hand.bidding_round} of bidding.")
        parts.append(f"Dealer {names[hand.dealer]}.")
        shown = _trick_on_table(state)
        trick = shown.plays if shown is not None else hand.trick
        if trick:
            parts.append("On the table: " + ", ".join(f"{names[s]} {card_name(c)}" for s, c in trick) + ".")
            if shown is not None and shown.winner is not None:
                parts.append(f"{names[shown.winner]} takes the trick.")
        if state.interactive is not None:
            mine = [self.cards[c].accessible_name() for c in sort_hand(hand.hands[state.interactive], hand.trump)]
            parts.append("Your hand: " + "; ".join(mine) + ".")
            parts.append(_prompt(state).capitalize() + ".")
        if state.stage in (Stage.HAND_OVER, Stage.GAME_OVER) and state.result is not None:
            parts.append(hand_result(state.result))
        return " ".join(parts)

    def card_item(self, card: Card | str) -> CardItem:
        if isinstance(card, str):
            card = Card.parse(card)
        return self.cards[card]


def _trick_on_table(state: TableState) -> Trick | None:
    """A finished trick still on the table: waiting to be gathered, or (at Instant speed) the
    last one, which stays in view until the next card is played."""
    if state.pending_trick is not None:
        return state.pending_trick
    if not state.hand.trick and state.stage not in (Stage.HAND_OVER, Stage.GAME_OVER):
        return state.last_trick
    return None


def _prompt(state: TableState) -> str:
    return prompt(state.hand.phase, state.interactive is state.hand.dealer, PASS not in state.legal)


__all__ = ["JOKER", "TableScene"]
