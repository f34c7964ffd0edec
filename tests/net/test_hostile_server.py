"""A client at a hostile or broken server: what the server says is checked before anything
shows or keeps it, and a server that floods, never reads or never answers is left in words."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from euchre_qt.engine import Seat
from euchre_qt.net import client as client_module
from euchre_qt.net import from_server, protocol
from euchre_qt.net.client import TableClient, WireError, why_not_connected
from euchre_qt.net.mirror import MirrorError, TableMirror
from euchre_qt.net.seat_keys import SeatKeys
from euchre_qt.session.events import HandDealt, TableReset
from tests.net.conftest import run

KEY = "K" * 22
SEATS: list[dict[str, Any]] = [
    {"seat": s.letter, "name": f"P{s.letter}", "kind": "person", "connected": True, "stand_in": False} for s in Seat
]


async def at_server(frames: list[dict[str, Any]], then: Callable[[TableClient], Awaitable[Any]]) -> Any:
    """A server that answers any hello with ``frames`` (numbered) and then waits; ``then`` is
    what the client does there."""

    async def answer(ws: ServerConnection) -> None:
        await ws.recv()
        for n, message in enumerate(frames, 1):
            await ws.send(json.dumps({**message, "n": n}))
        await ws.wait_closed()

    async with serve(answer, "127.0.0.1", 0) as server:
        client = await TableClient.connect(f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}")
        await client.send({"type": "look", "v": 1, "code": "ABCD-2345"})
        try:
            return await then(client)
        finally:
            await client.close()


async def everything(client: TableClient) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    while len(got) < 3:
        got.append(await client.receive())
    return got


def test_names_chat_and_refusals_are_cleaned_and_cut_to_what_a_client_may_send() -> None:
    seats = [dict(s) for s in SEATS]
    seats[1]["name"] = "Trusted\nNorth: Host (person)" + "x" * 2**19
    seats[2]["name"] = "\u202eevil"
    said = run(
        at_server(
            [
                {"type": "table", "seats": seats},
                {"type": "chat", "seat": "W", "name": "<b>Big</b>\r\n", "text": "hi\n" * 10**5},
                {"type": "error", "code": "bad code", "text": "\x1b[2J" + "y" * 10**4},
            ],
            everything,
        )
    )
    names = [s["name"] for s in said[0]["seats"]]
    assert names[1] == "Trusted North: Host (per" and names[2] == "evil"
    assert said[1]["name"] == "<b>Big</b>" and len(said[1]["text"]) == protocol.MAX_CHAT and "\n" not in said[1]["text"]
    assert len(said[2]["text"]) == from_server.MAX_TEXT and "\x1b" not in said[2]["text"]


@pytest.mark.parametrize(
    "message",
    [
        {"type": "welcome", "seat": "S", "key": "evil key"},
        {"type": "welcome", "seat": "S", "key": None},
        {"type": "created", "code": "<h1>HACKED</h1>"},
        {"type": "table", "seats": []},
        {"type": "table", "seats": [{**SEATS[0], "back_within": 1e999}, *SEATS[1:]]},
        {"type": "table", "seats": [{**SEATS[0], "back_within": "soon"}, *SEATS[1:]]},
        {"type": "table", "seats": [{**SEATS[0], "back_within": -1}, *SEATS[1:]]},
        {"type": "chat", "seat": "W", "name": ["a"], "text": "hi"},
    ],
    ids=["key", "no key", "code", "no seats", "endless wait", "wait in words", "negative wait", "name a list"],
)
def test_what_a_client_would_keep_or_count_with_must_be_what_it_says(message: dict[str, Any]) -> None:
    with pytest.raises(WireError) as caught:
        run(at_server([message], lambda client: client.receive()))
    assert caught.value.code == "unreadable"


def test_a_flood_of_messages_is_cut_off_soon_and_nothing_is_kept() -> None:
    flood = [{"type": "chat", "seat": "W", "name": "W", "text": "x"}] * (from_server.MESSAGES_BURST * 3)

    async def read_on(client: TableClient) -> tuple[int, str]:
        taken = 0
        try:
            while True:
                await client.receive()
                taken += 1
        except WireError as exc:
            assert client.frames == []  # (a player's client keeps no frame)
            return taken, exc.code

    taken, code = run(at_server(flood, read_on))
    assert code == "flooding" and taken < from_server.MESSAGES_BURST * 2


def test_a_server_that_sends_another_address_is_not_followed() -> None:
    async def scenario() -> int:
        reached = 0

        async def elsewhere(ws: ServerConnection) -> None:
            nonlocal reached
            reached += 1

        async with serve(elsewhere, "127.0.0.1", 0) as other:
            target = f"ws://127.0.0.1:{other.sockets[0].getsockname()[1]}/"

            async def redirect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
                await reader.readuntil(b"\r\n\r\n")
                writer.write(f"HTTP/1.1 302 Found\r\nLocation: {target}\r\nContent-Length: 0\r\n\r\n".encode())
                await writer.drain()
                writer.close()

            sender = await asyncio.start_server(redirect, "127.0.0.1", 0)
            async with sender:
                with pytest.raises(InvalidHandshake):
                    await TableClient.connect(f"ws://127.0.0.1:{sender.sockets[0].getsockname()[1]}")
        return reached

    assert run(scenario()) == 0


def test_a_server_that_pings_and_never_reads_the_pongs_is_cut_off() -> None:
    """Before, each pong waited in the client's memory: 200 MiB of pings, 200 MiB held."""

    async def scenario() -> None:
        async def pinger(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            request = await reader.readuntil(b"\r\n\r\n")
            key = next(
                line.split(b":", 1)[1].strip()
                for line in request.split(b"\r\n")
                if line.lower().startswith(b"sec-websocket-key")
            )
            accept = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
            writer.write(
                b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n"
            )
            ping = (bytes([0x89, 125]) + b"p" * 125) * 4096
            with pytest.raises(ConnectionError):
                for _ in range(256):  # 128 MiB of pings at most, none of their pongs read
                    writer.write(ping)
                    await writer.drain()
            writer.close()

        pings = await asyncio.start_server(pinger, "127.0.0.1", 0)
        async with pings:
            client = await TableClient.connect(f"ws://127.0.0.1:{pings.sockets[0].getsockname()[1]}")
            with pytest.raises(ConnectionClosed):
                await client.receive()

    run(scenario(), timeout=120)


def test_a_server_that_lets_the_client_in_and_never_answers_is_said_to_be_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module, "ANSWER_TIMEOUT_S", 0.5)

    async def silent(ws: ServerConnection) -> None:
        await ws.wait_closed()

    async def scenario() -> None:
        async with serve(silent, "127.0.0.1", 0) as server:
            client = await TableClient.connect(f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}")
            with pytest.raises(TimeoutError):
                await client.look("ABCD-2345")
            await client.close()

    run(scenario())


