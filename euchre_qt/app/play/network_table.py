"""The network table's play: a table refereed elsewhere (a network server), seen from South.
Every move, South's too, is made here only once the referee says it was made, at the
table's pace; the hidden cards may be placed afresh as the referee tells more."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import SignalInstance

from ...engine import Action, Game, Seat
from ...engine.ai.player import Decision
from ...engine.view import SeatView
from ...session import TableSession
from ...session import events as table_events
from ...session.seats import Think
from ..storage import problems
from ..table.state import Stage
from .computer_turn import ComputerTurn
from .delay import Delay
from .pace import Pace
from .pausing import Pause
from .remote_table import RemoteTable


class Refereed(Protocol):
    """What the network table's play needs of the controller."""

    remote: RemoteTable | None
    session: TableSession | None
    computer: ComputerTurn
    pausing: Pause
    pace: Pace
    delay: Delay

    @property
    def game(self) -> Game | None: ...
    @property
    def stage(self) -> Stage: ...
    @property
    def message(self) -> SignalInstance: ...
    @property
    def changed(self) -> SignalInstance: ...
    def start(self, game: Game) -> None: ...
    def apply(
        self, seat: Seat, action: Action, done: Callable[[Decision], None] | None = None
    ) -> table_events.MoveRefused | None: ...


class NetworkTable:
    """The controller's play at a network table (its ``remote`` is set): the referee's
    moves are played here."""

    def __init__(self, controller: Refereed) -> None:
        self._c = controller
        self._done: Callable[[Decision], None] | None = None  # the asked seat's answer hook
        self._version = -1  # the referee's game last staged here

    def forget(self) -> None:
        """The table moved on (New Game, undo, a pause): the seat asked is asked afresh."""
        self._done = None

    def thinker(self) -> Think:
        """How a seat at a network table moves: the referee says so (``moved``)."""

        def think(view: SeatView, done: Callable[[Decision], None]) -> None:
            self._done = done
            self.moved()

        return think

    def moved(self) -> None:
        """The referee has told of more moves (or a deal): make the next one when its turn comes."""
        c = self._c
        remote, game = c.remote, c.game
        if remote is None or game is None or c.session is None or c.pausing.hold(self.moved):
            return
        if c.stage is Stage.IDLE and game.turn is None and not game.is_over:
            self._restage(remote)  # waiting for the next deal: it may have come
            if game is not c.game:
                c.pace.beat()
            return
        done = self._done
        if c.stage is not Stage.THINKING or done is None or c.delay.waiting:
            return
        moves = remote.moves()
        made = len(game.actions)
        if made >= len(moves):
            return
        self._restage(remote)
        seat, action = c.game.turn if c.game is not None else None, moves[made]
        if seat is None:
            return
        if seat is Seat.SOUTH:
            self._apply(seat, action, done)
            return
        remaining = c.pace.dur("computer_pause") - (time.perf_counter() - c.computer.started) * 1000
        c.delay.after(int(max(remaining, 0)), lambda: self._apply(seat, action, done))

    def _apply(self, seat: Seat, action: Action, done: Callable[[Decision], None]) -> None:
        self._done = None
        c = self._c
        if c.apply(seat, action, done) is None or c.remote is None:
            return
        # the table here and the referee's disagree (cannot happen with a sound mirror): show the referee's
        problems.record("a network table fell out of step", f"{seat} {action} was refused here")
        c.message.emit("note", "The table is shown afresh as the server has it.")
        self._version = -1
        c.start(c.remote.game_at(len(c.remote.moves())))

    def _restage(self, remote: RemoteTable) -> None:
        """Carry on at the same place in the referee's latest game (the hidden cards may lie
        elsewhere now): what the table shows is the same, only face-down cards move."""
        c = self._c
        old = c.game
        if old is None or c.session is None or remote.version == self._version:
            return
        self._version = remote.version
        new = remote.game_at(len(old.actions))
        display = c.pace.display
        for before, after in zip(old.records, new.records, strict=False):
            if display is before.final:
                c.pace.display = after.final
                break
        else:
            if display is old.hand:
                c.pace.display = new.hand
        c.session.restage(new)

    def refused(self, text: str) -> None:
        """The referee did not make South's move: say why, and it is South's turn again."""
        c = self._c
        if c.stage is Stage.THINKING and c.game is not None and c.game.turn is Seat.SOUTH:
            c.pace.stage = Stage.HUMAN
            c.changed.emit()
        c.message.emit("illegal", text)
