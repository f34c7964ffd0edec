"""Screen-reader access to the card table (U14).

Items in a QGraphicsScene are invisible to assistive technology, so the table view gets
its own ``QAccessible`` interface (installed with a factory) whose children are the
things a person can act on or needs to know about: the person's hand as a list (so a
reader says "2 of 5"), the cards on the table, and the visible buttons. Each has a name
("Jack of Diamonds, left bower, trump, playable"), a role, a place on the screen and a
state (focused, unavailable); the view's description reads out the whole table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPoint, QRect
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface, QAccessibleObject

from ...engine import Card, Suit
from ...session.wording import card_name, hand_card
from ..table.button_item import ButtonItem
from ..table.card_item import CardItem
from .accessible_leaf import LeafAccessible, keep_alive, register

if TYPE_CHECKING:
    from ..table.view import TableView


class ElementAccessible(LeafAccessible):
    """One card or button on the table."""

    def __init__(self, table: TableAccessible, key: object) -> None:
        super().__init__()
        self.table = table
        self.key = key

    def _item(self) -> CardItem | ButtonItem | None:

        scene = self.table.view.table
        if scene is None:
            return None
        if isinstance(self.key, Card):
            return scene.cards.get(self.key)
        if isinstance(self.key, str):
            return scene.buttons.get(self.key)
        return None

    def isValid(self) -> bool:
        item = self._item()
        return item is not None and item.isVisible()

    def window(self) -> Any:
        return self.table.view.window().windowHandle()

    def rect(self) -> QRect:
        item = self._item()
        view = self.table.view
        if item is None:
            return QRect()
        poly = view.mapFromScene(item.sceneBoundingRect())
        r = poly.boundingRect()
        top_left = view.viewport().mapToGlobal(r.topLeft())
        return QRect(top_left, r.size())

    def parent(self) -> QAccessibleInterface:
        if self.key in self.table.hand_keys():
            return self.table.hand
        return self.table

    def role(self) -> QAccessible.Role:
        if isinstance(self.key, str):
            return QAccessible.Role.PushButton
        return QAccessible.Role.ListItem

    def state(self) -> QAccessible.State:

        st = QAccessible.State()
        item = self._item()
        scene = self.table.view.table
        if scene is None:
            return st
        if isinstance(item, CardItem):
            in_hand = self.key in self.table.hand_keys()
            st.focusable = in_hand or item.playable is True
            st.selectable = in_hand
            st.disabled = item.playable is False
            st.invisible = not item.isVisible()
        elif isinstance(item, ButtonItem):
            st.focusable = item.enabled
            st.disabled = not item.enabled
            st.checkable = item.checkable
            st.checked = item.checked
            st.invisible = not item.isVisible()
        st.focused = scene.keyboard.focus_key == self.key and self.table.view.hasFocus()
        return st

    def text(self, t: QAccessible.Text) -> str:

        item = self._item()
        if item is None:
            return ""
        if t == QAccessible.Text.Name:
            if isinstance(item, CardItem):
                name = hand_card(item.card, self.table.trump(), item.playable)
                if item.data(2) == "trick":
                    scene = self.table.view.table
                    state = scene.state if scene is not None else None
                    who = ""
                    if state is not None:
                        for seat, card in state.pending_trick.plays if state.pending_trick else state.hand.trick:
                            if card is item.card:
                                who = state.names[seat]
                    return f"{card_name(item.card)}, played by {who}" if who else card_name(item.card)
                if item.data(2) == "kitty":
                    return f"up-card {card_name(item.card)}" if item.face_up else "kitty card"
                return name
            return item.accessible_name()
        if t == QAccessible.Text.Accelerator and isinstance(item, ButtonItem):
            return item.key
        if t == QAccessible.Text.Description and isinstance(item, ButtonItem):
            # "Clubs (C)": a reader would say the drawn suit sign too ("black club suit Clubs")
            return item.toolTip().translate({ord(s.symbol): None for s in Suit}).strip()
        return ""


class TableAccessible(QAccessibleObject):
    """The card table: a pane whose children are the cards and buttons on it."""

    def __init__(self, view: TableView) -> None:
        super().__init__(view)
        self.view = view
        self._elements: dict[object, ElementAccessible] = {}

        self.hand = register(HandAccessible(self))

    def trump(self) -> Suit | None:
        scene = self.view.table
        return scene.state.hand.trump if scene is not None and scene.state is not None else None

    def hand_keys(self) -> list[Card]:
        """The person's cards, left to right as drawn."""
        scene = self.view.table
        return scene.keyboard.hand_cards() if scene is not None else []

    def _keys(self) -> list[object]:
        """The table's children: the hand (one list), the cards on the table, the buttons."""
        scene = self.view.table
        if scene is None:
            return []
        keys: list[object] = [HAND] if self.hand_keys() else []
        others = [i for i in scene.cards.values() if i.isVisible() and i.face_up and i.data(2) in ("trick", "kitty")]
        others.sort(key=lambda i: i.zValue())
        keys.extend(i.card for i in others)
        keys.extend(k for k, b in scene.buttons.items() if b.isVisible())
        return keys

    def _element(self, key: object) -> QAccessibleInterface:
        if key is HAND:
            return self.hand
        element = self._elements.get(key)
        if element is None:
            element = self._elements[key] = register(ElementAccessible(self, key))
        return element

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.Pane

    def text(self, t: QAccessible.Text) -> str:
        if t == QAccessible.Text.Name:
            return self.view.accessibleName() or "Card table"
        if t == QAccessible.Text.Description:
            # Read with the table when nothing on it has the focus (W and G say it any time):
            # Orca read it whenever the table got the focus back, before the card focused on it.
            if self.focusChild() is not None:
                return ""
            # as last set on the view (the window sets it as the table's facts change), so
            # that a reader told of a change reads the change, not a newer text it read already
            return self.view.accessibleDescription() or "The table is being laid."
        return ""

    def state(self) -> QAccessible.State:
        st = QAccessible.State()
        st.focusable = True
        st.focused = self.view.hasFocus()
        return st

    def rect(self) -> QRect:
        vp = self.view.viewport()
        return QRect(vp.mapToGlobal(QPoint(0, 0)), vp.size())

    def parent(self) -> QAccessibleInterface | None:
        parent = self.view.parentWidget()
        return QAccessible.queryAccessibleInterface(parent) if parent is not None else None

    def childCount(self) -> int:
        return len(self._keys())

    def child(self, index: int) -> QAccessibleInterface | None:
        keys = self._keys()
        return self._element(keys[index]) if 0 <= index < len(keys) else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        key = HAND if child is self.hand else getattr(child, "key", None)
        keys = self._keys()
        return keys.index(key) if key in keys else -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:
        for key in self._keys():
            element = self._element(key)
            if element.rect().contains(x, y):
                return element
        return None

    def focusChild(self) -> QAccessibleInterface | None:
        if self.view.table is None:
            return None
        key = self.view.table.keyboard.focus_key
        if key is not None and (key in self.hand_keys() or key in self._keys()):
            return self._element(key)
        return None

    def focused_element(self) -> tuple[QAccessibleInterface, int] | None:
        """The focused card or button and its index in its own parent (hand or table)."""
        scene = self.view.table
        key = scene.keyboard.focus_key if scene is not None else None
        if key is None:
            return None
        hand = self.hand_keys()
        if key in hand:
            return self._element(key), hand.index(key)
        keys = self._keys()
        return (self._element(key), keys.index(key)) if key in keys else None


