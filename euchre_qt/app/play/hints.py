"""Hints: the hint player works out a person's move (in the helper process, or the worker
thread), to show it with its reason or, asked to decide, to make it."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Protocol

from ...engine import Action, Game, Seat
from ...engine.ai.player import Decision
from ...engine.view import SeatView
from ...session import wording
from ..thinking import thinker
from ..thinking.think_thread import Answer, ThinkJob


class HintTable(Protocol):
    """What a hint asks of the table (the controller), as it stands when asked."""

    @property
    def game(self) -> Game | None: ...

    @property
    def ticket(self) -> int:
        """The session's ticket for the position the table stands at (0 with no session)."""
        ...

    @property
    def human_seat(self) -> Seat | None:
        """The seat a person is to move for now, if any."""
        ...

    def act(self, action: Action) -> object:
        """Make the person's move (asked to decide for them)."""
        ...


class Hints:
    """The hint on show (its move and reason), or the one being worked out, for the person
    to move at ``table``."""

    def __init__(
        self,
        table: HintTable,
        *,
        ask: Callable[[ThinkJob], None],
        stop: threading.Event,
        think_ms: Callable[[], int],
        ready: Callable[[Decision | str], None],
        changed: Callable[[], None],
    ) -> None:
        self._table = table
        self._ask = ask  # to the worker thread
        self._stop = stop
        self._think_ms = think_ms  # read when asked (a test may change the controller's THINK_MS)
        self._ready = ready
        self._changed = changed
        self.action: Action | None = None
        self.reason = ""
        self.pending = False  # a hint (or "decide for me") is being worked out

    def forget(self) -> None:
        """The table moved on: the hint, or the one being worked out, is gone."""
        self.action = None
        self.reason = ""
        self.pending = False

    def request(self, decide: bool = False) -> None:
        """Ask the hint player about the person's move; with ``decide``, make that move."""
        table = self._table
        game, ticket, seat = table.game, table.ticket, table.human_seat
        if game is None or seat is None:
            self._ready("A hint is for your own turn.")
            return
        fn: Callable[[SeatView], Decision | None] = partial(_local_hint, think_ms=self._think_ms())
        if thinker.USE_HELPER:
            fn = thinker.helper_hint(self._stop, self._think_ms())  # in the helper, like the Advanced players
        self.pending = True
        self._ask(ThinkJob(ticket, "decide" if decide else "hint", seat, game.view(seat), fn))

    def answered(self, answer: Answer) -> None:
        """The hint player's answer for the request the table stands at (the controller
        dropped a stale one by its ticket)."""
        game = self._table.game
        assert game is not None
        self.pending = False
        if self._table.human_seat is None:  # (not a stale answer: the person's turn waits on a note meanwhile)
            return
        decision = answer.decision
        if answer.error is not None or decision is None or decision.action not in game.legal_actions():
            self._ready("No hint could be worked out here, sorry.")
            return
        if answer.job.kind == "decide":
            self._table.act(decision.action)
            return
        self.action = decision.action
        self.reason = wording.reason_text(decision.reason)
        self._ready(decision)
        self._changed()


def _local_hint(view: SeatView, think_ms: int) -> Decision:
    """The engine's hint, loaded (the first time) in the worker thread, not the GUI's."""
    from ...engine.ai.hint import hint

    return hint(view, think_ms=think_ms)
