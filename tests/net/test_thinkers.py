"""The server's computer players think in helper processes the event loop watches: the same
moves as the player makes here, and a helper killed mid-game (the OOM killer) is replaced.

A ``concurrent.futures`` pool broke for good when one worker died: every later move of
every table was the first legal one."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable
from typing import Any

from euchre_qt.engine import Action, Game, Rules, SeatView
from euchre_qt.engine.ai import make_player
from euchre_qt.engine.ai.player import Decision
from euchre_qt.helper_process.process import Call, Unavailable
from euchre_qt.net.thinkers import Thinkers
from euchre_qt.session import ComputerSeat, TableSession, TurnRequest
from euchre_qt.session.events import GameEnded
from euchre_qt.session.seats import immediate


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
                turn = game.turn
                assert turn is not None
                view = game.view(turn)
                decision = await _thought(thinkers, view)
                assert decision.action == here.decide(view).action
                game.apply(decision.action)
        finally:
            thinkers.close()

    asyncio.run(play())


def test_with_no_helper_to_think_in_a_table_of_computers_plays_on_and_the_loop_goes_round() -> None:
    """No helper can be started (the server's own Python gone, replaced by an upgrade under it):
    each move is then a Novice's, made in the server and handed on from the event loop. Before,
    each was the first legal move, given at once: in the bidding a pass, so a table of four
    computers passed every deal out inside one callback, and the server hung (found when a
    test server outlived its venv: 18,510 deals passed out, 10 GiB and growing)."""

    async def play() -> tuple[Game, int, int]:
        thinkers = Thinkers(1)

        def no_helper(work: Callable[..., Any], *args: Any) -> Call:
            raise Unavailable("no helper process")

        thinkers._helpers.submit = no_helper  # type: ignore[method-assign]
        # (the dealer stuck: the old first legal move then ends the game too, inside the ask,
        # and this fails where it would hang with every deal passed out)
        game = Game(Rules(stick_the_dealer=True), seed=4)
        session = TableSession(game, [ComputerSeat(thinkers.think_for("novice", seat)) for seat in range(4)])
        over = asyncio.Event()
        session.listen(lambda event: over.set() if isinstance(event, GameEnded) else None)
        turns = 0

        async def heartbeat() -> None:
            nonlocal turns
            while not over.is_set():
                turns += 1
                await asyncio.sleep(0)

        beating = asyncio.ensure_future(heartbeat())
        try:
            session.ask()
            assert not game.actions, "the move was made inside the ask, before the loop went round"
            await asyncio.wait_for(over.wait(), 60)
        finally:
            beating.cancel()
            thinkers.close()
        return game, turns, thinkers.stand_ins

    game, turns, stand_ins = asyncio.run(play())
    # every move a Novice's (seeded by its seat, as the server seeds it), not the first legal one
    novices = Game(Rules(stick_the_dealer=True), seed=4)
    TableSession(novices, [ComputerSeat(immediate(make_player("novice", seed=seat))) for seat in range(4)]).ask()
    assert novices.is_over and game.actions == novices.actions
    assert any(str(a) != str(b) for a, b in zip(game.actions, first_legal_moves(novices), strict=True))
    assert stand_ins == len(game.actions)
    assert turns >= len(game.actions) // 2  # the loop went round between the moves


def first_legal_moves(game: Game) -> list[Action]:
    """What the first legal move was at each of ``game``'s positions, replayed."""
    replay = Game(game.rules, seed=game.seed)
    legal = []
    for action in game.actions:
        legal.append(replay.view(replay.turn).legal_actions[0])  # type: ignore[arg-type]
        replay.apply(action)
    return legal
