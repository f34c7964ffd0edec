"""The keyboard at the card table: what the focus can be on (the cards that may be played,
or with a screen reader every card of the hand, and the enabled buttons), moving it with the
arrows and Tab, and what every other key does (Enter, the number keys, the bid letters, the
facts a screen-reader user asks for)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAccessible, QKeyEvent

from ...engine import Card, Phase
from ...session.wording import hand_card
from .bid_buttons import bid_keys, visible_buttons
from .fact_keys import FACT_KEYS

if TYPE_CHECKING:
    from ...engine import Action
    from .button_item import ButtonItem
    from .card_item import CardItem
    from .state import TableState


class ShownTable(Protocol):
    """The table the keys are pressed at (the scene): what it shows now."""

    @property
    def state(self) -> TableState | None: ...


class TableKeyboard(QObject):
    """The keyboard focus on the ``table``'s ``cards`` and ``buttons``, and the keys. The
    table's state is read when a key comes; ``show_focus`` redraws the table's focus marks;
    ``action_for`` is the move a button's key stands for now."""

    card_chosen = Signal(object)  # Card: the focused card, or one chosen by its number
    action_chosen = Signal(object)  # Action: a bid letter for a move not allowed now (to hear why)
    alone_chosen = Signal()  # Shift with a suit's letter: that call goes alone
    enter_pressed = Signal()  # Enter or Space with nothing chosen by the keyboard
    focus_changed = Signal(str)  # accessible name of what the keyboard focus is on
    fact_requested = Signal(str)  # a key asked to hear a fact of the game (see narration.FACT_KEYS)

    def __init__(
        self,
        table: ShownTable,
        *,
        cards: dict[Card, CardItem],
        buttons: dict[str, ButtonItem],
        show_focus: Callable[[], None],
        action_for: Callable[[str], Action | None],
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self._table = table
        self._cards = cards
        self._buttons = buttons
        self._show_focus = show_focus
        self._action_for = action_for  # the move a button stands for (with the table's alone toggle)
        self._focus_key: object = None  # a Card, a button's key, or None

    @property
    def focus_key(self) -> object:
        """What the keyboard focus is on: a Card, a button's key, or None (the table itself);
        moved by ``set_focus``, which redraws the marks and tells a screen reader."""
        return self._focus_key

    def hand_cards(self) -> list[Card]:
        """The face-up cards of the people at this screen, left to right as drawn."""
        state = self._table.state
        if state is None:
            return []
        people = {int(seat) for seat in state.people}
        items = [i for i in self._cards.values() if i.isVisible() and i.data(2) == "hand" and i.data(1) in people]
        items.sort(key=lambda i: (i.data(1), i.x(), i.y()))
        return [i.card for i in items]

    def focusables(self) -> list[object]:
        """What the arrows and Tab move between now: legal cards, or enabled buttons.

        With a screen reader on, every card of the hand can be reached at any time, so
        that a blind player can review it while bidding or before playing; sighted play
        keeps the arrows on the cards that can be played.
        """
        state = self._table.state
        if state is None:
            return []
        out: list[object] = []
        if QAccessible.isActive():
            out.extend(self.hand_cards())
        elif state.interactive is not None and state.hand.phase in (Phase.PLAY, Phase.DISCARD):
            items = [i for i in self._cards.values() if i.isVisible() and i.playable]
            items.sort(key=lambda i: (i.x(), i.y()))
            out.extend(i.card for i in items)
        for row in visible_buttons(state):
            for key in row:
                if self._buttons[key].enabled and self._buttons[key].isVisible():
                    out.append(key)
        return out

    def fix_focus(self) -> None:
        """Focus on something that went away (a played card, a hidden button) returns to the
        table; with a screen reader on, to a card or button still there (``live_key``), so
        that the reader names what Enter would act on, never the table itself."""
        if self.focus_key is None or self.focus_key in self.focusables():
            return
        self._focus_key = self.live_key() if QAccessible.isActive() else None
        if self.focus_key is not None or not QAccessible.isActive():
            self.tell_focus()

    def live_key(self) -> object:
        """Where a screen reader's focus goes when it has nowhere else: the first card that
        may be played, else the first button, else the first card of the hand (None: nothing)."""
        keys = self.focusables()
        playable = [k for k in keys if isinstance(k, Card) and self._cards[k].playable]
        buttons = [k for k in keys if isinstance(k, str)]
        return next(iter(playable or buttons or keys), None)

    def refocus(self) -> None:
        """The table got the keyboard focus back (a dialog closed): with a screen reader on,
        the focus is put on a live card or button and named, so Enter never acts on
        something the reader did not say."""
        if not QAccessible.isActive():
            return
        if self.focus_key not in self.focusables():
            self._focus_key = self.live_key()
            self._show_focus()
        if self.focus_key is not None:
            self.tell_focus()
            # and again once Qt has told of the table's own focus (it does after the focus-in):
            # a reader then names the card, not the table, last
            QTimer.singleShot(0, self._tell_if_unchanged(self.focus_key))

    def _tell_if_unchanged(self, key: object) -> Callable[[], None]:
        def tell() -> None:
            if self.focus_key == key:
                self.tell_focus()

        return tell

    def move_focus(self, step: int) -> None:
        keys = self.focusables()
        if not keys:
            return
        if self.focus_key in keys:
            i = (keys.index(self.focus_key) + step) % len(keys)
        else:
            i = 0 if step > 0 else len(keys) - 1
        self.set_focus(keys[i])

    def set_focus(self, key: object) -> None:
        """Put the focus on ``key``, mark it on the table, and tell a screen reader."""
        self._focus_key = key
        self._show_focus()
        self.tell_focus()

    def tell_focus(self) -> None:
        self.focus_changed.emit(self.focus_name())

    def focus_name(self) -> str:
        key = self.focus_key
        if isinstance(key, Card):
            state = self._table.state
            trump = state.hand.trump if state is not None else None
            return hand_card(key, trump, self._cards[key].playable)
        if isinstance(key, str) and key in self._buttons:
            return self._buttons[key].accessible_name()
        return ""

    def activate_focus(self) -> bool:
        key = self.focus_key
        if isinstance(key, Card):
            self.card_chosen.emit(key)  # the controller says why, if it cannot be played now
            return True
        if isinstance(key, str) and key in self._buttons and self._buttons[key].isVisible():
            self._buttons[key].activate()
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
        state = self._table.state
        if not letter or state is None:
            return False
        if letter in FACT_KEYS and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.fact_requested.emit(FACT_KEYS[letter][0])
            return True
        name = bid_keys(state.hand.phase).get(letter)
        if name is None:
            return False
        button = self._buttons[name]
        if button.isVisible() and button.enabled:
            if name.startswith("call_") and event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self.alone_chosen.emit()
            # (the focus is not moved onto the button first: it goes with the move, and a
            # screen reader would be sent a focus event for a button already gone)
            button.activate()
        elif state.interactive is not None:
            # not allowed now (the stuck dealer's pass, the turned-down suit): ask anyway,
            # so that the player hears why not, as for a card that does not follow suit
            action = self._action_for(name)
            if action is not None:
                self.action_chosen.emit(action)
        return True

    def _nth_card(self, n: int) -> None:
        state = self._table.state
        if state is None or state.interactive is None:
            return
        seat = state.interactive
        items = [i for i in self._cards.values() if i.isVisible() and i.data(1) == int(seat) and i.playable is not None]
        items.sort(key=lambda i: (i.x(), i.y()))
        if 0 <= n < len(items):
            self.card_chosen.emit(items[n].card)
