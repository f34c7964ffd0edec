"""A few helper processes, started only when a call needs one: the window keeps one for its
computer players and one for the review, the network server one per core.

A call goes to the helper with the fewest calls waiting (a new one is started while there
are fewer than ``size``). A helper that died (the OOM killer, a logout's TERM) is replaced
by the next call; if one cannot be started at all (a sandbox, a frozen build without
multiprocessing support) the helpers are ``Unavailable`` for good and the caller thinks
where it is.
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import threading
from collections.abc import Callable
from typing import Any

from .process import Call, HelperProcess, Unavailable


def lower_priority(niceness: int) -> None:
    """Runs in a helper as it starts: the caller comes first for the CPU (the window's GUI
    thread, the server's event loop), and Ctrl+C in the terminal (sent to both processes)
    is the caller's to handle: it ends the helper, which would otherwise print a
    KeyboardInterrupt of its own."""
    with contextlib.suppress(AttributeError, OSError):  # not allowed here: think at the caller's priority
        os.nice(niceness)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Helpers:
    """Up to ``size`` helper processes at ``niceness``; ``submit`` a call, ``end`` them all."""

    def __init__(self, size: int = 1, niceness: int = 5) -> None:
        self.size = max(1, size)
        self._start = functools.partial(lower_priority, niceness)
        self._lock = threading.Lock()
        self._running: list[HelperProcess] = []
        self._broken: str | None = None  # why they cannot be used any more

    def submit(self, work: Callable[..., Any], *args: Any) -> Call:
        """Ask a helper for ``work(*args)``; raises ``Unavailable`` when none can be used."""
        try:
            return self._least_busy().submit(work, *args)
        except Unavailable:  # found dead as it was asked (killed while it waited): ask a new one
            return self._least_busy().submit(work, *args)

    def _least_busy(self) -> HelperProcess:
        with self._lock:
            if self._broken is not None:
                raise Unavailable(self._broken)
            self._running = [helper for helper in self._running if not helper.dead]
            idle = [helper for helper in self._running if helper.calls == 0]
            if idle or len(self._running) >= self.size:
                return min(idle or self._running, key=lambda helper: helper.calls)
            try:
                helper = HelperProcess(initializer=self._start)
            except Exception as exc:
                self._broken = f"the helper process could not be started: {exc}"
                raise Unavailable(self._broken) from exc
            self._running.append(helper)
            return helper

    def give_up(self, why: str) -> None:
        """Use no helper any more (one stopped answering): callers think where they are."""
        with self._lock:
            self._broken = why

    def end(self) -> None:
        """End every helper now, whatever it is doing; a later call starts a new one."""
        with self._lock:
            running, self._running = self._running, []
        for helper in running:
            helper.end()