class HandAccessible(QAccessibleInterface):
    """The person's hand: a list whose items are the cards, playable or not."""

    def __init__(self, table: TableAccessible) -> None:
        super().__init__()
        self.table = table

    def isValid(self) -> bool:
        return bool(self.table.hand_keys())

    def object(self) -> QObject | None:
        return None

    def window(self) -> Any:
        return self.table.window()

    def rect(self) -> QRect:
        out = QRect()
        for card in self.table.hand_keys():
            out = out.united(self.table._element(card).rect())
        return out

    def parent(self) -> QAccessibleInterface:
        return self.table

    def child(self, index: int) -> QAccessibleInterface | None:
        keys = self.table.hand_keys()
        return self.table._element(keys[index]) if 0 <= index < len(keys) else None

    def childCount(self) -> int:
        return len(self.table.hand_keys())

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        keys = self.table.hand_keys()
        key = getattr(child, "key", None)
        return keys.index(key) if key in keys else -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:
        for card in self.table.hand_keys():
            element = self.table._element(card)
            if element.rect().contains(x, y):
                return element
        return None

    def focusChild(self) -> QAccessibleInterface | None:
        scene = self.table.view.table
        key = scene.keyboard.focus_key if scene is not None else None
        return self.table._element(key) if key in self.table.hand_keys() else None

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.List

    def state(self) -> QAccessible.State:
        st = QAccessible.State()
        st.focusable = True
        st.focused = self.focusChild() is not None and self.table.view.hasFocus()
        return st

    def text(self, t: QAccessible.Text) -> str:
        if t == QAccessible.Text.Name:
            n = len(self.table.hand_keys())
            return f"Your hand, {n} card{'s' if n != 1 else ''}"
        return ""

    def setText(self, t: QAccessible.Text, text: str) -> None:
        return None


HAND = "hand"  # the key of the hand list among the table's children


def table_interface(view: TableView) -> TableAccessible:
    """The table view's interface, kept alive as long as the program (``screen_reader``'s
    factory asks for it)."""
    return keep_alive(TableAccessible(view))


def announce_focus(view: TableView) -> None:
    """Tell assistive technology that the focused card or button changed."""
    if not QAccessible.isActive():
        return
    iface = QAccessible.queryAccessibleInterface(view)
    if not isinstance(iface, TableAccessible):
        return
    focused = iface.focused_element()
    if focused is None:  # nothing on the table has the focus: the table itself does (alive)
        QAccessible.updateAccessibility(QAccessibleEvent(view, QAccessible.Event.Focus))
        return
    element, _index = focused
    QAccessible.updateAccessibility(QAccessibleEvent(element, QAccessible.Event.Focus))
