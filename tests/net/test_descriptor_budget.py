"""A flood of connections past what the server's file descriptors allow closes the ones too
many as they come, and the tables being played go on being saved: before, ``accept`` failed
("Too many open files", logged for every try), and so did opening a table's save
(``net.descriptors``; docs/protocol.md, "Errors, and who is cut off")."""

from __future__ import annotations

import asyncio
import resource
import select
import socket
import subprocess
import sys
import time
from pathlib import Path

from websockets.exceptions import ConnectionClosed

from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.net import protocol
from euchre_qt.net.client import TableClient
from euchre_qt.net.descriptors import RESERVE, ConnectionBudget, most_connections

from .conftest import run, start_server, with_descriptors

LIMIT = 640  # the server process's descriptors, hard limit and all
FLOOD = 700  # plain TCP connections that never say anything: more than the limit


def test_the_budget_keeps_the_reserve_free_and_never_less_than_half() -> None:
    assert most_connections(65_536) == 65_536 - RESERVE
    assert most_connections(LIMIT) == LIMIT // 2  # (640 less the reserve would leave 256)
    assert most_connections(None) is None
    refused: list[str] = []
    budget = ConnectionBudget(2, refused.append)
    assert budget.take() and budget.take() and not budget.take()
    budget.on_refused("192.0.2.7")
    budget.give_back()
    assert budget.take() and budget.open == 2 and refused == ["192.0.2.7"]


def test_the_server_raises_its_soft_limit_to_the_hard_one() -> None:
    code = "from euchre_qt.net.descriptors import raise_limit; print(raise_limit())"
    hard = min(4096, resource.getrlimit(resource.RLIMIT_NOFILE)[1])  # (only root may raise its own)
    command = with_descriptors(256, hard, [sys.executable, "-c", code])
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(hard)


def closed_by_the_server(socks: list[socket.socket], wait: float, expected: int) -> set[socket.socket]:
    """Those of ``socks`` the server hung up on within ``wait`` seconds (they never sent a byte,
    so the server has nothing to answer: only a closed one becomes readable), looked for a
    half second more once ``expected`` were found (one more would be one too many)."""
    closed: set[socket.socket] = set()
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if len(closed) >= expected:
            deadline = min(deadline, time.monotonic() + 0.5)
        readable, _, _ = select.select([s for s in socks if s not in closed], [], [], 0.2)
        closed.update(readable)
    return closed


def test_connections_past_the_descriptors_are_closed_as_they_come_and_the_games_are_still_saved(
    tmp_path: Path,
) -> None:
    server = start_server(tmp_path / "tables", descriptors=LIMIT)
    most = most_connections(LIMIT)
    assert most is not None
    chooser = RandomPlayer(seed=3)

    async def scenario() -> None:
        ann = await TableClient.connect(server.url)
        code = await ann.create("Ann", "S", open_seats=[])
        await ann.send({"type": "start"})
        journal = next((tmp_path / "tables").glob("*.moves"), None)

        flood = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(FLOOD)]
        try:
            # Ann's connection and the flood's first ``most - 1`` are held; every one after is closed
            expected = FLOOD - (most - 1)
            assert len(closed_by_the_server(flood, 5.0, expected)) == expected
            # Ann plays on, and each of her moves is saved
            before = journal.stat().st_size if journal is not None else 0
            moved = 0
            async for message in ann.messages():
                if message["type"] == "turn":
                    view = protocol.view_from_dict(message["view"])
                    await ann.move(str(chooser.decide(view).action), message["ticket"])
                    moved += 1
                    if moved == 3:
                        break
            saved = next((tmp_path / "tables").glob("*.moves"))
            deadline = time.monotonic() + 5
            while saved.stat().st_size <= before and time.monotonic() < deadline:
                time.sleep(0.05)
            assert saved.stat().st_size > before
        finally:
            for sock in flood:
                sock.close()
        # once the flood is gone, newcomers are let in again
        for _attempt in range(50):
            try:
                newcomer = await TableClient.connect(server.url)
                assert (await newcomer.look(code))["type"] == "table"
                break
            except (OSError, ConnectionClosed):  # (a flood socket's close not yet seen by the server)
                await asyncio.sleep(0.1)
        else:
            raise AssertionError("never let in again")

    try:
        run(scenario())
    finally:
        server.stop()
    log = server.log.read_text(encoding="utf-8")
    assert "Too many open files" not in log and "Traceback" not in log
    assert "clients cut off (server full)" in log
