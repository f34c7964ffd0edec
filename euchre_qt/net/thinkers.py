"""Computer players of network tables think here: in worker processes sized to the cores,
started by a fork server and gone with the server, never in the event loop."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from typing import Any

from ..engine import Action, SeatView
from ..engine.ai.player import Decision
from ..engine.ai.registry import make_player
from ..session.seats import Think

log = logging.getLogger("euchre_qt.net")

_WORKER_PLAYERS: dict[tuple[str, int], Any] = {}


def _decide(player: str, seed: int, view: SeatView) -> str:
    """In a worker process: the computer player's move for ``view``, as its text."""
    key = (player, seed)
    if key not in _WORKER_PLAYERS:
        _WORKER_PLAYERS[key] = make_player(player, seed=seed)
    return str(_WORKER_PLAYERS[key].decide(view).action)


def _start_worker(server: int) -> None:
    """In a new worker: yield the CPU to the server's event loop (a table of people waits on
    the loop, never on a thought), and end once the server's process is gone (killed, it cannot say so)."""
    with contextlib.suppress(OSError):  # not allowed here: think at the server's priority
        os.nice(10)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # a new process with the server's number: the server is gone
                os._exit(0)

    threading.Thread(target=watch, name="leave-with-server", daemon=True).start()


class Thinkers:
    """The process pool computer players think in (one worker per core by default)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        # "forkserver": a worker is not a fork of the server, so it holds none of its sockets (a
        # worker outliving a killed server would keep its port); each leaves when the server is gone
        self._pool = concurrent.futures.ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("forkserver"),
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )

    def think_for(self, player: str, seed: int) -> Think:
        """A ``ComputerSeat`` think function: starts the thought in the pool and returns at once."""

        def think(view: SeatView, done: Callable[[Decision], None]) -> None:
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self._pool, _decide, player, seed, view)

            def finished(f: asyncio.Future[str]) -> None:
                try:
                    action = Action.parse(f.result())
                except Exception:  # a worker that died or answered nonsense must not stop the table
                    log.exception("a computer player failed; playing its first legal move")
                    action = view.legal_actions[0]
                done(Decision(action, ""))

            future.add_done_callback(finished)

        return think

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


# --- connections -----------------------------------------------------------------------------
