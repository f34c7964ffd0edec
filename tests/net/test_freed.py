"""What a closed connection and a table put away leave behind is freed at once by reference
counting, never left for the collector.

A server collects its middle generation rarely (``serve.collect_garbage_rarely``: walking
it stops the event loop for half a second at 1,000 tables), so anything left in a reference
cycle waits there for tens of minutes: a client that opened and dropped connections grew
the server by 1.4 MiB every 400 (benchmarks/net_fuzz.py). Here the collector is off for the
whole conversation, and the server's side of every connection (its WebSocket connection,
the protocol under it, its socket's transport) and every table must be gone once the
connections are closed and the tables put away.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import ssl
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.server import ServerProtocol

from euchre_qt.net import protocol
from euchre_qt.net.client import TableClient
from euchre_qt.net.server import TableServer
from euchre_qt.net.table import Table
from euchre_qt.session import TableSession

from .conftest import run

DATA = Path(__file__).parent / "data"  # a self-signed certificate for 127.0.0.1 (test_tls.py)
SEAT_WAIT = 0.2  # seconds an empty table waits before it is put away
LEFT_FOR_S = 30.0  # the most the server is given to close its side and put the table away
SERVERS_KINDS = (ServerConnection, ServerProtocol, Table, TableSession)


@contextlib.contextmanager
def no_collector() -> Iterator[None]:
    """Only reference counting frees anything meanwhile (what was garbage before is collected first)."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def servers_kinds() -> set[int]:
    """The objects of the kinds a server makes that are in memory now: a test run before this
    one in the same process may hold on to its own (a session, a connection), which are not
    this server's to free."""
    return {id(thing) for thing in gc.get_objects() if issubclass(type(thing), SERVERS_KINDS)}


def kept_by_the_server(port: int, before: set[int]) -> Counter[str]:
    """The server's objects still in memory, freed or not: its connections, their protocols,
    the transports of sockets on its port, its tables and their sessions (none ``before``)."""
    kept: Counter[str] = Counter()
    for thing in gc.get_objects():
        kind = type(thing)  # (not isinstance: a weak proxy to a freed object refuses to be asked)
        if id(thing) in before:
            continue
        if issubclass(kind, SERVERS_KINDS):
            kept[kind.__name__] += 1
        elif issubclass(kind, asyncio.Transport):
            assert isinstance(thing, asyncio.Transport)
            with contextlib.suppress(AttributeError):  # (a closed TLS layer cannot say: the socket's own does)
                address = thing.get_extra_info("sockname")
                if isinstance(address, tuple) and address[1] == port:
                    kept["transport"] += 1
    return kept


async def hang_up_after(client: TableClient) -> None:
    """Read until the server hangs up."""
    with contextlib.suppress(ConnectionClosed):
        async for _ in client.ws:
            pass


async def hostile_evening(url: str, port: int) -> None:
    """One of each way a connection ends: a table left by its creator, a frame that is no
    message, a frame over the size limit, a wrong join code, a game dropped without a
    goodbye, a connection that speaks no HTTP."""
    ann = await TableClient.connect(url)
    await ann.create("Ann", "S", open_seats=["W", "N", "E"])
    await ann.close()

    bob = await TableClient.connect(url)
    await bob.ws.send("JH TD 9C")
    await hang_up_after(bob)

    cy = await TableClient.connect(url)
    with contextlib.suppress(ConnectionClosed):
        await cy.ws.send(json.dumps({"type": "chat", "text": "9C " * protocol.MAX_MESSAGE_BYTES}))
    await hang_up_after(cy)

    dee = await TableClient.connect(url)
    await dee.ws.send(json.dumps({"type": "join", "v": 1, "code": "ABCD-EFGH", "name": "Dee", "seat": "N"}))
    await hang_up_after(dee)

    eve = await TableClient.connect(url)
    await eve.create("Eve", "S", open_seats=["W", "N", "E"])
    eve.ws.transport.abort()

    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"JH TD 9C\r\n\r\n")
    await writer.drain()
    while await reader.read(4096):
        pass
    writer.close()


async def all_let_go(server: TableServer, port: int, before: set[int]) -> Counter[str]:
    """Once the server has closed its side and put the tables away: what it still keeps."""
    kept = kept_by_the_server(port, before)
    deadline = asyncio.get_running_loop().time() + LEFT_FOR_S
    while (kept or server.tables) and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.1)
        kept = kept_by_the_server(port, before)
    assert not server.tables, "the tables nobody sits at were not put away"
    return kept


def left_after(
    server: TableServer, evening: Callable[[int], Awaitable[None]], tls: ssl.SSLContext | None = None
) -> Counter[str]:
    """What of ``server``'s is left once its ``evening`` (given its port) is over, the collector off."""

    async def served(before: set[int]) -> Counter[str]:
        port = await server.start("127.0.0.1", 0, ssl=tls)
        try:
            await evening(port)
            return await all_let_go(server, port, before)
        finally:
            await server.close()

    with no_collector():
        return run(served(servers_kinds()), timeout=LEFT_FOR_S + 30)


def test_closed_connections_and_tables_put_away_are_freed_without_the_collector(tmp_path: Path) -> None:
    server = TableServer(save_dir=tmp_path / "tables", seat_wait=SEAT_WAIT, workers=1, hello_timeout=2.0)
    kept = left_after(server, lambda port: hostile_evening(f"ws://127.0.0.1:{port}", port))
    assert kept == Counter(), f"left for the collector: {dict(kept)}"


def test_a_connection_over_tls_is_freed_too(tmp_path: Path) -> None:
    """Under TLS the socket's transport is beneath asyncio's TLS layer (``--certfile``)."""
    served = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    served.load_cert_chain(DATA / "localhost.crt", DATA / "localhost.key")
    trusted = ssl.create_default_context(cafile=str(DATA / "localhost.crt"))

    async def evening(port: int) -> None:
        ann = await TableClient.connect(f"wss://127.0.0.1:{port}", ssl=trusted)
        await ann.create("Ann", "S", open_seats=["W", "N", "E"])
        await ann.close()

    kept = left_after(TableServer(save_dir=tmp_path / "tables", seat_wait=SEAT_WAIT, workers=1), evening, served)
    assert kept == Counter(), f"left for the collector: {dict(kept)}"
