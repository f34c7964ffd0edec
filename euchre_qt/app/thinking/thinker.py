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
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

from ...engine.ai.registry import make_player
from .helper_process import HelperProcess, Unavailable

if TYPE_CHECKING:
    from ...engine.ai.player import Decision, Player
    from ...engine.view import SeatView

__all__ = ["Unavailable"]  # raised by ``decide``; from helper_process

USE_HELPER = True  # tests may turn the helper process off
Spec = tuple[str, int, int | None]  # (kind, seed, think_ms); kind "hint" for hints

_lock = threading.Lock()
_helpers: dict[str, HelperProcess] = {}  # "players" (and hints), "review"
_broken = False
_cache: dict[Spec, Player] = {}  # players, in the helper process (or in the fallback thread)

_CACHE_SIZE = 12  # players of the last few games (each game seeds its players afresh)


def _player(spec: Spec) -> Player:
    player = _cache.pop(spec, None)
    if player is None:
        kind, seed, think_ms = spec
        player = make_player(kind, seed=seed, think_ms=think_ms)
    _cache[spec] = player  # most recently used last
    while len(_cache) > _CACHE_SIZE:
        _cache.pop(next(iter(_cache)))
    return player


def _remote(spec: Spec, view: SeatView) -> Decision:
    """Runs in the helper process."""
    if spec[0] == "hint":
        from ...engine.ai.hint import hint

        return hint(view, think_ms=spec[2])
    return _player(spec).decide(view)


def _search_core() -> str:
    """Runs in the helper process."""
    from ...engine.ai.core import core_in_use

    return core_in_use()


def search_core(timeout_s: float = 60.0) -> str:
    """Which search core the helper process thinks with (``compiled`` or ``python``)."""
    return str(_helper("players").submit(_search_core).get(timeout_s))


def _lower_priority() -> None:
    """Runs in the helper process as it starts: the window comes first for the CPU, and
    Ctrl+C in the terminal (sent to both processes) is the window's to handle: it closes
    and ends the helper, which would otherwise print a KeyboardInterrupt of its own."""
    import os
    import signal

    with contextlib.suppress(AttributeError, OSError):
        os.nice(5)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _warm() -> None:
    """Runs in the helper process: load the search code before the first decision."""
    import euchre_qt.engine.ai.advanced  # noqa: F401


def _helper(role: str) -> HelperProcess:
    """The running helper process for ``role``, started (or started afresh) if need be."""
    global _broken
    with _lock:
        if _broken:
            raise Unavailable("the helper process could not be started")
        helper = _helpers.get(role)
        if helper is None or helper.dead:  # one that was killed (a logout, the OOM killer) is replaced
            try:
                helper = _helpers[role] = HelperProcess(initializer=_lower_priority)
            except Exception as exc:
                _broken = True
                raise Unavailable(str(exc)) from exc
            atexit.unregister(shutdown)  # registered once, however many helpers were started
            atexit.register(shutdown)
        return helper


def warm_up() -> None:
    """Start the helper and let it load the players (call off the GUI thread)."""
    with contextlib.suppress(Unavailable):
        _helper("players").submit(_warm).forget()


def decide(spec: Spec, view: SeatView, stop: threading.Event, timeout_s: float = 60.0) -> Decision | None:
    """The helper's decision for ``view``; None if ``stop`` was set while waiting.

    Raises ``Unavailable`` when the helper cannot be used (the caller decides locally).
    """
    global _broken
    call = _helper("players").submit(_remote, spec, view)
    give_up = time.monotonic() + timeout_s
    try:
        while not stop.is_set():
            try:
                return cast("Decision", call.get(timeout_s=0.05))  # (what _remote answered)
            except TimeoutError:
                if time.monotonic() > give_up:
                    _broken = True
                    raise Unavailable("the helper process stopped answering") from None
        return None
    finally:
        call.forget()


def shutdown() -> None:
    """End the helper processes now, whatever they are doing (the window is closing)."""
    with _lock:
        helpers = list(_helpers.values())
        _helpers.clear()
    for helper in helpers:
        helper.end()


# --- game review ---------------------------------------------------------------------
# The review's grading has a helper process of its own: a hand's decisions take a second or
# two to grade, and the computer players at the table must never queue behind them.


class Pending(Protocol):
    """A decision being graded: ``ready()`` says when ``get()`` has its answer."""

    def ready(self) -> bool: ...

    def get(self) -> Any: ...


class _Done:
    """An answer worked out at once (no helper process to ask)."""

    def __init__(self, work: Callable[[], Any]) -> None:
        try:
            self.value, self.error = work(), None
        except Exception as exc:
            self.value, self.error = None, exc

    def ready(self) -> bool:
        return True

    def get(self) -> Any:
        if self.error is not None:
            raise self.error
        return self.value


def _review_remote(position: Any, deals: int) -> Any:
    """Runs in the analysis helper: one decision graded, as its JSON-able form."""
    from ...analysis import Budget, review_position

    return review_position(position, Budget(deals=deals)).to_dict()


def review_async(position: Any, deals: int) -> Pending:
    """Grade one decision (an ``analysis.Position``) in the analysis helper process; its
    answer is ``DecisionReview.to_dict()``. Without a helper (tests, a sandbox) it is
    graded here and now, which the caller sees as an answer already there."""
    if USE_HELPER:
        try:
            return _helper("review").submit(_review_remote, position, deals)
        except Exception:
            pass  # the helper cannot be started: grade here
    return _Done(lambda: _review_remote(position, deals))


class RemotePlayer:
    """A seat's heavy player: decides in the helper process, or here if it must."""

    def __init__(self, kind: str, seed: int, think_ms: int | None, stop: threading.Event) -> None:
        self.name = kind
        self.sees_all = kind == "oracle"
        self.spec: Spec = (kind, seed, think_ms)
        self.stop = stop

    def decide(self, view: SeatView) -> Decision | None:
        """The helper's decision; None if the window closed while it thought."""
        try:
            return decide(self.spec, view, self.stop)
        except Unavailable:
            if self.stop.is_set():  # the helper ended with the window: no need to think here
                return None
            return _player(self.spec).decide(view)


def remote_hint(stop: threading.Event, think_ms: int | None = None) -> Callable[[SeatView], Decision | None]:
    """``hint(view)`` run in the helper (falls back to this process)."""

    def hint(view: SeatView) -> Decision | None:
        try:
            return decide(("hint", 0, think_ms), view, stop)
        except Unavailable:
            return _remote(("hint", 0, think_ms), view)

    return hint
