"""Random input, threads and signals: nothing a person does breaks the program."""

from __future__ import annotations

import gc
import json
import os
import random
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, QPoint, Qt, Signal, Slot
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from euchre_qt.app.play import computer_turn, seating
from euchre_qt.app.table.button_item import ButtonItem
from euchre_qt.app.table.card_item import CardItem
from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Action, Game, Phase, Seat, SeatView
from euchre_qt.engine.ai import Decision
from euchre_qt.engine.ai.stand_in import stand_in_move

from ..conftest import Arrivals, settle, view_point

KEYS = [
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Up,
    Qt.Key.Key_Down,
    Qt.Key.Key_Tab,
    Qt.Key.Key_Backtab,
    Qt.Key.Key_Return,
    Qt.Key.Key_Enter,
    Qt.Key.Key_Space,
    Qt.Key.Key_Escape,
    Qt.Key.Key_P,
    Qt.Key.Key_O,
    Qt.Key.Key_A,
    Qt.Key.Key_C,
    Qt.Key.Key_D,
    Qt.Key.Key_H,
    Qt.Key.Key_S,
    Qt.Key.Key_T,
    Qt.Key.Key_1,
    Qt.Key.Key_3,
    Qt.Key.Key_5,
    Qt.Key.Key_6,
    Qt.Key.Key_X,
]


def check_invariants(window: Any) -> None:
    c = window.controller
    game = c.game
    again = Game.replay(game.rules, game.seed, game.first_dealer, game.actions)
    assert str(again.hand) == str(game.hand) and again.scores == game.scores
    scene = window.scene
    if c.stage is Stage.HUMAN:
        seat = c.human_seat
        assert seat is not None and game.turn is seat and c.is_person(seat)
        legal = set(game.legal_actions())
        if not scene.animating:
            held = set(game.hand.hands[seat])
            shown = {i.card for i in scene.cards.values() if i.isVisible() and i.data(1) == int(seat)}
            assert shown == held
            for item in scene.cards.values():
                if item.playable:
                    assert c.card_action(item.card) in legal
    if c.stage is Stage.THINKING:
        assert c.thinking_seat is game.turn
    # what is on show never contradicts the engine: no card drawn twice in two places
    visible = [i for i in scene.cards.values() if i.isVisible()]
    assert len(visible) <= game.rules.deck_size


def test_thousands_of_random_clicks_and_keys(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=99, trick_clearing="click", player_north="person", quickplay=True)
    settle(qtbot, window)
    rng = random.Random(2024)
    view = window.view
    vp = view.viewport()
    menu = [
        window.menus.act_undo,
        window.menus.act_show_cards,
        window.menus.act_hint,
        window.menus.act_autoplay,
        window.menus.act_last_trick,
    ]
    moves_before = 0
    for step in range(2000):
        r = rng.random()
        if r < 0.45:
            targets = [
                i
                for i in window.scene.items()
                if i.isVisible() and isinstance(i, CardItem | ButtonItem) and i.sceneBoundingRect().width() > 0
            ]
            if targets:
                item = rng.choice(targets)
                qtbot.mouseClick(
                    vp,
                    Qt.MouseButton.LeftButton,
                    pos=view_point(window, item, rng.uniform(0.05, 0.6), rng.uniform(0.1, 0.9)),
                )
        elif r < 0.6:
            button = Qt.MouseButton.RightButton if rng.random() < 0.3 else Qt.MouseButton.LeftButton
            qtbot.mouseClick(vp, button, pos=QPoint(rng.randrange(vp.width()), rng.randrange(vp.height())))
        elif r < 0.985:
            key = rng.choice(KEYS)
            mods = Qt.KeyboardModifier.ShiftModifier if rng.random() < 0.1 else Qt.KeyboardModifier.NoModifier
            qtbot.keyClick(view, key, mods)
        else:
            rng.choice(menu).trigger()
        QApplication.processEvents()
        if step % 100 == 0:
            check_invariants(window)
    qtbot.waitUntil(lambda: not window.scene.animating, timeout=5000)
    check_invariants(window)
    assert len(window.controller.game.actions) + len(window.controller.game.records) > moves_before
    window.controller.set_autoplay(False)


