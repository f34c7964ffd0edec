"""The whole game from the keyboard, and what a screen reader is told (U14)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from pytestqt.qtbot import QtBot

from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Action, Game, Phase
from euchre_qt.engine.actions import ActionKind
from euchre_qt.session.wording import card_name

from ..conftest import advance, click_item, settle

K = Qt.Key
SUIT_KEY = {"C": K.Key_C, "D": K.Key_D, "H": K.Key_H, "S": K.Key_S}


def keys_for(window: Any, action: Action) -> list[tuple[Qt.Key, Qt.KeyboardModifier]]:
    """The key presses that make ``action`` (cards by arrow keys and Enter)."""
    kind = action.kind
    if kind is ActionKind.PASS:
        return [(K.Key_P, Qt.KeyboardModifier.NoModifier)]
    if kind is ActionKind.ORDER_UP:
        return [(K.Key_A if action.alone else K.Key_O, Qt.KeyboardModifier.NoModifier)]
    if kind is ActionKind.CALL:
        mod = Qt.KeyboardModifier.ShiftModifier if action.alone else Qt.KeyboardModifier.NoModifier
        assert action.suit is not None
        return [(SUIT_KEY[action.suit.letter], mod)]
    if kind is ActionKind.DEFEND_ALONE:
        return [(K.Key_A, Qt.KeyboardModifier.NoModifier)]
    if kind is ActionKind.THROW_IN:
        return [(K.Key_T, Qt.KeyboardModifier.NoModifier)]
    raise AssertionError(action)


def test_whole_game_from_the_keyboard(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=314, trick_clearing="click")
    view, scene, c = window.view, window.scene, window.controller
    rng = random.Random(8)
    for _ in range(3000):
        stage = settle(qtbot, window)
        if stage is Stage.GAME_OVER:
            break
        if stage is not Stage.HUMAN:
            qtbot.keyClick(view, K.Key_Space)
            continue
        action = rng.choice(c.game.legal_actions())
        n = len(c.game.actions)
        if action.card is not None:
            key = K.Key_Right if rng.random() < 0.5 else K.Key_Tab
            for _ in range(8):
                if scene.keyboard.focus_key is action.card:
                    break
                qtbot.keyClick(view, key)
            assert scene.keyboard.focus_key is action.card
            assert scene.keyboard.focus_name().startswith(card_name(action.card, c.game.hand.trump))
            qtbot.keyClick(view, K.Key_Return)
        else:
            for key, mod in keys_for(window, action):
                qtbot.keyClick(view, key, mod)
        assert len(c.game.actions) == n + 1 and c.game.actions[-1] == action, action
    assert c.stage is Stage.GAME_OVER
    # Enter on the focused New Game button starts the next game
    qtbot.keyClick(view, K.Key_Tab)
    assert scene.keyboard.focus_key == "new_game"
    finished = c.game
    qtbot.keyClick(view, K.Key_Return)
    settle(qtbot, window)
    # a game of its own from 0-0 (its first hand may be over already: North alone, South sitting out)
    assert c.game is not finished and c.game.start_scores == (0, 0)


def test_number_keys_play_the_nth_card_and_bid_buttons_take_focus(
    qtbot: QtBot, make_window: Callable[..., Any]
) -> None:
    window = make_window(seed=5)
    view, scene, c = window.view, window.scene, window.controller
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.BIDDING_1)
    qtbot.keyClick(view, K.Key_Tab)
    assert scene.keyboard.focus_key == "pass" and "Pass" in scene.keyboard.focus_name()
    qtbot.keyClick(view, K.Key_Right)
    assert scene.keyboard.focus_key == "order"
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY)
    seat = c.human_seat
    cards = sorted((i for i in scene.cards.values() if i.isVisible() and i.data(1) == int(seat)), key=lambda i: i.x())
    legal = {a.card for a in c.game.legal_actions()}
    index = next(i for i, item in enumerate(cards) if item.card in legal)
    n = len(c.game.actions)
    qtbot.keyClick(view, getattr(K, f"Key_{index + 1}"))
    assert c.game.actions[n].card is cards[index].card


def test_screen_readers_see_the_cards_and_buttons(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=5)
    view, scene, c = window.view, window.scene, window.controller
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface is not None and iface.text(QAccessible.Text.Name) == "Card table"
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.BIDDING_1)
    names = [iface.child(i).text(QAccessible.Text.Name) for i in range(iface.childCount())]
    assert "Pass" in names and ("Order up" in names or "Pick it up" in names)
    assert any(name.startswith("up-card") for name in names)
    button = next(
        iface.child(i) for i in range(iface.childCount()) if iface.child(i).text(QAccessible.Text.Name) == "Pass"
    )
    assert button.role() == QAccessible.Role.PushButton and iface.indexOfChild(button) >= 0
    assert "up-card" in iface.text(QAccessible.Text.Description).lower() or "Up-card" in iface.text(
        QAccessible.Text.Description
    )
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY)
    hand = c.game.hand.hands[c.human_seat]
    mine = next(iface.child(i) for i in range(iface.childCount()) if iface.child(i).role() == QAccessible.Role.List)
    names = [mine.child(i).text(QAccessible.Text.Name) for i in range(mine.childCount())]
    for card in hand:
        assert any(name.startswith(card_name(card, c.game.hand.trump)) for name in names)
    assert any(name.endswith(", playable") for name in names)
    # the description: the table's facts (the hand is the list, each move is announced)
    assert "Trump is" in iface.text(QAccessible.Text.Description)
    qtbot.keyClick(view, K.Key_Right)
    focus = iface.focusChild()
    assert focus is not None and focus.text(QAccessible.Text.Name) == scene.keyboard.focus_name()
    assert focus.state().focused and not focus.rect().isEmpty()
    # every menu action and widget has a name
    for action in (
        window.menus.act_new,
        window.menus.act_autoplay,
        window.menus.act_undo,
        window.menus.act_hint,
        window.menus.act_options,
    ):
        assert action.text().replace("&", "")


def _pass_when_allowed(game: Game, legal: tuple[Action, ...], rng: random.Random) -> Action:
    return next((a for a in legal if a.kind is ActionKind.PASS), rng.choice(legal))


def test_clicking_alone_puts_the_focus_and_its_mark_there(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    """The focus ring is where Enter acts: a click on Alone moves both onto Alone."""
    window = make_window(seed=5)
    view, scene, c = window.view, window.scene, window.controller
    alone = scene.buttons["alone"]
    advance(
        qtbot,
        window,
        lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.BIDDING_2 and alone.enabled,
        choose=_pass_when_allowed,
        new_games=True,
    )
    qtbot.keyClick(view, K.Key_Tab)
    first = scene.buttons[scene.keyboard.focus_key]  # a suit to call
    assert first is not alone and first.focused and not alone.focused
    click_item(qtbot, window, alone)
    assert scene.alone_toggle and alone.checked
    assert scene.keyboard.focus_key == "alone" and alone.focused and not first.focused
    assert scene.keyboard.focus_name() == "Alone, on"
    qtbot.keyClick(view, K.Key_Return)  # Enter acts where the ring is: Alone, off again
    assert not scene.alone_toggle and not alone.checked and alone.focused
