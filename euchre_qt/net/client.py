"""A headless client for the table server: what tests, benchmarks and the window's network
thread talk through.

::

    client = await TableClient.connect("ws://127.0.0.1:7654")
    code = await client.create("Ann", "S", open_seats=["N"])
    async for message in client.messages():
        if message["type"] == "turn":
            await client.move("play JH", message["ticket"])

Each message's ``n`` is checked: a lost or reordered message raises ``WireError``, as does
one that is not what its type says, or a flood (``from_server``). A test may keep every frame
exactly as it came (``keep_frames``: it reads them byte for byte); a player's client keeps
none, since a server could send without end. The server is followed to no other address
(a table server never redirects; a key offered there would be offered to whoever that is),
and a server that sends pings and never reads the pongs is cut off, as the server cuts off
such a client (``connection.WRITE_BUFFER_LIMIT``).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from ssl import SSLCertVerificationError, SSLContext
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from ..engine import Action, Seat, SeatView
from . import protocol
from .connection import WRITE_BUFFER_LIMIT
from .from_server import Inflow, WireError, checked

DEFAULT_PORT = 7654
# A server answers a create, look or join at once; one that takes this long is not a table
# server (a connection that was let in and is never spoken to): ``TimeoutError``.
ANSWER_TIMEOUT_S = 15.0


def table_url(address: str, port: int = DEFAULT_PORT) -> str:
    """The WebSocket address for what a person typed: ``host``, ``host:port``, ``[v6]:port``
    or a whole ``ws://``/``wss://`` address. ``ValueError`` when it cannot be one."""
    text = address.strip()
    scheme = "ws"
    for prefix in ("ws://", "wss://"):
        if text.lower().startswith(prefix):
            scheme, text = prefix[:-3], text[len(prefix) :]
    text = text.rstrip("/")
    if not text or any(ch.isspace() or ch in "/?#@" for ch in text):
        raise ValueError("not an address")
    host, sep, tail = text.rpartition(":") if not text.endswith("]") else (text, "", "")
    if sep and "]" not in tail and (host.count(":") == 0 or host.endswith("]")):
        if not tail.isdigit() or not 0 < int(tail) < 65536:
            raise ValueError("not a port")
        return f"{scheme}://{host}:{int(tail)}"
    return f"{scheme}://{text}:{port}"


def table_route(url: str, code: str) -> str:
    """The address to reach the table with join ``code`` at: ``url`` with the code's first letter
    in the path (``ws://host:7654/t/A``). One server ignores the path; a load balancer in front of
    several sends the connection to the one whose join codes start with that letter."""
    return f"{url.rstrip('/')}/t/{code.strip()[:1].upper()}"


# What reading a message that is not what its type says raises (a list where a name should
# be, a missing part): the server broke the protocol.
MALFORMED: tuple[type[Exception], ...] = (KeyError, TypeError, ValueError, IndexError, AttributeError)


def why_not_connected(url: str, error: BaseException) -> str:
    """Why no connection to the table server at ``url`` was made, for people."""
    if isinstance(error, SSLCertVerificationError):
        return f"The table server at {url} showed a certificate this computer does not trust, so nothing was sent."
    return f"No table server answered at {url}. Check the address and that the host is running it."


class _Connecting(connect):
    def process_redirect(self, exc: Exception) -> Exception | str:
        return exc  # (refused: the handshake's own error, a status that is not 101)


class _GuardedClientConnection(ClientConnection):
    """A connection cut off when what waits to be sent passes ``WRITE_BUFFER_LIMIT``: only the
    pongs the WebSocket layer writes for a server's pings get there, from a server that does
    not read them."""

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.get_write_buffer_size() > WRITE_BUFFER_LIMIT:
            self.transport.abort()


