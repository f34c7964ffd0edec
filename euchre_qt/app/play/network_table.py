"""The network table's play: a table refereed elsewhere (a network server), seen from South.
Every move, South's too, is made here only once the referee says it was made, at the
table's pace; the hidden cards may be placed afresh as the referee tells more."""

from __future__ import annotations

import time
from collections.abc import Callable

from ...engine import Action, Seat
from ...engine.ai.player import Decision
from ...engine.view import SeatView
from ...session.seats import Think
from ..storage import problems
from ..table.state import Stage
from .part import ControllerPart
from .remote_table import RemoteTable


class NetworkTable(ControllerPart):
    """The controller's remote mode (``remote`` is set): the referee's moves are played here."""

    def _remote_thinker(self) -> Think:
        """How a seat at a network table moves: the referee says so (``remote_moved``)."""

        def think(view: SeatView, done: Callable[[Decision], None]) -> None:
            self._done = done
            self.remote_moved()

        return think

    def remote_moved(self) -> None:
        """The referee has told of more moves (or a deal): make the next one when its turn comes."""
        remote, game = self.remote, self.game
        if remote is None or game is None or self.session is None or self._hold(self.remote_moved):
            return
        if self.stage is Stage.IDLE and game.turn is None and not game.is_over:
            self._restage(remote)  # waiting for the next deal: it may have come
            if game is not self.game:
                self._beat()
            return
        done = self._done
        if self.stage is not Stage.THINKING or done is None or self._wait_fn is not None:
            return
        moves = remote.moves()
        made = len(game.actions)
        if made >= len(moves):
            return
        self._restage(remote)
        seat, action = self.game.turn if self.game is not None else None, moves[made]
        if seat is None:
            return
        if seat is Seat.SOUTH:
            self._remote_apply(seat, action, done)
            return
        remaining = self._dur("computer_pause") - (time.perf_counter() - self._think_started) * 1000
        self._after(int(max(remaining, 0)), lambda: self._remote_apply(seat, action, done))

    def _remote_apply(self, seat: Seat, action: Action, done: Callable[[Decision], None]) -> None:
        if self._apply(seat, action, done) is None or self.remote is None:
            return
        # the table here and the referee's disagree (cannot happen with a sound mirror): show the referee's
        problems.record("a network table fell out of step", f"{seat} {action} was refused here")
        self.message.emit("note", "The table is shown afresh as the server has it.")
        self._remote_version = -1
        self.start(self.remote.game_at(len(self.remote.moves())))

    def _restage(self, remote: RemoteTable) -> None:
        """Carry on at the same place in the referee's latest game (the hidden cards may lie
        elsewhere now): what the table shows is the same, only face-down cards move."""
        old = self.game
        if old is None or self.session is None or remote.version == self._remote_version:
            return
        self._remote_version = remote.version
        new = remote.game_at(len(old.actions))
        display = self.display
        for before, after in zip(old.records, new.records, strict=False):
            if display is before.final:
                self.display = after.final
                break
        else:
            if display is old.hand:
                self.display = new.hand
        self.session.restage(new)

    def remote_refused(self, text: str) -> None:
        """The referee did not make South's move: say why, and it is South's turn again."""
        if self.stage is Stage.THINKING and self.game is not None and self.game.turn is Seat.SOUTH:
            self.stage = Stage.HUMAN
            self.changed.emit()
        self.message.emit("illegal", text)
