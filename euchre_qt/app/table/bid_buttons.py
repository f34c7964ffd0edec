"""The buttons in the table's centre: bidding (pass, order up, a suit, alone), Continue and
New Game, the letter keys that press them, where they stand and which are enabled.

Which buttons are enabled comes from the state's legal actions; no rule is decided here.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor

from ...engine import Action, Phase, Suit
from ...engine.actions import DEFEND_ALONE, PASS, THROW_IN, ActionKind, call, order_up
from ...session.wording import SUIT_NAMES
from .button_item import ButtonItem
from .layout import Layout
from .panel_html import suit_ink
from .state import Stage, TableState

SUIT_KEYS = {Suit.CLUBS: "C", Suit.DIAMONDS: "D", Suit.HEARTS: "H", Suit.SPADES: "S"}

# the buttons' keys, texts and shortcuts (the suit buttons follow)
_SPECS: list[tuple[str, str, str]] = [
    ("pass", "Pass", "P"),
    ("order", "Order up", "O"),
    ("order_alone", "Go alone", "A"),
    ("alone", "Alone", "A"),
    ("throw_in", "Throw in", "T"),
    ("keep", "Keep and bid", "P"),
    ("defend_alone", "Defend alone", "A"),
    ("continue", "Continue", "Space"),
    ("new_game", "New Game", "Ctrl+N"),
]


def make_buttons(four_colour: bool) -> dict[str, ButtonItem]:
    """Every button of the centre, hidden, by key (its ``data(0)``)."""
    specs = list(_SPECS)
    for suit in Suit:
        specs.append((f"call_{suit.letter}", f"{suit.symbol} {SUIT_NAMES[suit]}", SUIT_KEYS[suit]))
    buttons: dict[str, ButtonItem] = {}
    for key, text, shortcut in specs:
        accessible = text.split(" ", 1)[-1] if key.startswith("call_") else text
        button = ButtonItem(text, shortcut, accessible=accessible, checkable=key == "alone")
        button.setToolTip(f"{text} ({shortcut})")
        button.setVisible(False)
        button.setData(0, key)
        buttons[key] = button
    ink_suit_buttons(buttons, four_colour)
    return buttons


def ink_suit_buttons(buttons: dict[str, ButtonItem], four_colour: bool) -> None:
    """The suit buttons' names in the suits' colours, as the cards are drawn."""
    for suit in Suit:
        buttons[f"call_{suit.letter}"].set_ink(QColor(suit_ink(suit, four_colour)))


def bid_keys(phase: Phase) -> dict[str, str]:
    """The letter keys that press the bidding buttons in ``phase`` (letter -> button key)."""
    if phase is Phase.BIDDING_1:
        return {"P": "pass", "O": "order", "A": "order_alone"}
    if phase is Phase.BIDDING_2:
        return {"P": "pass", "A": "alone", **{SUIT_KEYS[s]: f"call_{s.letter}" for s in Suit}}
    if phase is Phase.FARMER:
        return {"T": "throw_in", "P": "keep"}
    if phase is Phase.DEFEND:
        return {"A": "defend_alone", "P": "pass"}
    return {}


def visible_buttons(state: TableState) -> list[list[str]]:
    """Rows of button keys to show now."""
    hand = state.hand
    if state.viewing:  # the viewer's own buttons step through the record
        return []
    if state.stage is Stage.GAME_OVER:
        return [["new_game"]]
    if state.stage is Stage.HAND_OVER:
        return [["continue"]]
    if state.stage is Stage.TRICK and state.wait_for_click:
        return [["continue"]]
    if state.interactive is None:
        return []
    phase = hand.phase
    if phase is Phase.BIDDING_1:
        return [["pass", "order", "order_alone"]]
    if phase is Phase.BIDDING_2:
        return [[f"call_{s.letter}" for s in Suit], ["alone", "pass"]]
    if phase is Phase.FARMER:
        return [["throw_in", "keep"]]
    if phase is Phase.DEFEND:
        return [["defend_alone", "pass"]]
    return []


def button_action(key: str, alone: bool) -> Action | None:
    """The move a bidding button stands for (a suit button: with the alone toggle)."""
    if key.startswith("call_"):
        return call(Suit.parse(key[-1]), alone)
    return {
        "pass": PASS,
        "order": order_up(),
        "order_alone": order_up(alone=True),
        "throw_in": THROW_IN,
        "keep": PASS,
        "defend_alone": DEFEND_ALONE,
    }.get(key)


def layout_buttons(buttons: dict[str, ButtonItem], state: TableState, lay: Layout, alone: bool, focus: object) -> None:
    """Show the buttons wanted now, in rows in the centre, enabled as the legal moves allow."""
    rows = visible_buttons(state)
    shown = {key for row in rows for key in row}
    for key, button in buttons.items():
        if key not in shown:
            button.setVisible(False)
            button.set_marks()
    if not rows:
        return
    hand = state.hand
    legal = set(state.legal)
    font_px = lay.font_px * 1.05
    bh = lay.button_h
    is_dealer = state.interactive is hand.dealer
    buttons["order"].set_text("Pick it up" if is_dealer else "Order up")
    if rows == [["continue"]] or rows == [["new_game"]]:
        key = rows[0][0]
        button = buttons[key]
        if state.stage in (Stage.HAND_OVER, Stage.GAME_OVER):
            r = lay.summary_rect
            w = max(lay.card_width * 1.5, bh * 3.5)
            rect = QRectF(lay.cx - w / 2, r.bottom() - bh - lay.gap * 3, w, bh)
        else:
            w = max(lay.card_width * 1.4, bh * 3.5)
            rect = QRectF(lay.w - lay.m - w, lay.h - lay.m - bh, w, bh)
        button.set_geometry(rect, font_px)
        button.set_enabled(True)
        button.setVisible(True)
        mark_buttons(buttons, state, focus)
        return
    y_rows = lay.button_rows()
    for r_i, row in enumerate(rows):
        widths = []
        for key in row:
            text_w = len(buttons[key].text) * font_px * 0.62 + font_px * 2.2
            widths.append(max(lay.card_width * (0.95 if len(row) >= 4 else 1.2), text_w))
        gap = lay.gap * 3
        total = sum(widths) + gap * (len(row) - 1)
        x = lay.cx - total / 2
        for key, w in zip(row, widths, strict=True):
            button = buttons[key]
            button.set_geometry(QRectF(x, y_rows[r_i], w, bh), font_px)
            if key == "alone":
                button.set_enabled(any(a.alone for a in legal))
                button.set_checked(alone)
            else:
                action = button_action(key, alone)
                if key.startswith("call_") and action is not None and action.suit is not None:
                    action = call(action.suit, False)
                button.set_enabled(action in legal)
            button.setVisible(True)
            x += w + gap
    mark_buttons(buttons, state, focus)


def mark_buttons(buttons: dict[str, ButtonItem], state: TableState, focus: object) -> None:
    """The keyboard focus and the hint on the visible buttons."""
    hint = state.hint
    for key, button in buttons.items():
        if not button.isVisible():
            continue
        hinted = False
        if hint is not None:
            if key.startswith("call_"):
                hinted = hint.kind is ActionKind.CALL and hint.suit is not None and key[-1] == hint.suit.letter
            elif key == "alone":
                hinted = hint.kind is ActionKind.CALL and hint.alone
            else:
                hinted = button_action(key, False) == hint
        button.set_marks(focused=focus == key, hinted=hinted)
