"""One helper process that answers calls one at a time over a pipe, and that can always be
ended at once.

Why not ``multiprocessing.Pool``: its idle worker waits for work holding a lock shared with
the window's process. A logout or ``timeout`` sends SIGTERM to the whole process group, so
the worker could die holding that lock, and ``Pool.terminate()`` then waited for it forever
(the window closed, the process stayed); ``concurrent.futures`` pools break for good when
one worker dies. Here the two processes share nothing but a pipe: a dead helper shows as the
pipe's end (so does a dead caller, to the helper), and ending it is a kill and a join.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

_END_WAIT_S = 1.0  # how long a helper asked to end may take before it is killed


class Unavailable(RuntimeError):
    """The helper process cannot be used: decide in this process instead."""


def _serve(conn: Connection, initializer: Callable[[], None]) -> None:
    """The helper process's whole life: answer each call until the caller's end of the pipe closes."""
    initializer()
    while True:
        try:
            number, work, args = conn.recv()
        except (EOFError, OSError):  # the caller's process is gone
            return
        try:
            answer: tuple[int, bool, Any] = (number, True, work(*args))
        except Exception as exc:
            answer = (number, False, exc)
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return
        except Exception as exc:  # an answer that cannot be pickled
            conn.send((number, False, RuntimeError(f"{type(exc).__name__}: {exc}")))


class HelperProcess:
    """A spawned helper process; ``submit`` a call, then ``ready``/``get`` its ``Call``.

    Safe to use from several threads (the window's worker thread and its GUI thread).
    """

    def __init__(self, initializer: Callable[[], None]) -> None:
        import multiprocessing  # here, not at start-up: the window does not wait for it

        context = multiprocessing.get_context("spawn")
        self._conn, child_end = context.Pipe()
        self._process = context.Process(target=_serve, args=(child_end, initializer), name="euchre-helper", daemon=True)
        self._process.start()
        child_end.close()  # only the helper holds it now: its death shows here as the pipe's end
        self._lock = threading.Lock()  # one thread at a time sends, receives and files answers
        self._numbers = itertools.count(1)
        self._waiting: set[int] = set()
        self._answers: dict[int, tuple[bool, Any]] = {}
        self.dead = False

    def submit(self, work: Callable[..., Any], *args: Any) -> Call:
        with self._lock:
            if self.dead:
                raise Unavailable("the helper process has ended")
            number = next(self._numbers)
            try:
                self._conn.send((number, work, args))
            except (OSError, ValueError) as exc:
                self.dead = True
                raise Unavailable(str(exc)) from exc
            self._waiting.add(number)
        return Call(self, number)

    @property
    def calls(self) -> int:
        """How many calls wait for their answer (the least busy helper gets the next)."""
        with self._lock:
            return len(self._waiting)

    def fileno(self) -> int:
        """The pipe's end here: readable once an answer has come or the helper has ended
        (an event loop watches it instead of blocking on a ``Call``)."""
        return self._conn.fileno()

    def answer(self, number: int, timeout_s: float = 0.0) -> tuple[bool, Any] | None:
        """Call ``number``'s answer, waiting up to ``timeout_s``; None if it has not come yet.
        Raises ``Unavailable`` if the helper ended before answering."""
        found = self._take(number)
        if found is None and timeout_s > 0:
            from multiprocessing.connection import wait

            try:
                wait([self._conn, self._process.sentinel], timeout_s)
            except (OSError, ValueError) as exc:  # ended meanwhile by another thread
                raise Unavailable("the helper process has ended") from exc
            found = self._take(number)
        return found

    def forget(self, number: int) -> None:
        """Nobody waits for call ``number`` any more: its answer is dropped when it comes."""
        with self._lock:
            self._waiting.discard(number)
            self._answers.pop(number, None)

    def _take(self, number: int) -> tuple[bool, Any] | None:
        with self._lock:
            self._receive()
            found = self._answers.pop(number, None)
            if found is not None:
                self._waiting.discard(number)
            elif self.dead:
                raise Unavailable("the helper process ended before it answered")
            return found

    def _receive(self) -> None:
        """File every answer that has arrived (the lock is held)."""
        try:
            while not self.dead and self._conn.poll():
                number, ok, value = self._conn.recv()
                if number in self._waiting:
                    self._answers[number] = (ok, value)
        except (EOFError, OSError):
            self.dead = True

    def end(self) -> None:
        """End the helper now (whatever it is doing) and collect its exit status."""
        with self._lock:
            self.dead = True
            self._conn.close()
        self._process.terminate()
        self._process.join(_END_WAIT_S)
        if self._process.is_alive():
            self._process.kill()
            self._process.join()


class Call:
    """A call made of the helper: ``ready()`` says when ``get()`` has its answer."""

    def __init__(self, helper: HelperProcess, number: int) -> None:
        self.helper = helper
        self._number = number
        self._answer: tuple[bool, Any] | None = None

    def ready(self) -> bool:
        """True once ``get`` returns at once (with the answer, or raising ``Unavailable``)."""
        try:
            return self._wait(0.0)
        except Unavailable:
            return True

    def _wait(self, timeout_s: float) -> bool:
        if self._answer is None:
            self._answer = self.helper.answer(self._number, timeout_s)
        return self._answer is not None

    def get(self, timeout_s: float | None = None) -> Any:
        """The answer (the call's exception raised here); waits up to ``timeout_s`` (None: for
        ever) and raises ``TimeoutError`` if it has not come."""
        give_up = None if timeout_s is None else time.monotonic() + timeout_s
        while not self._wait(0.05):
            if give_up is not None and time.monotonic() >= give_up:
                raise TimeoutError
        assert self._answer is not None
        ok, value = self._answer
        if not ok:
            raise value
        return value

    def forget(self) -> None:
        self.helper.forget(self._number)
