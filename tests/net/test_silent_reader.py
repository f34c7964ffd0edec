"""A client that stops reading is cut off within a bounded time: its seat is marked away and
a computer plays it, as for a dropped connection, and the table plays on."""

from __future__ import annotations

import asyncio
import socket
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.net import protocol
from euchre_qt.net.client import TableClient

from .conftest import run, start_server

SEND_TIMEOUT = 1.0
CHAT = "\U0001f0cf" * protocol.MAX_CHAT  # the longest line a client may say: 800 bytes a frame to everyone


async def deaf_client(url: str, port: int) -> TableClient:
    """A client whose receive window is tiny and which stops reading once told to."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.connect(("127.0.0.1", port))
    return TableClient(await connect(url, sock=sock, compression=None, max_size=2**20))


async def chat_and_play(client: TableClient, until_away: str) -> dict[str, Any]:
    """Say long lines as fast as allowed, and play this seat's turns, until ``until_away``'s seat is
    shown away with a computer playing it; returns that ``table`` message."""
    player = RandomPlayer(seed=1)
    sent = 0.0

    async def chatting() -> None:
        nonlocal sent
        while True:
            await client.chat(CHAT)
            sent += 1
            await asyncio.sleep(1 / (protocol.RATE_PER_S * 0.8))

    talker = asyncio.ensure_future(chatting())
    try:
        async for message in client.messages():
            if message["type"] == "turn":
                await client.move(str(player.choose(protocol.view_from_dict(message["view"]))), message["ticket"])
            seat = next((s for s in message.get("seats", []) if s["seat"] == until_away), None)
            if message["type"] == "table" and seat is not None and seat["stand_in"] and not seat["connected"]:
                return message
    finally:
        talker.cancel()
    raise AssertionError("closed")


def test_a_client_that_stops_reading_is_cut_off_and_a_computer_plays_its_seat(tmp_path: Path) -> None:
    server = start_server(tmp_path / "tables", "--send-timeout", str(SEND_TIMEOUT))

    async def scenario() -> float:
        deaf = await deaf_client(server.url, server.port)
        code = await deaf.create("Dee", "S", open_seats=["N"])
        deaf.ws.transport.pause_reading()  # from now on it reads nothing
        north = await TableClient.connect(server.url)
        await north.join(code, "Nia", "N")
        began = time.monotonic()
        away = await chat_and_play(north, "S")
        assert away["seats"][0]["name"] == "Dee"
        return time.monotonic() - began

    try:
        took = run(scenario(), timeout=60)
    finally:
        server.stop()
    print(f"cut off and stood in for after {took:.1f} s")
