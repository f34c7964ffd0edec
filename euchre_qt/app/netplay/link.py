"""The window's line to a table server: a WebSocket client on a thread of its own.

The GUI thread never waits on the network. A daemon thread runs an asyncio loop holding the
connection; each message the server sends comes back as ``received`` (queued onto the GUI
thread, in order), and ``send`` hands a message to that loop from the GUI thread (one sent
while the connection is still being made waits for it, after the hello). When the
connection ends for any reason other than ``close``, ``lost`` says why in a player's words;
``broken`` when the server broke the protocol (a flood, a message that is not what it says),
where sitting down again is no use.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from typing import Any

from PySide6.QtCore import QObject, Signal
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ...net.client import ANSWER_TIMEOUT_S, MALFORMED, TableClient, WireError, why_not_connected
from ...net.protocol import ERROR_TEXT

log = logging.getLogger("euchre_qt.net")

CONNECT_TIMEOUT_S = 8.0


class NetLink(QObject):
    received = Signal(object)  # each message from the server (a dict), in order
    lost = Signal(str)  # the connection could not be made, or ended: why, for people
    broken = Signal(str)  # the server broke the protocol (no use sitting down again): why, for people

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[dict[str, Any] | None] | None = None
        self._early: list[dict[str, Any] | None] = []  # sent before the connection was made
        self._lock = threading.Lock()  # (the loop is published, and the early messages handed over, at once)
        self._thread: threading.Thread | None = None
        self._closing = False
        self._broken = False  # the server broke the protocol
        self.url = ""

    def open(self, url: str, hello: dict[str, Any]) -> None:
        """Connect to ``url`` and send ``hello`` (a ``create``, ``look`` or ``join``) first."""
        self.url = url
        self._thread = threading.Thread(target=self._run, args=(url, hello), name="euchre-net", daemon=True)
        self._thread.start()

    def send(self, message: dict[str, Any]) -> None:
        if not self._closing:
            self._post(message)

    def close(self) -> None:
        """Hang up (nothing is said about it); waits a moment for the thread to finish."""
        self._closing = True
        self._post(None)
        if self._thread is not None:
            self._thread.join(timeout=2.0)

    def unsent(self) -> list[dict[str, Any]]:
        """The messages sent after the connection ended (or that never had one), taken back:
        what sitting down again on a new link may still send."""
        with self._lock:
            kept, self._early = [m for m in self._early if m is not None], []
        return kept

    def _post(self, message: dict[str, Any] | None) -> None:
        """To the writer, in order (None: hang up); kept until the connection is made."""
        with self._lock:
            loop, outbox = self._loop, self._outbox
            if loop is None or outbox is None:
                self._early.append(message)
                return
        with contextlib.suppress(RuntimeError):  # the loop has already ended
            loop.call_soon_threadsafe(outbox.put_nowait, message)

    # --- on the network thread -------------------------------------------------------------

    def _run(self, url: str, hello: dict[str, Any]) -> None:
        why = asyncio.run(self._talk(url, hello))
        if why is not None and not self._closing:
            (self.broken if self._broken else self.lost).emit(why)

    async def _talk(self, url: str, hello: dict[str, Any]) -> str | None:
        try:
            client = await TableClient.connect(url, timeout=CONNECT_TIMEOUT_S)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            log.info("cannot connect to %s: %r", url, exc)
            return why_not_connected(url, exc)
        outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        with self._lock:
            for early in self._early:
                outbox.put_nowait(early)
            self._early.clear()
            self._loop, self._outbox = asyncio.get_running_loop(), outbox
        reading = asyncio.ensure_future(self._read(client))
        writing = asyncio.ensure_future(self._write(client, hello))
        done, _ = await asyncio.wait((reading, writing), return_when=asyncio.FIRST_COMPLETED)
        for task in (reading, writing):
            task.cancel()
        await client.close()
        with self._lock:
            self._loop = None  # (sent from now on: kept for ``unsent``)
        return next((task.result() for task in done if not task.cancelled() and task.exception() is None), None)

    async def _write(self, client: TableClient, hello: dict[str, Any]) -> str | None:
        assert self._outbox is not None
        message: dict[str, Any] | None = hello
        try:
            while message is not None:
                await client.send(message)
                message = await self._outbox.get()
        except ConnectionClosed:
            return "The connection to the table was lost."
        return None  # closed on purpose

    async def _read(self, client: TableClient) -> str | None:
        try:
            async with asyncio.timeout(ANSWER_TIMEOUT_S):  # (the answer to the hello)
                message = await client.receive()
            while True:
                self.received.emit(message)
                if message.get("type") == "error" and message.get("code") in _CLOSING:
                    return str(ERROR_TEXT.get(str(message["code"]), "The table's server refused."))
                message = await client.receive()
        except TimeoutError as exc:
            return why_not_connected(self.url, exc)
        except WireError as exc:
            log.warning("the server broke the protocol: %s", exc)
            self._broken = True
            if exc.code == "flooding":
                return exc.text
            return "The table's server sent something this program cannot follow, so the table was left."
        except ConnectionClosed as exc:
            log.info("connection closed: %r", exc)
            return "The connection to the table was lost."
        except MALFORMED as exc:  # not JSON, not an object
            log.warning("unreadable message from the server: %r", exc)
            self._broken = True
            return "The table's server sent something this program cannot read, so the table was left."


_CLOSING = frozenset(
    {
        "bad code",
        "malformed",
        "too big",
        "flooding",
        "timeout",
        "version",
        "server busy",
        "too many tables",
        "too many connections",
    }
)
