"""The server's computer players think in helper processes the event loop watches: the same
moves as the player makes here, and a helper killed mid-game (the OOM killer) is replaced.

A ``concurrent.futures`` pool broke for good when one worker died: every later move of
every table was the first legal one."""

from __future__ import annotations

import asyncio
import os
import signal

from euchre_qt.engine import Game, SeatView
from euchre_qt.engine.ai import make_player
from euchre_qt.engine.ai.player import Decision
from euchre_qt.net.thinkers import Thinkers
from euchre_qt.session import TurnRequest


async def _thought(thinkers: Thinkers, view: SeatView) -> Decision:
    answer: asyncio.Future[Decision] = asyncio.get_running_loop().create_future()
    thinkers.think_for("novice", 7)(TurnRequest(view.seat, 1, view), answer.set_result)
    return await asyncio.wait_for(answer, 60)


def test_a_killed_helper_is_replaced_and_the_moves_stay_the_players() -> None:
    async def play() -> None:
        thinkers = Thinkers(1)
        game = Game(seed=4)
        here = make_player("novice", seed=7)
        try:
            for move in range(10):
                if move == 5:
                    (helper,) = thinkers._helpers._running
                    os.kill(helper._process.pid or 0, signal.SIGKILL)
                    await asyncio.to_thread(helper._process.join)
                    here = make_player("novice", seed=7)  # the new helper's player starts afresh
                view = game.view(game.turn)
                decision = await _thought(thinkers, view)
                assert decision.action == here.decide(view).action
                game.apply(decision.action)
        finally:
            thinkers.close()

    asyncio.run(play())