def test_a_certificate_not_trusted_is_said_so() -> None:
    import ssl

    said = why_not_connected("wss://table.example:7654", ssl.SSLCertVerificationError("self-signed"))
    assert "certificate this computer does not trust" in said
    assert "No table server answered" in why_not_connected("ws://x:1", OSError("refused"))


def test_one_damaged_seat_key_costs_only_itself() -> None:
    keys = SeatKeys.from_text(f"WXYZ-2345:S:{KEY} evil key ABCD-2345:N:{'a' * 22}")
    assert keys.key("WXYZ-2345", Seat.SOUTH) == KEY and keys.key("ABCD-2345", Seat.NORTH) == "a" * 22


def test_a_server_dealing_without_end_is_not_followed() -> None:
    from euchre_qt.engine import Card

    mirror = TableMirror(Seat.SOUTH)
    mirror.event(TableReset(0, "loaded", 0, Seat.WEST, (0, 0), 10))
    up = Card.parse("JH")
    with pytest.raises(MirrorError):
        for deal in range(protocol.MAX_PLAYED_DEALS + 1):
            mirror.event(HandDealt(0, deal, Seat(deal % 4), up, (0, 0)))


def test_the_frames_a_test_asks_for_are_kept() -> None:
    async def scenario() -> list[str]:
        async def answer(ws: ServerConnection) -> None:
            await ws.send(json.dumps({"type": "table", "n": 1, "seats": SEATS}))
            await ws.wait_closed()

        async with serve(answer, "127.0.0.1", 0) as server:
            client = await TableClient.connect(f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}", keep_frames=True)
            await client.receive()
            await client.close()
            return client.frames

    assert len(run(scenario())) == 1
