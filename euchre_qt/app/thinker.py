"""Heavy computer players think in a helper process, so the window never waits for them.

The Advanced and Oracle players search (thousands of deals per decision) in pure Python.
In a thread of the window's own process they would compete with the GUI thread for
Python's global interpreter lock, and the table would stutter. So the controller's
worker thread hands their decisions to one helper process (``multiprocessing``,
"spawn") and just waits for the answer, which leaves the GUI thread free.

If the helper cannot be started (a frozen build without multiprocessing support, a
sandbox), everything falls back to deciding in the worker thread. This module imports
no Qt: the helper process imports it to run ``_remote``.
"""

from __future__ import annotations

import atexit
import contextlib
import threading
from typing import TYPE_CHECKING, Any

from ..engine.ai.registry import COMPUTER_PLAYERS
from . import players as seat_players

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

HEAVY = tuple(kind.name for kind in COMPUTER_PLAYERS if kind.searches)  # they think in the helper
HELPER_MODULES = (
    "multiprocessing.pool",
    "multiprocessing.spawn",
    "multiprocessing.popen_spawn_posix",
    "multiprocessing.popen_spawn_win32",
    "multiprocessing.resource_tracker",
    "multiprocessing.synchronize",
    "multiprocessing.queues",
)
USE_HELPER = True  # tests may turn the helper process off
Spec = tuple[str, int, int | None]  # (kind, seed, think_ms); kind "hint" for hints

_lock = threading.Lock()
_pool: Pool | None = None
_broken = False
_cache: dict[Spec, Any] = {}  # players, in the helper process (or in the fallback thread)


class Unavailable(RuntimeError):
    """The helper process cannot be used: decide in this process instead."""


_CACHE_SIZE = 12  # players of the last few games (each game seeds its players afresh)


def _player(spec: Spec) -> Any:
    player = _cache.pop(spec, None)
    if player is None:
        kind, seed, think_ms = spec
        player = seat_players.make(kind, seed=seed, think_ms=think_ms)
    _cache[spec] = player  # most recently used last
    while len(_cache) > _CACHE_SIZE:
        _cache.pop(next(iter(_cache)))
    return player


def _remote(spec: Spec, view: Any) -> Any:
    """Runs in the helper process."""
    if spec[0] == "hint":
        hint = seat_players.hint_function()
        if hint is None:
            raise RuntimeError("hints are not available")
        return seat_players.call_hint(hint, view, spec[2])
    return _player(spec).decide(view)


def _lower_priority() -> None:
    """Runs in the helper process as it starts: the window comes first for the CPU, and
    Ctrl+C in the terminal (sent to both processes) is the window's to handle: it closes
    and ends the helper, which would otherwise print a KeyboardInterrupt of its own."""
    import os
    import signal

    with contextlib.suppress(AttributeError, OSError):
        os.nice(5)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _warm() -> bool:
    """Runs in the helper process: load the search code before the first decision."""
    try:
        import euchre_qt.engine.ai.advanced  # noqa: F401
    except Exception:
        return False
    return True


def _get_pool() -> Pool:
    global _pool, _broken
    with _lock:
        if _broken:
            raise Unavailable("the helper process could not be started")
        if _pool is None:
            try:
                import multiprocessing  # here, not at start-up: the window does not wait for it

                _pool = multiprocessing.get_context("spawn").Pool(1, initializer=_lower_priority)
                atexit.register(shutdown)
            except Exception as exc:
                _broken = True
                raise Unavailable(str(exc)) from exc
        return _pool


def warm_up() -> None:
    """Start the helper and let it load the players (call off the GUI thread)."""
    with contextlib.suppress(Unavailable):
        _get_pool().apply_async(_warm)


def decide(spec: Spec, view: Any, stop: threading.Event, timeout_s: float = 60.0) -> Any:
    """The helper's decision for ``view``; None if ``stop`` was set while waiting.

    Raises ``Unavailable`` when the helper cannot be used (the caller decides locally).
    """
    global _broken
    import multiprocessing

    pool = _get_pool()
    try:
        pending = pool.apply_async(_remote, (spec, view))
    except Exception as exc:  # the pool was closed or broke
        _broken = True
        raise Unavailable(str(exc)) from exc
    waited = 0.0
    while not stop.is_set():
        try:
            return pending.get(timeout=0.05)
        except multiprocessing.TimeoutError:
            waited += 0.05
            if waited > timeout_s:
                _broken = True
                raise Unavailable("the helper process stopped answering") from None
    return None


def shutdown() -> None:
    """End the helper process (at exit)."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.terminate()
        pool.join()


class RemotePlayer:
    """A seat's heavy player: decides in the helper process, or here if it must."""

    def __init__(self, kind: str, seed: int, think_ms: int | None, stop: threading.Event) -> None:
        self.kind = kind
        self.name = kind
        self.sees_all = kind == "oracle"
        self.spec: Spec = (kind, seed, think_ms)
        self.stop = stop

    def decide(self, view: Any) -> Any:
        try:
            return decide(self.spec, view, self.stop)
        except Unavailable:
            return _player(self.spec).decide(view)

    def choose(self, view: Any) -> Any:
        return self.decide(view).action


def remote_hint(stop: threading.Event, think_ms: int | None = None) -> Any:
    """``hint(view)`` run in the helper (falls back to this process)."""

    def hint(view: Any) -> Any:
        try:
            return decide(("hint", 0, think_ms), view, stop)
        except Unavailable:
            fn = seat_players.hint_function()
            if fn is None:
                raise RuntimeError("hints are not available") from None
            return seat_players.call_hint(fn, view, think_ms)

    return hint