class _Gate:
    """A computer player whose first decision waits until the test opens the gate."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.done = threading.Event()
        self.calls = 0
        self.name = "gate"
        self.sees_all = False

    def decide(self, view: SeatView) -> Decision:
        self.calls += 1
        if self.calls == 1:
            self.open.wait(10)
            self.done.set()
        return Decision(view.legal_actions[0], "first legal")

    def choose(self, view: SeatView) -> Action:
        return self.decide(view).action


def _first_turn_is_computer(seed: int) -> bool:
    return Game(seed=seed).turn is not Seat.SOUTH


def test_a_stale_answer_after_new_game_is_dropped(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = _Gate()
    monkeypatch.setattr(seating, "make_player", lambda kind, seed, think_ms=None: gate)
    seed = next(s for s in range(100) if _first_turn_is_computer(s))
    window = make_window(seed=seed)
    c = window.controller
    qtbot.waitUntil(lambda: c.stage is Stage.THINKING)
    qtbot.waitUntil(lambda: gate.calls == 1)  # the worker thread has the question
    arrived = Arrivals(c.think_thread.answered)
    human_first = next(s for s in range(100) if not _first_turn_is_computer(s))
    c.new_game(seed=human_first)
    settle(qtbot, window)
    assert c.stage is Stage.HUMAN and c.game.actions == []
    gate.open.set()
    qtbot.waitUntil(lambda: arrived.count == 1)  # the stale answer reached the controller first
    assert c.game.actions == [] and c.stage is Stage.HUMAN
    assert c.computer.times == []  # the old game's answer was not used


def test_closing_the_window_while_a_computer_thinks_exits_cleanly(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = _Gate()
    monkeypatch.setattr(seating, "make_player", lambda kind, seed, think_ms=None: gate)
    seed = next(s for s in range(100) if _first_turn_is_computer(s))
    window = make_window(seed=seed)
    c = window.controller
    qtbot.waitUntil(lambda: gate.calls == 1)  # the worker thread is in the "long think"
    stop = c.think_thread.stop

    def think_ends_as_the_close_waits() -> None:
        gate.open.set()
        stop()

    monkeypatch.setattr(c.think_thread, "stop", think_ends_as_the_close_waits)
    window.close()
    assert gate.done.is_set() and c.think_thread.finished  # the thread ended; none was left running
    QApplication.processEvents()  # the late answer, if queued, is harmless


def test_a_failing_computer_player_does_not_stop_the_game(
    qtbot: QtBot,
    make_window: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    private_folders: dict[str, Path],
) -> None:
    class Broken:
        name = "broken"
        sees_all = False

        def decide(self, view: SeatView) -> Decision:
            raise RuntimeError("deliberately broken")

    stood_in: list[object] = []  # the moves the stand-in made, in order

    def stand_in(view: SeatView, seed: int) -> Decision:
        decision = stand_in_move(view, seed)
        stood_in.append(decision.action)
        return decision

    monkeypatch.setattr(seating, "make_player", lambda kind, seed, think_ms=None: Broken())
    monkeypatch.setattr(computer_turn, "stand_in_move", stand_in)
    window = make_window(seed=1)
    c = window.controller
    qtbot.waitUntil(lambda: any("could not decide" in text for _, text in window.notices.messages), timeout=5000)
    settle(qtbot, window)
    assert c.game.actions or c.stage is Stage.HUMAN

    def computers_moves() -> list[object]:
        return [a for a, seat in zip(c.game.actions, c.game.movers(), strict=True) if seat is not Seat.SOUTH]

    # every computer move is the stand-in's (a Novice's, tests/ai/test_stand_in.py), not the first allowed
    qtbot.waitUntil(lambda: len(computers_moves()) == len(stood_in), timeout=5000)
    assert stood_in and computers_moves() == stood_in
    said = " ".join(text for _, text in window.notices.messages)
    assert "RuntimeError" not in said and "deliberately" not in said  # that is for the log
    assert "deliberately broken" in (private_folders["data"] / "problems.log").read_text()


class _Emitter(QObject):
    flag = Signal(bool)
    payload = Signal(object)


class _Receiver(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    @Slot(bool)
    def on_flag(self, value: bool) -> None:
        self.count += value

    @Slot(object)
    def on_payload(self, value: object) -> None:
        self.count += 1


def test_emitting_signals_does_not_leak_references_to_true(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    """PySide6 6.12.0 dropped a reference to True on every emit, and crashed (bool_dealloc)
    after a few hundred: the installed PySide6 must not do that."""
    emitter, receiver = _Emitter(), _Receiver()
    emitter.flag.connect(receiver.on_flag)
    emitter.payload.connect(receiver.on_payload)
    window = make_window(seed=1)
    settle(qtbot, window)
    gc.collect()
    before = sys.getrefcount(True)
    for _ in range(3000):
        emitter.flag.emit(True)
        emitter.payload.emit(True)
        window.scene.keyboard.focus_changed.emit("")
        window.controller.changed.emit()
    gc.collect()
    after = sys.getrefcount(True)
    assert receiver.count == 6000
    assert abs(after - before) < 100, (before, after)


def test_quickplay_plays_the_only_legal_card(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=17, quickplay=True)
    c = window.controller
    rng = random.Random(5)
    for _ in range(3000):
        stage = settle(qtbot, window)
        if stage is Stage.HUMAN:
            assert not (c.game.hand.phase is Phase.PLAY and len(c.game.legal_actions()) == 1 and not c.delay.waiting)
            c.act(rng.choice(c.game.legal_actions()))
        elif stage is Stage.GAME_OVER:
            return
        else:
            c.continue_()


def test_files_are_written_in_order_off_the_gui_thread(tmp_path: Path, qtbot: QtBot) -> None:
    import threading

    from euchre_qt.app.storage.writer import BackgroundWriter

    writer = BackgroundWriter()
    where: list[str] = []
    out = tmp_path / "out.txt"

    def job(i: int) -> Callable[[], None]:
        def write() -> None:
            where.append(threading.current_thread().name)
            with open(out, "a", encoding="utf-8") as fh:
                fh.write(f"{i}\n")

        return write

    for i in range(20):
        writer.submit(job(i))
    assert writer.flush()
    assert out.read_text().split() == [str(i) for i in range(20)]
    assert set(where) == {"euchre-files"}
    # a failure is reported (on the GUI thread), and the writer goes on
    with qtbot.waitSignal(writer.failed, timeout=5000) as failed:
        writer.submit(lambda: "The disk is full.")
    assert failed.args == ["The disk is full."]
    writer.submit(job(20))
    assert writer.flush() and out.read_text().split()[-1] == "20"


def test_ctrl_c_and_sigterm_close_the_window_and_keep_the_game(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    from euchre_qt.app.window.signals import SignalCloser

    for sig in (signal.SIGINT, signal.SIGTERM):
        window = make_window(seed=77)
        c = window.controller
        while settle(qtbot, window) is Stage.HUMAN and len(c.game.actions) < 4:
            c.act(c.game.legal_actions()[0])  # a game with moves in it, to be kept
        assert c.game.actions
        closer = SignalCloser(window)
        try:
            os.kill(os.getpid(), sig)  # Qt's loop wakes for it: no mouse move needed

            def closed(w: Any = window) -> bool:
                return not w.isVisible()

            qtbot.waitUntil(closed, timeout=5000)
        finally:
            closer.restore()
        save = json.loads((private_folders["data"] / "autosave.json").read_text())
        assert save["actions"] == [str(a) for a in window.controller.game.actions]
