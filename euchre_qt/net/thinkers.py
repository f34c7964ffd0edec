"""Computer players of network tables think in helper processes (``euchre_qt.helper_process``),
one per core at most and gone with the server, never in the event loop: the loop watches
each helper's pipe and hands a thought on when it has come."""

from __future__ import annotations

import asyncio
import logging
import os

from ..engine import SeatView
from ..engine.ai.player import Decision
from ..engine.ai.stand_in import stand_in_move  # loaded now: the fallback must not import from a disk changed under it
from ..helper_process import players
from ..helper_process.helpers import Helpers
from ..helper_process.process import Call, HelperProcess, Unavailable
from ..session.seats import Done, Think, TurnRequest

log = logging.getLogger("euchre_qt.net")

_NICENESS = 10  # the server's event loop first: a table of people waits on it, never on a thought


class Thinkers:
    """The helper processes computer players think in (one per core by default)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        self._helpers = Helpers(self.workers, niceness=_NICENESS)
        self._waiting: dict[HelperProcess, list[tuple[Call, SeatView, Done, int]]] = {}  # (..., the seed)
        self._watched: dict[HelperProcess, int] = {}  # each pipe the loop watches (read while it is open)
        self.stand_ins = 0  # moves made in the server, no helper thinking them: logged the first time

    def _stood_in(self, why: str) -> None:
        """Count a move made in the server (called where the exception is being handled)."""
        self.stand_ins += 1
        if self.stand_ins == 1:
            log.exception("%s; a Novice's move is made in the server (further such moves are counted, not logged)", why)

    def think_for(self, player: str, seed: int) -> Think:
        """A ``ComputerSeat`` think function: starts the thought in a helper and returns at once."""

        def think(request: TurnRequest, done: Done) -> None:
            view = request.view
            try:
                call = self._helpers.submit(players.decide, (player, seed, None), view)
            except Unavailable:
                self._stood_in("no helper process to think in")
                # handed on from the loop, not from here: an answer given at once is played at
                # once and the next seat asked in the same call, so a table of computers would
                # play its whole game without the loop going round once
                asyncio.get_running_loop().call_soon(done, stand_in_move(view, seed))
                return
            if call.helper not in self._watched:
                self._watched[call.helper] = call.helper.fileno()
                asyncio.get_running_loop().add_reader(self._watched[call.helper], self._answered, call.helper)
            self._waiting.setdefault(call.helper, []).append((call, view, done, seed))

        return think

    def _answered(self, helper: HelperProcess) -> None:
        """The helper's pipe has something: hand on every thought that has come."""
        waiting = self._waiting[helper]
        for entry in [entry for entry in waiting if entry[0].ready()]:
            waiting.remove(entry)
            call, view, done, seed = entry
            try:
                decision = Decision(call.get().action, "")
            except Exception:  # a helper that died or failed must not stop the table
                self._stood_in("a computer player failed")
                decision = stand_in_move(view, seed)
            done(decision)
        if not waiting:
            self._stop_watching(helper)

    def _stop_watching(self, helper: HelperProcess) -> None:
        del self._waiting[helper]
        asyncio.get_running_loop().remove_reader(self._watched.pop(helper))

    def close(self) -> None:
        for helper in list(self._watched):
            self._stop_watching(helper)
        self._helpers.end()
