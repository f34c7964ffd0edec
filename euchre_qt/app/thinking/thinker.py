"""The window's computer players and its review think in helper processes
(``euchre_qt.helper_process``), so the window never waits for them.

The Advanced and Oracle players search thousands of deals per decision: in the compiled
core (``engine/ai/_search_c``) where it was built, which still leaves each deal's reading
and counting in Python, and all in Python where it was not. In a thread of the window's
own process they would compete with the GUI thread for Python's global interpreter lock,
and the table would stutter. So the controller's
worker thread hands their decisions to a helper process and just waits for the answer,
which leaves the GUI thread free. The review's grading has a helper of its own: a hand's
decisions take a second or two to grade, and the players must never queue behind them.

If no helper can be started (a frozen build without multiprocessing support, a sandbox),
everything is decided in this process instead. This module imports no Qt: a helper
process imports it to grade.
"""

from __future__ import annotations

import atexit
import contextlib
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

from ...engine.ai.how_they_play import EVERYONE_WELL, HowTheyPlay
from ...helper_process import players
from ...helper_process.helpers import Helpers
from ...helper_process.players import Spec
from ...helper_process.process import Unavailable

if TYPE_CHECKING:
    from ...engine.ai.player import Decision
    from ...engine.view import SeatView

__all__ = ["Spec", "Unavailable"]  # raised by ``decide``; the players' spec

USE_HELPER = True  # tests may turn the helper processes off

_players = Helpers(1)  # the computer players and hints
_review = Helpers(1)  # the review's grading


def search_core(timeout_s: float = 60.0) -> str:
    """Which search core the players' helper process thinks with (``compiled`` or ``python``)."""
    return str(_players.submit(players.search_core).get(timeout_s))


def warm_up() -> None:
    """Start the players' helper and let it load the search code (call off the GUI thread)."""
    with contextlib.suppress(Unavailable):  # the players will think in this process
        _players.submit(players.warm).forget()


def decide(spec: Spec, view: SeatView, stop: threading.Event, timeout_s: float = 60.0) -> Decision | None:
    """The helper's decision for ``view``; None if ``stop`` was set while waiting.

    Raises ``Unavailable`` when the helper cannot be used (the caller decides locally).
    """
    call = _players.submit(players.decide, spec, view)
    give_up = time.monotonic() + timeout_s
    try:
        while not stop.is_set():
            try:
                return cast("Decision", call.get(timeout_s=0.05))  # (what players.decide answered)
            except TimeoutError:
                if time.monotonic() > give_up:
                    _players.give_up("the helper process stopped answering")
                    raise Unavailable("the helper process stopped answering") from None
        return None
    finally:
        call.forget()


def shutdown() -> None:
    """End the helper processes now, whatever they are doing (the window is closing)."""
    _players.end()
    _review.end()


atexit.register(shutdown)


class HelperPlayer:
    """A seat's searching computer player as the window has it: decides in the helper process,
    or here if it must (not a network table's remote seat)."""

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
            return players.decide(self.spec, view)


def helper_hint(stop: threading.Event, think_ms: int | None = None) -> Callable[[SeatView], Decision | None]:
    """``hint(view)`` worked out in the helper (or in this process if it must)."""
    spec: Spec = (players.HINT, 0, think_ms)

    def hint(view: SeatView) -> Decision | None:
        try:
            return decide(spec, view, stop)
        except Unavailable:
            return players.decide(spec, view)

    return hint


# --- game review ---------------------------------------------------------------------


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


def _review_in_helper(position: Any, deals: int | None, seating: HowTheyPlay) -> Any:
    """Runs in the review's helper: one decision graded, as its JSON-able form."""
    from ...analysis.analyse import review_decision_point
    from ...analysis.judge import Budget

    return review_decision_point(position, Budget() if deals is None else Budget(deals=deals), seating).to_dict()


def _warm_review() -> None:
    """Runs in the review's helper: the judge and the search core loaded before the first grade."""
    import euchre_qt.analysis.analyse  # noqa: F401


def warm_review() -> None:
    """Start the review's helper and let it load the grading (call off the GUI thread: the
    coach does as it is turned on, so that its first note is not late)."""
    if USE_HELPER:
        with contextlib.suppress(Unavailable):
            _review.submit(_warm_review).forget()


def review_async(
    position: Any, deals: int | None = None, seating: HowTheyPlay = EVERYONE_WELL, *, here: bool = True
) -> Pending:
    """Grade one decision (an ``analysis.DecisionPoint``) in the review's helper process over
    ``deals`` sampled deals (None: the analysis package's default), each seat taken to play
    as ``seating`` says; its answer is ``DecisionReview.to_dict()``. Without a helper
    (tests, a sandbox) it is graded here and now, which the caller sees as an answer
    already there; unless not ``here`` (the coach, which must never hold the table): then
    a helper that cannot be started raises ``Unavailable``."""
    if USE_HELPER:
        try:
            return _review.submit(_review_in_helper, position, deals, seating)
        except Exception as exc:
            if not here:
                raise Unavailable(f"no helper process to grade in: {exc}") from exc
            # the helper cannot be started: grade here
    return _Done(lambda: _review_in_helper(position, deals, seating))
