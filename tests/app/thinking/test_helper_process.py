"""Heavy computer players decide in a helper process: same answers, and the window
keeps its GUI thread to itself."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from euchre_qt.app.table.state import Stage
from euchre_qt.app.thinking import thinker
from euchre_qt.engine import Game, Seat, SeatView
from euchre_qt.engine.ai import Decision, make_player
from euchre_qt.helper_process.players import Spec
from euchre_qt.session.wording import reason_text


@pytest.fixture
def helper(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(thinker, "USE_HELPER", True)
    yield
    thinker.shutdown()


def test_the_helper_answers_like_the_player_itself(helper: None) -> None:
    game = Game(seed=12)
    stop = threading.Event()
    spec = ("advanced", 5, None)  # no time cap: the search is deterministic
    for _ in range(6):
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        remote = thinker.decide(spec, view, stop)
        assert remote is not None
        local = make_player("advanced", seed=5).decide(view)
        assert remote.action == local.action
        game.apply(remote.action)


def test_advanced_seats_play_through_the_helper(
    qtbot: QtBot, make_window: Callable[..., Any], helper: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from euchre_qt.app.play import controller

    monkeypatch.setattr(controller, "THINK_MS", None)  # deterministic: each answer is checked against the player here
    answered: list[tuple[Spec, SeatView, Decision | None]] = []
    real_decide = thinker.decide

    def spy(spec: Spec, view: SeatView, stop: threading.Event, timeout_s: float = 60.0) -> Decision | None:
        decision = real_decide(spec, view, stop, timeout_s)
        answered.append((spec, view, decision))
        return decision

    monkeypatch.setattr(thinker, "decide", spy)
    window = make_window(seed=9, player_west="advanced", player_east="advanced")
    c = window.controller
    assert isinstance(c.seating.player_for(Seat.WEST), thinker.HelperPlayer)
    c.set_autoplay(True)
    qtbot.waitUntil(lambda: len(c.computer.times) >= 6, timeout=30000)
    from_the_helper = [(spec, view, decision) for spec, view, decision in list(answered) if spec[0] == "advanced"]
    assert from_the_helper  # West and East asked the helper
    for spec, view, decision in from_the_helper:
        assert decision is not None and decision.action == make_player("advanced", seed=spec[1]).decide(view).action
    game = c.game
    again = Game.replay(game.rules, game.seed, game.first_dealer, game.actions)
    assert str(again.hand) == str(game.hand)
    # closing while the helper thinks does not wait for it
    qtbot.waitUntil(lambda: c.stage is Stage.THINKING, timeout=10000)
    window.close()
    assert c.think_thread.finished


def test_the_hint_is_worked_out_in_the_helper(
    qtbot: QtBot, make_window: Callable[..., Any], helper: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from euchre_qt.app.play import controller
    from euchre_qt.engine.ai.hint import hint

    monkeypatch.setattr(controller, "THINK_MS", None)  # deterministic: compare with the hint made here
    asked: list[Spec] = []
    real_decide = thinker.decide

    def spy(spec: Spec, view: SeatView, stop: threading.Event, timeout_s: float = 60.0) -> Decision | None:
        asked.append(spec)
        return real_decide(spec, view, stop, timeout_s)

    monkeypatch.setattr(thinker, "decide", spy)
    window = make_window(seed=6)
    c = window.controller
    qtbot.waitUntil(lambda: c.stage is Stage.HUMAN, timeout=10000)
    window.menus.act_hint.trigger()
    qtbot.waitUntil(lambda: c.hint_action is not None, timeout=30000)
    assert asked and asked[-1][0] == "hint"
    expected = hint(c.game.view(c.game.turn))
    assert (c.hint_action, c.hints.reason) == (expected.action, reason_text(expected.reason))


# The window with three Advanced seats playing on its own for a few moves; then which
# search modules its own process holds. Run in a fresh process: this one has them all.
WINDOW_PROCESS = textwrap.dedent(
    """
    import os, sys
    from dataclasses import replace
    from pathlib import Path
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from euchre_qt.app.window.main_window import MainWindow
    from euchre_qt.app.storage.settings import SettingsStore
    store = SettingsStore(Path(os.environ["EUCHRE_QT_CONFIG_DIR"]))
    seats = {f"player_{s}": "advanced" for s in ("west", "north", "east")}
    store.save(replace(store.settings, speed=0, **seats))
    w = MainWindow(store, Path(os.environ["EUCHRE_QT_DATA_DIR"]), resume=False, seed=9)
    w.show()
    w.build()
    def check():
        c = w.controller
        if c.game is not None and not c.autoplay:
            c.set_autoplay(True)
        if len(c.computer.times) >= 8:
            app.quit()
    t = QTimer(); t.timeout.connect(check); t.start(20)
    QTimer.singleShot(60000, app.quit)
    app.exec()
    print("MOVES", len(w.controller.computer.times))
    print("LOADED", [m for m in ("euchre_qt.engine.ai._search", "euchre_qt.engine.ai.core") if m in sys.modules])
    """
)


def test_the_window_never_loads_the_search_core(private_folders: dict[str, Path]) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-c", WINDOW_PROCESS], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = dict(line.split(" ", 1) for line in proc.stdout.splitlines() if " " in line)
    assert int(out["MOVES"]) >= 8, proc.stdout  # the Advanced seats thought, in the helper process
    assert out["LOADED"] == "[]"
