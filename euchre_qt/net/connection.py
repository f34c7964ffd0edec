"""One client's connection: what it may send (a rate limit) and a send queue that cuts off a
client that does not read: past ``MAX_OUTBOX`` messages waiting, or a frame not taken within
``send_timeout`` seconds, the connection is dropped at once (no closing handshake: a client
that does not read would not read that either). Its handler then ends as for any dropped
connection: the seat waits for its person, then a computer plays it."""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
import time
from collections import deque
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from ..engine import Seat
from . import protocol
from .descriptors import ConnectionBudget

if TYPE_CHECKING:
    from .metrics import ServerMetrics
    from .table import Table

log = logging.getLogger("euchre_qt.net")


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float = protocol.RATE_PER_S, burst: int = protocol.RATE_BURST) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def ready(self) -> bool:
        """Whether a token is there now (none is taken)."""
        self._refill()
        return self.tokens >= 1

    def whole(self) -> bool:
        """Whether the bucket is full again (nothing to remember about its spender)."""
        self._refill()
        return self.tokens >= self.burst

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def allow(self) -> bool:
        """Take a token, if there is one."""
        if not self.ready():
            return False
        self.tokens -= 1
        return True


# The most a connection's write buffer may hold: past it the client is not reading, and is cut off
# at once. The server's own messages pass the WebSocket layer's flow control (a frame is written
# whole, then the writer waits while more than ``SEND_BUFFER_BYTES``, 16 KiB, wait), so they fill
# it to 16 KiB and one frame at most: the largest, a ``turn`` to a person coming back with 64
# played deals (``MAX_PLAYED_DEALS``), is about 110 KB. Only what the layer answers by itself is
# written past that control: a pong for every ping, which a client that sends pings and never
# reads piled up without end (100 MiB of pings: 100 MiB held).
WRITE_BUFFER_LIMIT = 256 * 1024


class ReleasingConnection(ServerConnection):
    """A WebSocket connection that, once it is lost, breaks the reference cycles the layers
    below leave in it, so that reference counting frees it at once. Left to the collector,
    whose middle generation comes rarely in a server (``serve.collect_garbage_rarely``), every
    closed connection waited there for tens of minutes: hostile clients opening and dropping
    connections grew the server by 1.4 MiB every 400 (benchmarks/net_fuzz.py, docs/protocol.md).

    - The WebSocket layer's protocol object reads through a generator of its own, whose
      frame holds it, and keeps the error that stopped a handshake or a frame, whose
      traceback holds that frame again.
    - Python 3.11's socket transport keeps a bound method of itself for reading
      (python/cpython#100348; from 3.12 on it lets go of it on close). Under TLS
      (``--certfile``) that transport is the one beneath asyncio's TLS layer, which lets go
      of it before this connection hears that it is lost: it is found when the connection is made."""

    _socket_transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._socket_transport = getattr(getattr(transport, "_ssl_protocol", None), "_transport", transport)

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        parser = getattr(self.protocol, "parser", None)
        if isinstance(parser, Generator):
            parser.close()
        for kept in (self.protocol.handshake_exc, self.protocol.parser_exc):
            forget_tracebacks(kept)
        if sys.version_info < (3, 12) and hasattr(self._socket_transport, "_read_ready_cb"):
            setattr(self._socket_transport, "_read_ready_cb", None)  # noqa: B010 (a private attribute, on purpose)
        self._socket_transport = None


def forget_tracebacks(error: BaseException | None) -> None:
    """Drop the tracebacks of ``error`` and of the errors chained to it (what they keep alive
    through their frames); the errors themselves, their types and words, stay."""
    seen: set[int] = set()
    waiting = [error]
    while waiting:
        chained = waiting.pop()
        if chained is not None and id(chained) not in seen:
            seen.add(id(chained))
            chained.__traceback__ = None
            waiting += [chained.__cause__, chained.__context__]


