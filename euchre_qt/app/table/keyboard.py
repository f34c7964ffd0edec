"""The keyboard at the card table: what the focus can be on (the cards that may be played,
or with a screen reader every card of the hand, and the enabled buttons), moving it with the
arrows and Tab, and what every other key does (Enter, the number keys, the bid letters, the
facts a screen-reader user asks for)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QKeyEvent

from ...engine import Card, Phase
from ...session.wording import hand_card
from .bid_buttons import bid_keys, visible_buttons
from .fact_keys import FACT_KEYS
from .scene_part import ScenePart


class TableKeyboard(ScenePart):
    """The keyboard focus and the keys (a part of ``TableScene``)."""

    _focus_key: object  # a Card, a button's key, or None

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
            # (the focus is not moved onto the button first: it goes with the move, and a
            # screen reader would be sent a focus event for a button already gone)
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
