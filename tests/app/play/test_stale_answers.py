"""A computer player's answer goes out and comes back with the session's ticket it was asked
in, and is dropped unless that is the session's ticket still. In each case here West is
asked, the table is taken back or started again or play is called off, and West is asked
again at the very same position (the same cards, the same moves made): only the ticket
tells the first answer, now stale, from the second. The first must change nothing (no
move, no thinking time counted, no note); the second makes West's move."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from euchre_qt.app.play import seating
from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Game, Seat
from euchre_qt.engine.actions import PASS
from euchre_qt.engine.ai import Decision
from euchre_qt.engine.view import SeatView

from ..conftest import Arrivals, settle

# West deals: you at South bid first, then West
SEED = next(s for s in range(100) if Game(seed=s).turn is Seat.SOUTH)


class Turnstile:
    """Computer players that answer one question each time the test lets one through."""

    def __init__(self) -> None:
        self.through = threading.Semaphore(0)
        self.asked = 0  # the questions reached (in the worker thread)
        self.name = "turnstile"
        self.sees_all = False

    def decide(self, view: SeatView) -> Decision:
        self.asked += 1
        self.through.acquire(timeout=60)
        return Decision(view.legal_actions[0], "the first move allowed")

    def choose(self, view: SeatView) -> Any:
        return self.decide(view).action


def _south_passes(qtbot: Any, window: Any) -> None:
    c = window.controller
    assert settle(qtbot, window) is Stage.HUMAN and c.game.turn is Seat.SOUTH
    assert c.act(PASS) is None


def _undo(qtbot: Any, window: Any) -> None:
    assert window.controller.undo_move()
    _south_passes(qtbot, window)


def _new_game(qtbot: Any, window: Any) -> None:
    window.controller.new_game(seed=SEED)
    _south_passes(qtbot, window)


def _load(qtbot: Any, window: Any) -> None:
    c = window.controller
    c.start(Game.from_json(c.game.to_json()))  # (a table of its own: its tickets are new)


def _new_players(qtbot: Any, window: Any) -> None:
    window.controller.players_changed()  # (the same table: its ticket moves on)


def _recorded_game_shown(qtbot: Any, window: Any) -> None:
    c = window.controller
    c.pause()
    c.resume()


AGAIN: dict[str, Callable[[Any, Any], None]] = {
    "undo": _undo,
    "new game": _new_game,
    "load": _load,
    "new players": _new_players,
    "a recorded game shown": _recorded_game_shown,
}


@pytest.mark.parametrize("again", list(AGAIN))
def test_an_answer_to_a_request_the_table_moved_past_is_dropped(
    qtbot: Any, make_window: Any, monkeypatch: pytest.MonkeyPatch, again: str
) -> None:
    players = Turnstile()
    monkeypatch.setattr(seating, "make_player", lambda kind, seed, think_ms=None: players)
    window = make_window(seed=SEED)
    c = window.controller
    arrived = Arrivals(c.think_thread.answered)
    try:
        _south_passes(qtbot, window)
        qtbot.waitUntil(lambda: players.asked == 1, timeout=30000)  # West thinks
        made, west_sees = list(c.game.actions), c.session.view(Seat.WEST)

        AGAIN[again](qtbot, window)
        qtbot.waitUntil(lambda: c.stage is Stage.THINKING and c.thinking_seat is Seat.WEST, timeout=30000)
        assert c.game.actions == made and c.session.view(Seat.WEST) == west_sees  # the very same position

        players.through.release()  # the first answer: stale
        qtbot.waitUntil(lambda: arrived.count == 1, timeout=30000)
        assert c.game.actions == made and c.stage is Stage.THINKING
        assert c.computer.times == [] and not any("could not decide" in text for _, text in window.notices.messages)

        players.through.release()  # the answer to the table's request now: West's move
        qtbot.waitUntil(lambda: len(c.game.actions) == len(made) + 1, timeout=30000)
        assert c.game.actions[-1] == west_sees.legal_actions[0] and len(c.computer.times) == 1
    finally:
        players.through.release(20)  # (nobody is left waiting in the worker thread)