FRAME_HEADER_BYTES = 14  # the most a WebSocket frame adds to its payload
SEND_LIMIT = protocol.SEND_BUFFER_BYTES  # the write buffer's limit (the server's ``write_limit``)


class Connection:
    """One client: an ordered outbox written by its own task, numbered so a client can
    tell that nothing was lost or reordered (``n`` counts from 1 on each connection).

    The outbox is a plain deque and a future the writer waits on when it is empty, and a frame
    is timed only when it may have to wait for the client: a server sends a few messages a
    move to each of thousands of connections, and with ``asyncio.Queue`` and a timer around
    every frame the writing was 24% of a busy server's samples, now 11% (py-spy, 1,000 tables
    of benchmarks/net_pace.py; docs/protocol.md)."""

    def __init__(
        self,
        ws: ServerConnection,
        address: str,
        send_timeout: float = protocol.SEND_TIMEOUT_S,
        metrics: ServerMetrics | None = None,
    ) -> None:
        self.ws = ws
        self.metrics = metrics
        self.address = address  # the client's, as the server counts it (``TableServer.address_of``)
        self.send_timeout = send_timeout
        sock = ws.transport.get_extra_info("socket")
        if sock is not None:  # (the kernel doubles it, for its own bookkeeping)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, protocol.SEND_BUFFER_BYTES)
        self.n = 0
        self.outbox: deque[bytes | None] = deque()  # frames' text (UTF-8) in order; None: hang up after them
        self._wake: asyncio.Future[None] | None = None  # what the writer waits on while the outbox is empty
        self.table: Table | None = None
        self.seat: Seat | None = None
        self.name = ""
        self.limit = RateLimit()
        self.introduced = False  # has sent a create, look or join
        self.asked = 0  # turns sent and not yet answered: an answer to one is never counted as flooding
        self.dead = False
        self.close_code, self.close_reason = 1000, ""
        self.sent = 0  # messages written to the socket (``n`` counts those queued)
        self.move_read: tuple[int, float] | None = None  # a move read, to be timed: (``n`` then, when)
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: dict[str, Any], text: str | None = None) -> None:
        """Queue ``message``, numbered; ``text``: its ``protocol.encode``, when the caller has it
        (a message to the whole table is encoded once)."""
        if self.dead:
            return
        if len(self.outbox) >= protocol.MAX_OUTBOX:
            self.cut_off(f"{protocol.MAX_OUTBOX} messages waiting")
            return
        self.n += 1
        if message["type"] == "error" and self.metrics is not None:
            self.metrics.errors.labels(message["code"]).inc()
        if message["type"] == "turn":
            self.asked = min(self.asked + 1, 4)
        body = protocol.encode(message) if text is None else text
        self._put(protocol.numbered(body, self.n).encode())

    def finish(self) -> None:
        """Write what is queued, then close."""
        self._put(None)

    def _put(self, frame: bytes | None) -> None:
        self.outbox.append(frame)
        if self._wake is not None and not self._wake.done():
            self._wake.set_result(None)

    async def _write(self) -> None:
        transport = self.ws.transport
        try:
            while True:
                if not self.outbox:
                    self._wake = asyncio.get_running_loop().create_future()
                    await self._wake
                    continue
                if (frame := self.outbox.popleft()) is None:
                    break
                # A send waits for the client only when the frame fills the write buffer past
                # its limit. Into an empty buffer a frame below the limit cannot (an empty buffer
                # is never paused): no timer is needed, as with every frame to a reading client.
                if transport.get_write_buffer_size() == 0 and len(frame) + FRAME_HEADER_BYTES <= SEND_LIMIT:
                    await self.ws.send(frame, text=True)
                else:
                    try:
                        async with asyncio.timeout(self.send_timeout):
                            await self.ws.send(frame, text=True)
                    except TimeoutError:
                        self.cut_off(f"a message not taken in {self.send_timeout:g} s")
                        return
                self.sent += 1
                if self.move_read is not None and self.sent > self.move_read[0]:
                    self._time_move(self.move_read[1])
        except ConnectionClosed:
            pass
        finally:
            self.dead = True
            await self.ws.close(self.close_code, self.close_reason)

    def read_move(self) -> None:
        """A move was read: the first message written after the ones queued now answers it."""
        if self.metrics is not None and self.move_read is None:
            self.move_read = (self.n, time.perf_counter())

    def _time_move(self, read_at: float) -> None:
        assert self.metrics is not None
        self.metrics.round_trip.observe(time.perf_counter() - read_at)
        self.move_read = None

    def cut_off(self, why: str) -> None:
        """The client does not read: drop the connection now."""
        log.info("client %s does not read (%s): cut off", self.address, why, extra={"address": self.address})
        if self.metrics is not None:
            self.metrics.cut_off.labels("not reading").inc()
        self.dead = True
        self.finish()
        self.ws.transport.abort()

    async def fail(self, code: str) -> None:
        """Tell the client what it did wrong, then hang up (policy violation)."""
        self.send(protocol.error(code))
        self.dead = True
        self.close_code, self.close_reason = 1008, protocol.ERROR_TEXT[code][:100]
        self.finish()
        try:
            await asyncio.wait_for(asyncio.shield(self.writer), 2.0)
        except TimeoutError:
            await self.ws.close(self.close_code, self.close_reason)


