"""One client's connection: what it may send (a rate limit) and a send queue that cuts off a
client that does not read: past ``MAX_OUTBOX`` messages waiting, or a frame not taken within
``send_timeout`` seconds, the connection is dropped at once (no closing handshake: a client
that does not read would not read that either). Its handler then ends as for any dropped
connection: the seat waits for its person, then a computer plays it."""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from ..engine import Seat
from . import protocol

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


class Connection:
    """One client: an ordered outbox written by its own task, numbered so a client can
    tell that nothing was lost or reordered (``n`` counts from 1 on each connection)."""

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
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
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

    def send(self, message: dict[str, Any]) -> None:
        if self.dead:
            return
        if self.outbox.qsize() >= protocol.MAX_OUTBOX:
            self.cut_off(f"{protocol.MAX_OUTBOX} messages waiting")
            return
        self.n += 1
        if message["type"] == "error" and self.metrics is not None:
            self.metrics.errors.labels(message["code"]).inc()
        if message["type"] == "turn":
            self.asked = min(self.asked + 1, 4)
        self.outbox.put_nowait(protocol.encode({**message, "n": self.n}))

    async def _write(self) -> None:
        try:
            while (text := await self.outbox.get()) is not None:
                try:
                    async with asyncio.timeout(self.send_timeout):
                        await self.ws.send(text)
                    self.sent += 1
                    if self.move_read is not None and self.sent > self.move_read[0]:
                        self._time_move(self.move_read[1])
                except TimeoutError:
                    self.cut_off(f"a message not taken in {self.send_timeout:g} s")
                    return
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
        self.outbox.put_nowait(None)
        self.ws.transport.abort()

    async def fail(self, code: str) -> None:
        """Tell the client what it did wrong, then hang up (policy violation)."""
        self.send(protocol.error(code))
        self.dead = True
        self.close_code, self.close_reason = 1008, protocol.ERROR_TEXT[code][:100]
        self.outbox.put_nowait(None)
        try:
            await asyncio.wait_for(asyncio.shield(self.writer), 2.0)
        except TimeoutError:
            await self.ws.close(self.close_code, self.close_reason)


# --- tables ----------------------------------------------------------------------------------
