"""Helper processes for the window and the server: calls spread over up to ``size`` of them,
one killed is replaced, one asked to end ends at once."""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from euchre_qt.engine import Game
from euchre_qt.engine.ai import make_player
from euchre_qt.helper_process import players
from euchre_qt.helper_process.helpers import Helpers
from euchre_qt.helper_process.process import Unavailable


def _pid_after(seconds: float) -> int:
    time.sleep(seconds)  # busy long enough for a second call to need another helper
    return os.getpid()


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "gone"


def _wait_for(condition: Callable[[], bool], timeout_s: float = 60.0) -> None:
    give_up = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < give_up, "the condition never came"
        time.sleep(0.01)


@pytest.fixture
def helpers() -> Iterator[Helpers]:
    made = Helpers(2)
    yield made
    made.end()


def test_calls_at_once_go_to_different_helpers_up_to_the_size(helpers: Helpers) -> None:
    calls = [helpers.submit(_pid_after, 0.5) for _ in range(3)]
    pids = [call.get(timeout_s=60) for call in calls]
    assert len(set(pids)) == 2  # two helpers, the third call queued behind one of them
    assert os.getpid() not in pids


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_a_helper_killed_while_it_waits_is_replaced_by_the_next_call(helpers: Helpers) -> None:
    first = helpers.submit(os.getpid).get(timeout_s=60)
    os.kill(first, signal.SIGKILL)
    _wait_for(lambda: _state(first) in ("Z", "gone"))  # as killed while it waited for work
    second = helpers.submit(os.getpid).get(timeout_s=60)
    assert second != first


def test_a_helper_that_cannot_start_makes_them_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre_qt.helper_process import helpers as module

    def refuse(**_: object) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(module, "HelperProcess", refuse)
    with pytest.raises(Unavailable):
        Helpers(1).submit(os.getpid)


def test_a_player_decides_in_a_helper_as_it_does_here(helpers: Helpers) -> None:
    game = Game(seed=4)
    here = make_player("novice", seed=7)
    for _ in range(8):
        turn = game.turn
        assert turn is not None
        view = game.view(turn)
        answer = helpers.submit(players.decide, ("novice", 7, None), view).get(timeout_s=60)
        assert answer.action == here.decide(view).action  # the helper's player runs on as this one does
        game.apply(answer.action)