# --- tables ----------------------------------------------------------------------------------


class GuardedConnection(ReleasingConnection):
    """A connection whose write buffer is bounded in size and in time: a client that does not
    read is dropped at once (``transport.abort``: it would not read a closing handshake either)
    when the buffer passes ``WRITE_BUFFER_LIMIT``, checked after each read, where the WebSocket
    layer writes its pongs; or when the buffer has stayed over its limit (the layer's writing is
    paused) for ``stall_timeout`` seconds, whatever filled it. The layer's own keepalive ping
    waits for that pause to end before it times its pong, so it never found such a client dead.
    ``gave_up`` says which, for the server's count of clients cut off.

    A connection past the server's ``budget`` (``descriptors``) is closed as soon as it is
    accepted, before it can hold its descriptor (the budget is told its address)."""

    stall_timeout: float = protocol.SEND_TIMEOUT_S
    budget: ConnectionBudget | None = None
    gave_up = ""
    _stall: asyncio.TimerHandle | None = None
    _counted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        if self.budget is None:
            return
        self._counted = self.budget.take()
        if not self._counted:
            peer = transport.get_extra_info("peername")
            self.budget.on_refused(str(peer[0]) if isinstance(peer, tuple) and peer else "?")
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if not self.gave_up and self.transport.get_write_buffer_size() > WRITE_BUFFER_LIMIT:
            self._give_up(f"over {WRITE_BUFFER_LIMIT // 1024} KiB waiting to be sent")

    def pause_writing(self) -> None:
        super().pause_writing()
        why = f"nothing taken in {self.stall_timeout:g} s"
        self._stall = self.loop.call_later(self.stall_timeout, self._give_up, why)

    def resume_writing(self) -> None:
        super().resume_writing()
        self._end_stall()

    def connection_lost(self, exc: Exception | None) -> None:
        self._end_stall()  # (its timer holds this connection)
        if self._counted and self.budget is not None:
            self._counted = False
            self.budget.give_back()
        super().connection_lost(exc)

    def _end_stall(self) -> None:
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None

    def _give_up(self, why: str) -> None:
        self._stall = None
        if not self.gave_up:
            self.gave_up = why
            self.transport.abort()


def guarded_connections(stall_timeout: float, budget: ConnectionBudget | None = None) -> type[GuardedConnection]:
    """``GuardedConnection`` with the server's send timeout as its ``stall_timeout``, and its
    connection ``budget`` (None: no bound)."""

    class Guarded(GuardedConnection):
        pass

    Guarded.stall_timeout = stall_timeout
    Guarded.budget = budget
    return Guarded