class TableClient:
    def __init__(self, ws: ClientConnection, keep_frames: bool = False) -> None:
        self.ws = ws
        self.frames: list[str] = []  # (kept only with ``keep_frames``)
        self._keep_frames = keep_frames
        self._inflow = Inflow()
        self.n = 0
        self.code = ""
        self.seat = ""
        self.key: str | None = None  # the seat key from ``welcome``: what brings this player back to the seat
        self.turn: dict[str, Any] | None = None  # the latest turn asked of this seat, until answered

    @classmethod
    async def connect(
        cls, url: str, timeout: float = 10.0, ssl: SSLContext | None = None, keep_frames: bool = False
    ) -> TableClient:
        """Connect to ``ws://`` or ``wss://`` (``ssl``: whom to trust, when not the system's
        authorities). ``InvalidStatus`` for a server that answers with anything but a WebSocket."""
        options: dict[str, Any] = {"ssl": ssl} if ssl is not None else {}
        ws = await _Connecting(
            url,
            open_timeout=timeout,
            max_size=2**20,
            compression=None,
            proxy=None,
            create_connection=_GuardedClientConnection,
            **options,
        )
        return cls(ws, keep_frames)

    async def close(self) -> None:
        await self.ws.close()

    # --- sending ----------------------------------------------------------------------------

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(protocol.encode(message))

    async def create(
        self,
        name: str,
        seat: str,
        open_seats: list[str],
        rules: dict[str, Any] | None = None,
        computer: str | None = None,
    ) -> str:
        """Start a table and sit at ``seat``; returns its join code."""
        message: dict[str, Any] = {
            "type": "create",
            "v": protocol.PROTOCOL_VERSION,
            "name": name,
            "seat": seat,
            "open_seats": open_seats,
        }
        if rules is not None:
            message["rules"] = rules
        if computer is not None:
            message["computer"] = computer
        await self.send(message)
        async with asyncio.timeout(ANSWER_TIMEOUT_S):
            self.code = (await self.expect("created"))["code"]
            self.key = (await self.expect("welcome"))["key"]
        self.seat = seat
        return self.code

    async def look(self, code: str) -> dict[str, Any]:
        """The table's seats, for choosing one."""
        await self.send({"type": "look", "v": protocol.PROTOCOL_VERSION, "code": code})
        async with asyncio.timeout(ANSWER_TIMEOUT_S):
            return await self.expect("table")

    async def join(self, code: str, name: str, seat: str, key: str | None = None) -> dict[str, Any]:
        """Sit at ``seat``, or come back to it with its ``key``; returns the welcome. ``WireError`` if refused."""
        await self.send(protocol.join_message(code, name, Seat.parse(seat), key))
        async with asyncio.timeout(ANSWER_TIMEOUT_S):
            welcome = await self.expect("welcome")
        self.code, self.seat, self.key = code, seat, welcome["key"]
        return welcome

    async def move(self, action: str, ticket: int | None = None) -> None:
        self.turn = None
        await self.send(protocol.move_message(action, ticket))

    async def chat(self, text: str) -> None:
        await self.send({"type": "chat", "text": text})

    # --- receiving --------------------------------------------------------------------------

    async def receive(self) -> dict[str, Any]:
        """The next message, in order (``WireError`` if one was lost or came out of order)."""
        raw = await self.ws.recv()
        self._inflow.take()
        try:
            text = raw if isinstance(raw, str) else raw.decode("utf-8")
            if self._keep_frames:
                self.frames.append(text)
            message = json.loads(text)
        except (ValueError, RecursionError):  # (not UTF-8, not JSON, or nested past all reason)
            message = None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise WireError("unreadable", "The table's server sent something that is not a table message.")
        if message.get("n") != self.n + 1:
            raise WireError("out of order", f"message {message.get('n')} after {self.n}")
        self.n += 1
        message = checked(message)
        if message["type"] == "turn":
            self.turn = message
        return message

    async def expect(self, kind: str) -> dict[str, Any]:
        """Read on to the next message of ``kind``; an ``error`` on the way raises ``WireError``."""
        while True:
            message = await self.receive()
            if message["type"] == kind:
                return message
            if message["type"] == "error":
                raise WireError(message["code"], message.get("text", ""))

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        while True:
            yield await self.receive()


async def play_game(client: TableClient, choose: Callable[[SeatView], Action]) -> dict[str, Any]:
    """Answer every turn with ``choose(view)`` until the game ends; returns the ``game ended`` event."""
    if client.turn is not None:  # asked before we started listening
        await client.move(str(choose(protocol.view_from_dict(client.turn["view"]))), client.turn["ticket"])
    async for message in client.messages():
        kind = message["type"]
        if kind == "turn":
            view = protocol.view_from_dict(message["view"])
            await client.move(str(choose(view)), message["ticket"])
        elif kind == "event" and message["event"]["type"] == "game ended":
            event: dict[str, Any] = message["event"]
            return event
        elif kind == "error":
            raise WireError(message["code"], message.get("text", ""))
    raise WireError("closed")


__all__ = [
    "ANSWER_TIMEOUT_S",
    "DEFAULT_PORT",
    "MALFORMED",
    "TableClient",
    "WireError",
    "play_game",
    "table_route",
    "table_url",
    "why_not_connected",
]
