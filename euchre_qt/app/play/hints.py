"""Hints: the hint player works out a person's move (in the helper process, or the worker
thread), to show it with its reason or, asked to decide, to make it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ...engine.ai.player import Decision
from ...engine.view import SeatView
from ...session import wording
from ..table.state import Stage
from ..thinking import thinker
from ..thinking.think_thread import Answer, Job
from .part import ControllerPart


class Hints(ControllerPart):
    """The controller's hints and "decide for me"."""

    def request_hint(self, decide: bool = False) -> None:
        """Ask the hint player about the person's move; with ``decide``, make that move."""
        game = self.game
        seat = self.human_seat
        if game is None or seat is None:
            self.hint_ready.emit("A hint is for your own turn.")
            return
        fn: Callable[[SeatView], Decision | None] = partial(_local_hint, think_ms=self._think_ms())
        if thinker.USE_HELPER:
            fn = thinker.remote_hint(self._stop, self._think_ms())  # in the helper, like the Advanced players
        self.hint_pending = True
        self._ask.emit(Job(self.gen, "decide" if decide else "hint", seat, len(game.actions), game.view(seat), fn))

    def _on_hint(self, answer: Answer) -> None:
        game = self.game
        assert game is not None
        self.hint_pending = False
        if self.stage is not Stage.HUMAN or game.turn is not answer.job.seat:
            return
        decision = answer.decision
        if answer.error is not None or decision is None or decision.action not in game.legal_actions():
            self.hint_ready.emit("No hint could be worked out here, sorry.")
            return
        if answer.job.kind == "decide":
            self.act(decision.action)
            return
        self.hint_action = decision.action
        self.hint_reason = wording.reason_text(decision.reason)
        self.hint_ready.emit(decision)
        self.changed.emit()


def _local_hint(view: SeatView, think_ms: int) -> Decision:
    """The engine's hint, loaded (the first time) in the worker thread, not the GUI's."""
    from ...engine.ai.hint import hint

    return hint(view, think_ms=think_ms)
