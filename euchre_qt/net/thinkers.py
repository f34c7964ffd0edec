"""Computer players of network tables think in helper processes (``euchre_qt.helper_process``),
one per core at most and gone with the server, never in the event loop: the loop watches
each helper's pipe and hands a thought on when it has come."""

from __future__ import annotations

import asyncio
import logging
import os

from ..engine import SeatView
from ..engine.ai import make_player
from ..engine.ai.player import Decision
from ..helper_process import players
from ..helper_process.helpers import Helpers
from ..helper_process.process import Call, HelperProcess, Unavailable
from ..session.seats import Done, Think, TurnRequest

log = logging.getLogger("euchre_qt.net")

_NICENESS = 10  # the server's event loop first: a table of people waits on it, never on a thought


def stand_in_move(view: SeatView, seed: int) -> Decision:
    """The move made in the server when no helper can think: a Novice's, which costs well
    under a millisecond and bids a good hand. (The first legal move, as before, was a pass
    in every bid: a table of computers then passed every deal out, a game without end.)"""
    return make_player("novice", seed=seed).decide(view)


class Thinkers:
    """The helper processes computer players think in (one per core by default)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        self._helpers = Helpers(self.workers, niceness=_NICENESS)
        self._waiting: dict[HelperProcess, list[tuple[Call, SeatView, Done]]] = {}
        self._watched: dict[HelperProcess, int] = {}  # each pipe the loop watches (read while it is open)

    def think_for(self, player: str, seed: int) -> Think:
        """A ``ComputerSeat`` think function: starts the thought in a helper and returns at once."""

        def think(request: TurnRequest, done: Done) -> None:
            view = request.view
            try:
                call = self._helpers.submit(players.decide, (player, seed, None), view)
            except Unavailable:
                log.exception("no helper process to think in; a Novice's move, made in the server")
                # handed on from the loop, not from here: an answer given at once is played at
                # once and the next seat asked in the same call, so a table of computers would
                # play its whole game without the loop going round once
                asyncio.get_running_loop().call_soon(done, stand_in_move(view, seed))
                return
            if call.helper not in self._watched:
                self._watched[call.helper] = call.helper.fileno()
                asyncio.get_running_loop().add_reader(self._watched[call.helper], self._answered, call.helper)
            self._waiting.setdefault(call.helper, []).append((call, view, done))

        return think

    def _answered(self, helper: HelperProcess) -> None:
        """The helper's pipe has something: hand on every thought that has come."""
        waiting = self._waiting[helper]
        for call, view, done in [entry for entry in waiting if entry[0].ready()]:
            waiting.remove((call, view, done))
            try:
                decision = Decision(call.get().action, "")
            except Exception:  # a helper that died or failed must not stop the table
                log.exception("a computer player failed; a Novice's move, made in the server")
                decision = stand_in_move(view, 0)
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
