"""Fixtures for the desktop program's tests: a private config and data folder per test,
a window at instant speed, and helpers that click things where they are drawn."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, QPoint, Qt, SignalInstance, Slot
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from euchre_qt.app.storage.settings import Settings, SettingsStore
from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Action, Game, Phase
from euchre_qt.engine.actions import ActionKind
from euchre_qt.engine.rules import OPTIONS_BY_NAME

SETTLED = (Stage.HUMAN, Stage.TRICK, Stage.HAND_OVER, Stage.GAME_OVER)


@pytest.fixture(autouse=True)
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    cfg, data = tmp_path / "config", tmp_path / "data"
    monkeypatch.setenv("EUCHRE_QT_CONFIG_DIR", str(cfg))
    monkeypatch.setenv("EUCHRE_QT_DATA_DIR", str(data))
    return {"config": cfg, "data": data}


@pytest.fixture(autouse=True)
def no_helper_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Heavy players decide in the worker thread here (one test covers the helper process)."""
    from euchre_qt.app.thinking import thinker

    monkeypatch.setattr(thinker, "USE_HELPER", False)


@pytest.fixture(autouse=True)
def fail_on_uncaught(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Any exception that reaches sys.excepthook (a slot, a timer, a worker) fails the test."""
    caught: list[Any] = []

    def hook(kind: Any, value: Any, tb: Any) -> None:
        caught.append((kind, value))
        sys.__excepthook__(kind, value, tb)

    monkeypatch.setattr(sys, "excepthook", hook)
    yield caught
    assert not caught, f"uncaught exceptions: {caught}"


@pytest.fixture
def make_window(qtbot: Any, private_folders: dict[str, Path]) -> Callable[..., Any]:
    from euchre_qt.app.window.main_window import MainWindow

    def make(seed: int = 1, resume: bool = False, size: tuple[int, int] = (1024, 720), **changes: Any) -> MainWindow:
        store = SettingsStore(private_folders["config"])
        base: dict[str, Any] = {"speed": 0, "player_west": "novice", "player_north": "novice", "player_east": "novice"}
        base.update(changes)
        rules = {name: base.pop(name) for name in list(base) if name in OPTIONS_BY_NAME}  # a rule option by name
        store.save(replace(store.settings, rules=replace(store.settings.rules, **rules), **base))
        window = MainWindow(store, private_folders["data"], resume=resume, seed=seed)
        window.opened = []  # type: ignore[attr-defined]

        def run_dialog(dialog: Any) -> int:
            window.opened.append(dialog)  # type: ignore[attr-defined]
            return 0

        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        window.build()
        window.dialogs.run_dialog = run_dialog  # type: ignore[method-assign]
        qtbot.waitUntil(lambda: window.controller.game is not None)
        return window

    return make


class Arrivals(QObject):
    """Counts the worker's answers as they reach the GUI thread, each after the controller has had it."""

    def __init__(self, answered: SignalInstance) -> None:
        super().__init__()
        self.count = 0
        answered.connect(self._arrived)

    @Slot(object)
    def _arrived(self, _answer: object) -> None:
        self.count += 1


def settle(qtbot: Any, window: Any, timeout: int = 10000) -> Stage:
    """Wait (on the controller's ``changed`` signal) until the table waits for someone."""
    c = window.controller
    deadline = time.monotonic() + timeout / 1000
    while c.stage not in SETTLED:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"the table never settled (stage {c.stage})"
        with qtbot.waitSignal(c.changed, timeout=int(remaining * 1000) + 1, raising=False):
            pass
    return c.stage  # type: ignore[no-any-return]


def view_point(window: Any, item: QGraphicsItem, x_frac: float = 0.5, y_frac: float = 0.5) -> QPoint:
    r = item.sceneBoundingRect()
    point: QPoint = window.view.mapFromScene(r.left() + r.width() * x_frac, r.top() + r.height() * y_frac)
    return point


def click_item(
    qtbot: Any, window: Any, item: QGraphicsItem, button: Qt.MouseButton = Qt.MouseButton.LeftButton
) -> None:
    """Click ``item`` where it is drawn (a card's uncovered left part; a button's middle)."""
    from euchre_qt.app.table.card_item import CardItem

    x_frac = 0.3 if isinstance(item, CardItem) else 0.5
    qtbot.mouseClick(window.view.viewport(), button, pos=view_point(window, item, x_frac, 0.5))


def button_for(window: Any, action: Action) -> list[str]:
    """The buttons to press, in order, for a bidding action."""
    kind = action.kind
    if kind is ActionKind.PASS:
        phase = window.controller.game.hand.phase
        return ["keep"] if phase is Phase.FARMER else ["pass"]
    if kind is ActionKind.ORDER_UP:
        return ["order_alone"] if action.alone else ["order"]
    if kind is ActionKind.CALL:
        assert action.suit is not None
        keys = [f"call_{action.suit.letter}"]
        toggle = window.scene.alone_toggle != action.alone
        return (["alone"] if toggle else []) + keys
    if kind is ActionKind.DEFEND_ALONE:
        return ["defend_alone"]
    if kind is ActionKind.THROW_IN:
        return ["throw_in"]
    raise AssertionError(action)


def play_by_clicking(qtbot: Any, window: Any, action: Action) -> None:
    """Make a person's move with the mouse: click the card, or the bidding buttons."""
    if action.card is not None:
        click_item(qtbot, window, window.scene.cards[action.card])
        return
    for key in button_for(window, action):
        button = window.scene.buttons[key]
        assert button.isVisible() and button.enabled, f"button {key} not available for {action}"
        click_item(qtbot, window, button)


def play_game_by_clicking(qtbot: Any, window: Any, rng: random.Random, max_moves: int = 2000) -> int:
    """Play to the end by clicking; returns the number of moves made by the person."""
    c = window.controller
    moves = 0
    for _ in range(max_moves):
        stage = settle(qtbot, window)
        if stage is Stage.GAME_OVER:
            return moves
        if stage is Stage.HUMAN:
            before = len(c.game.actions)
            action = rng.choice(c.game.legal_actions())
            play_by_clicking(qtbot, window, action)
            assert len(c.game.actions) == before + 1, f"clicking for {action} did nothing"
            assert c.game.actions[-1] == action
            moves += 1
        else:
            continue_by_clicking(qtbot, window)
    raise AssertionError("the game did not finish")


def continue_by_clicking(qtbot: Any, window: Any) -> None:
    """Continue (a finished trick, the hand's result): the button if there is one, else a right click."""
    button = window.scene.buttons["continue"]
    if button.isVisible():
        click_item(qtbot, window, button)
    else:
        qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton, pos=QPoint(20, 300))


def advance(
    qtbot: QtBot,
    window: Any,
    until: Callable[[], object],
    rng: random.Random | None = None,
    limit: int = 3000,
    new_games: bool = False,
    choose: Callable[[Game, tuple[Action, ...], random.Random], Action] | None = None,
) -> None:
    """Make random legal moves (and continue) until ``until()`` holds."""
    rng = rng or random.Random(0)
    c = window.controller
    for _ in range(limit):
        stage = settle(qtbot, window)
        if until():
            return
        if stage is Stage.HUMAN:
            legal = c.game.legal_actions()
            c.act(choose(c.game, legal, rng) if choose else rng.choice(legal))
        elif stage is Stage.GAME_OVER:
            if not new_games:
                raise AssertionError("game over before the condition held")
            c.new_game(seed=rng.randrange(2**31))  # the same deals every run (a new game's own seed is random)
        else:
            c.continue_()
    raise AssertionError("condition never held")


__all__ = [
    "Arrivals",
    "Settings",
    "advance",
    "click_item",
    "play_by_clicking",
    "play_game_by_clicking",
    "settle",
    "view_point",
]
